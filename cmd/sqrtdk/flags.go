package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// This file defines each group of flags once: the space of pairs, the
// engine, the printed output and the run's destination. Commands register
// the groups they take, so a flag has the same name, syntax, default and
// help everywhere.

// spaceFlags say which space of pairs: the alphabets and the widths.
type spaceFlags struct {
	values, kValues, widths string
	single                  bool // one width (dist), not a list
}

// register adds --values, --k-values and --d; widths is --d's default,
// and single makes --d take one width instead of a list.
func (s *spaceFlags) register(fs *flag.FlagSet, widths string, single bool) {
	s.single = single
	fs.StringVar(&s.values, "values", "-1,1", "entries of q: exact rationals `v[:m]` (m = multiplicity), comma-separated; ±a means -a,a")
	fs.StringVar(&s.kValues, "k-values", "", "entries of k, same syntax (default: those of q)")
	if single {
		fs.StringVar(&s.widths, "d", widths, "width d_k")
	} else {
		fs.StringVar(&s.widths, "d", widths, "widths d_k, comma-separated")
	}
}

// parse returns the alphabets and the widths.
func (s *spaceFlags) parse() (q, k rational.Alphabet, ds []int, err error) {
	if q, k, err = spec.ParseAlphabets(s.values, s.kValues); err != nil {
		return q, k, nil, err
	}
	if s.single {
		d, err := spec.ParseWidth(s.widths)
		if err != nil {
			return q, k, nil, fmt.Errorf("--d: %v", err)
		}
		return q, k, []int{d}, nil
	}
	ds, err = spec.ParseWidths(s.widths)
	if err != nil {
		return q, k, nil, fmt.Errorf("--d: %v", err)
	}
	return q, k, ds, nil
}

// maxWorkers bounds --workers.
const maxWorkers = 1024

// engineFlags say how distributions are computed.
type engineFlags struct {
	method  string
	workers int
	maxTime time.Duration
}

func (e *engineFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&e.method, "method", enumerate.Auto.String(), "how to compute: auto, brute, closed or both")
	fs.IntVar(&e.workers, "workers", 0, "parallel workers for brute force (default GOMAXPROCS)")
	fs.DurationVar(&e.maxTime, "max-time", 0, fmt.Sprintf("longest estimated computation to accept, such as 90m or 12h (default %v to enumerate, %v for the closed form)",
		enumerate.DefaultMaxBruteTime, enumerate.DefaultMaxClosedTime))
}

// parse returns the method and the engine options.
func (e *engineFlags) parse() (enumerate.Method, enumerate.Options, error) {
	m, err := enumerate.ParseMethod(e.method)
	if err != nil {
		return m, enumerate.Options{}, fmt.Errorf("--method: %v", err)
	}
	if e.workers < 0 || e.workers > maxWorkers {
		return m, enumerate.Options{}, fmt.Errorf("--workers must be from 1 to %d, not %d", maxWorkers, e.workers)
	}
	if e.maxTime < 0 {
		return m, enumerate.Options{}, fmt.Errorf("--max-time must be positive, not %v", e.maxTime)
	}
	return m, enumerate.Options{Workers: e.workers, MaxTime: e.maxTime}, nil
}

// formatFlag is --format with the formats of tables and distributions.
type formatFlag struct{ format string }

func (f *formatFlag) register(fs *flag.FlagSet) {
	fs.StringVar(&f.format, "format", "text", "output format: text, markdown, latex (needs only "+render.LaTeXPreamble+"), csv or json")
}

func (f *formatFlag) parse() (render.Format, error) {
	r, err := render.ParseFormat(f.format)
	if err != nil {
		return r, fmt.Errorf("--format: %v", err)
	}
	return r, nil
}

// optionalInt is an int flag that knows whether it was given, so that its
// default can mean "each column its own" without a sentinel a user could
// type.
type optionalInt struct {
	n   int
	set bool
}

func (o *optionalInt) String() string {
	if o == nil || !o.set {
		return ""
	}
	return strconv.Itoa(o.n)
}

func (o *optionalInt) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("not an integer")
	}
	o.n, o.set = n, true
	return nil
}

// numberFlags say how a table prints its exact values.
type numberFlags struct {
	digits       optionalInt
	round, cells string
	scales       string
}

func (n *numberFlags) register(fs *flag.FlagSet) {
	fs.Var(&n.digits, "digits", "`N` decimal places for every column (default: 1 for raw, 2 for sqrt, 3 for the others, as the lesson prints)")
	fs.StringVar(&n.round, "round", "half-even", "how ties round: half-even or half-up")
	fs.StringVar(&n.cells, "latex-cells", "exact", "LaTeX cells show the exact value, the decimal, or both")
	fs.StringVar(&n.scales, "scales", "raw,sqrt,d", "scales, comma-separated: raw, sqrt, d or d^P (P rational, e.g. d^1/4)")
}

// numbers is what numberFlags say, parsed.
type numbers struct {
	digits *int // nil: each scale's default places
	round  rational.RoundingMode
	cells  render.LaTeXCells
	scales []rational.Scale
}

