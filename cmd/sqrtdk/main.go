package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/atomicfile"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/enumerate"
)

func main() {
	catchBrokenPipe()
	exitOnBudget = true
	files := guard.New(os.Stdin, os.Stdout)
	ctx, stop := withStopSignals(context.Background(), files.Abort, os.Stderr)
	err := signalCause(ctx, runWith(ctx, files, os.Args[1:], os.Stdout, os.Stderr))
	stop()
	os.Exit(exitStatus(err, os.Stderr))
}

// exitOnBudget is set in the sqrtdk process: a run past its budget that
// has not returned watchdogGrace later is ended (budget.go).
var exitOnBudget bool

// A command is one subcommand of sqrtdk. It opens every input and output
// through files, the run's guard, and writes its result to stdout.
type command struct {
	summary string
	run     func(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{
	"table":    {"print the exact variance of q·k under several scales", runTable},
	"dist":     {"print the exact distribution of q·k for one width", runDist},
	"merge":    {"verify shard results and print their merged table or distribution", runMerge},
	"prove":    {"check the lesson's five-step proof for every d_k, and at the widths of --d", runProve},
	"check":    {"check the figures of claims files", runCheck},
	"plot":     {"draw a figure (dist, variance, softmax, saturation) from exact values", runPlot},
	"diagnose": {"name the likeliest scaling mistake from a measured score std", runDiagnose},
	"grade":    {"grade answer files against an answer key, naming each mistake", runGrade},
	"exercise": {"print a student's variant of an exercise sheet, or its key, or write it as a page", runExercise},
	"version":  {"print sqrtdk's version (the string shard results record)", runVersion},
}

// helpSummary is the line of 'sqrtdk help' in the list of commands; help
// is not in commands because it runs them.
const helpSummary = "print the usage and flags of a command: sqrtdk help COMMAND"

// run executes one sqrtdk command; main turns its error into an exit
// status. A help request prints on stdout; every error of a command is
// worded "COMMAND: message" (see commandError).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runWith(ctx, guard.New(stdin, stdout), args, stdout, stderr)
}

// runWith is run with the files of the run given: main's, which the
// signal watchdog can abort. The files' outputs are put in place when the
// command succeeds (or finds a check failing) and removed otherwise.
func runWith(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return &usageError{msg: "no command given", usage: usageText()}
	}
	name := args[0]
	var err error
	switch name {
	case "-h", "--help":
		return writeHelp(files, "", usageText())
	case "--version":
		name = "version"
	case "help":
		return runHelp(ctx, args[1:], stdout, stderr)
	}
	c, ok := commands[name]
	if !ok {
		msg := fmt.Sprintf("unknown command %q", name)
		if strings.HasPrefix(name, "-") {
			msg = fmt.Sprintf("name a command before the flags, not %q", name)
		}
		return &usageError{msg: msg + didYouMean(name, commandNames(), quoted), usage: usageText()}
	}
	if name != "version" {
		if err := checkEnvironment(); err != nil {
			return inCommand(name, &usageError{msg: err.Error()})
		}
	}
	files.Warn = func(msg string) { fmt.Fprintln(stderr, errorLine("sqrtdk "+name+": warning: "+msg)) }
	out := &resultWriter{w: files.Stdout()}
	// A command's --max-memory becomes the runtime's soft limit while it
	// runs (limitFlags.parse).
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	// The budget limitFlags.parse arms: past it the context is cancelled,
	// and in the sqrtdk process (not in tests that call run) a run that
	// has not returned watchdogGrace later is ended as a signal's is.
	var ending sync.Mutex
	returned := false
	ctx, budget := withBudget(ctx, func(e *budgetExceeded) {
		if !exitOnBudget {
			return
		}
		time.AfterFunc(watchdogGrace, func() {
			ending.Lock()
			if returned {
				ending.Unlock()
				return
			}
			files.Abort()
			fmt.Fprintln(stderr, errorLine("sqrtdk "+name+": "+e.Error()))
			os.Exit(2)
		})
	})
	defer budget.cancel(nil) // after the cause is read below
	err = c.run(ctx, files, args[1:], out, stderr)
	ending.Lock()
	returned = true
	ending.Unlock()
	budget.disarm()
	if be := (*budgetExceeded)(nil); err != nil && errors.As(context.Cause(ctx), &be) && !errors.As(context.Cause(ctx), new(*stoppedBySignal)) {
		files.Finish(false)
		var ce *commandError
		if errors.As(err, &ce) && error(ce) == err {
			return inCommand(name, &commandError{command: ce.command, err: &usageError{msg: be.Error()}})
		}
		return inCommand(name, &usageError{msg: be.Error()})
	}
	if out.err != nil && !errors.Is(err, context.Canceled) {
		// Whatever the command made of it, a result that did not reach
		// standard output in full is an error.
		files.Finish(false)
		if ge := (*guard.Error)(nil); errors.As(out.err, &ge) {
			return inCommand(name, &usageError{msg: ge.Error()})
		}
		if errors.Is(out.err, syscall.EPIPE) {
			return inCommand(name, &usageError{msg: "standard output was closed before the whole result was written (its reader exited)"})
		}
		return inCommand(name, &usageError{msg: "cannot write the result to standard output: " + atomicfile.Reason(out.err).Error()})
	}
	succeeded := err == nil || errors.As(err, new(*checkFailed)) || errors.As(err, new(*needsReview))
	// Once the outputs are in place the run's own result stands: a stop
	// signal that came as they were put there must not report "no result"
	// for a result written (committedResult keeps signalCause from
	// replacing a failed check's status; a success is never replaced).
	if ferr := files.Finish(succeeded); ferr != nil && succeeded {
		err = ferr
	} else if succeeded && err != nil {
		err = &committedResult{err}
	}
	var help *helpRequest
	switch {
	case errors.As(err, &help):
		if !help.described {
			help.text = describe(help.text, c.summary)
		}
		return writeHelp(files, name, help.text)
	case err == nil, errors.Is(err, context.Canceled):
		return err
	}
	return inCommand(name, classify(err))
}

