package figures

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestExpNegBoundsBracketFloat(t *testing.T) {
	for _, tc := range []*big.Rat{big.NewRat(0, 1), big.NewRat(1, 100), big.NewRat(1, 2), big.NewRat(1, 1), big.NewRat(8, 1), big.NewRat(24, 1), big.NewRat(7, 3), big.NewRat(300, 1)} {
		for _, w := range []uint{64, 200} {
			lo, hi := expNegBounds(tc, tc, w)
			l, _ := new(big.Rat).SetFrac(lo, one(w)).Float64()
			h, _ := new(big.Rat).SetFrac(hi, one(w)).Float64()
			x, _ := tc.Float64()
			want := math.Exp(-x)
			require.LessOrEqual(t, l, want*(1+1e-15), "t=%s w=%d", tc.RatString(), w)
			require.GreaterOrEqual(t, h, want*(1-1e-15), "t=%s w=%d", tc.RatString(), w)
			require.LessOrEqual(t, h-l, 1e-15, "t=%s w=%d: bracket [%g, %g] too wide", tc.RatString(), w, l, h)
		}
	}
}
