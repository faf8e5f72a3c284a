package softmax

import (
	"errors"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCrossCheckAgreesWithEnclosures(t *testing.T) {
	for _, zs := range [][]string{{"1", "2", "3"}, {"8", "16", "24"}, {"0.01", "0.02", "0.03"}, {"-700", "0", "1/3"}, {"5"}} {
		z := rats(t, zs...)
		for _, prec := range []uint{64, 200, 1100} {
			require.NoError(t, CrossCheck(z, nil, Enclose(z, z, prec), prec), "%v at %d bits", zs, prec)
		}
		// Scaled by 1/√512 (irrational) and by 1/√(64/9) (rational).
		for _, dk := range []*big.Rat{big.NewRat(512, 1), big.NewRat(64, 9)} {
			rs, err := Ranges(Point(z, dk), 128)
			require.NoError(t, err)
			ivs := make([]Interval, len(rs))
			for i, r := range rs {
				ivs[i] = r.Hull()
			}
			require.NoError(t, CrossCheck(z, dk, ivs, 128), "%v / √%s", zs, dk.RatString())
		}
	}
}

// TestCrossCheckCatchesAShiftedEnclosure moves one enclosure by more than
// the slack and sees the disagreement named; a shift far below the slack is
// beyond what the check can see.
func TestCrossCheckCatchesAShiftedEnclosure(t *testing.T) {
	z := rats(t, "1", "2", "3")
	ivs := Enclose(z, z, 64)
	shift := func(by string) []Interval {
		out := append([]Interval(nil), ivs...)
		d := rat(t, by)
		out[1] = Interval{Lo: new(big.Rat).Add(ivs[1].Lo, d), Hi: new(big.Rat).Add(ivs[1].Hi, d)}
		return out
	}
	err := CrossCheck(z, nil, shift("1e-20"), 64)
	var ce *CrossCheckError
	require.True(t, errors.As(err, &ce), "%v", err)
	assert.Equal(t, 1, ce.Output)
	assert.Contains(t, err.Error(), "output 2")
	assert.Error(t, CrossCheck(z, nil, shift("-1e-20"), 64))
	assert.NoError(t, CrossCheck(z, nil, shift("1e-40"), 64), "2^-96 slack hides a 1e-40 shift")
	assert.Error(t, CrossCheck(z, nil, ivs[:2], 64), "one enclosure per score")
}

// TestCheckCrossChecksPoints replaces the independent method by a wrong one
// and sees Check refuse to judge a point instead of returning verdicts.
func TestCheckCrossChecksPoints(t *testing.T) {
	z := rats(t, "1", "2", "3")
	figures := printed(2, "0.09", "0.24", "0.67")
	_, err := Check(bg, Point(z, nil), figures, Options{})
	require.NoError(t, err)
	defer func(f func([]*big.Rat, uint) []*big.Float) { independent = f }(independent)
	independent = func(z []*big.Rat, prec uint) []*big.Float {
		out := approx(z, prec)
		out[0], out[2] = out[2], out[0]
		return out
	}
	_, err = Check(bg, Point(z, nil), figures, Options{})
	var ce *CrossCheckError
	require.True(t, errors.As(err, &ce), "%v", err)
	assert.Equal(t, 0, ce.Output)
	// A box of rounded scores is not a point: nothing to cross-check.
	b, err := BoxFromPrinted(printed(1, "1.0", "2.0", "3.0"), nil)
	require.NoError(t, err)
	_, err = Check(bg, b, figures, Options{})
	assert.NoError(t, err)
}
