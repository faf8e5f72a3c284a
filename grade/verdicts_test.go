package grade

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAllRightSeesEveryPart: a result is all right only when every part
// is, wherever the one wrong answer stands (a verdict that skipped the
// last part would pass a student who got it wrong).
func TestAllRightSeesEveryPart(t *testing.T) {
	k := parseKey(t, "answer a variance d=2\nanswer b variance d=3\nanswer c variance d=4\n")
	g := NewGrader(Options{})
	right := []string{"a 2", "b 3", "c 4"}
	require.True(t, gradeText(t, g, k, strings.Join(right, "\n")+"\n").AllRight())
	for i := range right {
		answers := append([]string(nil), right...)
		answers[i] = fmt.Sprintf("%c 5", 'a'+i)
		r := gradeText(t, g, k, strings.Join(answers, "\n")+"\n")
		require.Equal(t, Wrong, r.Parts[i].Mark)
		require.False(t, r.AllRight(), "part %c wrong", 'a'+i)
	}
}

// TestCreditIsTheLargestShare: an answer that makes two of the key's
// mistakes at once earns the larger of their credits, in either order.
func TestCreditIsTheLargestShare(t *testing.T) {
	for _, key := range []string{
		"answer v variance d=2 points=4\nmistake v name=small credit=0.25 mean d=2 => small\nmistake v name=large credit=0.5 mean d=2 => large\n",
		"answer v variance d=2 points=4\nmistake v name=large credit=0.5 mean d=2 => large\nmistake v name=small credit=0.25 mean d=2 => small\n",
	} {
		r := gradeText(t, NewGrader(Options{}), parseKey(t, key), "v 0\n").Parts[0]
		require.ElementsMatch(t, []string{"small", "large"}, mistakeNamesOf(r), key)
		require.Equal(t, "2", r.Points.RatString(), "half of 4 points, the larger share: %s", key)
	}
}
