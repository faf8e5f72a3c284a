package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
)

// Every temporary file is locked (flock, exclusive) by the process writing
// it, from its creation until it is renamed into place or removed. A run
// killed by SIGKILL, or on a machine that crashed, cannot remove its
// temporary file, but the kernel (or the NFS server) drops its lock; so a
// temporary file whose lock can be taken belongs to nobody and is removed by
// the next Create of the same destination. One still locked belongs to a
// live run and is left alone. Where the file system cannot lock, nothing is
// removed.

// isTempName reports whether name is a temporary name that Create makes
// for base: "." + base + "." + decimal digits + ".partial".
func isTempName(name, base string) bool {
	middle, ok := strings.CutPrefix(name, "."+base+".")
	if !ok {
		return false
	}
	middle, ok = strings.CutSuffix(middle, ".partial")
	if !ok || middle == "" {
		return false
	}
	for _, c := range middle {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// removeStale removes the temporary files for dir/base that no live
// process holds, and returns their names. Errors are ignored: a file that
// cannot be opened, locked or removed is simply left where it is.
func removeStale(dir, base string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		if !e.Type().IsRegular() || !isTempName(e.Name(), base) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if removeIfUnlocked(path) {
			removed = append(removed, e.Name())
		}
	}
	return removed
}

// removeIfUnlocked removes path if its lock can be taken, and reports
// whether it did.
func removeIfUnlocked(path string) bool {
	f, err := os.OpenFile(path, os.O_RDWR|noFollow, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if tryLock(f) != nil {
		return false
	}
	// Still the same file under that name (not renamed into place by its
	// owner just before we took the lock)?
	if !samePath(f, path) {
		return false
	}
	return os.Remove(path) == nil
}

// samePath reports whether path still names the open file f.
func samePath(f *os.File, path string) bool {
	fst, err := f.Stat()
	if err != nil {
		return false
	}
	pst, err := os.Lstat(path)
	return err == nil && os.SameFile(fst, pst)
}
