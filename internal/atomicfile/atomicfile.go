// Package atomicfile writes files that appear whole or not at all: the
// bytes go to a temporary file beside the destination, which is renamed
// into place only once everything was written and closed.
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
// that an unwritable destination is reported before any long work.
func Create(path string) (*Pending, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a directory", path)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.partial")
	if err != nil {
		return nil, fmt.Errorf("cannot write beside %s: %v", path, Reason(err))
	}
	return &Pending{Path: path, tmp: tmp}, nil
}

// Write writes b to the temporary file.
func (p *Pending) Write(b []byte) (int, error) { return p.tmp.Write(b) }

// Commit closes the temporary file and renames it to Path; on failure the
// temporary file is removed and Path is left as it was.
func (p *Pending) Commit() error {
	if p.tmp == nil {
		return errors.New("atomicfile: commit after commit or discard")
	}
	err := p.tmp.Chmod(0o644)
	if cerr := p.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(p.tmp.Name(), p.Path)
	}
	if err != nil {
		os.Remove(p.tmp.Name())
		p.tmp = nil
		return fmt.Errorf("cannot write %s: %v", p.Path, Reason(err))
	}
	p.tmp = nil
	return nil
}

// Discard removes the temporary file of a Pending that was not committed;
// it does nothing after Commit, and a nil Pending is allowed.
func (p *Pending) Discard() {
	if p != nil && p.tmp != nil {
		p.tmp.Close()
		os.Remove(p.tmp.Name())
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
