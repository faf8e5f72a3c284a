package guard

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/atomicfile"
)

// Files are the files of one command run: the inputs it reads and the
// outputs it writes. Its methods may be called from one goroutine, except
// Abort, which the signal watchdog calls from another.
type Files struct {
	stdin  io.Reader
	stdout io.Writer

	mu       sync.Mutex
	inputs   []input
	outputs  []*Output
	stdoutID *identity // standard output's, once a result was written to it
	reserved []input   // outputs the run writes itself (Reserve)
	aborted  bool

	// temps are the temporary files of the outputs, under their own lock
	// so that Abort can remove them while a commit holds mu.
	tempMu sync.Mutex
	temps  []string

	// Warn, when set, is told of what the run left in place and a person
	// should know of: files named like a temporary of an output that
	// sqrtdk did not mark as its own.
	Warn func(msg string)
}

// An input is a file the run reads, as messages name it.
type input struct {
	label, name string
	id          identity
}

// New returns the files of a run whose standard input and output are
// stdin and stdout (an *os.File is examined; anything else, as in tests,
// is taken as it is).
func New(stdin io.Reader, stdout io.Writer) *Files {
	return &Files{stdin: stdin, stdout: stdout}
}

// An Error is a refusal of the guard: a message that names the flags and
// files concerned, and needs no prefix.
type Error struct{ msg string }

func (e *Error) Error() string { return e.msg }

func refusef(format string, args ...any) error { return &Error{msg: fmt.Sprintf(format, args...)} }

// Declare records input files of kind k that the run will read, so that
// an output created before they are opened is still compared with them.
// A name that cannot be examined is left to Open to report.
func (f *Files) Declare(k Kind, names ...string) {
	for _, name := range names {
		var st os.FileInfo
		var err error
		if name == "-" {
			st, err = f.stdinInfo()
		} else {
			st, err = os.Stat(name)
		}
		if err == nil {
			f.addInput(input{label: k.label(), name: shown(name), id: identity{file: st}})
		}
	}
}

func (f *Files) addInput(in input) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, old := range f.inputs {
		if old.name == in.name && old.label == in.label {
			return
		}
	}
	f.inputs = append(f.inputs, in)
}

// conflict returns the refusal of writing id, named by what (such as
// "-o r.csv"), or nil when id is none of the run's inputs and outputs.
func (f *Files) conflict(id identity, what string) error {
	for _, in := range f.inputs {
		if id.same(in.id) {
			return refusef("%s is one of the input files (%s %s); write the result to another file", what, in.label, in.name)
		}
	}
	for _, o := range f.outputs {
		if id.same(o.id) {
			return refusef("%s and %s %s are the same file; name a different file for each", what, o.Flag, o.Path)
		}
	}
	for _, o := range f.reserved {
		if id.same(o.id) {
			return refusef("%s and %s %s are the same file; name a different file for each", what, o.label, o.name)
		}
	}
	if f.stdoutID != nil && id.same(*f.stdoutID) {
		return refusef("%s is standard output as well; name a different file, or leave it out to write standard output", what)
	}
	return nil
}

// An Output is one file a run writes, named by a flag.
type Output struct {
	Flag, Path string
	id         identity
	pending    *atomicfile.Pending
	temp       string // the temporary file, "" for one written in place
	created    bool   // the file did not exist before the run
	committed  bool
}