// writeHelp writes help that was asked for to standard output, through
// the guard (a closed standard output is an error); a failed write is an
// error of the command.
func writeHelp(files *guard.Files, command, text string) error {
	if _, err := io.WriteString(files.Stdout(), text); err != nil {
		msg := "cannot write the help to standard output: " + atomicfile.Reason(err).Error()
		if command == "" {
			return &usageError{msg: msg}
		}
		return inCommand(command, &usageError{msg: msg})
	}
	return nil
}

// classify returns err as a *checkFailed (exit status 1) or a *usageError
// (exit status 2) unless it is one already; plot's errors keep their kind.
func classify(err error) error {
	var ce *commandError
	switch {
	case errors.As(err, new(*usageError)), errors.As(err, new(*checkFailed)), errors.As(err, new(*needsReview)):
		return err
	case errors.As(err, &ce) && error(ce) == err:
		ce.err = classify(ce.err)
		return ce
	case errors.As(err, new(*enumerate.MismatchError)):
		return &checkFailed{msg: err.Error()}
	}
	// Everything else is a problem with the input: bad values, sizes too
	// large, limits exceeded.
	return &usageError{msg: err.Error()}
}

func usageText() string {
	var w strings.Builder
	fmt.Fprintln(&w, "usage: sqrtdk <command> [flags]\n\ncommands:")
	for _, n := range commandNames() {
		summary := helpSummary
		if c, ok := commands[n]; ok {
			summary = c.summary
		}
		fmt.Fprintf(&w, "  %-9s %s\n", n, summary)
	}
	fmt.Fprintln(&w, "\nRun 'sqrtdk help COMMAND' (or 'sqrtdk COMMAND -h') for a command's flags, 'sqrtdk help keys' and 'sqrtdk help answers'\nfor the formats grade reads; 'go doc ./cmd/sqrtdk' for the manual.")
	return w.String()
}

// A commandError is an error of one command, printed "sqrtdk COMMAND:
// message"; plot adds its figure kind to the command ("plot dist").
type commandError struct {
	command string
	err     error
}

func (e *commandError) Error() string { return e.command + ": " + e.err.Error() }
func (e *commandError) Unwrap() error { return e.err }

// inCommand returns err as an error of command, whose name goes before any
// it already carries; a message that already starts with the command's
// name is not prefixed twice.
func inCommand(command string, err error) error {
	var ce *commandError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ce):
		ce.command = command + " " + ce.command
		return err
	case strings.HasPrefix(err.Error(), command+": "):
		return err
	}
	return &commandError{command: command, err: err}
}

// A committedResult is a check's failure whose outputs were put in place:
// a stop signal after that does not change the run's status.
type committedResult struct{ err error }

func (c *committedResult) Error() string { return c.err.Error() }
func (c *committedResult) Unwrap() error { return c.err }

// A usageError is bad input: exit status 2. When usage is set (a flag
// error, an unknown command) it is printed after the one-line message.
type usageError struct{ msg, usage string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// A checkFailed is a check whose answer is "no": exit status 1.
type checkFailed struct{ msg string }

func (e *checkFailed) Error() string { return e.msg }

// A needsReview is a run whose results were all written but hold rows a
// person must look at (grade: a roster student absent, a file that could
// not be graded): exit status 3.
type needsReview struct{ msg string }

func (e *needsReview) Error() string { return e.msg }

// exitStatus prints err as one line and returns the exit status for it.
func exitStatus(err error, stderr io.Writer) int {
	var stopped *stoppedBySignal
	switch {
	case err == nil:
		return 0
	case errors.As(err, &stopped):
		fmt.Fprintln(stderr, "sqrtdk: "+stopped.Error())
		return stopped.status()
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "sqrtdk: interrupted; no result was printed")
		return 130
	}
	line := "sqrtdk: " + err.Error()
	var ce *commandError
	if errors.As(err, &ce) {
		line = "sqrtdk " + err.Error()
	}
	fmt.Fprintln(stderr, errorLine(line))
	if errors.As(err, new(*checkFailed)) {
		return 1
	}
	if errors.As(err, new(*needsReview)) {
		return 3
	}
	var u *usageError
	if errors.As(err, &u) && u.usage != "" {
		fmt.Fprint(stderr, "\n"+u.usage)
	}
	return 2
}
