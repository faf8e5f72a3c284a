package repotest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxTrackedBytes is the largest file the repository may track: anything
// larger is built (a binary, a module, an archive) and every version of it
// would stay in every clone's .git.
const maxTrackedBytes = 1 << 20

// largeAllowed are the tracked files that may be larger: the student
// pages' WebAssembly module, which the pages embed and go generate makes
// (the lead regenerates it once per merge).
var largeAllowed = []string{"cmd/sqrtdk/internal/pages/sqrtdk.wasm.gz"}

// largeFiles returns the files of names (relative to dir) over limit
// bytes that allowed does not list, with their sizes.
func largeFiles(dir string, names []string, limit int64, allowed []string) ([]string, error) {
	var out []string
	for _, name := range names {
		info, err := os.Lstat(filepath.Join(dir, name))
		if os.IsNotExist(err) {
			continue // deleted in the work tree, not yet committed
		}
		if err != nil {
			return nil, err
		}
		ok := false
		for _, a := range allowed {
			ok = ok || a == name
		}
		if info.Mode().IsRegular() && info.Size() > limit && !ok {
			out = append(out, fmt.Sprintf("%s (%d bytes)", name, info.Size()))
		}
	}
	return out, nil
}

// TestNothingBuiltIsCommitted requires every file git tracks to be at
// most 1 MiB, but for the pages' module.
func TestNothingBuiltIsCommitted(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	var names []string
	for _, n := range bytes.Split(bytes.TrimSuffix(out, []byte{0}), []byte{0}) {
		names = append(names, string(n))
	}
	require.Greater(t, len(names), 100, "git ls-files")
	large, err := largeFiles(root, names, maxTrackedBytes, largeAllowed)
	require.NoError(t, err)
	assert.Empty(t, large, "built files are not committed: remove them (git rm --cached) and ignore them in .gitignore")
}

// TestLargeFilesCatchesABinary checks that the test above can fail: a
// file one byte over the limit is named, one at the limit and an allowed
// one are not.
func TestLargeFilesCatchesABinary(t *testing.T) {
	dir := t.TempDir()
	for name, size := range map[string]int{"sqrtdk": 1025, "table.txt": 1024, "module.wasm.gz": 4096} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), make([]byte, size), 0o644))
	}
	large, err := largeFiles(dir, []string{"sqrtdk", "table.txt", "module.wasm.gz", "gone"}, 1024, []string{"module.wasm.gz"})
	require.NoError(t, err)
	assert.Equal(t, []string{"sqrtdk (1025 bytes)"}, large)
}
