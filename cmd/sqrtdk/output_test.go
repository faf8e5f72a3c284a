//go:build unix

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutputIsNotAnInput runs merge with -o naming one of its own shard
// files, by its name, through a symbolic link and through a hard link:
// each is refused before anything is written, and no shard changes.
func TestOutputIsNotAnInput(t *testing.T) {
	dir := t.TempDir()
	s0, s1 := filepath.Join(dir, "shard-0.json"), filepath.Join(dir, "shard-1.json")
	for i, s := range []string{s0, s1} {
		_, stderr, code := runCLI(t, "dist", "--d", "3", "--shard", []string{"0/2", "1/2"}[i], "-o", s)
		require.Equal(t, 0, code, stderr)
	}
	before0, _ := os.ReadFile(s0)
	before1, _ := os.ReadFile(s1)
	require.NoError(t, os.Symlink("shard-1.json", filepath.Join(dir, "latest.json")))
	require.NoError(t, os.Link(s0, filepath.Join(dir, "copy.json")))
	for _, out := range []string{s0, filepath.Join(dir, "latest.json"), filepath.Join(dir, "copy.json"), filepath.Join(dir, ".", "shard-1.json")} {
		stdout, stderr, code := runCLI(t, "merge", "-o", out, s0, s1)
		require.Equal(t, 2, code, stderr)
		require.Empty(t, stdout)
		assert.Contains(t, stderr, "is one of the input files")
		assert.Equal(t, 1, countLines(stderr), stderr)
		after0, _ := os.ReadFile(s0)
		after1, _ := os.ReadFile(s1)
		require.Equal(t, before0, after0, "-o %s changed shard 0", out)
		require.Equal(t, before1, after1, "-o %s changed shard 1", out)
	}
	assert.ElementsMatch(t, []string{"shard-0.json", "shard-1.json", "latest.json", "copy.json"}, names(t, dir))
	// Another file is fine.
	_, stderr, code := runCLI(t, "merge", "-o", filepath.Join(dir, "merged.txt"), s0, s1)
	require.Equal(t, 0, code, stderr)
}

// TestOutputThroughLinksAndDevices checks the documented -o behaviour on
// what is not a plain file: a symbolic link is followed and stays a link;
// a device is written in place and stays a device (as root too); a full
// device makes the run fail with one line and exit status 2.
func TestOutputThroughLinksAndDevices(t *testing.T) {
	dir := t.TempDir()
	want, _, code := runCLI(t, "table")
	require.Equal(t, 0, code)

	real := filepath.Join(dir, "run-1.txt")
	link := filepath.Join(dir, "latest.txt")
	require.NoError(t, os.Symlink("run-1.txt", link))
	_, stderr, code := runCLI(t, "table", "-o", link)
	require.Equal(t, 0, code, stderr)
	got, _ := os.ReadFile(real)
	assert.Equal(t, want, string(got))
	st, _ := os.Lstat(link)
	assert.NotZero(t, st.Mode()&fs.ModeSymlink, "-o replaced the symbolic link")

	if runtime.GOOS != "linux" {
		t.Skip("device numbers are Linux's")
	}
	null, full := filepath.Join(dir, "null"), filepath.Join(dir, "full")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("cannot make a device node here: %v", err)
	}
	require.NoError(t, syscall.Mknod(full, syscall.S_IFCHR|0o666, 1<<8|7))
	_, stderr, code = runCLI(t, "table", "-o", null)
	require.Equal(t, 0, code, stderr)
	st, _ = os.Lstat(null)
	assert.NotZero(t, st.Mode()&fs.ModeCharDevice, "-o replaced the device node by a %v", st.Mode())

	for _, args := range [][]string{{"table", "-o", full}, {"dist", "--d", "4", "--format", "json", "-o", full}, {"dist", "--d", "4", "--shard", "0/2", "-o", full}} {
		stdout, stderr, code := runCLI(t, args...)
		require.Equal(t, 2, code, "%v: %s", args, stderr)
		require.Empty(t, stdout)
		assert.Contains(t, stderr, "no space left on device")
		assert.Equal(t, 1, countLines(stderr), stderr)
		st, _ = os.Lstat(full)
		assert.NotZero(t, st.Mode()&fs.ModeCharDevice)
	}
	assert.ElementsMatch(t, []string{"run-1.txt", "latest.txt", "null", "full"}, names(t, dir))
}
