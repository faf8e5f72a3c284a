package grade

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPrepareComputesAhead: after Prepare, grading the shipped answers
// (right and mistaken, each part a kind of question) computes nothing: it
// succeeds with a context already cancelled, which stops any computation,
// and gives what a fresh grader gives. A grader that did not prepare fails
// the same way, so the test can tell.
func TestPrepareComputesAhead(t *testing.T) {
	k := lessonKey(t)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, name := range []string{"right.answers", "mistakes.answers"} {
		f, err := os.Open("../exercises/" + name)
		require.NoError(t, err)
		a, err := ParseAnswers(name, f, k)
		f.Close()
		require.NoError(t, err)

		_, err = NewGrader().Grade(cancelled, k, a)
		require.ErrorIs(t, err, context.Canceled, "an unprepared grader computes")

		g := NewGrader()
		for _, p := range k.Parts() {
			require.NoError(t, g.Prepare(context.Background(), p))
		}
		got, err := g.Grade(cancelled, k, a)
		require.NoError(t, err, "%s: grading after Prepare computed something", name)
		want, err := NewGrader().Grade(context.Background(), k, a)
		require.NoError(t, err)
		for i := range want.Parts {
			assert.Equal(t, want.Parts[i].Mark, got.Parts[i].Mark, want.Parts[i].Part.ID)
			assert.Equal(t, want.Parts[i].Feedback, got.Parts[i].Feedback, want.Parts[i].Part.ID)
		}
	}
}
