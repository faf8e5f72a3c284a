package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUnreadableAnswerPointsToHelp: an answer no reader could read is
// "could not read"; the teacher's text output points to 'sqrtdk help
// answers' beside it, while the feedback itself, which students see (JSON,
// Gradescope, the pages), names no command (issue 31).
func TestUnreadableAnswerPointsToHelp(t *testing.T) {
	dir := t.TempDir()
	answers := filepath.Join(dir, "s.answers")
	require.NoError(t, os.WriteFile(answers, []byte("student s\n1.cases lots\n1.raw 8.0\n"), 0o644))
	text, stderr, _ := runCLI(t, "grade", "--key", "../../exercises/lesson.key", answers)
	assert.Contains(t, text, `Could not read "lots"`, stderr)
	assert.Contains(t, text, "(sqrtdk help answers lists every notation.)")
	assert.Equal(t, 1, strings.Count(text, "sqrtdk help answers"), "only beside the answer that could not be read")
	out, stderr, _ := runCLI(t, "grade", "--format", "json", "--key", "../../exercises/lesson.key", answers)
	var r struct {
		Answers []struct{ Verdict, Feedback string }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r), stderr)
	for _, a := range r.Answers {
		assert.NotContains(t, a.Feedback, "sqrtdk", a.Feedback)
	}
	assert.Equal(t, "could not read", r.Answers[0].Verdict)
}
