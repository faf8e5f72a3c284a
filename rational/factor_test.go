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
