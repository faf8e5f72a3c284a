package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
	"github.com/sqrtdk/sqrtdk/report"
)

// outputFlags are the flags that say how exact values are printed.
type outputFlags struct {
	format, round, cells string
	digits               int
}

func (o *outputFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&o.format, "format", "text", "output format: text, markdown, latex, csv or json")
	fs.IntVar(&o.digits, "digits", -1, "decimal places for every column (default: the lesson's 1, 2, 3)")
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
	if o.digits < -1 || o.digits > rational.MaxPlaces {
		return f, r, c, fmt.Errorf("--digits must be from 0 to %d, not %d", rational.MaxPlaces, o.digits)
	}
	return f, r, c, nil
}

func runTable(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("table", "[--values V] [--k-values V] [--d LIST] [--scales LIST] [--format F] [--digits N] [--method M] [--round R]", stderr)
	var spec specFlags
	var out outputFlags
	spec.register(fs)
	out.register(fs)
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
	var scales []rational.Scale
	for _, s := range strings.Split(*scaleList, ",") {
		sc, err := rational.ParseScale(s)
		if err != nil {
			return fmt.Errorf("--scales: %v", err)
		}
		if err := checkRootCost(sc, out.digits); err != nil {
			return err
		}
		scales = append(scales, sc)
	}
	// Check every width before the first long computation starts.
	for _, d := range ds {
		if err := checkProblem(enumerate.Problem{Q: q, K: k, D: d}, method); err != nil {
			return err
		}
	}
	t := report.Table{Q: q, K: k, Scales: scales, Digits: out.digits, Round: round, Cells: cells}
	for _, d := range ds {
		h, used, err := enumerate.Distribution(ctx, enumerate.Problem{Q: q, K: k, D: d}, method, opt)
		if err != nil {
			return err
		}
		t.Rows = append(t.Rows, report.NewRow(d, h, used.String(), scales))
	}
	return t.Write(stdout, format)
}

// checkProblem refuses, before any work, a problem the method cannot do.
func checkProblem(p enumerate.Problem, m enumerate.Method) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if m == enumerate.BruteForce || m == enumerate.Both {
		return p.CheckBruteSize()
	}
	return nil
}

// maxRootDigits bounds the size of the integer whose root gives one
// irrational decimal: about a second of work.
const maxRootDigits = 200_000

// checkRootCost refuses a --digits that would make correctly rounding a
// scale's irrational variance take minutes: the r-th root it needs is of a
// number with about r·(digits+50) digits, r the denominator of 2P.
func checkRootCost(s rational.Scale, digits int) error {
	r := new(big.Rat).Mul(s.P, big.NewRat(2, 1)).Denom().Int64()
	places := max(digits, report.DefaultPlaces(s))
	if r > 1 && r*int64(places+50) > maxRootDigits {
		return fmt.Errorf("--digits %d with scale %s needs %d-th roots of %d-digit numbers; use at most %d digits for this scale",
			places, s.Name(), r, r*int64(places+50), max(maxRootDigits/r-50, 0))
	}
	return nil
}
