package grade

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gradeAnswersOfV grades one answer per file for part v of the key.
func gradeAnswersOfV(t *testing.T, k *Key, answers []string) []*Result {
	t.Helper()
	g := NewGrader(Options{})
	var rs []*Result
	for i, ans := range answers {
		text := ""
		if ans != "" {
			text = "v " + ans + "\n"
		}
		a, err := ParseAnswers(fmt.Sprintf("s%02d.answers", i), strings.NewReader(text), k)
		require.NoError(t, err)
		r, err := g.Grade(context.Background(), k, a)
		require.NoError(t, err)
		rs = append(rs, r)
	}
	return rs
}

// TestItemAnalysisCountsEveryMark: a class of 12 whose answers to one
// part are right, right but too few places, wrong with each of two named
// mistakes, wrong with none, unreadable and unanswered: each is counted
// under its own mark, a named mistake under its name (too few places
// included), and only the wrong answers that match no mistake as
// unmatched (found by mutation testing: unmatched was never counted).
func TestItemAnalysisCountsEveryMark(t *testing.T) {
	k := parseKey(t, "answer v variance d=6 scale=d decimals=3 partial=0.5 points=2\n")
	answers := []string{"0.167", "1/6", "0.167", "0.17", "0.17", "0.166", "0.170", "9.9", "9.8", "lots", "", "0.2"}
	rs := gradeAnswersOfV(t, k, answers)
	items := Analyse(rs)
	require.Len(t, items, 1)
	it := items[0]
	assert.Equal(t, 12, it.Students)
	assert.Equal(t, map[Mark]int{Right: 3, Short: 3, Wrong: 4, Unreadable: 1, Unanswered: 1}, it.Marks)
	assert.Equal(t, map[string]int{"too-few-places": 3, "truncated": 1, "rounded-early": 1}, it.Mistakes)
	assert.Equal(t, 2, it.Unmatched, "9.9 and 9.8")
	assert.Equal(t, "9", it.Points.RatString(), "3 right at 2 points, 3 short at 1")
	top, n := it.TopMistake()
	assert.Equal(t, "too-few-places", top)
	assert.Equal(t, 3, n)
}

// TestTopMistakeTies: mistakes made equally often go to the key's own in
// the key's order, then to the catalogue's (all of them after all of the
// key's), whichever order the class made them in.
func TestTopMistakeTies(t *testing.T) {
	k := parseKey(t, "answer v variance d=2\nmistake v name=first mean d=2 => That is the mean.\nmistake v name=second variance d=3 => That is d_k = 3.\n"+
		"mistake v name=third variance d=4 => That is d_k = 4.\n")
	for _, c := range []struct {
		answers []string
		top     string
	}{
		{[]string{"0", "3", "32"}, "first"},
		{[]string{"32", "3", "0"}, "first"},
		{[]string{"3", "32"}, "second"},
		{[]string{"32", "3"}, "second"},
		{[]string{"32", "3", "3"}, "second"},
		{[]string{"32", "32", "0"}, "sum-not-mean"},
		// The key's third mistake before the catalogue's first.
		{[]string{"sqrt(2)", "4"}, "third"},
		{[]string{"4", "sqrt(2)"}, "third"},
	} {
		top, _ := Analyse(gradeAnswersOfV(t, k, c.answers))[0].TopMistake()
		assert.Equal(t, c.top, top, "%v", c.answers)
	}
}