func (n *numberFlags) parse() (numbers, error) {
	var out numbers
	var err error
	if n.digits.set {
		if n.digits.n < 0 || n.digits.n > rational.MaxPlaces {
			return out, fmt.Errorf("--digits must be from 0 to %d, not %d", rational.MaxPlaces, n.digits.n)
		}
		out.digits = &n.digits.n
	}
	if out.round, err = rational.ParseRoundingMode(n.round); err != nil {
		return out, fmt.Errorf("--round: %v", err)
	}
	if out.cells, err = render.ParseLaTeXCells(n.cells); err != nil {
		return out, fmt.Errorf("--latex-cells: %v", err)
	}
	if out.scales, err = parseScales(n.scales); err != nil {
		return out, err
	}
	if out.digits != nil {
		for _, s := range out.scales {
			if err := s.CheckPlaces(*out.digits); err != nil {
				return out, fmt.Errorf("--digits: %v", err)
			}
		}
	}
	return out, nil
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

// latexFlags shape LaTeX output for a book: a table environment with a
// caption and a label, and the columns to print.
type latexFlags struct{ caption, label, columns string }

func (l *latexFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&l.caption, "caption", "", "with --format latex: put the tabular in a table float with the caption `TEXT` (LaTeX, as given)")
	fs.StringVar(&l.label, "label", "", "with --format latex and --caption: the table's \\label `KEY`")
	fs.StringVar(&l.columns, "columns", "", "with --format latex: the columns to print, in order (`LIST`: table d_k,cases,scales,method; dist score,count,probability; default all, method only when a row was not enumerated)")
}

// parse returns the LaTeX options for a variance table, or for a
// distribution when dist is true; they are refused with another format.
func (l *latexFlags) parse(fs *flag.FlagSet, f render.Format, dist bool) (render.LaTeXOptions, error) {
	var o render.LaTeXOptions
	if f != render.LaTeX {
		if name := firstSet(fs, flagNames(new(latexFlags).register)); name != "" {
			return o, fmt.Errorf("--%s applies to --format latex only", name)
		}
		return o, nil
	}
	o.Caption, o.Label = l.caption, l.label
	if err := render.CheckLaTeXOptions(o); err != nil {
		if l.label != "" && l.caption == "" {
			return o, fmt.Errorf("--label: %v", err)
		}
		return o, fmt.Errorf("--caption: %v", err)
	}
	if l.columns != "" {
		parse := render.ParseTableColumns
		if dist {
			parse = render.ParseDistColumns
		}
		var err error
		if o.Columns, err = parse(l.columns); err != nil {
			return o, fmt.Errorf("--columns: %v", err)
		}
	}
	return o, nil
}

// destinationFlags say where the result goes: -o, and --shard for a run
// that computes one slice for 'sqrtdk merge'.
type destinationFlags struct {
	output, slice string
	shardable     bool
}

func (r *destinationFlags) register(fs *flag.FlagSet, shardable bool) {
	r.shardable = shardable
	if shardable {
		fs.StringVar(&r.slice, "shard", "", "enumerate only slice `I/N` (0 ≤ I < N) of the q vectors and write a shard result for 'sqrtdk merge' instead of the usual output")
	}
	fs.StringVar(&r.output, "o", "", "write the result to `FILE` instead of standard output; the file appears only when the result is complete")
}

// mergeOnlyFlags are the flags that shape a printed result and so belong
// to the merge, not to a --shard run: those of the format, number and
// LaTeX groups, derived from their registration.
func mergeOnlyFlags() map[string]bool {
	return flagNames(new(formatFlag).register, new(numberFlags).register, new(latexFlags).register)
}

// tableOnlyFlags are the flags of the number group, which mean nothing to
// a distribution.
func tableOnlyFlags() map[string]bool {
	return flagNames(new(numberFlags).register)
}

// flagNames returns the names of the flags the register functions add.
func flagNames(registers ...func(*flag.FlagSet)) map[string]bool {
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	for _, r := range registers {
		r(fs)
	}
	names := map[string]bool{}
	fs.VisitAll(func(f *flag.Flag) { names[f.Name] = true })
	return names
}

// firstSet returns the first flag given on the command line whose name is
// in names, or "".
func firstSet(fs *flag.FlagSet, names map[string]bool) string {
	var found string
	fs.Visit(func(f *flag.Flag) {
		if found == "" && names[f.Name] {
			found = f.Name
		}
	})
	return found
}

// choiceFormatFlag is --format for commands whose formats are their own
// (check, grade, exercise): one flag definition, each command its choices.
type choiceFormatFlag struct {
	format  string
	choices []string
}

// register adds --format with the given choices; the first is the default
// unless def names another ("" means no default: the command decides).
func (f *choiceFormatFlag) register(fs *flag.FlagSet, def string, choices ...string) {
	f.choices = choices
	fs.StringVar(&f.format, "format", def, "output format: "+strings.Join(choices, ", "))
}

func (f *choiceFormatFlag) parse() (render.Format, error) {
	for _, c := range f.choices {
		if f.format == c {
			return render.Format(c), nil
		}
	}
	return "", fmt.Errorf("--format: unknown format %q (use %s)", f.format, strings.Join(f.choices, ", "))
}
