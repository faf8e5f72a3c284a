package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
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
	if err := parseQuietly(fs, args, map[string]string{}); err != nil {
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
	given := map[string]string{}
	for {
		if err := parseQuietly(fs, args, given); err != nil {
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
// usage), and -h or --help returns a *helpRequest with the usage. given
// holds the value of every flag given so far (across the calls of one
// command line): every sqrtdk flag takes one value, so a flag given twice
// is refused, rather than the last silently winning.
func parseQuietly(fs *flag.FlagSet, args []string, given map[string]string) error {
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var repeated *onceValue
	var originals []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		originals = append(originals, f)
		f.Value = &onceValue{Value: f.Value, name: f.Name, given: given, repeated: &repeated}
	})
	err := fs.Parse(args)
	for _, f := range originals {
		f.Value = f.Value.(*onceValue).Value
	}
	fs.SetOutput(out)
	fs.Usage = usage
	switch {
	case repeated != nil && repeated.IsBoolFlag():
		return flagUsageError(fs, fmt.Sprintf("%s is given twice; give it once", dashed(repeated.name)))
	case repeated != nil:
		return flagUsageError(fs, fmt.Sprintf("%s is given twice (%q, then %q); give it once", dashed(repeated.name), given[repeated.name], repeated.second))
	case err == flag.ErrHelp:
		return &helpRequest{text: usageOf(fs)}
	case err != nil:
		msg := flagPackageDashes.ReplaceAllStringFunc(err.Error(), func(m string) string {
			sub := flagPackageDashes.FindStringSubmatch(m)
			return sub[1] + dashed(sub[2])
		})
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: --"); ok {
			var names []string
			fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
			msg += didYouMean(strings.TrimPrefix(name, "-"), names, func(n string) string { return "--" + n })
		}
		return flagUsageError(fs, msg)
	}
	return nil
}

// flagPackageDashes finds the flag names in the flag package's errors,
// which it writes with one dash (-digits): messages write them as the
// manual does, --digits (and -o).
var flagPackageDashes = regexp.MustCompile(`(for flag |for |argument: |defined: )-+([A-Za-z0-9][A-Za-z0-9_-]*)`)

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

// A onceValue is a flag's value while a command line is parsed: it
// records the first value given and refuses a second.
type onceValue struct {
	flag.Value
	name     string
	given    map[string]string
	repeated **onceValue // set to the flag given twice
	second   string
}

func (o *onceValue) Set(s string) error {
	if _, ok := o.given[o.name]; ok {
		o.second = s
		*o.repeated = o
		return errors.New("given twice")
	}
	o.given[o.name] = s
	return o.Value.Set(s)
}

// IsBoolFlag keeps a boolean flag boolean (it takes no value).
func (o *onceValue) IsBoolFlag() bool {
	b, ok := o.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// dashed writes a flag's name as messages do: -o, and --name for the rest.
func dashed(name string) string {
	if name == "o" {
		return "-o"
	}
	return "--" + name
}