// Create prepares the output that flag names: it is refused, before any
// work, when it is one of the run's inputs or outputs, or cannot be
// written; otherwise its temporary file (or the device, pipe or
// descriptor it names) is opened now. Every error names the flag.
func (f *Files) Create(flag, path string) (*Output, error) {
	id, fd, err := outputIdentity(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", flag, err)
	}
	if fd >= 0 && fd <= 2 && startedClosed(fd) {
		return nil, refusef("%s %s: %s is closed", flag, path, standardName[fd])
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.aborted {
		return nil, errors.New("stopped")
	}
	if err := f.conflict(id, flag+" "+path); err != nil {
		return nil, err
	}
	p, err := atomicfile.Create(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", flag, err)
	}
	o := &Output{Flag: flag, Path: path, id: id, pending: p, temp: p.Temp(), created: id.file == nil}
	f.outputs = append(f.outputs, o)
	if o.temp != "" {
		f.tempMu.Lock()
		f.temps = append(f.temps, o.temp)
		f.tempMu.Unlock()
	}
	return o, nil
}

var standardName = [3]string{"standard input", "standard output", "standard error"}

// Reserve records path, an output the run writes itself rather than
// through Create (a page, a directory of files written whole), among the
// run's outputs: it is refused, before any work, when it is one of the
// run's input files or another output. The caller writes it through a
// temporary name it registers with Temporary.
func (f *Files) Reserve(flag, path string) error {
	id, _, err := outputIdentity(path)
	if err != nil {
		return fmt.Errorf("%s: %v", flag, err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.aborted {
		return errors.New("stopped")
	}
	if err := f.conflict(id, flag+" "+path); err != nil {
		return err
	}
	f.reserved = append(f.reserved, input{label: flag, name: path, id: id})
	return nil
}

// Temporary registers a temporary file or directory the run made itself,
// which Abort removes (with all it holds) if the run is stopped before it
// is renamed into place.
func (f *Files) Temporary(path string) {
	f.tempMu.Lock()
	defer f.tempMu.Unlock()
	f.temps = append(f.temps, path)
}

// Write writes to the output's temporary file, or to the device, pipe or
// descriptor it names.
func (o *Output) Write(b []byte) (int, error) { return o.pending.Write(b) }

// Commit puts the output in place now, whatever the rest of the run does:
// for a result that must exist even when the run fails (an autograder's
// results.json saying why nothing was graded).
func (f *Files) Commit(o *Output) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.commit(o)
}

func (f *Files) commit(o *Output) error {
	if o.committed {
		return nil
	}
	if f.aborted {
		return errors.New("stopped")
	}
	if err := o.pending.Commit(); err != nil {
		return fmt.Errorf("%s: %v", o.Flag, err)
	}
	o.committed = true
	return nil
}

// Finish ends the run: when ok, every output is put in place, all of them
// or, if one cannot be, none that the run created; otherwise every
// output not committed is removed. It returns the first error.
func (f *Files) Finish(ok bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.removeStale(ok)
	var err error
	for _, o := range f.outputs {
		if ok && err == nil {
			err = f.commit(o)
			continue
		}
		if !o.committed {
			o.pending.Discard()
		}
	}
	if err != nil {
		f.removeCreated()
	}
	return err
}

// removeStale removes, beside each output written through a temporary
// file, the temporary files that killed runs left for it (those that
// carry sqrtdk's mark and are none of the run's inputs, which are all
// known by now), and reports the files left that only look like one when
// the run succeeded (a failed run's error stays its one line).
func (f *Files) removeStale(report bool) {
	for _, o := range f.outputs {
		if o.temp == "" {
			continue
		}
		_, left := atomicfile.RemoveStale(o.Path, func(fi os.FileInfo) bool {
			id := identity{file: fi}
			for _, in := range f.inputs {
				if id.same(in.id) {
					return true
				}
			}
			return false
		})
		for _, name := range left {
			if report && f.Warn != nil && !f.isInput(name) {
				f.Warn(fmt.Sprintf("%s is named like a temporary file of %s %s but sqrtdk did not write it; left in place", name, o.Flag, o.Path))
			}
		}
	}
}

// isInput reports whether name is one of the run's inputs.
func (f *Files) isInput(name string) bool {
	st, err := os.Stat(name)
	if err != nil {
		return false
	}
	id := identity{file: st}
	for _, in := range f.inputs {
		if id.same(in.id) {
			return true
		}
	}
	return false
}

// removeCreated removes the outputs committed in this run that did not
// exist before it, and still are the file this run put there.
func (f *Files) removeCreated() {
	for _, o := range f.outputs {
		if o.committed && o.created && o.pending.Placed() {
			os.Remove(o.pending.Target())
		}
	}
}

// abortWait bounds how long Abort waits for a Finish in progress.
const abortWait = 200 * time.Millisecond

// Abort removes, for a run being stopped, every temporary file and every
// output the run created, and makes later Create and Finish fail. It may
// be called from another goroutine while the run goes on, and returns
// within about abortWait even if a commit holds the lock: it then removes
// the temporary files anyway (what a commit renames in the meantime is
// left).
func (f *Files) Abort() {
	deadline := time.Now().Add(abortWait)
	locked := f.mu.TryLock()
	for !locked && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		locked = f.mu.TryLock()
	}
	if locked {
		defer f.mu.Unlock()
		f.aborted = true
		f.removeCreated()
	}
	f.tempMu.Lock()
	defer f.tempMu.Unlock()
	for _, t := range f.temps {
		os.RemoveAll(t)
	}
}

// shown is how messages name a file: "-" is standard input, and an empty
// name is written "".
func shown(name string) string {
	switch name {
	case "-":
		return StdinName
	case "":
		return `""`
	}
	return name
}

// StdinName is how messages name standard input read as "-".
const StdinName = "<stdin>"

// ErrClosed is the error of writing to a standard output that was closed
// when sqrtdk started.
var ErrClosed = errors.New("it is closed")

// Stdout returns standard output as the run writes its result to it: the
// first write checks that it is open and that it is none of the run's
// input files and outputs (so that ">> input" cannot append a report to
// an input), and nothing is written when it is not.
func (f *Files) Stdout() io.Writer { return &stdoutWriter{f: f} }

type stdoutWriter struct {
	f       *Files
	checked bool
	err     error
}

func (s *stdoutWriter) Write(p []byte) (int, error) {
	if !s.checked {
		s.checked = true
		s.err = s.f.claimStdout()
	}
	if s.err != nil {
		return 0, s.err
	}
	return s.f.stdout.Write(p)
}

// claimStdout checks standard output before the first byte of a result
// goes to it, and records it among the outputs.
func (f *Files) claimStdout() error {
	file, ok := f.stdout.(*os.File)
	if !ok {
		return nil
	}
	if startedClosed(int(file.Fd())) {
		return ErrClosed
	}
	st, err := file.Stat()
	if err != nil {
		return nil // the write reports what is wrong
	}
	id := identity{file: st}
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.conflict(id, "standard output"); err != nil {
		return err
	}
	f.stdoutID = &id
	return nil
}

// InputAt returns how messages name the run's input that fi is (such as
// "--key p/index.html"), and whether it is one: for an output that would
// replace a whole directory, refused when an input is inside it.
func (f *Files) InputAt(fi os.FileInfo) (string, bool) {
	id := identity{file: fi}
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, in := range f.inputs {
		if id.same(in.id) {
			return in.label + " " + in.name, true
		}
	}
	return "", false
}
