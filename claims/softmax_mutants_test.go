package claims

import (
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/internal/softmax"
	"github.com/sqrtdk/sqrtdk/rational"
)

// TestSoftmaxSettingsAtTheirLimits: rounded=100 and dk=10⁹ are the largest
// settings allowed, and are allowed.
func TestSoftmaxSettingsAtTheirLimits(t *testing.T) {
	v := verdictOf(t, "softmax-entry scores=0,0 rounded=100 entry=1 is 0.50")
	assert.True(t, v.Holds, v.Exact)
	v = verdictOf(t, "softmax-entry scores=0,0 dk=1000000000 entry=1 is 0.5")
	assert.True(t, v.Holds, v.Exact)
	for _, line := range []string{
		"softmax-entry scores=0,0 rounded=101 entry=1 is 0.5",
		"softmax-entry scores=0,0 dk=1000000001 entry=1 is 0.5",
	} {
		_, err := Parse("t.claims", strings.NewReader(line+"\n"))
		assert.Error(t, err, line)
	}
}

// TestSoftmaxFigureOfNoPlaces: a decimal rounded to the units (≈1) is a
// softmax figure; one rounded to the tens is not.
func TestSoftmaxFigureOfNoPlaces(t *testing.T) {
	v := verdictOf(t, "softmax-entry scores=0,100 entry=2 is ≈1")
	assert.True(t, v.Holds, v.Exact)
	v = verdictOf(t, "softmax-entry scores=0,100 entry=1 is ≈0")
	assert.True(t, v.Holds, v.Exact)
}

// TestSoftmaxExactText pins what a softmax verdict prints: one value at a
// single input, a hull over a box followed by the scores' rounding, two
// more places than the figure, four for an exact figure, and no note of
// an undecided verdict when it was decided.
func TestSoftmaxExactText(t *testing.T) {
	cases := []struct{ line, exact string }{
		{"softmax-entry scores=0,0 entry=1 is 0.5", "≈0.500"},
		{"softmax-entry scores=0,0 rounded=0 entry=1 is 0.5", "[0.269, 0.731] (scores within ±0.5)"},
		{"softmax scores=1,2 is 0.3, 0.7", "≈0.269, ≈0.731"},
		{"softmax scores=1,2 is 0.27, 0.73", "≈0.2689, ≈0.7311"},
		{"softmax scores=0,0 is 1/2, 1/2", "≈0.5000, ≈0.5000"},
		{"jacobian-max scores=0,0 is 0.25", "≈0.2500"},
	}
	for _, c := range cases {
		v := verdictOf(t, c.line)
		assert.True(t, v.Holds, c.line)
		assert.Equal(t, c.exact, v.Exact, c.line)
	}
}

// TestJointPinnedAtSharedCellEdge: scores 0 and 1 rounded to units give
// w₀ ≤ ½ ≤ w₁, so p₀ ≤ p₁; the figures 0.35 and 0.34 then pin both at
// 0.345, the edge their cells share (a tie may round either way), with
// w₀ = w₁ = ½ and w₂ = ½ + ln(0.31/0.345) inside its box. The vector is
// attainable, though only at that one point.
func TestJointPinnedAtSharedCellEdge(t *testing.T) {
	v := verdictOf(t, "softmax scores=0,1,0 rounded=0 is 0.35, 0.34, 0.31")
	assert.True(t, v.Holds, v.Exact)
	v = verdictOf(t, "softmax scores=0,1,0 rounded=0 is 0.36, 0.34, 0.30")
	assert.False(t, v.Holds, v.Exact)
}

