package guard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
)

// The size limits of the inputs read through the guard, refused before
// reading when the file system knows the size and while streaming
// otherwise.
const (
	// MaxTextBytes bounds a text a person writes: a claims file (10,000
	// claims of 4 KiB, and as much again of comments), a key or an answer
	// file (grade itself refuses a key past 1 MiB as it reads it).
	MaxTextBytes = 64 << 20
	// MaxJointLawBytes bounds a joint-law file: 2^20 outcomes of full width
	// with short entries.
	MaxJointLawBytes = 256 << 20
)

// A Kind is a kind of input file: how messages name it and the most bytes
// one may hold.
type Kind struct {
	Flag     string // the flag that names it (--key), or "" for an argument
	Noun     string // what it is: "answer key", "shard file"
	MaxBytes int64
}

// label is how messages name an input of this kind: by its flag, or by
// what it is.
func (k Kind) label() string {
	if k.Flag != "" {
		return k.Flag
	}
	return k.Noun
}

// An Input is an input file being read. It reads in bounded memory (what
// the caller asks for), stops at the kind's limit, and returns as soon as
// the run's context is cancelled, even from a pipe no one writes.
type Input struct {
	// Name is how messages name the file: its name, or <stdin> for "-".
	Name   string
	kind   Kind
	ctx    context.Context
	src    io.Reader
	closer io.Closer
	block  bool // reads may wait for a writer: a pipe, a named pipe, a terminal
	n      int64
	err    error // the first error of the input itself, not of its contents
	buf    []byte
	ch     chan readResult
}

type readResult struct {
	n   int
	err error
}

// Open opens the input file name ("-" for standard input) of the given
// kind, refusing before reading a directory, a closed standard input and
// a file larger than the kind's limit; a file that is one of the run's
// outputs is refused too. A named pipe is opened without blocking the
// run: a cancelled context ends the wait for its writer.
func (f *Files) Open(ctx context.Context, k Kind, name string) (*Input, error) {
	in := &Input{Name: shown(name), kind: k, ctx: ctx}
	var file *os.File
	if name == "-" {
		st, err := f.stdinInfo()
		if err != nil {
			return nil, refusef("%s %s: %v", k.label(), in.Name, err)
		}
		if err := in.checkInfo(st); err != nil {
			return nil, err
		}
		in.src, in.closer = f.stdin, io.NopCloser(nil)
		in.block = st == nil || !st.Mode().IsRegular()
		if st != nil {
			f.addInput(input{label: k.label(), name: in.Name, id: identity{file: st}})
		}
		return in, nil
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil, in.failf("%v", reason(err))
	}
	if err := in.checkInfo(st); err != nil {
		return nil, err
	}
	if st.Mode().IsRegular() {
		file, err = os.Open(name)
	} else {
		file, err = openInterruptibly(ctx, name)
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, in.failf("%v", reason(err))
	}
	if st, err = file.Stat(); err != nil {
		file.Close()
		return nil, in.failf("%v", reason(err))
	}
	if err := in.checkInfo(st); err != nil {
		file.Close()
		return nil, err
	}
	id := identity{file: st}
	f.mu.Lock()
	for _, o := range f.outputs {
		if id.same(o.id) {
			f.mu.Unlock()
			file.Close()
			return nil, refusef("%s %s is also %s %s; name a different file for each", k.label(), in.Name, o.Flag, o.Path)
		}
	}
	f.mu.Unlock()
	f.addInput(input{label: k.label(), name: in.Name, id: id})
	in.src, in.closer = file, file
	in.block = !st.Mode().IsRegular()
	return in, nil
}

// stdinInfo describes standard input, or says that it was closed; it is
// nil, without error, for a reader that is not a file (tests).
func (f *Files) stdinInfo() (fs.FileInfo, error) {
	file, ok := f.stdin.(*os.File)
	if !ok {
		return nil, nil
	}
	if startedClosed(int(file.Fd())) {
		return nil, errors.New("standard input is closed")
	}
	return file.Stat()
}

