package nat

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func random(rng *rand.Rand, words int) *big.Int {
	w := make([]big.Word, words)
	for i := range w {
		w[i] = big.Word(rng.Uint64())
	}
	return new(big.Int).SetBits(w)
}

func TestMulAddWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ zw, xw int }{{0, 0}, {0, 3}, {3, 0}, {1, 1}, {5, 2}, {2, 5}, {40, 40}} {
		for _, m := range []uint{0, 1, 2, 3, 1<<63 + 5, ^uint(0)} {
			z, x := random(rng, c.zw), random(rng, c.xw)
			if c.zw > 0 {
				z.SetBits(append(make([]big.Word, 0, 64), z.Bits()...)) // room to grow in place
			}
			want := new(big.Int).Mul(x, new(big.Int).SetUint64(uint64(m)))
			want.Add(want, z)
			got := MulAddWord(z, x, m)
			require.Zero(t, want.Cmp(got), "z %d words + x %d words · %d: want %s, got %s", c.zw, c.xw, m, want, got)
			require.Same(t, z, got)
		}
	}
	// All ones times all ones: the carry runs to the top.
	ones := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 640), big.NewInt(1))
	z := new(big.Int).Set(ones)
	want := new(big.Int).Mul(ones, new(big.Int).SetUint64(uint64(^uint(0))))
	want.Add(want, ones)
	require.Zero(t, want.Cmp(MulAddWord(z, ones, ^uint(0))))
}

func TestDivExactWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, words := range []int{0, 1, 2, 3, 17, 400} {
		for _, d := range []uint{1, 2, 3, 12, 99991, 1 << 40, 3 << 50, ^uint(0)} {
			q := random(rng, words)
			z := new(big.Int).Mul(q, new(big.Int).SetUint64(uint64(d)))
			require.True(t, DivExactWord(z, d), "%d words / %d", words, d)
			require.Zero(t, q.Cmp(z), "%d words / %d: want %s, got %s", words, d, q, z)
			if d > 1 && words > 0 {
				// Off by one: not a multiple, and the division says so.
				z.Mul(q, new(big.Int).SetUint64(uint64(d)))
				z.Add(z, big.NewInt(1))
				require.False(t, DivExactWord(z, d), "%d words: %s·%d + 1 is no multiple of %d", words, q, d, d)
			}
		}
	}
}

func TestInverse(t *testing.T) {
	for _, d := range []uint{1, 3, 5, 99991, ^uint(0), 1<<63 + 1} {
		require.Equal(t, uint(1), d*inverse(d), "d = %d", d)
	}
}

func TestCombine(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sizes := range [][]int{{0}, {3}, {2, 5}, {5, 2, 0, 7}, {40, 40}} {
		xs := make([]*big.Int, len(sizes))
		ms := make([]uint, len(sizes))
		want := new(big.Int)
		for i, n := range sizes {
			xs[i] = random(rng, n)
			ms[i] = uint(rng.Uint64N(1 << 60))
			want.Add(want, new(big.Int).Mul(xs[i], new(big.Int).SetUint64(uint64(ms[i]))))
		}
		z := random(rng, 3) // overwritten, not added to
		got := Combine(z, xs, ms)
		require.Zero(t, want.Cmp(got), "sizes %v: want %s, got %s", sizes, want, got)
	}
	// All ones times the largest factors: every word carries.
	ones := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 640), big.NewInt(1))
	m := uint(1)<<62 - 1
	want := new(big.Int).Mul(ones, new(big.Int).SetUint64(uint64(m)))
	want.Lsh(want, 1)
	require.Zero(t, want.Cmp(Combine(new(big.Int), []*big.Int{ones, ones}, []uint{m, m})))
}

// TestDivideOut checks DivideOut against dividing one factor at a time,
// on numbers with many factors of small primes, with and without a cap.
func TestDivideOut(t *testing.T) {
	for _, p := range []int64{2, 3, 5, 7, 101} {
		for _, e := range []int{0, 1, 2, 3, 7, 8, 63, 64, 65, 1000, 4095} {
			for _, cofactor := range []int64{1, 11, 13 * 17} {
				bp := big.NewInt(p)
				n := new(big.Int).Exp(bp, big.NewInt(int64(e)), nil)
				n.Mul(n, big.NewInt(cofactor))
				for _, limit := range []int{e, e + 5, e / 2, 0} {
					z := new(big.Int).Set(n)
					got := DivideOut(z, bp, limit)
					want := min(e, limit)
					if got != want {
						t.Fatalf("p=%d e=%d cofactor=%d max=%d: divided %d times, want %d", p, e, cofactor, limit, got, want)
					}
					rest := new(big.Int).Exp(bp, big.NewInt(int64(e-want)), nil)
					rest.Mul(rest, big.NewInt(cofactor))
					if z.Cmp(rest) != 0 {
						t.Fatalf("p=%d e=%d cofactor=%d max=%d: left %s, want %s", p, e, cofactor, limit, z, rest)
					}
				}
			}
		}
	}
	// Millions of digits: 5^200000 in a handful of divisions.
	z := new(big.Int).Exp(big.NewInt(10), big.NewInt(200_000), nil)
	if got := DivideOut(z, big.NewInt(5), 1<<30); got != 200_000 || z.Cmp(new(big.Int).Lsh(big.NewInt(1), 200_000)) != 0 {
		t.Fatalf("10^200000: divided 5 out %d times", got)
	}
}

func TestCountText(t *testing.T) {
	for _, c := range []struct{ n, want string }{
		{"0", "0"},
		{"999999999999999", "999999999999999"},
		{"1000000000000000", "about 1.00·10^15"},
		{"4656612873077392578125", "about 4.65·10^21"},
	} {
		n, _ := new(big.Int).SetString(c.n, 10)
		if got := CountText(n); got != c.want {
			t.Errorf("CountText(%s) = %q, want %q", c.n, got, c.want)
		}
	}
}
