// Package atomicfile writes files that appear whole or not at all: the
// bytes go to a temporary file beside the destination, which is renamed
// into place only once everything was written and flushed. The writing
// process holds a lock on its temporary file, so that one left by a killed
// run is recognised, and removed, by the next run writing the same file.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// A Pending is a file being written: its bytes go to a temporary file
// beside Path until Commit renames it into place or Discard removes it.
type Pending struct {
	Path string
	tmp  *os.File
}

// Create checks that path can be written and opens its temporary file, so
// that an unwritable destination is reported before any long work. It
// first removes the temporary files of path that earlier runs, killed
// before they could clean up, left behind (see stale.go).
func Create(path string) (*Pending, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a directory", path)
	}
	dir, base := filepath.Dir(path), filepath.Base(path)
	removeStale(dir, base)
	for {
		tmp, err := os.CreateTemp(dir, "."+base+".*.partial")
		if err != nil {
			return nil, fmt.Errorf("cannot write beside %s: %v", path, Reason(err))
		}
		// Between CreateTemp and lock another run may have taken the new
		// file for stale and removed it: then make another.
		if lock(tmp) != nil || samePath(tmp, tmp.Name()) {
			return &Pending{Path: path, tmp: tmp}, nil
		}
		tmp.Close()
	}
}

// Write writes b to the temporary file.
func (p *Pending) Write(b []byte) (int, error) { return p.tmp.Write(b) }

// Commit flushes the temporary file to disk and renames it to Path; on
// failure the temporary file is removed and Path is left as it was.
func (p *Pending) Commit() error {
	if p.tmp == nil {
		return errors.New("atomicfile: commit after commit or discard")
	}
	// The rename comes before Close, which would release the lock that
	// keeps other runs from removing the file; Sync reports the write
	// errors that Close would otherwise be the first to see.
	err := p.tmp.Chmod(0o644)
	if err == nil {
		err = p.tmp.Sync()
	}
	if err == nil {
		err = os.Rename(p.tmp.Name(), p.Path)
	}
	if err != nil {
		os.Remove(p.tmp.Name())
		p.tmp.Close()
		p.tmp = nil
		return fmt.Errorf("cannot write %s: %v", p.Path, Reason(err))
	}
	err = p.tmp.Close()
	p.tmp = nil
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", p.Path, Reason(err))
	}
	return nil
}

// Discard removes the temporary file of a Pending that was not committed;
// it does nothing after Commit, and a nil Pending is allowed.
func (p *Pending) Discard() {
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
