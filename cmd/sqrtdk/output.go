package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// An output is where a command's result goes: standard output, or the
// file named by -o, which appears only once the result is complete (it is
// written to a temporary file beside it and renamed), so that an
// interrupted or failed run never leaves a partial result behind.
type output struct {
	path string
	tmp  *os.File
}

// openOutput prepares the output; for a file it creates the temporary
// file now, so that an unwritable path is reported before any long work.
func openOutput(path string) (*output, error) {
	o := &output{path: path}
	if path == "" {
		return o, nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("-o: %s is a directory", path)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.partial")
	if err != nil {
		return nil, fmt.Errorf("-o: cannot write beside %s: %v", path, unwrapPathError(err))
	}
	o.tmp = tmp
	return o, nil
}

// write writes the result with fn to stdout or to the file.
func (o *output) write(stdout io.Writer, fn func(io.Writer) error) error {
	if o.tmp == nil {
		return fn(stdout)
	}
	err := fn(o.tmp)
	if err == nil {
		err = o.tmp.Chmod(0o644)
	}
	if cerr := o.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(o.tmp.Name(), o.path)
	}
	if err != nil {
		os.Remove(o.tmp.Name())
		return fmt.Errorf("-o: cannot write %s: %v", o.path, unwrapPathError(err))
	}
	o.tmp = nil
	return nil
}

// discard removes the temporary file of an output that was never written.
func (o *output) discard() {
	if o != nil && o.tmp != nil {
		o.tmp.Close()
		os.Remove(o.tmp.Name())
		o.tmp = nil
	}
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	if le, ok := err.(*os.LinkError); ok {
		return le.Err
	}
	return err
}
