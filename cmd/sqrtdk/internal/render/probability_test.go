package render

import (
	"math/big"
	mrand "math/rand"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFractionReducerMatchesBigRat checks the prime-by-prime reduction
// against big.Rat's general gcd, the oracle.
func TestFractionReducerMatchesBigRat(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sizes := range [][2]int64{{2, 2}, {3, 3}, {4, 6}, {5, 7}, {12, 1}, {1, 1}, {64, 45}} {
		for d := int64(1); d <= 40; d += 7 {
			total := new(big.Int).Exp(big.NewInt(sizes[0]), big.NewInt(d), nil)
			total.Mul(total, new(big.Int).Exp(big.NewInt(sizes[1]), big.NewInt(d), nil))
			r := newFractionReducer(total, sizes[0], sizes[1])
			require.NotNil(t, r, "sizes %v", sizes)
			for range 50 {
				c := new(big.Int).Rand(mrand.New(&randSource{rng}), total)
				c.Add(c, big.NewInt(1))
				if rng.IntN(4) == 0 { // many factors of the primes
					c = new(big.Int).Quo(total, big.NewInt(sizes[0]))
				}
				want := new(big.Rat).SetFrac(c, total).RatString()
				require.Equal(t, want, r.ratString(c), "%s/%s", c, total)
			}
		}
	}
	// A total with a prime outside the given sizes is not handled.
	require.Nil(t, newFractionReducer(big.NewInt(2*7), 2))
}

// randSource adapts math/rand/v2 to the math/rand Source big.Int.Rand wants.
type randSource struct{ r *rand.Rand }

func (s *randSource) Int63() int64 { return s.r.Int64() }
func (s *randSource) Seed(int64)   {}
