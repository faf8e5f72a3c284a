package rational

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSubAgainstRat: v − w is checked against big.Rat's subtraction for
// generated rationals of every sign, zero included, and for multiples of
// one root, (a − b)·√n; and v − w + w = v, w − v = −(v − w). (A Sub that
// swapped its operands when one was negative once passed every test.)
func TestSubAgainstRat(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 3))
	gen := func() *big.Rat {
		return big.NewRat(r.Int64N(41)-20, 1+r.Int64N(12))
	}
	for range 400 {
		a, b := gen(), gen()
		want := new(big.Rat).Sub(a, b)
		got := NewRat(a).Sub(NewRat(b))
		require.Zero(t, got.Cmp(NewRat(want)), "%s − %s = %s, not %s", a.RatString(), b.RatString(), got, want.RatString())
		require.Zero(t, got.Add(NewRat(b)).Cmp(NewRat(a)))
		require.Zero(t, NewRat(b).Sub(NewRat(a)).Cmp(got.MulRat(big.NewRat(-1, 1))))
		for _, n := range []int64{2, 3, 6} {
			root := NewSqrt(n)
			got := root.MulRat(a).Sub(root.MulRat(b))
			require.Zero(t, got.Cmp(root.MulRat(want)), "%s·√%d − %s·√%d = %s", a.RatString(), n, b.RatString(), n, got)
		}
	}
}
