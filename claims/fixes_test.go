package claims

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

func verdictOf(t *testing.T, line string) Verdict {
	t.Helper()
	f, err := Parse("t.claims", strings.NewReader(line+"\n"))
	require.NoError(t, err, line)
	v, err := NewChecker(enumerate.Limits{}).Check(context.Background(), f[0])
	require.NoError(t, err, line)
	return v
}

// TestFalseAcceptances holds each figure that was once accepted wrongly
// next to the figure that holds, so that each verdict can be seen to flip.
func TestFalseAcceptances(t *testing.T) {
	cases := []struct{ holds, fails string }{
		// A trend's level: the column stays at 16, not at 1.
		{"trend quantity=variance scale=sqrt d=1,2 values=-2,2 is stays at 16",
			"trend quantity=variance scale=sqrt d=1,2 values=-2,2 is stays at 1"},
		{"trend quantity=variance scale=sqrt d=1,2,4 is stays at 1.0",
			"trend quantity=variance scale=sqrt d=1,2,4 is stays at 1.1"},
		{"trend quantity=variance scale=sqrt d=1,2,4 is stays",
			"trend quantity=variance scale=sqrt d=1,2,4 is grows"},
		// A sample variance is never negative, however few the samples.
		{"sample-variance d=1 samples=4 is 0.5", "sample-variance d=1 samples=4 is -1.0"},
		{"sample-variance d=1 samples=4 is 0.0", "sample-variance d=1 samples=4 is -1"},
		// A softmax vector is judged as a whole: 0.7 and 0.7 sum past 1.
		{"softmax scores=0,0 rounded=0 is 0.6, 0.4", "softmax scores=0,0 rounded=0 is 0.7, 0.7"},
		// Each output attainable, the sum 1 attainable, but no one input
		// gives 0.58 (it needs the other two scores at their lowest, which
		// makes them equal, 0.21 each).
		{"softmax scores=0,0,0 rounded=0 is 0.58, 0.21, 0.21", "softmax scores=0,0,0 rounded=0 is 0.58, 0.26, 0.16"},
		{"softmax scores=1,2,3 is 0.09, 0.24, 0.67", "softmax scores=1,2,3 is 0.09, 0.25, 0.67"},
		// Exact figures in sampled claims are checked, not a panic.
		{"sample-variance d=4 samples=100 is 4", "sample-variance d=4 samples=100 is 8"},
		{"sample-variance d=4 samples=100 is 2*sqrt(2)", "sample-variance d=4 samples=100 is 1/sqrt(2)"},
		{"draw d=4 is -3", "draw d=4 is -9"},
	}
	for _, c := range cases {
		assert.True(t, verdictOf(t, c.holds).Holds, c.holds)
		v := verdictOf(t, c.fails)
		assert.False(t, v.Holds, "%s: %s", c.fails, v.Exact)
	}
	assert.Contains(t, verdictOf(t, "softmax scores=0,0 rounded=0 is 0.7, 0.7").Exact, "no one input gives all of them at once")
	assert.Contains(t, verdictOf(t, "sample-variance d=1 samples=4 is -1.0").Exact, "a variance is never negative")
}

func TestByteOrderMark(t *testing.T) {
	_, err := Parse("bom.claims", strings.NewReader("\uFEFFcases d=1 is 4\n\uFEFFcases d=1 is 4\n"))
	require.Error(t, err, "a mark inside the file is not accepted")
	assert.Contains(t, err.Error(), "bom.claims:2:")
	f, err := Parse("bom.claims", strings.NewReader("\uFEFFcases d=1 is 4\n"))
	require.NoError(t, err)
	assert.Equal(t, "cases", f[0].Kind)
}

func TestQuestionAnswers(t *testing.T) {
	q, err := ParseQuestion("variance d=6 scale=d", map[string]string{"values": "-2,2"})
	require.NoError(t, err)
	assert.Equal(t, "variance d=6 scale=d (with values=-2,2)", q.Text)
	ch := NewChecker(enumerate.Limits{})
	x, ok, err := q.Value(context.Background(), ch)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, 0, x.Cmp(rational.NewFrac(8, 3)), x.String())
	for fig, holds := range map[string]bool{"8/3": true, "2.67": true, "2.66": false, "2.7": true, "3": true, "4": false} {
		c, err := q.answerClaim("a", 1, fig)
		require.NoError(t, err)
		v, err := ch.Check(context.Background(), c)
		require.NoError(t, err)
		assert.Equal(t, holds, v.Holds, fig)
	}
	// "about 3" is 8/3 rounded to a whole number; "lots" is no number.
	c, err := q.answerClaim("a", 1, "about 3")
	require.NoError(t, err)
	v, err := ch.Check(context.Background(), c)
	require.NoError(t, err)
	assert.True(t, v.Holds)
	_, err = q.answerClaim("a", 1, "lots")
	assert.Error(t, err)
	_, err = ParseQuestion("variance d=6 is 6", nil)
	assert.ErrorContains(t, err, "a question has no")
	std, err := q.Derive("std", map[string]string{"values": ""})
	require.NoError(t, err)
	assert.Equal(t, "std d=6 scale=d", std.Text)
	// A space no method computes is refused when the question is read; one
	// past the limits when it is planned, under the run's limits.
	_, err = ParseQuestion("variance d=9000 values=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64", nil)
	assert.ErrorContains(t, err, "choose a smaller d_k or fewer values")
	slow, err := ParseQuestion("variance d=9000 values=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33", nil)
	require.NoError(t, err)
	answer, err := slow.answerClaim("a", 1, "1")
	require.NoError(t, err)
	var le *enumerate.LimitError
	require.ErrorAs(t, NewChecker(enumerate.Limits{}).Plan([]*Claim{answer}), &le)
	a, err := q.Read("0.0120", false)
	require.NoError(t, err)
	figs := a.Figures()
	assert.Equal(t, 4, figs[0].Places())
	assert.Equal(t, 3, figs[0].SignificantDigits())
	sm, err := ParseQuestion("softmax scores=1,2,3", nil)
	require.NoError(t, err)
	a, err = sm.Read("0.09, 0.245, 0.67", false)
	require.NoError(t, err)
	figs = a.Figures()
	assert.Len(t, figs, 3)
	assert.Equal(t, 3, figs[1].Places())
}
