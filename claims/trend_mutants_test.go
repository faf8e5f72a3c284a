package claims

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An answer of subject words alone ("it is") names no direction: an
// error, not a read past the last word.
func TestTrendSubjectWordsAlone(t *testing.T) {
	for _, fig := range []string{"it is", "the variance", "it", "values, scores:"} {
		line := "trend quantity=std d=2,4 is " + fig
		_, err := Parse("t.claims", strings.NewReader(line+"\n"))
		require.Error(t, err, line)
		assert.Contains(t, err.Error(), "a trend is a direction", line)
	}
	// Every subject word alone, as the last word, is no trend either.
	for w := range subjectWords {
		_, err := parseTrendFigure(w, 0, false)
		require.Error(t, err, w)
		assert.Contains(t, err.Error(), "a trend is a direction", w)
	}
}

// "linear growth" states the rate d; "linear decay" only the direction.
func TestTrendNounRate(t *testing.T) {
	v := verdictOf(t, "trend quantity=std d=1,2,4 is linear growth")
	assert.False(t, v.Holds, v.Exact) // std grows like √d
	assert.True(t, verdictOf(t, "trend quantity=variance d=1,2,4 is linear growth").Holds)
	assert.True(t, verdictOf(t, "trend quantity=variance scale=d d=1,2,4 is linear decay").Holds)
}

// Three widths are enough to tell that values are not exponential in d.
func TestTrendExponentialThreeWidths(t *testing.T) {
	v := verdictOf(t, "trend quantity=variance d=1,2,4 is grows exponentially")
	assert.False(t, v.Holds, v.Exact)
	assert.Contains(t, v.Exact, "not exponential in d: the values do not grow by one factor per unit of d")
	assert.NotContains(t, v.Exact, "too few widths")
	v = verdictOf(t, "trend quantity=variance d=1,2 is grows exponentially")
	assert.Contains(t, v.Exact, "too few widths to tell an exponential")
}

// An answer read for a question of another shape is read anew: a formula
// read for a law is a number for a number question.
func TestClaimRereadsAnotherShape(t *testing.T) {
	law, err := ParseQuestion("law quantity=variance d=1,2", nil)
	require.NoError(t, err)
	a, err := law.Read("2", false)
	require.NoError(t, err)
	num, err := ParseQuestion("number value=2", nil)
	require.NoError(t, err)
	c, err := num.Claim("t", 1, a)
	require.NoError(t, err)
	v := checked(t, c)
	assert.True(t, v.Holds, v.Exact)
}
