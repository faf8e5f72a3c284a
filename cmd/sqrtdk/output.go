package main

import (
	"fmt"
	"io"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/atomicfile"
)

// An output is where a command's result goes: standard output, or the
// file named by -o, which appears only once the result is complete, so
// that an interrupted or failed run never leaves a partial result behind.
type output struct {
	file *atomicfile.Pending // nil for standard output
}

// openOutput prepares the output; for a file it creates the temporary
// file now, so that an unwritable path is reported before any long work.
// inputs are the files the command reads: an output that is one of them
// (by any name or link) is refused, as writing it would destroy an input.
func openOutput(path string, inputs ...string) (*output, error) {
	if path == "" {
		return &output{}, nil
	}
	for _, in := range inputs {
		if atomicfile.SameFile(path, in) {
			return nil, fmt.Errorf("-o %s is one of the input files (%s); write the result to another file", path, in)
		}
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return nil, fmt.Errorf("-o: %v", err)
	}
	return &output{file: f}, nil
}

// write writes the result with fn to stdout or to the file.
func (o *output) write(stdout io.Writer, fn func(io.Writer) error) error {
	if o.file == nil {
		return fn(stdout)
	}
	if err := fn(o.file); err != nil {
		o.file.Discard()
		return fmt.Errorf("-o: cannot write %s: %w", o.file.Path, atomicfile.Reason(err))
	}
	if err := o.file.Commit(); err != nil {
		return fmt.Errorf("-o: %v", err)
	}
	return nil
}

// discard removes the temporary file of an output that was never written.
func (o *output) discard() {
	if o != nil {
		o.file.Discard()
	}
}

// A resultWriter is standard output as a command sees it: it keeps the
// first write error, and fails every write after it, so that run reports
// a result that did not reach its reader in full even where a writer
// dropped the error.
type resultWriter struct {
	w   io.Writer
	err error
}

func (r *resultWriter) Write(p []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	n, err := r.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	r.err = err
	return n, err
}
