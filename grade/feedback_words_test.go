package grade

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/rational"
)

// TestMarkNames pins every mark's name and the fallback for a value out
// of range at both ends.
func TestMarkNames(t *testing.T) {
	for m, want := range map[Mark]string{Mark(-1): "Mark(-1)", 0: "no answer", Right: "right", Short: "too few places", Wrong: "wrong", Unreadable: "could not read", Unreadable + 1: "Mark(5)"} {
		assert.Equal(t, want, m.String())
	}
}

// TestUnreadableLinesCounted: the flag for lines an answer file could not
// read says one line in the singular and more in the plural.
func TestUnreadableLinesCounted(t *testing.T) {
	k := lessonKey(t)
	g := NewGrader(Options{})
	for text, want := range map[string]string{
		"1.raw 8\n1.mine 2\n":            "1 line of the file could not be read and was left out: line 2:",
		"1.raw 8\n1.mine 2\n1.yours 3\n": "2 lines of the file could not be read and were left out: line 2:",
	} {
		r := gradeText(t, g, k, text)
		require.NotEmpty(t, r.Flags, text)
		assert.Contains(t, r.Flags[0].Says, want, text)
	}
}

// TestCreditTakesTheBestMatchedMistake: a wrong answer that matches named
// mistakes gets the largest share the key gives any of them, and a
// mistake line's credit applies to that mistake only.
func TestCreditTakesTheBestMatchedMistake(t *testing.T) {
	g := NewGrader(Options{})
	// 32 is the sum of squares at d_k = 2 (two mistakes give it); 0 the mean.
	k := parseKey(t, "answer v variance d=2 points=4 credit=sum-not-mean:0.5\n"+
		"mistake v name=squares credit=0.25 sum-of-squares d=2 => You summed the squares.\n"+
		"mistake v name=mean-not-var credit=0.75 mean d=2 => That is the mean.\n")
	r := gradeText(t, g, k, "v 32\n").Parts[0]
	assert.Equal(t, Wrong, r.Mark)
	assert.Equal(t, []string{"squares", "sum-not-mean"}, mistakeNamesOf(r))
	assert.Equal(t, "2", r.Points.RatString(), "the better of 1/4 and 1/2, not the credit of a mistake not made (3/4)")
	assert.Contains(t, r.Feedback, "Another mistake gives the same value here: this ", "the second mistake's words, lowered")
	assert.Contains(t, r.Feedback, "(Partial credit: 2 of 4 points.)")
	r = gradeText(t, g, k, "v 0\n").Parts[0]
	assert.Equal(t, "3", r.Points.RatString())
	// credit=NAME:F on the answer line overrides the mistake line's.
	k = parseKey(t, "answer v variance d=2 points=4 credit=mean-not-var:0.125\n"+
		"mistake v name=mean-not-var credit=0.75 mean d=2 => That is the mean.\n")
	r = gradeText(t, g, k, "v 0\n").Parts[0]
	assert.Equal(t, "1/2", r.Points.RatString())
	assert.Contains(t, r.Feedback, "(Partial credit: 0.5 of 4 points.)")
	// Out of one point, the noun agrees.
	k = parseKey(t, "answer v variance d=2 credit=mean-not-var:0.5\n"+
		"mistake v name=mean-not-var mean d=2 => That is the mean.\n")
	r = gradeText(t, g, k, "v 0\n").Parts[0]
	assert.Contains(t, r.Feedback, "(Partial credit: 0.5 of 1 point.)")
}

// TestPointsWords: points are written as the shortest decimal equal to
// them, up to 39 places (2⁻³⁹ is the last a decimal is tried for), else as
// a fraction.
func TestPointsWords(t *testing.T) {
	for r, want := range map[string]string{
		"3": "3", "1/2": "0.5", "1/8": "0.125", "1/3": "1/3", "0": "0",
		"1/549755813888":  "0.000000000001818989403545856475830078125",
		"1/1099511627776": "1/1099511627776",
	} {
		x, ok := new(big.Rat).SetString(r)
		require.True(t, ok)
		assert.Equal(t, want, pointsWords(x), r)
	}
}

// TestExactWordsDecimalOnlyWhenAsked: the exact value is followed by its
// decimal, rounded half to even, only when the key asks for places.
func TestExactWordsDecimalOnlyWhenAsked(t *testing.T) {
	x := rational.NewRat(big.NewRat(1, 8))
	assert.Equal(t, "1/8", exactWords(&Part{}, x, true, claims.Verdict{}))
	assert.Equal(t, "1/8 ≈ 0.12", exactWords(&Part{Decimals: 2}, x, true, claims.Verdict{}))
	assert.Equal(t, "1/8 = 0.125", exactWords(&Part{Decimals: 3}, x, true, claims.Verdict{}))
}

// TestDigitsWords: one significant digit in the singular.
func TestDigitsWords(t *testing.T) {
	assert.Equal(t, "1 significant digit", digitsWords(1))
	assert.Equal(t, "2 significant digits", digitsWords(2))
	assert.Equal(t, "0 significant digits", digitsWords(0))
}

// TestLowerFirst lowers the first letter only, and leaves "" alone.
func TestLowerFirst(t *testing.T) {
	assert.Equal(t, "", lowerFirst(""))
	assert.Equal(t, "you Summed", lowerFirst("You Summed"))
}

// TestHintFitsThePart: an answer that could not be read is told how to
// write one for its part: a formula in d where the part asks for every
// width, a number where it names one.
func TestHintFitsThePart(t *testing.T) {
	k := parseKey(t, "answer f variance\nanswer n variance d=4\n")
	r := gradeText(t, NewGrader(Options{}), k, "f lots\nn lots\n")
	assert.Equal(t, Unreadable, r.Parts[0].Mark)
	assert.Contains(t, r.Parts[0].Feedback, "Write a formula in d, such as 1, 1/d, sqrt(d) or 16*d.")
	assert.Equal(t, Unreadable, r.Parts[1].Mark)
	assert.Contains(t, r.Parts[1].Feedback, "Write a number such as 65536")
}