// TestJointBoundsPropagate: each figure alone is attainable, but not all
// at once, and only a bound carried from one output to another shows it.
func TestJointBoundsPropagate(t *testing.T) {
	cases := []struct {
		scores, figures string
	}{
		// p₁ ≥ 0.55 forces p₃ ≥ p₁/e > 0.2023 (w ∈ [−½, ½]), so the lower
		// ends sum past 1: 0.55 + 0.25 + 0.2023.
		{"0,0,0 rounded=0", "0.6, 0.3, 0.2"},
		// p₁ ≤ 0.315 forces p₃ ≤ p₁·e^0.1 < 0.3482 (w ∈ [−0.05, 0.05]),
		// so the upper ends sum short of 1: 0.315 + 0.335 + 0.3482; the
		// lower ends, carried too, sum to less than 0.93.
		{"0,0,0 rounded=1", "0.31, 0.33, 0.3"},
	}
	for _, c := range cases {
		for i, f := range strings.Split(c.figures, ", ") {
			line := "softmax-entry scores=" + c.scores + " entry=" + string(rune('1'+i)) + " is " + f
			v := verdictOf(t, line)
			require.True(t, v.Holds, "%s: %s", line, v.Exact)
		}
		line := "softmax scores=" + c.scores + " is " + c.figures
		v := verdictOf(t, line)
		assert.False(t, v.Holds, line)
		assert.Contains(t, v.Exact, "no one input gives all of them at once", line)
		assert.NotContains(t, v.Exact, "undecided", line)
	}
}

// jointEdgeFigure returns y, rounded up at places, such that the figures
// 0.5, y, 0.2 for scores 0,0,0 rounded=0 (divided by √dk; dk=nil is 1) are
// jointly attainable by less than 1.5 units in the last place. With
// D = 1/√dk the largest p₁ is (y + h)·e^D, p₂ is y + h and p₃ is 0.25 (h is
// half a unit of y), and the lower ends sum below 1, so the vector is
// attainable exactly when y + h ≥ T = 0.75/(1 + e^D).
func jointEdgeFigure(t *testing.T, dk *big.Rat, places int) string {
	t.Helper()
	d := big.NewRat(1, 1)
	if dk != nil {
		s := rational.NewRat(dk).Root(2).Inv().Decimal(places+20, rational.RoundFloor)
		var err error
		d, err = rational.ParseDecimal(s)
		require.NoError(t, err)
	}
	// e^D ≥ e^d ≥ 1/hi, with hi ≥ e^−d.
	iv := softmax.ExpNegEnclosure(softmax.Interval{Lo: d, Hi: d}, uint(4*places+64))
	eLo := new(big.Rat).Inv(iv.Hi)
	tHi := new(big.Rat).Quo(big.NewRat(3, 4), new(big.Rat).Add(big.NewRat(1, 1), eLo))
	return rational.FormatRat(tHi, places, rational.RoundCeiling)
}

// TestJointDecidedNearTheEdge: a vector attainable by a margin of about
// 10⁻⁴⁵¹ is decided at the last precision, 2048 bits; one with √2 in the
// exponents and a margin of about 10⁻³⁰ needs 1/√2 enclosed on the right
// side of each exponent.
func TestJointDecidedNearTheEdge(t *testing.T) {
	cases := []struct {
		dk     *big.Rat
		places int
	}{
		{nil, 451},
		{big.NewRat(2, 1), 30},
	}
	for _, c := range cases {
		y := jointEdgeFigure(t, c.dk, c.places)
		line := "softmax scores=0,0,0 rounded=0"
		if c.dk != nil {
			line += " dk=" + c.dk.RatString()
		}
		line += " is 0.5, " + y + ", 0.2"
		v := verdictOf(t, line)
		assert.True(t, v.Holds, "%s: %s", line, v.Exact)
		// Two units lower it is not attainable, by at least half a unit.
		yv, err := rational.ParseDecimal(y)
		require.NoError(t, err)
		unit := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(c.places)), nil))
		lower := strings.Replace(line, y, rational.FormatRat(new(big.Rat).Sub(yv, new(big.Rat).Add(unit, unit)), c.places, rational.RoundHalfEven), 1)
		v = verdictOf(t, lower)
		assert.False(t, v.Holds, lower)
	}
}
