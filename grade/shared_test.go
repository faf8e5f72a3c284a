package grade

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sharedClass grades answer files (one a string, "student NAME" first)
// against a key of six variance parts and runs Compare; it returns each
// file's shared-answers flags.
func sharedClass(t *testing.T, files ...string) [][]string {
	t.Helper()
	k := parseKey(t, "answer a variance d=2\nanswer b variance d=4\nanswer c variance d=8\n"+
		"answer d variance d=3\nanswer e variance d=5\nanswer f variance d=6\n")
	g := NewGrader(Options{})
	var rs []*Result
	for i, f := range files {
		a, err := ParseAnswers(fmt.Sprintf("f%d.answers", i+1), strings.NewReader(f), k)
		require.NoError(t, err)
		r, err := g.Grade(context.Background(), k, a)
		require.NoError(t, err)
		rs = append(rs, r)
	}
	Compare(rs)
	out := make([][]string, len(rs))
	for i, r := range rs {
		for _, f := range r.Flags {
			if f.Name == "shared-answers" {
				out[i] = append(out[i], f.Says)
			}
		}
	}
	return out
}

// TestSharedWrongAnswers holds Compare's rule for copies: two files that
// give the same wrong answer (case and spacing aside) or the same
// unreadable one to two parts or more are flagged, each naming the other
// and the parts in order; one shared part, shared right answers, or an
// answer four files give (a common mistake) are not.
func TestSharedWrongAnswers(t *testing.T) {
	flags := sharedClass(t,
		"student ann\na 3\nb 5\nc 8\n",
		"student bob\na 3\nb  5\nc 8\n",
		"student cy\na 3\nb 6\nc 8\n",
	)
	assert.Equal(t, []string{"The same wrong answers as bob (f2.answers) on a, b."}, flags[0])
	assert.Equal(t, []string{"The same wrong answers as ann (f1.answers) on a, b."}, flags[1])
	assert.Empty(t, flags[2], "one shared wrong part is not a copy")

	flags = sharedClass(t,
		"student ann\na 2\nb 4\nc 8\n",
		"student bob\na 2\nb 4\nc 8\n",
	)
	assert.Equal(t, [][]string{nil, nil}, flags, "right answers are everyone's")

	flags = sharedClass(t,
		"student ann\na 3\nb zz\n",
		"student bob\na 3\nb ZZ\n",
	)
	assert.Equal(t, []string{"The same wrong answers as bob (f2.answers) on a, b."}, flags[0], "unreadable answers are shared too")

	three := sharedClass(t, "student ann\na 3\nb 5\n", "student bob\na 3\nb 5\n", "student cy\na 3\nb 5\n")
	assert.Equal(t, []string{"The same wrong answers as bob (f2.answers) on a, b.", "The same wrong answers as cy (f3.answers) on a, b."}, three[0])
	assert.Len(t, three[2], 2)
	// The flags of one file follow the order of the files (the pairs
	// come from a map: run it often enough to see any order).
	for range 20 {
		order := sharedClass(t,
			"student ann\na 3\nb 5\n", "student bob\nc 3\nd 5\n", "student cy\ne 3\nf 5\n",
			"student di\na 3\nb 5\nc 3\nd 5\ne 3\nf 5\n")
		require.Equal(t, []string{
			"The same wrong answers as ann (f1.answers) on a, b.",
			"The same wrong answers as bob (f2.answers) on c, d.",
			"The same wrong answers as cy (f3.answers) on e, f.",
		}, order[3])
	}
	four := sharedClass(t, "student ann\na 3\nb 5\n", "student bob\na 3\nb 5\n", "student cy\na 3\nb 5\n", "student di\na 3\nb 5\n")
	assert.Equal(t, [][]string{nil, nil, nil, nil}, four, "an answer four give is a common mistake")
}

// TestCompareSkipsFailedFiles: a file that could not be graded takes no
// part in the comparison.
func TestCompareSkipsFailedFiles(t *testing.T) {
	k := parseKey(t, "answer a variance d=2\nanswer b variance d=4\n")
	g := NewGrader(Options{})
	var rs []*Result
	for _, f := range []string{"student ann\na 3\nb 5\n", "student ann\na 3\nb 5\n"} {
		a, err := ParseAnswers("x.answers", strings.NewReader(f), k)
		require.NoError(t, err)
		r, err := g.Grade(context.Background(), k, a)
		require.NoError(t, err)
		rs = append(rs, r)
	}
	rs[1].Err = errors.New("could not be read")
	Compare(rs)
	assert.Empty(t, rs[0].Flags, "the failed file is neither the same student nor a copy")
}