// checkInfo refuses what cannot be read as this input: a directory, or a
// regular file larger than the kind's limit.
func (in *Input) checkInfo(st fs.FileInfo) error {
	switch {
	case st == nil:
		return nil
	case st.IsDir():
		return in.failf("is a directory")
	case st.Mode().IsRegular() && st.Size() > in.kind.MaxBytes:
		return in.failf("the file holds %s; %s may hold at most %s", Bytes(st.Size()), article(in.kind.Noun), Bytes(in.kind.MaxBytes))
	}
	return nil
}

// failf returns an error about the input itself, naming it.
func (in *Input) failf(format string, args ...any) error {
	return refusef("%s %s: %s", in.kind.label(), in.Name, fmt.Sprintf(format, args...))
}

// openInterruptibly opens a file that may block in open (a named pipe
// waits for its writer) in another goroutine, returning when ctx is
// cancelled; the abandoned open ends with the process.
func openInterruptibly(ctx context.Context, name string) (*os.File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.Open(name)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		return o.f, o.err
	case <-ctx.Done():
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// Read reads from the input, refusing it past its kind's limit; a
// cancelled context ends a read at once, even one that waits for a
// writer.
func (in *Input) Read(p []byte) (int, error) {
	if in.err != nil {
		return 0, in.err
	}
	if err := in.ctx.Err(); err != nil {
		in.err = err
		return 0, err
	}
	var n int
	var err error
	if in.block {
		n, err = in.readInterruptibly(p)
	} else {
		n, err = in.src.Read(p)
	}
	in.n += int64(n)
	if in.n > in.kind.MaxBytes {
		in.err = in.failf("more than %s; %s may hold at most %s", Bytes(in.kind.MaxBytes), article(in.kind.Noun), Bytes(in.kind.MaxBytes))
		return 0, in.err
	}
	if err != nil && err != io.EOF {
		if in.ctx.Err() != nil {
			err = in.ctx.Err()
		} else {
			err = in.failf("cannot be read: %v", reason(err))
		}
		in.err = err
	}
	return n, err
}

// readInterruptibly reads in another goroutine, into a buffer of its
// own, and returns when the read does or the context is cancelled.
func (in *Input) readInterruptibly(p []byte) (int, error) {
	if cap(in.buf) < len(p) {
		in.buf = make([]byte, len(p))
	}
	buf := in.buf[:len(p)]
	if in.ch == nil {
		in.ch = make(chan readResult, 1)
	}
	go func() {
		n, err := in.src.Read(buf)
		in.ch <- readResult{n, err}
	}()
	select {
	case r := <-in.ch:
		return copy(p, buf[:r.n]), r.err
	case <-in.ctx.Done():
		// The read goes on in its goroutine; the buffer is never reused,
		// as every later Read fails at once.
		in.buf = nil
		return 0, in.ctx.Err()
	}
}

// Close closes the input.
func (in *Input) Close() error { return in.closer.Close() }

// Err returns the input's own error, when reading it failed (too large,
// unreadable, stopped by a signal), in place of err, the error a parser
// made of it; otherwise err.
func (in *Input) Err(err error) error {
	if in.err != nil && err != nil {
		return in.err
	}
	return err
}

// reason strips the path from a file system error.
func reason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// article puts "a" or "an" before a noun.
func article(noun string) string {
	if noun != "" && (noun[0] == 'a' || noun[0] == 'e' || noun[0] == 'i' || noun[0] == 'o' || noun[0] == 'u') {
		return "an " + noun
	}
	return "a " + noun
}

// Bytes writes a size in bytes as people read it: 512 MiB, 1.5 KiB, 300
// bytes; the exact count follows a size that is not a whole number of
// units.
func Bytes(n int64) string {
	units := []string{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	if n < 1024 {
		if n == 1 {
			return "1 byte"
		}
		return strconv.FormatInt(n, 10) + " bytes"
	}
	v, i := float64(n)/1024, 0
	for v >= 1024 && i < len(units)-1 {
		v, i = v/1024, i+1
	}
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if whole := int64(1) << (10 * (i + 1)); n%whole == 0 {
		return strconv.FormatInt(n/whole, 10) + " " + units[i]
	}
	return fmt.Sprintf("%s %s (%d bytes)", s, units[i], n)
}
