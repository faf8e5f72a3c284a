package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlagSet returns a flag set whose usage names the command; parseFlags
// turns its errors into usage errors instead of exiting.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: sqrtdk %s %s\n\nflags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args and turns every flag error, and any stray
// argument, into a usage error that carries the command's usage.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := parseQuietly(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return flagUsageError(fs, fmt.Sprintf("unexpected argument %q", fs.Arg(0)))
	}
	return nil
}

// parseFlagsAndArgs is parseFlags for a command that takes arguments: flags
// may come before, between or after them, and "--" ends the flags.
func parseFlagsAndArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := parseQuietly(fs, args); err != nil {
			return nil, err
		}
		consumed := len(args) - fs.NArg()
		left := fs.Args()
		if len(left) == 0 {
			return rest, nil
		}
		if consumed > 0 && args[consumed-1] == "--" {
			return append(rest, left...), nil
		}
		rest = append(rest, left[0])
		args = left[1:]
	}
}

// parseQuietly parses args without letting the flag package print: a
// flag error becomes one usage error (the message first, then the
// usage), and -h prints the usage and returns flag.ErrHelp.
func parseQuietly(fs *flag.FlagSet, args []string) error {
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(out)
	fs.Usage = usage
	switch {
	case err == flag.ErrHelp:
		fs.Usage()
		return err
	case err != nil:
		return flagUsageError(fs, err.Error())
	}
	return nil
}

// flagUsageError returns the usage error "<command>: msg" carrying the
// command's usage text.
func flagUsageError(fs *flag.FlagSet, msg string) error {
	var b strings.Builder
	out := fs.Output()
	fs.SetOutput(&b)
	fs.Usage()
	fs.SetOutput(out)
	return &usageError{msg: fs.Name() + ": " + msg, usage: b.String()}
}
