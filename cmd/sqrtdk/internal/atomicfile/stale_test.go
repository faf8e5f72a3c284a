package atomicfile

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestIsTempName(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{".out.txt.123.partial", true},
		{".out.txt.0.partial", true},
		{".out.txt..partial", false},
		{".out.txt.12a.partial", false},
		{"out.txt.123.partial", false},
		{".out.txt.123.partial.bak", false},
		{".other.txt.123.partial", false},
		{".out.txt.1.2.partial", false},
		{".out.txt.123", false},
	} {
		assert.Equal(t, c.want, isTempName(c.name, "out.txt"), c.name)
	}
}

// A temporary file that nobody holds, as a run killed with SIGKILL leaves
// it, is removed by the next Create of the same destination; files that
// only look alike, and temporaries of other destinations, are not.
func TestCreateRemovesUnheldTemporaries(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no file locks")
	}
	dir := t.TempDir()
	keep := []string{".out.txt.12x.partial", "out.txt.5.partial", ".other.txt.7.partial", ".out.txt.9.partial.bak"}
	for _, name := range append([]string{".out.txt.123.partial", ".out.txt.4.partial"}, keep...) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("debris"), 0o600))
	}
	// A symbolic link with a temporary's name is not followed or removed.
	target := filepath.Join(dir, "target")
	require.NoError(t, os.WriteFile(target, []byte("precious"), 0o600))
	require.NoError(t, os.Symlink(target, filepath.Join(dir, ".out.txt.77.partial")))
	keep = append(keep, "target", ".out.txt.77.partial")

	p, err := Create(filepath.Join(dir, "out.txt"))
	require.NoError(t, err)
	_, err = p.Write([]byte("new"))
	require.NoError(t, err)
	require.NoError(t, p.Commit())
	assert.ElementsMatch(t, keep, leftovers(t, dir, "out.txt"))
	got, _ := os.ReadFile(target)
	assert.Equal(t, "precious", string(got))
}

// Two writers of one destination at once: the second must not take the
// first one's temporary file for stale.
func TestCreateLeavesHeldTemporaries(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	first, err := Create(path)
	require.NoError(t, err)
	second, err := Create(path)
	require.NoError(t, err)
	assert.Len(t, leftovers(t, dir), 2, "the second Create removed the first one's temporary file")
	_, err = first.Write([]byte("first"))
	require.NoError(t, err)
	require.NoError(t, first.Commit(), "the first writer lost its temporary file")
	second.Discard()
	got, _ := os.ReadFile(path)
	assert.Equal(t, "first", string(got))
	assert.Empty(t, leftovers(t, dir, "out.txt"))
}

// TestKilledWriterLeavesNothingForLong runs a writer in another process,
// checks that its temporary file survives a Create while it lives, kills
// it with SIGKILL (no clean-up possible), and checks that the next Create
// removes what it left.
func TestKilledWriterLeavesNothingForLong(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no file locks, no SIGKILL")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWriter$")
	cmd.Env = append(os.Environ(), "ATOMICFILE_HELPER_PATH="+path)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "writing\n", line)
	held := leftovers(t, dir)
	require.Len(t, held, 1)
	assert.True(t, isTempName(held[0], "out.txt"), held[0])

	p, err := Create(path)
	require.NoError(t, err)
	p.Discard()
	assert.Equal(t, held, leftovers(t, dir), "a live writer's temporary file was removed")

	require.NoError(t, cmd.Process.Kill())
	cmd.Wait()
	assert.Equal(t, held, leftovers(t, dir), "SIGKILL should leave the temporary file")
	p, err = Create(path)
	require.NoError(t, err)
	p.Discard()
	assert.Empty(t, leftovers(t, dir), "the killed writer's temporary file is still there")
}

// TestHelperWriter is the writer process of TestKilledWriterLeavesNothingForLong.
func TestHelperWriter(t *testing.T) {
	path := os.Getenv("ATOMICFILE_HELPER_PATH")
	if path == "" {
		t.Skip("helper process only")
	}
	p, err := Create(path)
	if err != nil {
		os.Stdout.WriteString("error: " + strings.ReplaceAll(err.Error(), "\n", " ") + "\n")
		os.Exit(1)
	}
	p.Write([]byte("partial"))
	os.Stdout.WriteString("writing\n")
	select {} // until killed
}
