// Package atomicfile writes files that appear whole or not at all: the
// bytes go to a temporary file beside the destination, which is renamed
// into place only once everything was written and flushed. The writing
// process holds a lock on its temporary file, so that one left by a killed
// run is recognised, and removed, by the next run writing the same file.
// Symbolic links are followed and the file they point to is replaced;
// devices and named pipes, which cannot be replaced, are written in place
// (see target.go).
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// A Pending is a file being written: its bytes go to a temporary file
// beside the file Path names until Commit renames it into place or
// Discard removes it; for a device or a named pipe they go straight to it.
type Pending struct {
	Path   string
	target string      // the file Path names, its links followed
	perm   fs.FileMode // the permissions the written file gets
	tmp    *os.File
	n      int64       // the bytes written to tmp; its mark follows them
	mark   []byte      // the mark that ends tmp until Commit
	direct *os.File    // a device or named pipe written in place
	placed os.FileInfo // the file Commit renamed into place
}

// Create checks that path can be written and opens its temporary file (or
// the device or pipe it names), so that an unwritable destination is
// reported before any long work. The temporary file is new (exclusive
// creation), locked, and holds only the mark until bytes are written;
// Create removes nothing (RemoveStale does, for a caller that knows its
// inputs).
func Create(path string) (*Pending, error) {
	t, err := resolve(path)
	if err != nil {
		return nil, err
	}
	if err := t.check(path); err != nil {
		return nil, err
	}
	if t.direct() {
		f, err := openDirect(path, t)
		if err != nil {
			return nil, err
		}
		return &Pending{Path: path, target: t.path, direct: f}, nil
	}
	dir, base := filepath.Dir(t.path), filepath.Base(t.path)
	for {
		// os.CreateTemp opens with O_CREATE|O_EXCL: the file is this run's.
		tmp, err := os.CreateTemp(dir, "."+base+".*.partial")
		if err != nil {
			return nil, fmt.Errorf("cannot write beside %s: %v", path, Reason(err))
		}
		// Between CreateTemp and lock another run may have taken the new
		// (still unmarked, so never removed) file for stale: then make another.
		if lock(tmp) != nil || samePath(tmp, tmp.Name()) {
			p := &Pending{Path: path, target: t.path, perm: t.perm(), tmp: tmp, mark: markFor(base)}
			if _, err := tmp.WriteAt(p.mark, 0); err != nil {
				os.Remove(tmp.Name())
				tmp.Close()
				return nil, fmt.Errorf("cannot write beside %s: %v", path, Reason(err))
			}
			return p, nil
		}
		tmp.Close()
	}
}

// Temp returns the name of the temporary file the bytes go to until
// Commit, or "" when they go straight to a device, pipe or descriptor.
func (p *Pending) Temp() string {
	if p.tmp == nil {
		return ""
	}
	return p.tmp.Name()
}

// Target returns the file Commit writes: Path with its links followed.
func (p *Pending) Target() string { return p.target }

// Write writes b to the temporary file, or to the device or pipe.
func (p *Pending) Write(b []byte) (int, error) {
	if p.direct != nil {
		return p.direct.Write(b)
	}
	if p.tmp == nil {
		return 0, errors.New("atomicfile: write after commit or discard")
	}
	// The new mark goes after the bytes before they overwrite the old
	// one, so that the file ends with a whole mark at every moment.
	if _, err := p.tmp.WriteAt(p.mark, p.n+int64(len(b))); err != nil {
		return 0, err
	}
	n, err := p.tmp.WriteAt(b, p.n)
	p.n += int64(n)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	return n, err
}

// Commit flushes the temporary file to disk and renames it to the file
// Path names; on failure the temporary file is removed and that file is
// left as it was. For a device or a named pipe it closes it.
func (p *Pending) Commit() error {
	if p.direct != nil {
		err := p.direct.Close()
		p.direct = nil
		if err != nil {
			return fmt.Errorf("cannot write %s: %v", p.Path, Reason(err))
		}
		return nil
	}
	if p.tmp == nil {
		return errors.New("atomicfile: commit after commit or discard")
	}
	// The rename comes before Close, which would release the lock that
	// keeps other runs from removing the file; Sync reports the write
	// errors that Close would otherwise be the first to see.
	err := p.tmp.Truncate(p.n) // the mark goes
	if err == nil {
		err = p.tmp.Chmod(p.perm)
	}
	if err == nil {
		err = p.tmp.Sync()
	}
	if err == nil {
		err = os.Rename(p.tmp.Name(), p.target)
	}
	if err != nil {
		os.Remove(p.tmp.Name())
		p.tmp.Close()
		p.tmp = nil
		return fmt.Errorf("cannot write %s: %v", p.Path, Reason(err))
	}
	p.placed, _ = p.tmp.Stat()
	err = p.tmp.Close()
	p.tmp = nil
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", p.Path, Reason(err))
	}
	return nil
}

// Placed reports whether Target still names the file Commit renamed into
// place (not one another process put there since).
func (p *Pending) Placed() bool {
	if p.placed == nil {
		return false
	}
	st, err := os.Lstat(p.target)
	return err == nil && os.SameFile(st, p.placed)
}

// Discard removes the temporary file of a Pending that was not committed;
// it does nothing after Commit, and a nil Pending is allowed.
func (p *Pending) Discard() {
	if p != nil && p.direct != nil {
		p.direct.Close()
		p.direct = nil
	}
	if p != nil && p.tmp != nil {
		os.Remove(p.tmp.Name())
		p.tmp.Close()
		p.tmp = nil
	}
}

// A File is a path and the bytes it should hold.
type File struct {
	Path string
	Data []byte
}

// WriteAll writes every file or none: all temporary files are written
// first and renamed into place only when every one of them was written.
func WriteAll(files []File) error {
	pending := make([]*Pending, 0, len(files))
	defer func() {
		for _, p := range pending {
			p.Discard()
		}
	}()
	for _, f := range files {
		p, err := Create(f.Path)
		if err != nil {
			return err
		}
		for _, q := range pending {
			if q.target == p.target || SameFile(q.target, p.target) {
				p.Discard()
				return fmt.Errorf("%s and %s are the same file", q.Path, p.Path)
			}
		}
		pending = append(pending, p)
		if _, err := p.Write(f.Data); err != nil {
			return fmt.Errorf("cannot write %s: %v", f.Path, Reason(err))
		}
	}
	for _, p := range pending {
		if err := p.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// Reason strips the path (often a temporary name) from a file system
// error, leaving what went wrong.
func Reason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
