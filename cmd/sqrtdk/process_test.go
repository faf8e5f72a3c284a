package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// buildSqrtdk builds the command into dir and returns the binary's path.
func buildSqrtdk(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "sqrtdk")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

// execSqrtdk runs the binary and returns its exit status, stdout and stderr.
func execSqrtdk(t *testing.T, bin string, args ...string) (int, string, string) {
	t.Helper()
	return runCommand(t, exec.Command(bin, args...))
}

// runCommand runs cmd and returns its exit status, stdout and stderr.
func runCommand(t testing.TB, cmd *exec.Cmd) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), stdout.String(), stderr.String()
	}
	require.NoError(t, err)
	return 0, stdout.String(), stderr.String()
}

// TestShardProcessesMergeToSingleRun runs N shard processes at once, merges
// their files, and checks that the merged output is byte for byte the
// single run's, for tables and distributions in several formats.
func TestShardProcessesMergeToSingleRun(t *testing.T) {
	dir := t.TempDir()
	bin := sharedBinary(t)
	cases := []struct {
		name    string
		command []string // the run, without output flags
		output  []string // output flags, given to the single run and to merge
		shards  int
	}{
		{"lesson table", []string{"table", "--d", "1,2,4,6"}, nil, 3},
		{"repeated width", []string{"table", "--d", "3,2,3", "--values", "1,2"}, []string{"--format", "latex"}, 2},
		{"table csv d^1/4", []string{"table", "--values", "±1/2", "--d", "3,7"}, []string{"--scales", "raw,d^1/4", "--format", "csv", "--digits", "5"}, 5},
		{"dist text", []string{"dist", "--values", "-1,0:2,1", "--k-values", "1/2,-3", "--d", "5"}, nil, 4},
		{"dist json", []string{"dist", "--values", "-1,0,1", "--d", "6"}, []string{"--format", "json"}, 7},
		{"more slices than q vectors", []string{"dist", "--d", "2"}, []string{"--format", "markdown"}, 6},
		{"table latex for a book", []string{"table", "--d", "2,5"}, []string{"--format", "latex", "--caption", "Variance of $q\\cdot k$", "--label", "tab:v", "--columns", "scales,d_k"}, 3},
		{"dist latex for a book", []string{"dist", "--d", "5"}, []string{"--format", "latex", "--caption", "Scores", "--columns", "score,probability"}, 2},
	}
	for n, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, single, stderr := execSqrtdk(t, bin, append(append([]string{}, c.command...), c.output...)...)
			require.Equal(t, 0, code, stderr)
			var files []string
			var procs []*exec.Cmd
			var errs []*bytes.Buffer
			for i := range c.shards {
				file := filepath.Join(dir, fmt.Sprintf("case%d-shard%d.json", n, i))
				files = append(files, file)
				cmd := exec.Command(bin, append(append([]string{}, c.command...), "--shard", fmt.Sprintf("%d/%d", i, c.shards), "-o", file, "--workers", "1")...)
				var e bytes.Buffer
				cmd.Stderr = &e
				require.NoError(t, cmd.Start())
				procs, errs = append(procs, cmd), append(errs, &e)
			}
			for i, p := range procs {
				require.NoError(t, p.Wait(), "shard %d: %s", i, errs[i])
				require.Empty(t, errs[i].String(), "shard %d wrote to stderr", i)
			}
			// Files in reverse order: merge must not depend on the order given.
			for i, j := 0, len(files)-1; i < j; i, j = i+1, j-1 {
				files[i], files[j] = files[j], files[i]
			}
			code, merged, stderr := execSqrtdk(t, bin, append(append([]string{"merge"}, c.output...), files...)...)
			require.Equal(t, 0, code, stderr)
			require.Equal(t, single, merged, "merged output differs from the single run")
			// Without one slice, the merge is refused and prints nothing.
			code, merged, stderr = execSqrtdk(t, bin, append([]string{"merge"}, files[1:]...)...)
			require.Equal(t, 2, code)
			require.Empty(t, merged)
			require.Contains(t, stderr, "missing")
		})
	}
}

// waitForFile polls until a file matching pattern exists, for at most
// awaitDeadline.
func waitForFile(t *testing.T, pattern string) string {
	t.Helper()
	deadline := time.Now().Add(awaitDeadline)
	for time.Now().Before(deadline) {
		if m, _ := filepath.Glob(pattern); len(m) > 0 {
			return m[0]
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no file %s after %v", pattern, awaitDeadline)
	return ""
}

// TestKilledRunDebrisIsRemoved kills a shard run with SIGKILL, which no
// program can handle: its temporary file stays, and the next run writing
// the same file removes it.
func TestKilledRunDebrisIsRemoved(t *testing.T) {
	dir := t.TempDir()
	bin := sharedBinary(t)
	out := filepath.Join(dir, "out")
	require.NoError(t, os.Mkdir(out, 0o755))
	file := filepath.Join(out, "s.json")
	cmd := exec.Command(bin, "dist", "--d", "20", "--shard", "0/2", "--workers", "1", "-o", file)
	require.NoError(t, cmd.Start())
	partial := waitForFile(t, filepath.Join(out, ".s.json.*.partial"))
	// The file is created empty and then marked as sqrtdk's; a run killed
	// between the two leaves a file nobody may remove (it could be
	// anyone's). Kill it once the mark is there, as the test means.
	deadline := time.Now().Add(awaitDeadline)
	for info, err := os.Stat(partial); err == nil && info.Size() == 0 && time.Now().Before(deadline); info, err = os.Stat(partial) {
		time.Sleep(time.Millisecond)
	}
	require.NoError(t, cmd.Process.Kill())
	cmd.Wait()
	_, err := os.Stat(partial)
	require.NoError(t, err, "SIGKILL should have left the temporary file")

	code, _, stderr := execSqrtdk(t, bin, "dist", "--d", "4", "--shard", "0/2", "-o", file)
	require.Equal(t, 0, code, stderr)
	left, _ := os.ReadDir(out)
	require.Len(t, left, 1, "the killed run's temporary file is still there")
	require.Equal(t, "s.json", left[0].Name())
}
