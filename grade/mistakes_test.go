package grade

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// saysOf returns the feedback of the named mistake an answer matches, or
// "" when it matches no mistake of that name.
func saysOf(r PartResult, name string) string {
	for _, m := range r.Mistakes {
		if m.Name == name {
			return m.Says
		}
	}
	return ""
}

// gradeKeyed grades the answer to a key of one part a.
func gradeKeyed(t *testing.T, g *Grader, key, answer string) PartResult {
	t.Helper()
	return gradeText(t, g, parseKey(t, "answer a "+key+"\n"), "a "+answer+"\n").Parts[0]
}

// TestUnscaledFeedbackNamesTheDivisor: the feedback of an unscaled answer
// names what the question divides q·k by, for each way a key writes it: a
// scale alone (a power of d_k, √d_k, d_k, twice or two different ones), a
// divisor alone (with or without scale=raw) and both (found by mutation
// testing: only the names were checked, never the sentence).
func TestUnscaledFeedbackNamesTheDivisor(t *testing.T) {
	g := NewGrader(Options{})
	for _, c := range []struct{ key, answer, divisor string }{
		{"variance d=8 scale=sqrt", "8", "√d_k"},
		{"variance d=8 scale=d", "8", "d_k"},
		{"variance d=16 scale=d^1/4", "16", "d_k^(1/4)"},
		{"variance d=4 scale=d^2", "4", "d_k^2"},
		{"variance d=8 scale=sqrt,sqrt", "8", "√d_k twice"},
		{"variance d=8 scale=sqrt,d", "8", "√d_k and by d_k"},
		{"variance d=4096 divide=64", "4096", "64"},
		{"variance d=4096 scale=raw divide=64", "4096", "64"},
		{"variance d=16 scale=sqrt divide=2", "16", "√d_k and by 2"},
	} {
		r := gradeKeyed(t, g, c.key, c.answer)
		assert.Equal(t, Wrong, r.Mark, c.key)
		assert.Equal(t, "This is the value of q·k itself; the question divides q·k by "+c.divisor+" first.", saysOf(r, "unscaled"), "%s answered %s", c.key, c.answer)
	}
}

// TestUnitEntriesFeedbackNamesTheMoments: an answer for entries ±1 is
// named, and given the key's credit, whichever entries differ (q's and
// k's, or k's alone); the feedback gives one second moment when q's and
// k's are the same, both when they differ.
func TestUnitEntriesFeedbackNamesTheMoments(t *testing.T) {
	g := NewGrader(Options{})
	for _, c := range []struct{ entries, says string }{
		{"values=-2,2", "here the entries have E[x²] = 4, so a term q_i·k_i has variance 16, not 1."},
		{"k-values=-2,2", "here the entries have E[q_i²] = 1 and E[k_i²] = 4, so a term q_i·k_i has variance 4, not 1."},
		{"values=-1,1 k-values=-2,2", "here the entries have E[q_i²] = 1 and E[k_i²] = 4, so a term q_i·k_i has variance 4, not 1."},
		{"values=-2,2 k-values=-1,1", "here the entries have E[q_i²] = 4 and E[k_i²] = 1, so a term q_i·k_i has variance 4, not 1."},
	} {
		r := gradeKeyed(t, g, "variance d=2 "+c.entries+" points=2 credit=unit-entries:0.5", "2")
		assert.Equal(t, "This is the value for entries ±1; "+c.says, saysOf(r, "unit-entries"), c.entries)
		assert.Equal(t, "1", r.Points.RatString(), "%s: half of 2 points for unit entries", c.entries)
	}
}

// TestVectorsNotPairsFeedbackNamesTheVectors: with q and k drawn from
// alphabets of different sizes, the count of q vectors alone and of k
// vectors alone are each named, saying which vectors were counted.
func TestVectorsNotPairsFeedbackNamesTheVectors(t *testing.T) {
	g := NewGrader(Options{})
	key := "cases d=3 values=-1,0,1 k-values=1,2"
	assert.Equal(t, "This counts the vectors q alone (3^3); the question counts pairs (q, k): 3^3 · 2^3 of them.", saysOf(gradeKeyed(t, g, key, "27"), "vectors-not-pairs"))
	assert.Equal(t, "This counts the vectors k alone (2^3); the question counts pairs (q, k): 3^3 · 2^3 of them.", saysOf(gradeKeyed(t, g, key, "8"), "vectors-not-pairs"))
}

