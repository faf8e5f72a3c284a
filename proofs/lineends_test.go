package proofs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A joint law reads the same with LF, CRLF or CR-only line ends.
func TestJointLawLineEnds(t *testing.T) {
	text := "# two outcomes\n1  -1,1  1,1\n1  1,-1  -1,-1\n"
	want, err := ReadJointLaw("", strings.NewReader(text))
	require.NoError(t, err)
	for _, end := range []string{"\r\n", "\r"} {
		j, err := ReadJointLaw("", strings.NewReader(strings.ReplaceAll(text, "\n", end)))
		require.NoError(t, err, "%q", end)
		assert.Equal(t, want, j, "%q", end)
	}
}
