package claims

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What an answer's reader sees at the edges of its rules: how many sides
// (shown work, a restatement in brackets), which are approximate (an
// integer after ≈ or "about" is rounded at its last nonzero digit, after =
// or "i.e." it is exact), whether the sides agree, and what a label, a
// trailing word or a bracket leaves to read.
func TestAnswerSidesEdges(t *testing.T) {
	const (
		cases = "cases d=8"
		eight = "variance d=8 scale=d" // 1/8
	)
	for _, c := range []struct {
		question, answer string
		reading          string
		figures          string // the figures as written, split at |
		consistent       bool
	}{
		{cases, "65536", "65536", "65536", true},
		{cases, "65536 = 4^8", "65536 and 65536", "65536|4^8", true},
		{cases, "65536 = 4^8 = 2^16", "65536 and 65536 and 65536", "65536|4^8|2^16", true},
		{cases, "65536 = 4^8 = 2^15", "65536 and 65536 and 32768", "65536|4^8|2^15", false},
		{cases, "4^8 = 2^15 = 65536", "65536 and 32768 and 65536", "4^8|2^15|65536", false},
		{cases, "65536 = 2^15 = 2^15", "65536 and 32768 and 32768", "65536|2^15|2^15", false},
		{cases, "65536 == 4^8", "65536 and 65536", "65536|4^8", true},
		{cases, "4096 ≈ 4100", "4096 and 4100, to 2 significant digits", "4096|≈4100", true},
		{cases, "4096 = 4100", "4096 and 4100, to 2 significant digits", "4096|4100", true},
		{cases, "4096 = 4098", "4096 and 4098", "4096|4098", false},
		{cases, "4096 == 4098", "4096 and 4098", "4096|4098", false},
		{cases, "4096 ≈ 4098 = 4100", "4096 and 4098 and 4100, to 2 significant digits", "4096|≈4098|4100", false},
		{cases, "4096 (≈ 4100)", "4096 and 4100, to 2 significant digits", "4096|≈ 4100", true},
		{cases, "4096 (about 4100)", "4096 and 4100, to 2 significant digits", "4096|≈4100", true},
		{cases, "4096 (approximately 4100)", "4096 and 4100, to 2 significant digits", "4096|≈4100", true},
		{cases, "4096 (= 4100)", "4096 and 4100, to 2 significant digits", "4096|4100", true},
		{cases, "4096 (i.e. 4098)", "4096 and 4098", "4096|4098", false},
		{cases, "4096 [= 4098]", "4096 and 4098", "4096|4098", false},
		{cases, "4096 [4096]", "4096 and 4096", "4096|4096", true},
		{cases, "(4096)", "4096", "(4096)", true},
		{cases, "65536 (pairs)", "65536", "65536", true},
		{eight, "1/8 (0.125)", "1/8 and 0.125, to 3 significant digits", "1/8|0.125", true},
		{eight, "1/8 = 0.13", "1/8 and 0.13, to 2 significant digits", "1/8|0.13", true},
		{eight, "1/8 = 0.2", "1/8 and 0.2, to 1 significant digit", "1/8|0.2", false},
		{eight, "Var(q·k) = 1/8", "1/8", "1/8", true},
		{eight, "var(q) = 1/8", "1/8", "1/8", true},
		{eight, "the variance is 1/8", "1/8", "1/8", true},
		{eight, "= 1/8", "1/8", "1/8", true},
	} {
		a, err := readFor(t, c.question, c.answer, false)
		if !assert.NoError(t, err, c.answer) {
			continue
		}
		assert.Equal(t, c.reading, a.Reading(), c.answer)
		assert.Equal(t, c.consistent, a.Consistent(), c.answer)
		want := strings.Split(c.figures, "|")
		var texts []string
		for _, f := range a.Figures() {
			texts = append(texts, f.String())
		}
		assert.Equal(t, want, texts, c.answer)
		sides := a.Sides()
		if assert.Len(t, sides, len(want), c.answer) && len(want) > 1 {
			for i, s := range sides {
				assert.Equal(t, want[i], s.Text(), c.answer)
				assert.Len(t, s.Figures(), 1, "%s: side %d", c.answer, i)
				assert.True(t, s.Consistent())
			}
		}
	}
	// Only an answer about one value has sides.
	a, err := readFor(t, "softmax scores=2,2", "1/2, 1/2", false)
	require.NoError(t, err)
	assert.Len(t, a.Sides(), 1)
	assert.Len(t, a.Figures(), 2)
}

