package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlagSet returns a flag set whose usage is "usage: sqrtdk NAME
// [flags] ARGS" and every flag it has; parseFlags turns its errors into
// usage errors instead of exiting. args names the arguments after the
// flags, if any.
func newFlagSet(name, args string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		line := "usage: sqrtdk " + name
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			line += " [flags]"
		}
		if args != "" {
			line += " " + args
		}
		fmt.Fprintln(fs.Output(), line)
		if hasFlags {
			fmt.Fprint(fs.Output(), "\nflags:\n"+doubleDashed(fs))
		}
	}
	return fs
}

// doubleDashed returns the flag set's defaults as PrintDefaults writes
// them, with every flag but -o written --name, as the manual and the error
// messages write them (the flag package accepts both).
func doubleDashed(fs *flag.FlagSet) string {
	var b strings.Builder
	out := fs.Output()
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(out)
	lines := strings.SplitAfter(b.String(), "\n")
	for i, l := range lines {
		if name, ok := strings.CutPrefix(l, "  -"); ok && !strings.HasPrefix(name, "o ") && name != "o\n" {
			lines[i] = "  --" + name
		}
	}
	return strings.Join(lines, "")
}

// describe puts a command's one-line summary under the usage line of its
// help text.
func describe(help, summary string) string {
	first, rest, _ := strings.Cut(help, "\n")
	return first + "\n\n" + strings.ToUpper(summary[:1]) + summary[1:] + ".\n" + rest
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
// usage), and -h or --help returns a *helpRequest with the usage.
func parseQuietly(fs *flag.FlagSet, args []string) error {
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(out)
	fs.Usage = usage
	switch {
	case err == flag.ErrHelp:
		return &helpRequest{text: usageOf(fs)}
	case err != nil:
		msg := err.Error()
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
			var names []string
			fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
			msg += didYouMean(strings.TrimPrefix(name, "-"), names, func(n string) string { return "--" + n })
		}
		return flagUsageError(fs, msg)
	}
	return nil
}

// usageOf returns the flag set's usage text.
func usageOf(fs *flag.FlagSet) string {
	var b strings.Builder
	out := fs.Output()
	fs.SetOutput(&b)
	fs.Usage()
	fs.SetOutput(out)
	return b.String()
}

// flagUsageError returns the usage error msg carrying the command's usage
// text; run puts the command's name before msg.
func flagUsageError(fs *flag.FlagSet, msg string) error {
	return &usageError{msg: msg, usage: usageOf(fs)}
}
