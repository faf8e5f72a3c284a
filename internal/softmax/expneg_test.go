package softmax

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

// expNegReference returns exact rationals narrower than 10^−60 around e^(−x)
// for 0 ≤ x ≤ 2, as 1/exp(x) from the exact Taylor bounds of expSeries.
func expNegReference(x *big.Rat) Interval {
	lo, hi := expSeries(x, 80)
	return Interval{Lo: new(big.Rat).Inv(hi), Hi: new(big.Rat).Inv(lo)}
}

// powInterval returns [lo^n, hi^n] for an interval of non-negative numbers.
func powInterval(iv Interval, n int) Interval {
	out := Interval{Lo: big.NewRat(1, 1), Hi: big.NewRat(1, 1)}
	for range n {
		out.Lo.Mul(out.Lo, iv.Lo)
		out.Hi.Mul(out.Hi, iv.Hi)
	}
	return out
}

func TestExpNegEnclosureMeetsSeriesReference(t *testing.T) {
	cases := []struct {
		t   *big.Rat
		ref Interval
	}{
		{big.NewRat(0, 1), Interval{Lo: big.NewRat(1, 1), Hi: big.NewRat(1, 1)}},
		{big.NewRat(1, 100), expNegReference(big.NewRat(1, 100))},
		{big.NewRat(1, 2), expNegReference(big.NewRat(1, 2))},
		{big.NewRat(1, 1), expNegReference(big.NewRat(1, 1))},
		{big.NewRat(7, 3), powInterval(expNegReference(big.NewRat(7, 6)), 2)},
		{big.NewRat(8, 1), powInterval(expNegReference(big.NewRat(2, 1)), 4)},
		{big.NewRat(24, 1), powInterval(expNegReference(big.NewRat(2, 1)), 12)},
	}
	for _, c := range cases {
		for _, prec := range []uint{64, 200} {
			got := ExpNegEnclosure(Interval{Lo: c.t, Hi: c.t}, prec)
			// Both intervals hold e^(−t), so they must overlap.
			require.True(t, got.Lo.Cmp(c.ref.Hi) <= 0 && c.ref.Lo.Cmp(got.Hi) <= 0,
				"t=%s prec=%d: enclosure %s misses reference %s", c.t.RatString(), prec, got, c.ref)
			// About prec bits tight relative to the value.
			slack := new(big.Rat).Mul(got.Hi, new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), prec-4)))
			require.True(t, got.Width().Cmp(slack) <= 0, "t=%s prec=%d: enclosure %s is wider than 2^-%d relative", c.t.RatString(), prec, got, prec-4)
		}
	}
}

func TestExpNegEnclosureBracketsFloat(t *testing.T) {
	for _, tc := range []*big.Rat{big.NewRat(0, 1), big.NewRat(1, 100), big.NewRat(1, 2), big.NewRat(1, 1), big.NewRat(8, 1), big.NewRat(24, 1), big.NewRat(7, 3), big.NewRat(300, 1)} {
		for _, prec := range []uint{64, 200} {
			got := ExpNegEnclosure(Interval{Lo: tc, Hi: tc}, prec)
			l, _ := got.Lo.Float64()
			h, _ := got.Hi.Float64()
			x, _ := tc.Float64()
			want := math.Exp(-x)
			require.LessOrEqual(t, l, want*(1+1e-15), "t=%s prec=%d", tc.RatString(), prec)
			require.GreaterOrEqual(t, h, want*(1-1e-15), "t=%s prec=%d", tc.RatString(), prec)
			require.LessOrEqual(t, h-l, 1e-15, "t=%s prec=%d: bracket [%g, %g] too wide", tc.RatString(), prec, l, h)
		}
	}
}

func TestExpNegEnclosureOfAnInterval(t *testing.T) {
	got := ExpNegEnclosure(Interval{Lo: big.NewRat(1, 1), Hi: big.NewRat(2, 1)}, 128)
	e1, e2 := expNegReference(big.NewRat(1, 1)), expNegReference(big.NewRat(2, 1))
	// The enclosure must reach down to e^(−2) and up to e^(−1) …
	require.True(t, got.Lo.Cmp(e2.Hi) <= 0, "lower end of %s should be at most e^-2 ∈ %s", got, e2)
	require.True(t, got.Hi.Cmp(e1.Lo) >= 0, "upper end of %s should be at least e^-1 ∈ %s", got, e1)
	// … and no further than 2^−120.
	slack := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 120))
	require.True(t, new(big.Rat).Sub(e2.Lo, got.Lo).Cmp(slack) <= 0, "lower end of %s is far below e^-2 ∈ %s", got, e2)
	require.True(t, new(big.Rat).Sub(got.Hi, e1.Hi).Cmp(slack) <= 0, "upper end of %s is far above e^-1 ∈ %s", got, e1)
}

func TestExpNegEnclosureRoundsCorrectly(t *testing.T) {
	one := big.NewRat(1, 1)
	s, err := settle(func(prec uint) (Interval, error) {
		return ExpNegEnclosure(Interval{Lo: one, Hi: one}, prec), nil
	}, 50, 1<<15)
	require.NoError(t, err)
	require.Equal(t, "0.36787944117144232159552377016146086744581113103177", s)
}

func TestExpNegEnclosureRejectsBadIntervals(t *testing.T) {
	require.Panics(t, func() { ExpNegEnclosure(Interval{Lo: big.NewRat(-1, 1), Hi: big.NewRat(1, 1)}, 64) })
	require.Panics(t, func() { ExpNegEnclosure(Interval{Lo: big.NewRat(2, 1), Hi: big.NewRat(1, 1)}, 64) })
}
