package rational

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFactorOracle builds numbers from known prime powers, small primes
// and primes past the trial-division limit, and checks what factor
// returns: every small prime with its exponent, then the cofactor as
// the smallest base to the largest power (the gcd of the large primes'
// exponents), with the product equal to the number.
func TestFactorOracle(t *testing.T) {
	small := []int64{2, 3, 5, 7, 97, 99991}
	large := []int64{100003, 999983, 999979, 1_000_000_007}
	rng := rand.New(rand.NewPCG(1, 2))
	gcd := func(a, b int) int {
		for b != 0 {
			a, b = b, a%b
		}
		return a
	}
	for trial := range 200 {
		n := big.NewInt(1)
		want := map[int64]int{}
		for _, p := range small {
			if rng.IntN(3) == 0 {
				e := 1 + rng.IntN(40)
				want[p] = e
				n.Mul(n, new(big.Int).Exp(big.NewInt(p), big.NewInt(int64(e)), nil))
			}
		}
		cofactor, g := big.NewInt(1), 0
		exps := map[int64]int{}
		for _, p := range large {
			if rng.IntN(2) == 0 {
				e := 1 + rng.IntN(12)
				if trial%3 == 0 {
					e *= 6
				}
				exps[p] = e
				g = gcd(g, e)
				cofactor.Mul(cofactor, new(big.Int).Exp(big.NewInt(p), big.NewInt(int64(e)), nil))
			}
		}
		n.Mul(n, cofactor)
		got := factor(n)
		product := big.NewInt(1)
		for _, f := range got {
			product.Mul(product, new(big.Int).Exp(f.p, big.NewInt(int64(f.exp)), nil))
		}
		require.Zero(t, product.Cmp(n), "factors of %s multiply to %s", n, product)
		for _, f := range got {
			if f.p.IsInt64() && want[f.p.Int64()] > 0 {
				require.Equal(t, want[f.p.Int64()], f.exp, "exponent of %s", f.p)
				delete(want, f.p.Int64())
			}
		}
		require.Empty(t, want, "small primes not found")
		if g > 0 {
			last := got[len(got)-1]
			require.Equal(t, g, last.exp, "cofactor %s of %v: want the power %d", cofactor, exps, g)
			root := big.NewInt(1)
			for p, e := range exps {
				root.Mul(root, new(big.Int).Exp(big.NewInt(p), big.NewInt(int64(e/g)), nil))
			}
			require.Zero(t, root.Cmp(last.p), "base of the cofactor")
		}
	}
}

// isPrimeByTrial is an independent oracle: trial division by every
// integer up to the square root.
func isPrimeByTrial(n int64) bool {
	if n < 2 {
		return false
	}
	for d := int64(2); d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}

// TestPrimeGroups checks the groups trial division uses: together they
// are every prime up to trialDivisionLimit, in order; each product is
// its primes' product and fits in 64 bits, and no group could have taken
// the next group's first prime without overflowing.
func TestPrimeGroups(t *testing.T) {
	var want []int64
	for n := int64(2); n <= trialDivisionLimit; n++ {
		if isPrimeByTrial(n) {
			want = append(want, n)
		}
	}
	groups := primeGroups()
	var got []int64
	word := new(big.Int).Lsh(big.NewInt(1), 64)
	for i, g := range groups {
		got = append(got, g.primes...)
		product := big.NewInt(1)
		for _, p := range g.primes {
			product.Mul(product, big.NewInt(p))
		}
		require.Equal(t, -1, product.Cmp(word), "group %d: product %s does not fit in 64 bits", i, product)
		require.Equal(t, product.String(), new(big.Int).SetUint64(g.product).String(), "group %d: product", i)
		if i+1 < len(groups) {
			next := new(big.Int).Mul(product, big.NewInt(groups[i+1].primes[0]))
			require.Equal(t, 1, next.Cmp(word), "group %d could also hold %d: %s", i, groups[i+1].primes[0], next)
		}
	}
	require.Equal(t, want, got)
	require.Equal(t, []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47}, groups[0].primes)
}

