package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
)

func main() {
	ctx, stop := withStopSignals(context.Background())
	err := signalCause(ctx, run(ctx, os.Args[1:], os.Stdout, os.Stderr))
	stop()
	os.Exit(exitStatus(err, os.Stderr))
}

// A command is one subcommand of sqrtdk.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{
	"table":    {"print the exact variance of q·k under several scales", runTable},
	"dist":     {"print the exact distribution of q·k for one width", runDist},
	"merge":    {"verify shard results and print their merged table or distribution", runMerge},
	"prove":    {"check the lesson's five-step proof on every pair of vectors", runProve},
	"check":    {"check the figures of claims files", runCheck},
	"plot":     {"draw a figure (dist, variance, softmax, saturation) from exact values", runPlot},
	"diagnose": {"name the likeliest scaling mistake from a measured score std", runDiagnose},
}

// run executes one sqrtdk command; main turns its error into an exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return &usageError{msg: "no command given", usage: usageText()}
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		io.WriteString(stderr, usageText())
		return nil
	}
	c, ok := commands[args[0]]
	if !ok {
		return &usageError{msg: fmt.Sprintf("unknown command %q", args[0]), usage: usageText()}
	}
	err := c.run(ctx, args[1:], stdout, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil && !errors.As(err, new(*usageError)) && !errors.As(err, new(*checkFailed)) && !errors.Is(err, context.Canceled) {
		var mismatch *enumerate.MismatchError
		if errors.As(err, &mismatch) {
			return &checkFailed{msg: err.Error()}
		}
		// Everything else is a problem with the input: bad values, sizes
		// too large, limits exceeded.
		return &usageError{msg: err.Error()}
	}
	return err
}

func usageText() string {
	var w strings.Builder
	fmt.Fprintln(&w, "usage: sqrtdk <command> [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(&w, "\nRun 'sqrtdk <command> -h' for a command's flags; 'go doc ./cmd/sqrtdk' for the manual.")
	return w.String()
}

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
	case errors.As(err, new(*checkFailed)):
		fmt.Fprintln(stderr, "sqrtdk: "+err.Error())
		return 1
	}
	fmt.Fprintln(stderr, "sqrtdk: "+err.Error())
	var u *usageError
	if errors.As(err, &u) && u.usage != "" {
		fmt.Fprint(stderr, "\n"+u.usage)
	}
	return 2
}
