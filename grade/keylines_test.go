package grade

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A key of exactly maxKeyBytes bytes reads, line ends counted; one byte
// more is refused on the line that passes the bound.
func TestKeySizeLimit(t *testing.T) {
	head := "answer a variance d=2\n"
	comment := "# " + strings.Repeat("x", 3997) + "\n" // 4000 bytes
	lines := (maxKeyBytes - len(head)) / len(comment)
	last := maxKeyBytes - len(head) - lines*len(comment) // bytes left for the last line, its end included
	require.GreaterOrEqual(t, last, 3)
	exact := head + strings.Repeat(comment, lines) + "# " + strings.Repeat("y", last-3) + "\n"
	require.Len(t, exact, maxKeyBytes)
	k := parseKey(t, exact)
	assert.Len(t, k.Parts(), 1)
	over := head + strings.Repeat(comment, lines) + "# " + strings.Repeat("y", last-2) + "\n"
	assert.Equal(t, fmt.Sprintf("t.key:%d: the key is larger than %d bytes", lines+2, maxKeyBytes), keyError(over))
}

// A # starts a comment at the start of a line or after a space or a tab;
// inside or at the end of a word it is part of the word, which the claim
// then refuses.
func TestKeyComments(t *testing.T) {
	k := parseKey(t, "# the lesson's widths\nanswer a variance d=2 # after a space\nanswer b variance d=4\t# after a tab\nanswer c variance d=8\t#\n")
	var ds []string
	for _, p := range k.Parts() {
		ds = append(ds, p.claim.Setting("d"))
	}
	assert.Equal(t, []string{"2", "4", "8"}, ds)
	assert.Equal(t, "t.key:1: answer a: variance: d=2#x: d_k must be a positive integer", keyError("answer a variance d=2#x\n"))
	assert.Equal(t, "t.key:1: answer a: variance: d=2#: d_k must be a positive integer", keyError("answer a variance d=2#\n"))
}

// A with line that sets claim settings and outlives the question it was
// written under is flagged on each answer of a later question; a with
// line at the top of the key, the question's own answers, and a bare with
// line (which ends it) are not.
func TestWithLineCarriedPastItsQuestion(t *testing.T) {
	carried := func(key string) []string {
		k := parseKey(t, key)
		warnings, err := NewGrader(Options{}).Lint(context.Background(), k)
		require.NoError(t, err)
		var out []string
		for _, w := range warnings {
			if strings.Contains(w.Msg, "from the with line") {
				out = append(out, w.Error())
			}
		}
		return out
	}
	assert.Equal(t, []string{"t.key:6: answer 2 takes values=-2,2 from the with line 2, written under question 1; if this question is not about that, end it with a bare with line"},
		carried("question 1 Raw variance with ±2\nwith values=-2,2\nanswer 1.a variance d=4\nanswer 1.b variance d=8\nquestion 2 Cases\nanswer 2 cases d=3\n"))
	assert.Empty(t, carried("with values=-2,2\nquestion 1 Raw variance\nanswer 1 variance d=4\nquestion 2 Cases\nanswer 2 cases d=3\n"), "a with line for the whole key")
	assert.Empty(t, carried("question 1 Raw variance with ±2\nwith values=-2,2\nanswer 1 variance d=4\nwith\nquestion 2 Cases\nanswer 2 cases d=3\n"), "ended by a bare with line")
	assert.Empty(t, carried("question 1 Raw variance\nwith points=2\nanswer 1 variance d=4\nquestion 2 Cases\nanswer 2 cases d=3\n"), "a with line of grading options only")
}

// A hint or ask line needs its text; a mistake line without one is told
// how to write a mistake.
func TestPartLineNeedsText(t *testing.T) {
	assert.Equal(t, "t.key:2: hint a: write the text", keyError("answer a variance d=2\nhint a\n"))
	assert.Equal(t, "t.key:2: ask a: write the text", keyError("answer a variance d=2\nask a   \n"))
	assert.Equal(t, "t.key:2: mistake a: write mistake a [name=NAME] [credit=F] CLAIM => what the student did", keyError("answer a variance d=2\nmistake a\n"))
}

