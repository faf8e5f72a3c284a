package softmax

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLessonSoftmaxFigures(t *testing.T) {
	cases := []struct {
		z      []string
		places int
		want   []string
	}{
		{[]string{"1", "2", "3"}, 2, []string{"0.09", "0.24", "0.67"}},
		{[]string{"8", "16", "24"}, 4, []string{"0.0000", "0.0003", "0.9997"}},
		{[]string{"0.01", "0.02", "0.03"}, 2, []string{"0.33", "0.33", "0.34"}},
	}
	for _, c := range cases {
		z := rats(t, c.z...)
		assert.Equal(t, c.want, rounded(t, z, c.places), "softmax(%v)", c.z)
		reps, err := Check(bg, Point(z, nil), printed(c.places, c.want...), Options{})
		require.NoError(t, err)
		for i, r := range reps {
			assert.Equal(t, Consistent, r.Consistency, "softmax(%v)[%d]: %s", c.z, i, r)
		}
	}
	// A wrong figure for an exact input is caught.
	reps, err := Check(bg, Point(rats(t, "1", "2", "3"), nil), printed(2, "0.09", "0.25", "0.67"), Options{})
	require.NoError(t, err)
	assert.Equal(t, []Consistency{Consistent, Inconsistent, Consistent},
		[]Consistency{reps[0].Consistency, reps[1].Consistency, reps[2].Consistency})
}

func TestLessonTimesEightPutsNearlyAllMassOnOneToken(t *testing.T) {
	z := rats(t, "8", "16", "24")
	pct, err := settle(func(prec uint) (Interval, error) {
		iv := Enclose(z, z, prec)[2]
		h := big.NewRat(100, 1)
		return Interval{Lo: new(big.Rat).Mul(iv.Lo, h), Hi: new(big.Rat).Mul(iv.Hi, h)}, nil
	}, 2, 4096)
	require.NoError(t, err)
	assert.Equal(t, "99.97", pct)
}

// The numpy experiment: raw scores printed to 1 decimal, d_k = 512.
var (
	rawScores = printed(1, "22.8", "-20.1", "1.9", "41.1", "-25.4")
	dk512     = big.NewRat(512, 1)
)

func TestLessonScaledSoftmaxOutputsConsistent(t *testing.T) {
	b, err := BoxFromPrinted(rawScores, dk512)
	require.NoError(t, err)
	// numpy prints 0.030 as "0.03".
	reps, err := Check(bg, b, printed(3, "0.256", "0.038", "0.101", "0.574", "0.03"), Options{})
	require.NoError(t, err)
	for i, r := range reps {
		assert.Equal(t, Consistent, r.Consistency, "output %d: %s", i, r)
	}
	// Figures off by a few units in the last place are not.
	reps, err = Check(bg, b, printed(3, "0.253", "0.040", "0.100", "0.577", "0.032"), Options{})
	require.NoError(t, err)
	for i, r := range reps {
		assert.Equal(t, Inconsistent, r.Consistency, "output %d: %s", i, r)
	}
}

func TestLessonRawSoftmaxOutputsConsistent(t *testing.T) {
	b, err := BoxFromPrinted(rawScores, nil)
	require.NoError(t, err)
	reps, err := Check(bg, b, printed(3, "0.", "0.", "0.", "1.", "0."), Options{})
	require.NoError(t, err)
	for i, r := range reps {
		assert.Equal(t, Consistent, r.Consistency, "output %d: %s", i, r)
	}
}

func TestLessonJacobianMax(t *testing.T) {
	scaled, err := BoxFromPrinted(rawScores, dk512)
	require.NoError(t, err)
	raw, err := BoxFromPrinted(rawScores, nil)
	require.NoError(t, err)
	cases := []struct {
		box  Box
		text string
		want Consistency
	}{
		{scaled, "0.2446", Consistent},
		{scaled, "0.2445", Consistent},
		{scaled, "0.2450", Inconsistent},
		{scaled, "0.2440", Inconsistent},
		{raw, "0.0000", Consistent},
		{raw, "0.0001", Inconsistent},
	}
	for _, c := range cases {
		rep, err := CheckJacobianMaxAbs(bg, c.box, Printed{Text: c.text, Places: 4}, Options{})
		require.NoError(t, err)
		assert.Equal(t, c.want, rep.Consistency, "%s: %s", c.text, rep)
		// The evidence is the attainable range itself.
		v, err := Attainable(c.text, 4, rep.Range)
		require.NoError(t, err)
		assert.Equal(t, c.want, v)
	}
}

func TestLessonJacobianRecomputedFromRoundedScores(t *testing.T) {
	z := rats(t, "22.8", "-20.1", "1.9", "41.1", "-25.4")
	pt := Point(z, dk512)
	got, err := settle(func(prec uint) (Interval, error) {
		r, err := JacobianMaxAbsRange(bg, pt, Options{Prec: prec})
		return r.Hull(), err
	}, 4, 4096)
	require.NoError(t, err)
	assert.Equal(t, "0.2445", got)
	// Recomputing from the rounded scores does not reproduce the printed 0.2446 …
	rep, err := CheckJacobianMaxAbs(bg, pt, Printed{Text: "0.2446", Places: 4}, Options{})
	require.NoError(t, err)
	assert.Equal(t, Inconsistent, rep.Consistency, "%s", rep)
	// … although 0.2446 is attainable from scores that print as these (see TestLessonJacobianMax).

	// Unscaled point: JacobianMaxAbs and the range of a point box agree.
	zr := rats(t, "1", "2", "3")
	iv := JacobianMaxAbs(zr, 128)
	r, err := JacobianMaxAbsRange(bg, Point(zr, nil), Options{})
	require.NoError(t, err)
	assert.Equal(t, 0, iv.Lo.Cmp(r.Hull().Lo))
	assert.Equal(t, 0, iv.Hi.Cmp(r.Hull().Hi))
	s, err := settle(func(prec uint) (Interval, error) { return JacobianMaxAbs(zr, prec), nil }, 6, 4096)
	require.NoError(t, err)
	assert.Equal(t, "0.222695", s) // p3(1−p3), cross-checked with Python decimal
}