// TestRootAboveBounds checks the start of the Newton iteration by exact
// integer powers: y = rootAbove(x, k) is above x^(1/k) (y^k > x) and, less
// one, within a relative 2^-15 of it ((y−1)·2^15)^k ≤ x·(2^15+1)^k), for
// numbers of 1 to thousands of bits, below and above the 64 bits the
// float estimate reads.
func TestRootAboveBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	one := big.NewInt(1)
	xs := []*big.Int{one, big.NewInt(2), big.NewInt(3), big.NewInt(1000),
		new(big.Int).Sub(new(big.Int).Lsh(one, 64), one), new(big.Int).Lsh(one, 64), new(big.Int).Add(new(big.Int).Lsh(one, 64), one),
		new(big.Int).Exp(big.NewInt(10), big.NewInt(30), nil), new(big.Int).Exp(big.NewInt(3), big.NewInt(1000), nil),
		new(big.Int).Add(new(big.Int).Exp(big.NewInt(7), big.NewInt(2001), nil), big.NewInt(5))}
	for range 6 {
		x := randomBits(rng, 1+rng.IntN(6000))
		xs = append(xs, x.Add(x, one))
	}
	margin := big.NewInt(1 << 15)
	for _, x := range xs {
		for _, k := range []int{1, 2, 3, 5, 7, 64, 65, 999} {
			y := rootAbove(x, k)
			bk := big.NewInt(int64(k))
			above := new(big.Int).Exp(y, bk, nil)
			require.Equal(t, 1, above.Cmp(x), "rootAbove(%s, %d) = %s: y^k ≤ x", x, k, y)
			lhs := new(big.Int).Exp(new(big.Int).Mul(new(big.Int).Sub(y, one), margin), bk, nil)
			rhs := new(big.Int).Mul(x, new(big.Int).Exp(new(big.Int).Add(margin, one), bk, nil))
			require.LessOrEqual(t, lhs.Cmp(rhs), 0, "rootAbove(%s, %d) = %s: more than 2^-15 above the root", x, k, y)
		}
	}
}

// TestMaxPowerExponent checks the bound on the exponents perfectPower
// tries exactly: minBase^K ≤ 2^bits < minBase^(K+1).
func TestMaxPowerExponent(t *testing.T) {
	for _, minBase := range []int64{2, 3, 10, 99991, trialDivisionLimit, 100003} {
		for _, bits := range []int{0, 1, 16, 17, 18, 100, 1000, 33219} {
			k := maxPowerExponent(bits, minBase)
			pow := new(big.Int).Lsh(big.NewInt(1), uint(bits))
			lo := new(big.Int).Exp(big.NewInt(minBase), big.NewInt(int64(k)), nil)
			hi := new(big.Int).Mul(lo, big.NewInt(minBase))
			require.True(t, lo.Cmp(pow) <= 0 && pow.Cmp(hi) < 0, "maxPowerExponent(%d, %d) = %d: want %d^k ≤ 2^%d < %d^(k+1)", bits, minBase, k, minBase, bits, minBase)
		}
	}
}

// TestMayBePowerOracle checks the residue filter against its definition,
// computed independently: m passes when, for each of the three smallest
// primes q ≡ 1 (mod 2p) (found by trial division), q divides m or m is a
// p-th power modulo q (found by trying every x mod q). Every perfect p-th
// power must pass; most other numbers fail.
func TestMayBePowerOracle(t *testing.T) {
	oracle := func(m *big.Int, p int) bool {
		found := 0
		for q := int64(2*p + 1); found < 3; q += int64(2 * p) {
			if !isPrimeByTrial(q) {
				continue
			}
			found++
			r := new(big.Int).Mod(m, big.NewInt(q)).Int64()
			if r == 0 {
				continue
			}
			residue := false
			for x := int64(1); x < q && !residue; x++ {
				residue = new(big.Int).Exp(big.NewInt(x), big.NewInt(int64(p)), big.NewInt(q)).Int64() == r
			}
			if !residue {
				return false
			}
		}
		return true
	}
	rng := rand.New(rand.NewPCG(5, 6))
	rejected := 0
	for _, p := range []int{2, 3, 5, 7, 11, 13, 97} {
		for trial := range 60 {
			b := randomBits(rng, 80)
			b.Add(b, big.NewInt(2))
			if trial%5 == 0 {
				// A base divisible by the first prime q of the progression.
				b.Mul(b, big.NewInt(int64(2*p+1)))
			}
			power := new(big.Int).Exp(b, big.NewInt(int64(p)), nil)
			require.True(t, mayBePower(power, p), "%s^%d rejected", b, p)
			require.True(t, oracle(power, p))
			for _, m := range []*big.Int{new(big.Int).Add(power, big.NewInt(1)), new(big.Int).Mul(power, big.NewInt(int64(2+trial))), b} {
				want := oracle(m, p)
				require.Equal(t, want, mayBePower(m, p), "mayBePower(%s, %d)", m, p)
				if !want {
					rejected++
				}
			}
		}
	}
	require.Greater(t, rejected, 300, "the filter rejects most non-powers")
}

