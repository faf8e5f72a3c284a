package repotest

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPageCommands runs the commands of the manual's section on the
// student pages, each writing its page into a temporary directory.
func TestPageCommands(t *testing.T) {
	section := docSection(t, "Pages for students")
	_, block, ok := strings.Cut(section, "```sh\n")
	require.True(t, ok)
	block, _, _ = strings.Cut(block, "```")
	tmp := t.TempDir()
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		line, _, _ = strings.Cut(line, "#")
		args := strings.Fields(line)
		require.Equal(t, "sqrtdk", args[0])
		for i := range args {
			if i > 0 && args[i-1] == "-o" {
				args[i] = filepath.Join(tmp, args[i])
			}
		}
		_, stderr, status := sqrtdk(t, root, args[1:]...)
		require.Equal(t, 0, status, "%s: %s", line, stderr)
		require.FileExists(t, filepath.Join(args[len(args)-1], "index.html"), line)
		n++
	}
	assert.Equal(t, 5, n)
}
