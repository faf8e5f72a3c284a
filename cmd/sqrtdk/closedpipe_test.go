//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClosedPipe runs commands whose standard output is a pipe whose
// reader has gone (as in "sqrtdk grade … | head -c1"): a run that cannot
// write its whole result ends as the manual says, one line and exit
// status 2, not a silent death by SIGPIPE, and leaves none of its files,
// temporary or final, behind.
func TestClosedPipe(t *testing.T) {
	bin := sharedBinary(t)
	class, err := filepath.Abs(filepath.Join("..", "..", "exercises", "classes", "a"))
	require.NoError(t, err)
	answers, err := filepath.Glob(filepath.Join(class, "s*.answers"))
	require.NoError(t, err)
	for _, args := range [][]string{
		append([]string{"grade", "--key", filepath.Join(class, "homework.key"), "--class-report", "rep.csv", "--format", "json"}, answers...),
		{"table", "--d", "1,2,3,4"},
		{"prove", "--d", "4"},
	} {
		t.Run(args[0], func(t *testing.T) {
			dir := t.TempDir()
			r, w, err := os.Pipe()
			require.NoError(t, err)
			r.Close()
			var stderr bytes.Buffer
			cmd := exec.Command(bin, args...)
			cmd.Dir, cmd.Stdout, cmd.Stderr = dir, w, &stderr
			err = cmd.Run()
			w.Close()
			var exit *exec.ExitError
			require.ErrorAs(t, err, &exit)
			assert.Equal(t, 2, exit.ExitCode(), "stderr: %s", stderr.String())
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			assert.Equal(t, "sqrtdk "+args[0]+": standard output was closed before the whole result was written (its reader exited)", lines[len(lines)-1])
			left, _ := os.ReadDir(dir)
			assert.Empty(t, left, "files left behind")
		})
	}
}
