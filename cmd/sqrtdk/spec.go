package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// specFlags are the flags that say which space of pairs to enumerate and how.
type specFlags struct {
	values, kValues string
	method          string
	workers         int
}

func (s *specFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.values, "values", "-1,1", "entries of q: exact rationals `v[:m]` (m = multiplicity), comma-separated; ±a means -a,a")
	fs.StringVar(&s.kValues, "k-values", "", "entries of k, same syntax (default: those of q)")
	fs.StringVar(&s.method, "method", "auto", "how to compute: auto, brute, closed or both")
	fs.IntVar(&s.workers, "workers", 0, "parallel workers for brute force (default GOMAXPROCS)")
}

// parse returns the alphabets, the method and the engine options.
func (s *specFlags) parse() (q, k rational.Alphabet, m enumerate.Method, opt enumerate.Options, err error) {
	if q, err = rational.ParseAlphabet(s.values); err != nil {
		return q, k, m, opt, fmt.Errorf("--values: %v", err)
	}
	k = q
	if s.kValues != "" {
		if k, err = rational.ParseAlphabet(s.kValues); err != nil {
			return q, k, m, opt, fmt.Errorf("--k-values: %v", err)
		}
	}
	if m, err = enumerate.ParseMethod(s.method); err != nil {
		return q, k, m, opt, fmt.Errorf("--method: %v", err)
	}
	if s.workers < 0 || s.workers > 1024 {
		return q, k, m, opt, fmt.Errorf("--workers must be from 1 to 1024, not %d", s.workers)
	}
	opt.Workers = s.workers
	return q, k, m, opt, nil
}

// parseWidth reads one d_k: a positive integer within the closed form's limit.
func parseWidth(s string) (int, error) {
	d, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || d < 1 {
		return 0, fmt.Errorf("d_k must be a positive integer, not %q", s)
	}
	if d > enumerate.MaxClosedD {
		return 0, fmt.Errorf("d_k = %d is larger than the supported %d", d, enumerate.MaxClosedD)
	}
	return d, nil
}

// parseWidths reads a comma list of widths.
func parseWidths(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		d, err := parseWidth(f)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

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

// parseScales reads a comma list of scales.
func parseScales(list string) ([]rational.Scale, error) {
	var scales []rational.Scale
	for _, s := range strings.Split(list, ",") {
		sc, err := rational.ParseScale(s)
		if err != nil {
			return nil, fmt.Errorf("--scales: %v", err)
		}
		scales = append(scales, sc)
	}
	return scales, nil
}
