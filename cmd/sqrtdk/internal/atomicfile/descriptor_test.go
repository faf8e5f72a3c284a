//go:build linux

package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A path that stands for one of this process's descriptors is written
// through that descriptor: at its offset and in its append mode, as the
// shell's ">>" opened it, and a pipe as a pipe; the file behind it is
// neither replaced nor truncated.
func TestCreateWritesThroughDescriptors(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log.txt")
	require.NoError(t, os.WriteFile(log, []byte("old\n"), 0o644))
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	defer f.Close()
	for i, name := range []string{"/dev/fd/%d", "/proc/self/fd/%d", fmt.Sprintf("/proc/%d/fd/%%d", os.Getpid()), "/dev/fd/../fd/%d"} {
		path := fmt.Sprintf(name, f.Fd())
		require.NoError(t, write(t, path, fmt.Sprintf("new %d\n", i)), path)
	}
	got, _ := os.ReadFile(log)
	assert.Equal(t, "old\nnew 0\nnew 1\nnew 2\nnew 3\n", string(got))
	assert.Empty(t, leftovers(t, dir, "log.txt"))

	// A symbolic link to a descriptor's name is followed to the descriptor.
	link := filepath.Join(dir, "to-fd")
	require.NoError(t, os.Symlink(fmt.Sprintf("/dev/fd/%d", f.Fd()), link))
	require.NoError(t, write(t, link, "linked\n"))
	got, _ = os.ReadFile(log)
	assert.Equal(t, "old\nnew 0\nnew 1\nnew 2\nnew 3\nlinked\n", string(got))

	// A pipe, as bash's >(…) passes one.
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	require.NoError(t, write(t, fmt.Sprintf("/dev/fd/%d", w.Fd()), "through the pipe"))
	w.Close()
	b, _ := io.ReadAll(r)
	assert.Equal(t, "through the pipe", string(b))

	// Resolve says which descriptor a path stands for.
	tg, err := Resolve("/dev/stdout")
	require.NoError(t, err)
	assert.Equal(t, 1, tg.Descriptor)
	tg, err = Resolve(log)
	require.NoError(t, err)
	assert.Equal(t, -1, tg.Descriptor)
}

// A descriptor that is closed, or open only for reading, is refused.
func TestCreateRefusesUnwritableDescriptors(t *testing.T) {
	_, err := Create("/dev/fd/987")
	assert.ErrorContains(t, err, "descriptor 987 is closed")
	f, err := os.Open(os.DevNull)
	require.NoError(t, err)
	defer f.Close()
	_, err = Create(fmt.Sprintf("/dev/fd/%d", f.Fd()))
	assert.ErrorContains(t, err, "open for reading only")
}
