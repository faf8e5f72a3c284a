package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// What a destination path may name, and what Create does with it:
//
//   - nothing yet: the file is created, with mode 0644;
//   - a regular file: it is replaced, all at once, keeping its mode; one
//     that this process may not write (read-only for a non-root user) is
//     refused, as shell redirection refuses it;
//   - a symbolic link: it is followed, through every link, and the file it
//     points to is written as above (created if the link dangles); the link
//     itself stays a link;
//   - a descriptor this process has open (/dev/stdout, /dev/stderr,
//     /dev/fd/N, process substitution's >(…) among them; see
//     descriptor.go): the bytes are written through a duplicate of it,
//     at its offset and in its append mode, as the shell opened it; a
//     closed descriptor, or one open only for reading, is refused;
//   - a device (/dev/null, a terminal) or a named pipe: the bytes are
//     written to it directly, as shell redirection writes them, since it
//     cannot be replaced; a pipe with no reader is refused at once instead
//     of waiting for one;
//   - a directory or a socket: refused.

// maxLinks bounds the symbolic links followed, as the kernel's ELOOP does.
const maxLinks = 40

// A target is what a destination path names once its links are followed.
type target struct {
	path       string      // the file to write: path itself, or what its links point to
	exists     bool        // path exists
	mode       fs.FileMode // its type and permissions when it exists
	descriptor int         // the descriptor of this process it stands for, when fd is set
	fd         bool
}

// A Target is what a destination path names once its symbolic links are
// followed: a file (Path, which may not exist yet) or a descriptor this
// process has open (Descriptor ≥ 0, for /dev/stdout, /dev/fd/N and the
// like).
type Target struct {
	Path       string
	Descriptor int
}

// Resolve follows path's symbolic links and says what it names, as Create
// would write it.
func Resolve(path string) (Target, error) {
	t, err := resolve(path)
	if err != nil {
		return Target{}, err
	}
	if t.fd {
		return Target{Path: t.path, Descriptor: t.descriptor}, nil
	}
	return Target{Path: t.path, Descriptor: -1}, nil
}

// resolve follows path's symbolic links and says what the final file is.
func resolve(path string) (target, error) {
	cur := path
	for range maxLinks {
		if fd, ok := descriptorOf(cur); ok {
			return target{path: cur, exists: true, descriptor: fd, fd: true}, nil
		}
		st, err := os.Lstat(cur)
		if errors.Is(err, fs.ErrNotExist) {
			return target{path: cur}, nil
		}
		if err != nil {
			return target{}, fmt.Errorf("cannot write %s: %v", path, Reason(err))
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return target{path: cur, exists: true, mode: st.Mode()}, nil
		}
		link, err := os.Readlink(cur)
		if err != nil {
			return target{}, fmt.Errorf("cannot write %s: %v", path, Reason(err))
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(cur), link)
		}
		cur = link
	}
	return target{}, fmt.Errorf("cannot write %s: more than %d symbolic links to follow", path, maxLinks)
}

// check refuses a target that cannot be written by Create.
func (t target) check(path string) error {
	switch m := t.mode; {
	case t.fd, !t.exists:
		return nil
	case m.IsDir():
		return fmt.Errorf("%s is a directory", path)
	case m&fs.ModeSocket != 0:
		return fmt.Errorf("cannot write %s: it is a socket", path)
	case m.IsRegular():
		// Opening for writing, without truncating, changes nothing and asks
		// the system the question shell redirection would.
		f, err := os.OpenFile(t.path, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("cannot write %s: %v", path, Reason(err))
		}
		return f.Close()
	}
	return nil
}

// direct reports whether the target is written in place: it exists and is
// neither a regular file nor a directory.
func (t target) direct() bool { return t.fd || t.exists && !t.mode.IsRegular() && !t.mode.IsDir() }

// perm returns the permissions a written file gets: the replaced file's,
// or 0644 for a new one.
func (t target) perm() fs.FileMode {
	if t.exists && t.mode.IsRegular() {
		return t.mode.Perm()
	}
	return 0o644
}

// openDirect opens a device or a named pipe for writing, without waiting
// for a pipe's reader.
func openDirect(path string, t target) (*os.File, error) {
	if t.fd {
		return dupDescriptor(t.descriptor, path)
	}
	flags := os.O_WRONLY
	if t.mode&fs.ModeNamedPipe != 0 {
		flags |= nonBlock
	}
	f, err := os.OpenFile(t.path, flags, 0)
	if err != nil {
		if t.mode&fs.ModeNamedPipe != 0 && errors.Is(err, errNoReader) {
			return nil, fmt.Errorf("cannot write %s: it is a named pipe that no process reads", path)
		}
		return nil, fmt.Errorf("cannot write %s: %v", path, Reason(err))
	}
	return f, nil
}

// SameFile reports whether the paths a and b name one existing file,
// through links of either kind.
func SameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
