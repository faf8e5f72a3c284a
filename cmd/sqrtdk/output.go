package main

import (
	"fmt"
	"io"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/atomicfile"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
)

// An output is where a command's result goes: standard output, or the
// file a flag names (-o, --class-report, --data), which the run's guard
// puts in place only when the whole run succeeds, so that a failed or
// stopped run leaves no partial result and no file it created.
type output struct {
	files *guard.Files
	file  *guard.Output // nil for standard output
}

// openOutput prepares the output flag names (standard output when path
// is empty); the guard refuses, before any long work, a path that is one
// of the run's inputs or outputs or cannot be written.
func openOutput(files *guard.Files, flag, path string) (*output, error) {
	if path == "" {
		return &output{files: files}, nil
	}
	f, err := files.Create(flag, path)
	if err != nil {
		return nil, err
	}
	return &output{files: files, file: f}, nil
}

// write writes the result with fn to stdout or to the file.
func (o *output) write(stdout io.Writer, fn func(io.Writer) error) error {
	if o.file == nil {
		return fn(stdout)
	}
	if err := fn(o.file); err != nil {
		return fmt.Errorf("%s: cannot write %s: %w", o.file.Flag, o.file.Path, atomicfile.Reason(err))
	}
	return nil
}

// keep puts a written file in place now, even if the run then fails.
func (o *output) keep() error {
	if o.file == nil {
		return nil
	}
	return o.files.Commit(o.file)
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