// TestRoundingFeedbackCountsPlaces: the rounding mistakes say how many
// places were kept, in words that agree with the number (1 decimal place,
// 0 or 2 decimal places), down to a value rounded to a whole number and
// padded.
func TestRoundingFeedbackCountsPlaces(t *testing.T) {
	g := NewGrader(Options{})
	for _, c := range []struct{ key, answer, name, says string }{
		{"number value=87/10 decimals=0", "8", "truncated", "This cuts the value off after 0 decimal places instead of rounding it: rounded, the last digit changes."},
		{"number value=1/6 decimals=1", "0.1", "truncated", "This cuts the value off after 1 decimal place instead of rounding it: rounded, the last digit changes."},
		{"number value=1/6 decimals=2", "0.16", "truncated", "This cuts the value off after 2 decimal places instead of rounding it: rounded, the last digit changes."},
		{"number value=1/6 decimals=2", "0.20", "rounded-early", "This is the value rounded to 1 decimal place and then padded to 2 decimal places; round the exact value once, to 2 decimal places."},
		{"number value=2/3 decimals=2", "1.00", "rounded-early", "This is the value rounded to 0 decimal places and then padded to 2 decimal places; round the exact value once, to 2 decimal places."},
		{"number value=1/6 decimals=3", "0.200", "rounded-early", "This is the value rounded to 1 decimal place and then padded to 3 decimal places; round the exact value once, to 3 decimal places."},
	} {
		assert.Equal(t, c.says, saysOf(gradeKeyed(t, g, c.key, c.answer), c.name), "%s answered %s", c.key, c.answer)
	}
}

// TestNeighbouringWidthEveryOffset: the value at each of d_k − 2, d_k − 1,
// d_k + 1 and d_k + 2 is named a neighbouring width, saying which width,
// with the key's credit; the value at d_k ± 3 is not (generated over the
// widths 3 to 8).
func TestNeighbouringWidthEveryOffset(t *testing.T) {
	g := NewGrader(Options{})
	for d := 3; d <= 8; d++ {
		key := fmt.Sprintf("cases d=%d points=4 credit=neighbouring-width:0.25", d)
		for _, off := range []int{-3, -2, -1, 1, 2, 3} {
			n := d + off
			r := gradeKeyed(t, g, key, fmt.Sprintf("4^%d", n))
			require.Equal(t, Wrong, r.Mark, "d = %d, the value at %d", d, n)
			says := saysOf(r, "neighbouring-width")
			if off == -3 || off == 3 {
				assert.Empty(t, says, "d = %d, the value at %d", d, n)
				continue
			}
			assert.Equal(t, fmt.Sprintf("This is the value at d_k = %d; the question is about d_k = %d.", n, d), says, "d = %d, the value at %d", d, n)
			assert.Equal(t, "1", r.Points.RatString(), "d = %d, the value at %d: a quarter of 4 points", d, n)
		}
	}
}

// TestRoundedEarlyNamesFewerPlaces, generated over values n/d: a value
// rounded to p places and padded with zeros to the key's places, and
// judged wrong, is named rounded early, to at least p and fewer than the
// key's places; a whole number that is the value rounded to a whole, and
// judged wrong for its too few significant digits, is not rounded early
// to "0 decimal places and then padded to 0" (found by mutation testing:
// starting the rounding at places+1 named it).
func TestRoundedEarlyNamesFewerPlaces(t *testing.T) {
	g := NewGrader(Options{})
	early := 0
	for _, den := range []int64{3, 7, 12} {
		for num := int64(1); num < 3*den; num++ {
			x := rational.NewRat(big.NewRat(num, den))
			value := fmt.Sprintf("number value=%d/%d", num, den)
			whole := x.Decimal(0, rational.RoundHalfEven)
			if r := gradeKeyed(t, g, value, whole); r.Mark == Wrong {
				assert.NotContains(t, mistakeNamesOf(r), "rounded-early", "%s answered %s: %s", value, whole, r.Feedback)
			}
			for places := 1; places <= 3; places++ {
				for p := 0; p < places; p++ {
					fig := x.Decimal(p, rational.RoundHalfEven)
					if p == 0 {
						fig += "."
					}
					fig += strings.Repeat("0", places-p)
					r := gradeKeyed(t, g, fmt.Sprintf("%s decimals=%d", value, places), fig)
					if r.Mark != Wrong {
						continue
					}
					early++
					var allowed []string
					for q := p; q < places; q++ {
						allowed = append(allowed, fmt.Sprintf("This is the value rounded to %s and then padded to %s; round the exact value once, to %s.", placesWords(q), placesWords(places), placesWords(places)))
					}
					assert.Contains(t, allowed, saysOf(r, "rounded-early"), "%s decimals=%d answered %s: %s", value, places, fig, r.Feedback)
				}
			}
		}
	}
	assert.Greater(t, early, 100, "answers rounded early")
}
