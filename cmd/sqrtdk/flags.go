package main

import (
	"context"
	"flag"
	"fmt"
	"runtime/debug"
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
}

func (e *engineFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&e.method, "method", enumerate.Auto.String(), "how to compute: auto, brute, closed or both")
	fs.IntVar(&e.workers, "workers", 0, "parallel workers for brute force (default GOMAXPROCS)")
}

// parse returns the method and the engine options, limits not yet set.
func (e *engineFlags) parse() (enumerate.Method, enumerate.Options, error) {
	m, err := enumerate.ParseMethod(e.method)
	if err != nil {
		return m, enumerate.Options{}, fmt.Errorf("--method: %v", err)
	}
	if e.workers < 0 || e.workers > maxWorkers {
		return m, enumerate.Options{}, fmt.Errorf("--workers must be from 1 to %d, not %d", maxWorkers, e.workers)
	}
	return m, enumerate.Options{Workers: e.workers}, nil
}

// limitFlags are --max-time and --max-memory, which every command that
// computes takes: the limits of enumerate's cost model, against which the
// whole run is planned before any work.
type limitFlags struct {
	maxTime   time.Duration
	maxMemory string
}

func (l *limitFlags) register(fs *flag.FlagSet) {
	fs.DurationVar(&l.maxTime, "max-time", 0, fmt.Sprintf("longest estimated work to accept, such as 90m or 12h (default %v)", enumerate.DefaultMaxTime))
	fs.StringVar(&l.maxMemory, "max-memory", "", fmt.Sprintf("most estimated memory to hold at once, such as 512MiB or 4GiB (default %s)", formatBytes(enumerate.DefaultMaxMemory)))
}

// parse returns the limits the flags say, and makes the memory limit the
// Go runtime's soft limit too, so that the collector keeps the heap within
// what the run planned instead of letting garbage double it; run restores
// the runtime's limit. It arms the run's budget (see budget.go): from now
// on the run is stopped when it passes either limit. The default memory
// limit is the smaller of enumerate.DefaultMaxMemory and what the
// environment lets the process use (see envlimits.go); a --max-memory
// above that is refused.
func (l *limitFlags) parse(ctx context.Context) (lim enumerate.Limits, err error) {
	defer func() {
		if err == nil {
			debug.SetMemoryLimit(lim.Memory())
			budgetOf(ctx).arm(lim, *l)
		}
	}()
	if l.maxTime < 0 {
		return enumerate.Limits{}, fmt.Errorf("--max-time must be positive, not %v", l.maxTime)
	}
	lim = enumerate.Limits{MaxTime: l.maxTime}
	env := environmentMemory()
	if l.maxMemory == "" {
		if env.usable < enumerate.DefaultMaxMemory {
			lim.MaxMemory = env.usable
		}
		return lim, nil
	}
	b, err := parseBytes(l.maxMemory)
	if err != nil {
		return lim, fmt.Errorf("--max-memory: %v", err)
	}
	if b > env.usable {
		return lim, fmt.Errorf("--max-memory %s is more than this process can hold: %s; give at most %s", l.maxMemory, env.why, roundBytes(env.usable))
	}
	lim.MaxMemory = b
	return lim, nil
}

// shownTime is the time limit as messages name it: as given, or the
// default's value.
func (l limitFlags) shownTime(d time.Duration) string {
	if l.maxTime > 0 {
		return l.maxTime.String()
	}
	return d.String() + " (the default)"
}

// shownMemory is the memory limit as messages name it.
func (l limitFlags) shownMemory(b int64) string {
	if l.maxMemory != "" {
		return l.maxMemory
	}
	if b%(1<<20) != 0 {
		return roundBytes(b) + " (the default under " + environmentMemory().short + ")"
	}
	return formatBytes(b) + " (the default)"
}

// byteUnits are the units --max-memory takes: binary ones (KiB, MiB,
// GiB, TiB, and K, M, G, T as short for them, as ulimit and sort -S read
// them) and decimal ones (kB, MB, GB, TB).
var byteUnits = map[string]float64{
	"": 1, "B": 1,
	"K": 1 << 10, "KiB": 1 << 10, "M": 1 << 20, "MiB": 1 << 20, "G": 1 << 30, "GiB": 1 << 30, "T": 1 << 40, "TiB": 1 << 40,
	"kB": 1e3, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
}

// maxMemoryBytes bounds --max-memory: 1 PiB, beyond any machine.
const maxMemoryBytes = 1 << 50

// parseBytes reads a size such as 512MiB, 1.5GiB, 2G or 1073741824.
func parseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i < 0 {
		i = len(t)
	}
	num, unit := t[:i], strings.TrimSpace(t[i:])
	mult, ok := byteUnits[unit]
	v, err := strconv.ParseFloat(num, 64)
	if !ok || err != nil || num == "" {
		return 0, fmt.Errorf("want a size such as 512MiB, 4GiB or 2000000000 (bytes), not %q", s)
	}
	b := v * mult
	if b < 1 || b > maxMemoryBytes {
		return 0, fmt.Errorf("want a size from 1 byte to 1 PiB, not %q", s)
	}
	return int64(b), nil
}

// formatBytes writes a limit the way --max-memory reads it: 1GiB, 512MiB.
func formatBytes(b int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 40, "TiB"}, {1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if b >= u.size && b%u.size == 0 {
			return strconv.FormatInt(b/u.size, 10) + u.name
		}
	}
	return strconv.FormatInt(b, 10)
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
	// The caption is checked alone, then with the label, so that each
	// error names the flag that is wrong.
	if err := render.CheckLaTeXOptions(render.LaTeXOptions{Caption: l.caption}); err != nil {
		return o, fmt.Errorf("--caption: %v", err)
	}
	o.Caption, o.Label = l.caption, l.label
	if err := render.CheckLaTeXOptions(o); err != nil {
		return o, fmt.Errorf("--label: %v", err)
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
