package guard

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/atomicfile"
)

// An identity says which file a name reaches: the file itself when it
// exists (its device and inode, through every link and ".."), or the
// folder it would be created in and its name there.
type identity struct {
	file fs.FileInfo // the file, when it exists
	dir  fs.FileInfo // for a file not created yet: its folder
	base string      // and its name in it
}

// same reports whether two identities are one file that writing would
// replace or truncate: regular files, or one path not created yet. Devices,
// pipes and terminals are not: writing twice to /dev/null or to the
// terminal standard input reads from loses nothing.
func (a identity) same(b identity) bool {
	switch {
	case a.file != nil && b.file != nil:
		return a.file.Mode().IsRegular() && b.file.Mode().IsRegular() && os.SameFile(a.file, b.file)
	case a.dir != nil && b.dir != nil:
		return a.base == b.base && os.SameFile(a.dir, b.dir)
	}
	return false
}

// outputIdentity says which file writing path would write, as
// atomicfile.Create writes it: through links, or through a descriptor.
func outputIdentity(path string) (identity, int, error) {
	t, err := atomicfile.Resolve(path)
	if err != nil {
		return identity{}, -1, err
	}
	if t.Descriptor >= 0 {
		st, err := descriptorInfo(t.Descriptor)
		if err != nil {
			return identity{}, t.Descriptor, nil // Create reports it
		}
		return identity{file: st}, t.Descriptor, nil
	}
	st, err := os.Stat(t.Path)
	if err == nil {
		return identity{file: st}, -1, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return identity{}, -1, nil
	}
	dst, err := os.Stat(filepath.Dir(t.Path))
	if err != nil {
		return identity{}, -1, nil // Create reports the missing folder
	}
	return identity{dir: dst, base: filepath.Base(t.Path)}, -1, nil
}
