package atomicfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A temporary file is owned by construction: Create makes it with
// exclusive creation, its writer remembers it and removes it when the run
// fails or is stopped, and it ends, until it is renamed into place, with a
// mark: a line that names sqrtdk and the destination it is for (markFor).
// Every temporary file is also locked (flock, exclusive) by the process
// writing it. A run killed by SIGKILL cannot remove its temporary file, but
// the kernel drops its lock: such a file, unlocked and ending with the mark
// of its destination, is what RemoveStale removes. A file that only has a
// temporary's name (a key, a roster or a shard a person named
// ".out.txt.1.partial") carries no mark and is never removed; nor is a
// locked one (a live run's). Where the file system cannot lock, nothing is
// removed.

// markFor returns the mark that ends a temporary file for the destination
// named base: a fixed-length line a person's file does not hold by chance.
func markFor(base string) []byte {
	h := sha256.Sum256([]byte(base))
	return []byte("\n\x00sqrtdk unfinished output " + hex.EncodeToString(h[:8]) + "\x00\n")
}

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

// RemoveStale removes the temporary files that killed runs left for the
// destination path (its links followed): those no live process holds that
// end with the mark sqrtdk writes, unless keep (the caller's inputs) says
// otherwise. It returns the files it removed, and the unlocked files it
// left although named like a temporary of path (no mark: not sqrtdk's, or
// not provably), for the caller to report. Errors leave a file in place.
func RemoveStale(path string, keep func(fs.FileInfo) bool) (removed, left []string) {
	t, err := resolve(path)
	if err != nil || t.fd {
		return nil, nil
	}
	dir, base := filepath.Dir(t.path), filepath.Base(t.path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil
	}
	mark := markFor(base)
	for _, e := range entries {
		if !isTempName(e.Name(), base) {
			continue
		}
		name := filepath.Join(dir, e.Name())
		switch staleState(name, mark, keep) {
		case staleMarked:
			removed = append(removed, name)
		case staleForeign:
			left = append(left, name)
		}
	}
	return removed, left
}

type stale int

const (
	staleHeld    stale = iota // locked by a live run, or not examinable
	staleMarked               // removed
	staleForeign              // no mark, an input, or not a regular file
)

// staleState removes the file name if it is an unlocked, marked temporary
// that keep does not protect, and says what it was.
func staleState(name string, mark []byte, keep func(fs.FileInfo) bool) stale {
	f, err := os.OpenFile(name, os.O_RDWR|noFollow, 0)
	if err != nil {
		return staleForeign // a link, a folder, unreadable: not ours to touch
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return staleForeign
	}
	if tryLock(f) != nil {
		return staleHeld
	}
	if keep != nil && keep(st) {
		return staleForeign
	}
	if st.Size() < int64(len(mark)) {
		return staleForeign
	}
	tail := make([]byte, len(mark))
	if _, err := f.ReadAt(tail, st.Size()-int64(len(mark))); err != nil || !bytes.Equal(tail, mark) {
		return staleForeign
	}
	// Still the same file under that name (not renamed into place by its
	// owner just before we took the lock)?
	if !samePath(f, name) || os.Remove(name) != nil {
		return staleHeld
	}
	return staleMarked
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
