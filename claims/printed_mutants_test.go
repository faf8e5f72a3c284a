package claims

import (
	"context"
	"strings"
	"testing"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPrintedPlacesLimit: a decimal may show up to rational.MaxPlaces
// places, no more (a percentage shows two more than its digits after the
// point); a whole number shows at most MaxPlaces digits, so its places
// are at least −9999.
func TestPrintedPlacesLimit(t *testing.T) {
	zeros := strings.Repeat("0", rational.MaxPlaces)
	for _, c := range []struct {
		name, text string
		places     int
		err        string
	}{
		{"MaxPlaces places", "0." + zeros[1:] + "1", rational.MaxPlaces, ""},
		{"a percentage of MaxPlaces places", "0." + zeros[3:] + "1%", rational.MaxPlaces, ""},
		{"a percentage of MaxPlaces+1 places", "0." + zeros[2:] + "1%", 0, "more than 10000 decimal places"},
		{"a whole number of MaxPlaces digits", "1" + zeros[1:], 1 - rational.MaxPlaces, ""},
		{"a whole number of MaxPlaces+1 digits", "1" + zeros, 0, "more than 10000 digits"},
	} {
		p, err := parsePrinted(c.text, 0)
		if c.err != "" {
			if assert.Error(t, err, c.name) {
				assert.Contains(t, err.Error(), c.err, c.name)
			}
			continue
		}
		if assert.NoError(t, err, c.name) {
			assert.True(t, p.isDecimal(), c.name)
			assert.Equal(t, c.places, p.places, c.name)
		}
	}
}

// TestTouchingCellsAgree: two decimals whose rounding cells only touch
// (0.1 is [0.05, 0.15], 0.2 is [0.15, 0.25]) can both be 0.15 rounded, in
// either order; cells a gap apart cannot.
func TestTouchingCellsAgree(t *testing.T) {
	for _, c := range []struct {
		answer     string
		consistent bool
	}{
		{"0.1 = 0.2", true},
		{"0.2 = 0.1", true},
		{"0.1 = 0.3", false},
		{"0.3 = 0.1", false},
		{"0.12 = 0.1", true},
		{"0.14 = 0.2", false},
	} {
		a, err := readFor(t, "variance d=8 scale=d", c.answer, false)
		if assert.NoError(t, err, c.answer) {
			assert.Equal(t, c.consistent, a.Consistent(), c.answer)
		}
	}
}

// TestVerdictExactAtZeroPlaces: the exact value a verdict shows is rounded
// to the places of a decimal answer, zero places included.
func TestVerdictExactAtZeroPlaces(t *testing.T) {
	for _, c := range []struct {
		question, answer, exact string
		holds                   bool
	}{
		{"number value=7/3", "2.", "7/3 ≈ 2", true},
		{"number value=7/3", "3.", "7/3 ≈ 2", false},
		{"number value=5/2", "2.", "5/2 ≈ 2 (a tie)", true},
		{"number value=7/3", "2.3", "7/3 ≈ 2.3", true},
		{"number value=7/3", "7/3", "7/3", true},
	} {
		q, err := ParseQuestion(c.question, nil)
		require.NoError(t, err, c.question)
		claim, err := q.answerClaim("a", 1, c.answer)
		require.NoError(t, err, c.answer)
		v, err := NewChecker(enumerate.Limits{}).Check(context.Background(), claim)
		require.NoError(t, err, c.answer)
		assert.Equal(t, c.exact, v.Exact, "%s: %s", c.question, c.answer)
		assert.Equal(t, c.holds, v.Holds, "%s: %s", c.question, c.answer)
	}
}

// TestReadingPlacesShown: a decimal of up to 40 places reads in its
// places; past 40 it reads as a fraction.
func TestReadingPlacesShown(t *testing.T) {
	for _, c := range []struct{ text, reading string }{
		{"0." + strings.Repeat("0", 39) + "1", "0." + strings.Repeat("0", 39) + "1, to 1 significant digit"},
		{"0." + strings.Repeat("0", 40) + "1", "1/1" + strings.Repeat("0", 41) + ", to 1 significant digit"},
		{"2.", "2, to 1 significant digit"},
	} {
		a, err := readAnswer("number", c.text, 0, false, false)
		if assert.NoError(t, err, c.text) {
			assert.Equal(t, c.reading, a.Reading(), c.text)
		}
	}
}

// TestPrintedListEdges: brackets around nothing are an empty list, and a
// list may have maxScores numbers, no more.
func TestPrintedListEdges(t *testing.T) {
	list := func(n int) string {
		return strings.TrimSuffix(strings.Repeat("0.01, ", n), ", ")
	}
	for _, c := range []struct {
		text string
		n    int
		err  string
	}{
		{"[]", 0, `the list "[]" is empty`},
		{"()", 0, `the list "()" is empty`},
		{"[0.5]", 1, ""},
		{"(0.5)", 1, ""},
		{list(maxScores), maxScores, ""},
		{"[" + list(maxScores) + "]", maxScores, ""},
		{list(maxScores + 1), 0, "the list has more than 64 numbers"},
	} {
		a, err := readAnswer("softmax", c.text, 0, false, false)
		if c.err != "" {
			if assert.Error(t, err, c.text) {
				assert.Equal(t, c.err, err.Error(), c.text)
			}
			continue
		}
		if assert.NoError(t, err, c.text) {
			assert.Len(t, a.Figures(), c.n, c.text)
		}
	}
}
