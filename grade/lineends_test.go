package grade

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A key and an answer file read the same with LF, CRLF or CR-only line
// ends.
func TestLineEnds(t *testing.T) {
	keyText, err := os.ReadFile("../exercises/lesson.key")
	require.NoError(t, err)
	answers, err := os.ReadFile("../exercises/mistakes.answers")
	require.NoError(t, err)
	key, err := ParseKey("lesson.key", strings.NewReader(string(keyText)))
	require.NoError(t, err)
	want, err := ParseAnswers("a", strings.NewReader(string(answers)), key)
	require.NoError(t, err)
	for _, end := range []string{"\r\n", "\r"} {
		k, err := ParseKey("lesson.key", strings.NewReader(strings.ReplaceAll(string(keyText), "\n", end)))
		require.NoError(t, err, "%q", end)
		assert.Equal(t, summary(key), summary(k), "%q", end)
		a, err := ParseAnswers("a", strings.NewReader(strings.ReplaceAll(string(answers), "\n", end)), k)
		require.NoError(t, err, "%q", end)
		assert.Equal(t, want, a, "%q", end)
	}
}

// summary lists a key's questions and parts with their lines.
func summary(k *Key) []string {
	var out []string
	for _, q := range k.Questions {
		out = append(out, fmt.Sprintf("%s:%d %s", q.ID, q.line, q.Ask))
		for _, p := range q.Parts {
			out = append(out, p.ID)
		}
	}
	return out
}
