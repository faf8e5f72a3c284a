package atomicfile

import (
	"bufio"
	"io/fs"
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

// A temporary file that nobody holds and that ends with its destination's
// mark, as a run killed with SIGKILL leaves it, is removed by RemoveStale;
// files that only have a temporary's name (a key named so), temporaries of
// other destinations, links, and an input the caller keeps, are not, and
// the unmarked ones named like a temporary are reported.
func TestRemoveStaleRemovesOnlyMarked(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no file locks")
	}
	dir := t.TempDir()
	mark := markFor("out.txt")
	write := func(name, data string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600))
	}
	write(".out.txt.123.partial", "debris"+string(mark))
	write(".out.txt.4.partial", string(mark))
	write(".out.txt.5.partial", "precious key")                   // named like one, not marked
	write(".out.txt.6.partial", "x"+string(markFor("other.txt"))) // another destination's mark
	write(".out.txt.7.partial", string(mark[:len(mark)-1]))       // a cut mark
	write(".out.txt.8.partial", string(mark)+"after")             // the mark not at the end
	write(".out.txt.9.partial", "an input, marked"+string(mark))  // kept by the caller
	keep := []string{".out.txt.12x.partial", "out.txt.5.partial", ".other.txt.7.partial", ".out.txt.9.partial.bak"}
	for _, name := range keep {
		write(name, "debris"+string(mark))
	}
	// A symbolic link with a temporary's name is not followed or removed.
	target := filepath.Join(dir, "target")
	write("target", "precious"+string(mark))
	require.NoError(t, os.Symlink(target, filepath.Join(dir, ".out.txt.77.partial")))
	input, err := os.Stat(filepath.Join(dir, ".out.txt.9.partial"))
	require.NoError(t, err)

	removed, left := RemoveStale(filepath.Join(dir, "out.txt"), func(fi fs.FileInfo) bool { return os.SameFile(fi, input) })
	assert.ElementsMatch(t, []string{".out.txt.123.partial", ".out.txt.4.partial"}, bases(removed))
	assert.ElementsMatch(t, []string{".out.txt.5.partial", ".out.txt.6.partial", ".out.txt.7.partial", ".out.txt.8.partial", ".out.txt.9.partial", ".out.txt.77.partial"}, bases(left))
	assert.ElementsMatch(t, append(keep, "target", ".out.txt.5.partial", ".out.txt.6.partial", ".out.txt.7.partial", ".out.txt.8.partial", ".out.txt.9.partial", ".out.txt.77.partial"), leftovers(t, dir))
	got, _ := os.ReadFile(filepath.Join(dir, ".out.txt.5.partial"))
	assert.Equal(t, "precious key", string(got))
}

// The mark ends a temporary file at every moment of its writing and is
// gone from the file Commit puts in place.
func TestMarkEndsTemporaryUntilCommit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	p, err := Create(path)
	require.NoError(t, err)
	mark := markFor("out.txt")
	got, _ := os.ReadFile(p.Temp())
	assert.Equal(t, string(mark), string(got))
	want := ""
	for _, chunk := range []string{"a", "", "bcd", strings.Repeat("e", 5000), "\n"} {
		_, err := p.Write([]byte(chunk))
		require.NoError(t, err)
		want += chunk
		got, _ := os.ReadFile(p.Temp())
		assert.Equal(t, want+string(mark), string(got))
	}
	require.NoError(t, p.Commit())
	got, _ = os.ReadFile(path)
	assert.Equal(t, want, string(got))
}

func bases(paths []string) []string {
	var out []string
	for _, p := range paths {
		out = append(out, filepath.Base(p))
	}
	return out
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
// checks that its temporary file survives RemoveStale while it lives,
// kills it with SIGKILL (no clean-up possible), and checks that the next
// RemoveStale removes what it left.
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

	RemoveStale(path, nil)
	assert.Equal(t, held, leftovers(t, dir), "a live writer's temporary file was removed")

	require.NoError(t, cmd.Process.Kill())
	cmd.Wait()
	assert.Equal(t, held, leftovers(t, dir), "SIGKILL should leave the temporary file")
	removed, left := RemoveStale(path, nil)
	assert.Len(t, removed, 1)
	assert.Empty(t, left)
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
