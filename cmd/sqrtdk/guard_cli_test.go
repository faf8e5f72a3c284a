//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shellRun runs a bash command line in dir with $SQRTDK set to the built
// binary and returns its exit status, stdout and stderr.
func shellRun(t *testing.T, dir, line string) (int, string, string) {
	t.Helper()
	cmd := exec.Command("bash", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SQRTDK="+sharedBinary(t))
	return runCommand(t, cmd)
}

// gradeFixtures copies the lesson's key and answer files into a new folder.
func gradeFixtures(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"lesson.key", "right.answers", "mistakes.answers", "variants.key"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "exercises", name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	require.NoError(t, os.Symlink("lesson.key", filepath.Join(dir, "key-link")))
	return dir
}

// snapshot returns every file in dir (not in sub-folders) and its bytes.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	out := map[string]string{}
	for _, e := range entries {
		if e.Type().IsRegular() {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			require.NoError(t, err)
			out[e.Name()] = string(b)
		} else {
			out[e.Name()] = e.Type().String()
		}
	}
	return out
}

// TestOutputGuard runs the output mistakes of issue 22 through the built
// binary: an output that is an input (by its name, a link or a path
// through ..) or another output is refused before any work, exit status
// 2, one line naming the flag, and every file in the folder stays as it
// was.
func TestOutputGuard(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"$SQRTDK grade --key lesson.key -o lesson.key right.answers", "-o lesson.key is one of the input files (--key lesson.key)"},
		{"$SQRTDK grade --key lesson.key -o right.answers right.answers", "-o right.answers is one of the input files (answer file right.answers)"},
		{"$SQRTDK grade --key lesson.key --class-report lesson.key right.answers", "--class-report lesson.key is one of the input files (--key lesson.key)"},
		{"$SQRTDK exercise --key variants.key --seed 1 --student ada -o variants.key", "-o variants.key is one of the input files (--key variants.key)"},
		{"$SQRTDK grade --key lesson.key -o key-link right.answers", "-o key-link is one of the input files (--key lesson.key)"},
		{"$SQRTDK grade --key lesson.key -o sub/../lesson.key right.answers", "-o sub/../lesson.key is one of the input files"},
		{"$SQRTDK grade --key key-link -o ./lesson.key right.answers", "-o ./lesson.key is one of the input files (--key key-link)"},
		{"$SQRTDK grade --key lesson.key -o r.csv --class-report r.csv right.answers", "--class-report r.csv and -o r.csv are the same file"},
		{"$SQRTDK grade --key lesson.key -o r.csv --class-report sub/../r.csv right.answers mistakes.answers", "--class-report sub/../r.csv and -o r.csv are the same file"},
		{"$SQRTDK grade --key lesson.key right.answers >> right.answers", "standard output is one of the input files (answer file right.answers)"},
	} {
		t.Run(c.line, func(t *testing.T) {
			dir := gradeFixtures(t)
			before := snapshot(t, dir)
			code, stdout, stderr := shellRun(t, dir, c.line)
			assert.Equal(t, 2, code, "stderr: %s", stderr)
			assert.Empty(t, stdout)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
			assert.Contains(t, stderr, c.want)
			assert.Equal(t, before, snapshot(t, dir), "the folder changed")
		})
	}
}

// TestOutputDescriptors writes through /dev/stdout, a pipe and a process
// substitution as the shell opened them: appending where it appends.
func TestOutputDescriptors(t *testing.T) {
	dir := t.TempDir()
	_, table, _ := shellRun(t, dir, "$SQRTDK table")
	require.NotEmpty(t, table)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "log.txt"), []byte("kept\n"), 0o644))
	for _, c := range []struct{ line, want string }{
		{"$SQRTDK table -o /dev/stdout >> log.txt && cat log.txt", "kept\n" + table},
		{"$SQRTDK table -o /dev/stdout | cat", table},
		{"$SQRTDK table -o /dev/fd/1 | cat", table},
		{"$SQRTDK table -o >(cat > sub.txt); sleep 0.2; cat sub.txt", table},
		{"$SQRTDK table -o /dev/stderr 2>&1 >/dev/null | cat", table},
	} {
		t.Run(c.line, func(t *testing.T) {
			code, stdout, stderr := shellRun(t, dir, c.line)
			require.Equal(t, 0, code, "stderr: %s", stderr)
			assert.Equal(t, c.want, stdout)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "log.txt"), []byte("kept\n"), 0o644))
		})
	}
}

// TestFailedRunRemovesItsOutputs: a run that fails after creating outputs
// leaves none of them; a closed standard output is an error.
func TestFailedRunRemovesItsOutputs(t *testing.T) {
	dir := gradeFixtures(t)
	before := snapshot(t, dir)
	code, _, stderr := shellRun(t, dir, "$SQRTDK grade --key lesson.key -o /dev/full --class-report r.csv right.answers mistakes.answers")
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, "no space left on device")
	assert.Equal(t, before, snapshot(t, dir), "a failed run left a file")

	code, stdout, stderr := shellRun(t, dir, "$SQRTDK table >&-")
	assert.Equal(t, 2, code, stderr)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, "sqrtdk table: cannot write the result to standard output: it is closed")
	code, _, stderr = shellRun(t, dir, "$SQRTDK table -o /dev/stdout >&-")
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, "standard output is closed")
	// Nothing written to standard output: a closed one does not matter.
	code, _, stderr = shellRun(t, dir, "$SQRTDK table -o t.txt >&- && test -s t.txt")
	assert.Equal(t, 0, code, stderr)
}
