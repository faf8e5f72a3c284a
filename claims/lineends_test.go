package claims

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A claims file reads the same with LF, CRLF or CR-only line ends: a
// CR-only file is not one long comment.
func TestLineEnds(t *testing.T) {
	text := "# predictions\ncases d=8 is 65536\n\nvariance d=2 is 2\n"
	want, err := Parse("lf.claims", strings.NewReader(text))
	require.NoError(t, err)
	require.Len(t, want, 2)
	for _, end := range []string{"\r\n", "\r"} {
		f, err := Parse("x.claims", strings.NewReader(strings.ReplaceAll(text, "\n", end)))
		require.NoError(t, err, "%q", end)
		require.Len(t, f, 2, "%q", end)
		for i, c := range f {
			assert.Equal(t, want[i].Line, c.Line)
			assert.Equal(t, want[i].Kind, c.Kind)
		}
	}
}