// An answer that cannot be read is refused with what could not be read and
// what was read before it; a label, a filler or a unit alone is no number.
func TestAnswerRefusalEdges(t *testing.T) {
	const cases = "cases d=8"
	for _, c := range []struct{ question, answer, want string }{
		{cases, "65536 = apples", `"apples" is not a number (read so far: 65536)`},
		{cases, "apples", `"apples" is not a number`},
		{cases, "exactly", `"exactly" is not a number`},
		{cases, "the", `"the" is not a number`},
		{cases, "it", `"it" is not a number`},
		{cases, "pairs", `no number`},
		{"variance d=8 scale=d", "Var", `there is no number in "Var"`},
		{"variance d=8 scale=d", "Var(q·k) =", `there is no number in "Var(q·k) ="`},
		{"variance d=8 scale=d", "8 =", `there is no number on a side of "8 =" (read so far: 8`},
		{"variance d=8 scale=d", "8 ≈ ", `there is no number on a side of "8 ≈" (read so far: 8`},
		{"variance d=8 scale=d", "8 = = 8", `there is no number on a side of "8 = = 8" (read so far: 8`},
		{cases, "8)", "without its opening bracket"},
		{cases, ")", `unexpected ")"`},
		{cases, "65536 ()", `unexpected ")"`},
		{cases, "(= 4096)", `unexpected "="`},
		{cases, "(pairs)", `unexpected "p"`},
		{cases, "8 aa", `read 8, then "aa", which is not a word this answer uses`},
		{cases, "8 zz", `read 8, then "zz", which is not a word`},
		{cases, "8 AA", `read 8, then "AA", which is not a word`},
		{cases, "8 ZZ", `read 8, then "ZZ", which is not a word`},
		{cases, "8 z1", `unexpected`},
		{"number value=1/2", "0.5 apples", `it may use: no words`},
		{cases, "65536 apples", `it may use: pairs, pair`},
		{cases, strings.Repeat("1", MaxLineBytes+1), "longer than 4096 bytes"},
	} {
		_, err := readFor(t, c.question, c.answer, false)
		if assert.Error(t, err, c.answer) {
			assert.Contains(t, err.Error(), c.want, c.answer)
			if !strings.Contains(c.want, "read so far") {
				assert.NotContains(t, err.Error(), "read so far", c.answer)
			}
		}
	}
	// At the limit the answer is read.
	a, err := readFor(t, cases, strings.Repeat("1", MaxLineBytes), false)
	if assert.NoError(t, err) {
		assert.Len(t, a.Figures(), 1)
	}
}

// A trend's reading names its rate only when it states one, and its level
// is its only figure; a formula for every width, a law and a distribution
// are read as written, a law without its label and with d_k written d.
func TestAnswerShapesEdges(t *testing.T) {
	const grows = "trend quantity=variance scale=d^1/4 d=1,2,4,6,8"
	const flat = "trend quantity=variance scale=sqrt d=1,2,4"
	for _, c := range []struct {
		question, answer, reading string
		figures                   int
	}{
		{grows, "grows like sqrt(d)", "grows like sqrt(d)", 0},
		{grows, "grows", "grows", 0},
		{flat, "stays at 1", "constant at 1", 1},
		{flat, "constant", "constant", 0},
		{"variance", "1/d", "1/d", 0},
		{"variance", "Var = 1/d_k", "Var = 1/d_k", 0},
		{"variance d=8", "8", "8", 1},
		{"law quantity=variance d=1,2", "Var = 1/d_k", "1/d", 0},
		{"law quantity=variance d=1,2", "= 16 d_(k)", "16 d", 0},
	} {
		a, err := readFor(t, c.question, c.answer, false)
		if assert.NoError(t, err, c.answer) {
			assert.Equal(t, c.reading, a.Reading(), c.answer)
			assert.Len(t, a.Figures(), c.figures, c.answer)
		}
	}
}