// An answer line may be its id and kind alone (the variance at every
// width, its values from the with line); an id alone is refused.
func TestAnswerLineOfIDAndKind(t *testing.T) {
	k := parseKey(t, "with values=-2,2\nanswer a variance\n")
	require.NotNil(t, k.Part("a"))
	assert.Equal(t, "-2,2", k.Part("a").claim.Setting("values"))
	assert.Equal(t, `t.key:2: write answer ID KIND key=value … (the claim without " is FIGURE")`, keyError("with values=-2,2\nanswer a\n"))
}

// A share of the points (partial=, credit=) may be 0 or 1 or anything
// between, and scores that share: an answer with too few places gets
// partial times the points, one that makes a credited mistake its credit.
func TestSharesFromZeroToOne(t *testing.T) {
	g := NewGrader(Options{})
	for _, share := range []string{"0", "0.25", "1"} {
		k := parseKey(t, fmt.Sprintf("answer a std d=2 decimals=3 points=4 partial=%s\nanswer b variance d=2 values=-2,2 points=4 credit=unit-entries:%s\n", share, share))
		r := gradeText(t, g, k, "a 1.41\nb 2\n")
		x, ok := new(big.Rat).SetString(share)
		require.True(t, ok)
		want := x.Mul(x, big.NewRat(4, 1)).RatString()
		assert.Equal(t, Short, r.Parts[0].Mark, share)
		assert.Equal(t, want, r.Parts[0].Points.RatString(), "partial=%s", share)
		assert.Equal(t, []string{"unit-entries"}, mistakeNamesOf(r.Parts[1]), share)
		assert.Equal(t, want, r.Parts[1].Points.RatString(), "credit=%s", share)
	}
	for _, bad := range []string{"-0.000001", "1.000001", "2"} {
		assert.Equal(t, fmt.Sprintf("t.key:1: answer a: partial=%s: write a share of the points, a decimal from 0 to 1 such as 0.5", bad), keyError("answer a std d=2 partial="+bad+"\n"))
		assert.Equal(t, fmt.Sprintf("t.key:1: answer a: credit=unit-entries:%s: unit-entries: write a share of the points, a decimal from 0 to 1 such as 0.5", bad), keyError("answer a std d=2 credit=unit-entries:"+bad+"\n"))
	}
}

// An answer may be worth up to maxPoints points.
func TestPointsLimit(t *testing.T) {
	k := parseKey(t, "answer a variance d=2 points=1000000\n")
	assert.Equal(t, "1000000", k.MaxScore().RatString())
	assert.Equal(t, "t.key:1: answer a: points=1000000.000001: at most 1000000", keyError("answer a variance d=2 points=1000000.000001\n"))
}

// decimals, digits and d-model take every whole number between their
// ends, both included, and nothing past either.
func TestPrecisionAndWidthEnds(t *testing.T) {
	cases := []struct {
		option     string
		least, max int
		answer     string
	}{
		{"decimals", 0, 100, "variance d=2"},
		{"digits", 0, 100, "variance d=2"},
		{"d-model", 1, claims.MaxWidth * 1000, "std d=8 scale=sqrt"},
	}
	for _, c := range cases {
		for _, n := range []int{c.least, c.least + 1, c.max - 1, c.max} {
			k := parseKey(t, fmt.Sprintf("answer a %s %s=%d\n", c.answer, c.option, n))
			p := k.Part("a")
			got := map[string]int{"decimals": p.Decimals, "digits": p.Digits, "d-model": p.dModel}[c.option]
			assert.Equal(t, n, got, "%s=%d", c.option, n)
		}
		for _, n := range []int{c.least - 1, c.max + 1} {
			assert.Equal(t, fmt.Sprintf("t.key:1: answer a: %s=%d: write a whole number from %d to %d", c.option, n, c.least, c.max),
				keyError(fmt.Sprintf("answer a %s %s=%d\n", c.answer, c.option, n)), "%s=%d", c.option, n)
		}
	}
}

// TestMistakeWithoutAQuestion: a mistake line of a name and a credit only
// is refused for its empty question, in a key and in a template alike.
func TestMistakeWithoutAQuestion(t *testing.T) {
	assert.Equal(t, "t.key:2: mistake a: the question is empty", keyError("answer a variance d=2\nmistake a name=foo credit=0.5 => x\n"))
	assert.Equal(t, "t.key:4: mistake a: the question is empty", keyError("draw v from 1,2\nvariants min=1\nanswer a variance d={v}\nmistake a name=foo credit=0.5 => x {v}\n"))
}