// randomBits returns a random integer below 2^n.
func randomBits(rng *rand.Rand, n int) *big.Int {
	x := new(big.Int)
	for i := 0; i < n; i += 64 {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
	}
	return x.Rsh(x, uint((n+63)/64*64-n))
}

// TestGcdLcm checks gcd and lcm against their definitions by search: the
// largest common divisor and the smallest positive common multiple.
func TestGcdLcm(t *testing.T) {
	for a := 1; a <= 30; a++ {
		for b := 1; b <= 30; b++ {
			wantGcd, wantLcm := 1, a*b
			for d := 1; d <= min(a, b); d++ {
				if a%d == 0 && b%d == 0 {
					wantGcd = d
				}
			}
			for m := a * b; m >= 1; m-- {
				if m%a == 0 && m%b == 0 {
					wantLcm = m
				}
			}
			require.Equal(t, wantGcd, gcd(a, b), "gcd(%d, %d)", a, b)
			require.Equal(t, wantLcm, lcm(a, b), "lcm(%d, %d)", a, b)
		}
	}
	require.Equal(t, 7, gcd(7, 0), "gcd(a, 0) = a")
}

func TestRootFloorExact(t *testing.T) {
	for _, c := range []struct {
		x    string
		k    int
		want string
	}{
		{"0", 3, "0"}, {"1", 5, "1"}, {"7", 1, "7"}, {"15", 2, "3"}, {"16", 2, "4"}, {"17", 2, "4"},
		{"26", 3, "2"}, {"27", 3, "3"}, {"28", 3, "3"},
		{"1000000000000000000000000000000", 3, "10000000000"},
		{"999999999999999999999999999999", 3, "9999999999"},
		{"1267650600228229401496703205376", 100, "2"}, // 2^100
		{"1267650600228229401496703205375", 100, "1"},
	} {
		x, _ := new(big.Int).SetString(c.x, 10)
		require.Equal(t, c.want, RootFloor(x, c.k).String(), "⌊%s^(1/%d)⌋", c.x, c.k)
	}
	require.Panics(t, func() { RootFloor(big.NewInt(-1), 2) })
	require.Panics(t, func() { RootFloor(big.NewInt(4), 0) })
}

// TestLargePrimePowers: a radicand with a square of a prime beyond trial
// division is still put in canonical form, through the perfect-power test.
func TestLargePrimePowers(t *testing.T) {
	p := big.NewInt(1000003) // prime, above the trial-division limit
	sq := new(big.Int).Mul(p, p)
	require.Equal(t, "1000003", NewSurd(big.NewRat(1, 1), sq, 2).String())
	require.Equal(t, "1000003*sqrt(2)", NewSurd(big.NewRat(1, 1), new(big.Int).Mul(sq, big.NewInt(2)), 2).String())
	cube := new(big.Int).Mul(sq, p)
	require.Equal(t, "1000003", NewSurd(big.NewRat(1, 1), cube, 3).String())
	require.Equal(t, "sqrt(1000003)", NewSurd(big.NewRat(1, 1), p, 2).String())
}
