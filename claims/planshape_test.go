package claims

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/softmax"
)

// planOf returns the plan of checking the claims of text, as Plan holds
// it against the limits.
func planOf(t *testing.T, text string) enumerate.Cost {
	t.Helper()
	cls, err := Parse("p.claims", strings.NewReader(text))
	require.NoError(t, err)
	b, err := NewChecker(enumerate.Limits{}).budget(cls)
	require.NoError(t, err)
	return b.Cost()
}

// TestPlanSharesWhatTheCheckerShares holds the plan's rules for work the
// checker does once, which the calibration's 2x band between cases cannot
// see: a distribution is computed once for every claim about it, and its
// moments once for the kinds that read only them (mean, variance, std,
// sum of squares: one pass of lattice sums), while a distribution
// writes its scores again claim by claim; a softmax's enclosures are computed once for the same scores and
// checked again more cheaply; and a claim does its own arithmetic in
// memory (a number's roots, a softmax) while a distribution's claim does
// not.
func TestPlanSharesWhatTheCheckerShares(t *testing.T) {
	variance := "variance d=2000 values=-3,-1,1,3 is 1\n"
	one, two := planOf(t, variance), planOf(t, variance+variance)
	other := planOf(t, variance+"std d=2000 values=-3,-1,1,3 is 1\n")
	count := planOf(t, "count d=2000 values=-3,-1,1,3 score=0 is 0\n") // the distribution alone
	assert.Greater(t, one.Seconds, count.Seconds, "the moments are planned")
	assert.Equal(t, one.Seconds, two.Seconds, "a second claim needs neither the distribution nor its moments again")
	assert.Equal(t, two.Seconds, other.Seconds, "the moments serve the std too")

	squares := "sum-of-squares d=2000 values=-3,-1,1,3 is 1\n"
	assert.Equal(t, one.Seconds, planOf(t, squares).Seconds, "a sum of squares is the moments' pass")
	assert.Equal(t, one.Seconds, planOf(t, variance+squares).Seconds, "the moments serve a sum of squares too")
	assert.Equal(t, one.Bytes, planOf(t, squares).Bytes, "a sum of squares holds nothing beside its distribution")

	dist := "distribution d=2000 values=-3,-1,1,3 is [(0, 1)]\n"
	d1, d2 := planOf(t, dist), planOf(t, dist+dist)
	assert.InDelta(t, d1.Seconds-count.Seconds, d2.Seconds-d1.Seconds, 1e-9, "a distribution is written again claim by claim")
	assert.Greater(t, d2.Seconds-d1.Seconds, 0.0)
	assert.Greater(t, planOf(t, variance+dist).Seconds, one.Seconds, "the moments do not write a distribution")

	soft := "softmax scores=1.5,2.5,0.5,3.5 dk=999999937 is 0.1, 0.2, 0.3, 0.4\n"
	sm1, sm2 := planOf(t, soft), planOf(t, soft+soft)
	again := sm2.Seconds - sm1.Seconds
	assert.Greater(t, again, 0.0, "a softmax claim of the same scores is checked again")
	assert.Less(t, again, sm1.Seconds/2, "against the enclosures already computed")
	assert.InDelta(t, softmax.CachedCheckSeconds(4), again, 1e-12, "of its four scores")
	wider := planOf(t, soft+"softmax scores=1.5,2.5,0.5,3.5,1,2,3,4 dk=999999937 is 0.1, 0.2, 0.3, 0.4, 0, 0, 0, 0\n")
	assert.Greater(t, wider.Seconds-sm1.Seconds, again, "new scores are computed anew")
	cheap := planOf(t, soft+"softmax scores=1.5,2.5,0.5,3.5,1,2,3,4 dk=999999937 is 0.1, 0.2, 0.3, 0.4, 0, 0, 0, 0\n"+
		"softmax scores=1.5,2.5,0.5,3.5,1,2,3,4 dk=999999937 is 0.1, 0.2, 0.3, 0.4, 0, 0, 0, 0\n")
	assert.Greater(t, cheap.Seconds-wider.Seconds, again, "checking more scores again costs more")

	assert.Equal(t, float64(arithmeticBytes), planOf(t, nestedNumber(6, 40, 0)).Bytes, "a number's roots hold their arithmetic")
	assert.Equal(t, float64(arithmeticBytes), sm1.Bytes, "a softmax holds its intervals")
	assert.Less(t, planOf(t, "variance d=4 is 4\n").Bytes, float64(arithmeticBytes), "a small distribution holds little")
}
