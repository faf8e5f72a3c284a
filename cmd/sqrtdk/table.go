package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/report"
	"github.com/sqrtdk/sqrtdk/rational"
)

// outputFlags are the flags that say how exact values are printed.
type outputFlags struct {
	format, round, cells string
	digits               placesFlag
}

// placesFlag is --digits: nil until given, so that unset means each
// scale's default places and every number given is checked.
type placesFlag struct{ n *int }

func (p *placesFlag) String() string {
	if p == nil || p.n == nil {
		return ""
	}
	return strconv.Itoa(*p.n)
}

// Set reads an integer as the flag package's int flags do, with their errors.
func (p *placesFlag) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, strconv.IntSize)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return errors.New("value out of range")
		}
		return errors.New("parse error")
	}
	v := int(n)
	p.n = &v
	return nil
}

// cost returns the places whose cost checkDigitsCost judges: 0 when unset,
// as the default places are always cheap.
func (p placesFlag) cost() int {
	if p.n == nil {
		return 0
	}
	return *p.n
}

func (o *outputFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&o.format, "format", "text", "output format: text, markdown, latex, csv or json")
	fs.Var(&o.digits, "digits", "`N` decimal places for every column (default: the lesson's 1, 2, 3)")
	fs.StringVar(&o.round, "round", "half-even", "how ties round: half-even or half-up")
	fs.StringVar(&o.cells, "latex-cells", "exact", "LaTeX cells show the exact value, the decimal, or both")
}

func (o *outputFlags) parse() (report.Format, rational.RoundingMode, report.LaTeXCells, error) {
	f, err := report.ParseFormat(o.format)
	if err != nil {
		return f, 0, "", fmt.Errorf("--format: %v", err)
	}
	r, err := rational.ParseRoundingMode(o.round)
	if err != nil {
		return f, r, "", fmt.Errorf("--round: %v", err)
	}
	c, err := report.ParseLaTeXCells(o.cells)
	if err != nil {
		return f, r, c, fmt.Errorf("--latex-cells: %v", err)
	}
	if n := o.digits.n; n != nil && (*n < 0 || *n > rational.MaxPlaces) {
		return f, r, c, fmt.Errorf("--digits must be from 0 to %d, not %d", rational.MaxPlaces, *n)
	}
	return f, r, c, nil
}

func runTable(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("table", "[--values V] [--k-values V] [--d LIST] [--scales LIST] [--format F] [--digits N] [--method M] [--round R] [--shard I/N] [-o FILE]", stderr)
	var spec specFlags
	var out outputFlags
	var rf runFlags
	spec.register(fs)
	out.register(fs)
	rf.register(fs)
	widths := fs.String("d", "1,2,4,6", "widths d_k, comma-separated")
	scaleList := fs.String("scales", "raw,sqrt,d", "scales, comma-separated: raw, sqrt, d or d^P (P rational, e.g. d^1/4)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	q, k, method, opt, err := spec.parse()
	if err != nil {
		return err
	}
	format, round, cells, err := out.parse()
	if err != nil {
		return err
	}
	ds, err := parseWidths(*widths)
	if err != nil {
		return fmt.Errorf("--d: %v", err)
	}
	scales, err := parseScales(*scaleList)
	if err != nil {
		return err
	}
	if err := checkDigitsCost(out.digits.cost(), scales); err != nil {
		return err
	}
	slice, slices, sharded, err := rf.parseSlice()
	if err != nil {
		return err
	}
	dst, err := openOutput(rf.output)
	if err != nil {
		return err
	}
	defer dst.discard()
	if sharded {
		return runShard(ctx, fs, "table", q, k, ds, method, opt, slice, slices, dst, stdout, stderr)
	}
	// Check every width before the first long computation starts.
	for _, d := range ds {
		if err := checkWork(enumerate.Problem{Q: q, K: k, D: d}, method, true); err != nil {
			return err
		}
	}
	t := report.Table{Q: q, K: k, Scales: scales, Digits: out.digits.n, Round: round, Cells: cells}
	for _, d := range ds {
		p := enumerate.Problem{Q: q, K: k, D: d}
		var stop func()
		opt.Progress, stop = startProgress(stderr, p.Cases(), fmt.Sprintf("d_k = %d", d))
		mo, used, err := enumerate.Variance(ctx, p, method, opt)
		stop()
		if err != nil {
			return err
		}
		t.Rows = append(t.Rows, report.NewRowFromVariance(d, mo.Pairs, mo.Variance, used.String(), scales))
	}
	return dst.write(stdout, func(w io.Writer) error { return t.Write(w, format) })
}

// checkProblem refuses, before any work, a problem the method cannot do
// when the whole distribution is needed.
func checkProblem(p enumerate.Problem, m enumerate.Method) error {
	return checkWork(p, m, false)
}

// checkWork refuses a problem whose enumeration would take too long, or
// whose closed form would take too long or, unless its counts are
// streamed (a table needs only the variance), too much memory.
func checkWork(p enumerate.Problem, m enumerate.Method, streamed bool) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if m == enumerate.BruteForce || m == enumerate.Both {
		if err := checkBruteReach(p); err != nil {
			return err
		}
		if err := p.CheckBruteSize(); err != nil {
			return err
		}
	}
	if err := checkClosedTime(p, m); err != nil {
		return err
	}
	if streamed && p.Resolve(m) == enumerate.ClosedForm {
		return nil
	}
	return checkClosedSize(p, m)
}
