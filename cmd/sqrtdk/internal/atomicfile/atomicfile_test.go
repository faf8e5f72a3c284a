package atomicfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// leftovers returns the names in dir other than the given ones.
func leftovers(t *testing.T, dir string, want ...string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	keep := map[string]bool{}
	for _, w := range want {
		keep[w] = true
	}
	var out []string
	for _, e := range entries {
		if !keep[e.Name()] {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestCommitReplacesOnlyWhenDone(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o644))
	p, err := Create(path)
	require.NoError(t, err)
	_, err = p.Write([]byte("new"))
	require.NoError(t, err)
	got, _ := os.ReadFile(path)
	assert.Equal(t, "old", string(got), "the destination changed before Commit")
	require.NoError(t, p.Commit())
	got, _ = os.ReadFile(path)
	assert.Equal(t, "new", string(got))
	assert.Empty(t, leftovers(t, dir, "out.txt"))
	assert.Error(t, p.Commit(), "a second Commit must fail")
}

func TestDiscardLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	p, err := Create(path)
	require.NoError(t, err)
	_, err = p.Write([]byte("partial"))
	require.NoError(t, err)
	p.Discard()
	p.Discard()
	assert.Empty(t, leftovers(t, dir))
	var none *Pending
	none.Discard()
}

func TestCreateRefusesDirectoryAndMissingFolder(t *testing.T) {
	dir := t.TempDir()
	_, err := Create(dir)
	assert.ErrorContains(t, err, "is a directory")
	_, err = Create(filepath.Join(dir, "missing", "out.txt"))
	assert.ErrorContains(t, err, "cannot write beside")
	assert.Empty(t, leftovers(t, dir))
}

func TestWriteAllIsAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.svg")
	require.NoError(t, WriteAll([]File{{a, []byte("A")}, {filepath.Join(dir, "b.csv"), []byte("B")}}))
	got, _ := os.ReadFile(a)
	assert.Equal(t, "A", string(got))
	assert.Empty(t, leftovers(t, dir, "a.svg", "b.csv"))

	// The second destination cannot be written: the first is not replaced.
	err := WriteAll([]File{{a, []byte("A2")}, {filepath.Join(dir, "missing", "b.csv"), []byte("B2")}})
	require.Error(t, err)
	got, _ = os.ReadFile(a)
	assert.Equal(t, "A", string(got), "a failed WriteAll replaced a file")
	assert.Empty(t, leftovers(t, dir, "a.svg", "b.csv"))
}
