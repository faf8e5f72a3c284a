//go:build unix

package atomicfile

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/internal/deadlinetest"
)

// write creates path, writes data and commits.
func write(t *testing.T, path, data string) error {
	t.Helper()
	p, err := Create(path)
	if err != nil {
		return err
	}
	if _, err := p.Write([]byte(data)); err != nil {
		p.Discard()
		return err
	}
	return p.Commit()
}

// A symbolic link is followed: the file it points to gets the bytes and
// the link stays a link, through chains of links and dangling ones.
func TestCreateWritesThroughSymlinks(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	require.NoError(t, os.Mkdir(sub, 0o755))
	real := filepath.Join(sub, "run-42.txt")
	require.NoError(t, os.WriteFile(real, []byte("old"), 0o600))
	link := filepath.Join(dir, "latest.txt")
	require.NoError(t, os.Symlink("sub/run-42.txt", link))
	chain := filepath.Join(dir, "chain.txt")
	require.NoError(t, os.Symlink("latest.txt", chain))

	require.NoError(t, write(t, chain, "new"))
	got, _ := os.ReadFile(real)
	assert.Equal(t, "new", string(got))
	for _, l := range []string{link, chain} {
		st, err := os.Lstat(l)
		require.NoError(t, err)
		assert.NotZero(t, st.Mode()&fs.ModeSymlink, "%s was replaced by a regular file", l)
	}
	st, _ := os.Stat(real)
	assert.Equal(t, fs.FileMode(0o600), st.Mode().Perm(), "the replaced file's permissions changed")
	assert.Empty(t, leftovers(t, sub, "run-42.txt"))
	assert.Empty(t, leftovers(t, dir, "sub", "latest.txt", "chain.txt"))

	// A dangling link: the file it names is created.
	dangling := filepath.Join(dir, "next.txt")
	require.NoError(t, os.Symlink(filepath.Join(sub, "run-43.txt"), dangling))
	require.NoError(t, write(t, dangling, "43"))
	got, _ = os.ReadFile(filepath.Join(sub, "run-43.txt"))
	assert.Equal(t, "43", string(got))
	st, _ = os.Stat(filepath.Join(sub, "run-43.txt"))
	assert.Equal(t, fs.FileMode(0o644), st.Mode().Perm())

	// A loop of links is refused.
	loop := filepath.Join(dir, "loop")
	require.NoError(t, os.Symlink("loop", loop))
	assert.ErrorContains(t, write(t, loop, "x"), "symbolic links")
}

// mknod makes a character device like the system's /dev/null (1, 3) or
// /dev/full (1, 7) in a temporary folder, or skips the test when this
// process may not.
func mknod(t *testing.T, name string, minor int) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("device numbers are Linux's")
	}
	path := filepath.Join(t.TempDir(), name)
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|minor); err != nil {
		t.Skipf("cannot make a device node here: %v", err)
	}
	return path
}

// A device is written in place, never replaced by a regular file, even
// by root; a full one reports the write error.
func TestCreateWritesDevicesInPlace(t *testing.T) {
	null := mknod(t, "null", 3)
	require.NoError(t, write(t, null, "anything"))
	st, err := os.Lstat(null)
	require.NoError(t, err)
	assert.NotZero(t, st.Mode()&fs.ModeCharDevice, "the device node was replaced: %v", st.Mode())
	assert.Empty(t, leftovers(t, filepath.Dir(null), "null"))

	full := mknod(t, "full", 7)
	err = write(t, full, "anything")
	assert.ErrorIs(t, err, syscall.ENOSPC)
	st, _ = os.Lstat(full)
	assert.NotZero(t, st.Mode()&fs.ModeCharDevice)
}

// A named pipe is written in place when a process reads it, and refused
// at once when none does, rather than waited on.
func TestCreateWritesNamedPipes(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	start := time.Now()
	err := write(t, fifo, "x")
	assert.ErrorContains(t, err, "named pipe that no process reads")
	assert.Less(t, time.Since(start), deadlinetest.Scaled(5*time.Second))

	// The reader is open but reads only after the writer has closed: a
	// read from a pipe with no writer yet would see end of file at once
	// and close the reader before the write (which fits the pipe's buffer).
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	require.NoError(t, err)
	defer r.Close()
	require.NoError(t, write(t, fifo, "through the pipe"))
	b, err := io.ReadAll(r)
	require.NoError(t, err)
	assert.Equal(t, "through the pipe", string(b))
	st, _ := os.Lstat(fifo)
	assert.NotZero(t, st.Mode()&fs.ModeNamedPipe)
}

// A file this process may not write is refused before anything is
// written, as shell redirection refuses it (root may write anything).
func TestCreateRefusesReadOnlyFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root may write a read-only file")
	}
	path := filepath.Join(t.TempDir(), "ro.txt")
	require.NoError(t, os.WriteFile(path, []byte("keep"), 0o444))
	err := write(t, path, "new")
	assert.ErrorContains(t, err, "permission denied")
	got, _ := os.ReadFile(path)
	assert.Equal(t, "keep", string(got))
}

func TestSameFile(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a")
	require.NoError(t, os.WriteFile(a, []byte("a"), 0o644))
	require.NoError(t, os.Link(a, filepath.Join(dir, "hard")))
	require.NoError(t, os.Symlink("a", filepath.Join(dir, "soft")))
	assert.True(t, SameFile(filepath.Join(dir, "soft"), a))
	assert.True(t, SameFile(a, filepath.Join(dir, ".", "a")))
	assert.True(t, SameFile(filepath.Join(dir, "hard"), a))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b"), []byte("a"), 0o644))
	assert.False(t, SameFile(a, filepath.Join(dir, "b")))
	assert.False(t, SameFile(a, filepath.Join(dir, "missing")))
}

// WriteAll refuses two names of one file instead of letting the second
// silently replace the first.
func TestWriteAllRefusesOneFileTwice(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "fig.svg")
	require.NoError(t, os.WriteFile(a, []byte("old"), 0o644))
	require.NoError(t, os.Link(a, filepath.Join(dir, "data.csv")))
	err := WriteAll([]File{{a, []byte("A")}, {filepath.Join(dir, "data.csv"), []byte("B")}})
	assert.ErrorContains(t, err, "are the same file")
	got, _ := os.ReadFile(a)
	assert.Equal(t, "old", string(got))
	assert.Empty(t, leftovers(t, dir, "fig.svg", "data.csv"))
}
