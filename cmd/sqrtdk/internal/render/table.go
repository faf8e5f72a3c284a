package render

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A Format names an output format.
type Format string

// The output formats.
const (
	Text     Format = "text"
	Markdown Format = "markdown"
	LaTeX    Format = "latex"
	CSV      Format = "csv"
	JSON     Format = "json"
	// Gradescope is the results.json of a Gradescope autograder.
	Gradescope Format = "gradescope"
	// Canvas and Moodle are the CSV files their gradebooks import.
	Canvas Format = "canvas"
	Moodle Format = "moodle"
)

// formatError refuses format f for a writer that writes only the allowed
// formats.
func formatError(f Format, allowed ...Format) error {
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = string(a)
	}
	return fmt.Errorf("unknown format %q (use %s)", f, strings.Join(names, ", "))
}

// ParseFormat reads a format name.
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case Text, Markdown, LaTeX, CSV, JSON:
		return f, nil
	}
	return "", fmt.Errorf("unknown format %q (use text, markdown, latex, csv or json)", s)
}

// LaTeXCells says what a LaTeX cell shows for an exact value.
type LaTeXCells string

// The LaTeX cell styles.
const (
	CellExact   LaTeXCells = "exact"
	CellDecimal LaTeXCells = "decimal"
	CellBoth    LaTeXCells = "both"
)

// ParseLaTeXCells reads "exact", "decimal" or "both".
func ParseLaTeXCells(s string) (LaTeXCells, error) {
	switch c := LaTeXCells(s); c {
	case CellExact, CellDecimal, CellBoth:
		return c, nil
	}
	return "", fmt.Errorf("unknown LaTeX cell style %q (use exact, decimal or both)", s)
}

// A Table is the exact variance of q·k under several scales for several widths.
type Table struct {
	Q, K   rational.Alphabet
	Scales []rational.Scale
	Rows   []Row
	// Digits, when set, is the number of decimal places of every scale's
	// column; nil means each scale's default (Scale.DefaultPlaces).
	Digits *int
	Round  rational.RoundingMode
	// Cells is what LaTeX cells show; the zero value means CellExact.
	Cells LaTeXCells
	// LaTeX shapes LaTeX output; the zero value is a bare tabular of the
	// default columns.
	LaTeX LaTeXOptions
}

// A Row is one width's line of a Table.
type Row struct {
	D        int
	Cases    *big.Int
	Method   enumerate.Method
	Variance []rational.Value // one per scale, in the Table's order

	decimals []string // set by Table.PrepareDecimals
}

// NewRow returns the row for width d from the exact distribution h.
func NewRow(d int, h *rational.Histogram, method enumerate.Method, scales []rational.Scale) Row {
	return NewRowFromVariance(d, h.Total(), h.Variance(), method, scales)
}

// NewRowFromVariance returns the row for width d from the number of cases
// and the exact variance of the raw score.
func NewRowFromVariance(d int, cases *big.Int, v *big.Rat, method enumerate.Method, scales []rational.Scale) Row {
	r := Row{D: d, Cases: cases, Method: method}
	for _, s := range scales {
		r.Variance = append(r.Variance, s.ScaledVariance(v, int64(d)))
	}
	return r
}

// Places returns the decimal places of scale i's column.
func (t *Table) Places(i int) int {
	if t.Digits != nil {
		return *t.Digits
	}
	return t.Scales[i].DefaultPlaces()
}

// decimal returns row r's correctly rounded decimal under scale i: the
// one PrepareDecimals computed, or computed now.
func (t *Table) decimal(r Row, i int) string {
	if len(r.decimals) == len(t.Scales) {
		return r.decimals[i]
	}
	return r.Variance[i].Decimal(t.Places(i), t.Round)
}

// RoundingCost estimates, before any work, rounding rows rows of the
// table's columns (enumerate.RoundingCost), and counts the cells that may
// be irrational: such a cell to many places takes an exact root that can
// run for seconds.
func (t *Table) RoundingCost(rows int) (irrational int, c enumerate.Cost) {
	for i, s := range t.Scales {
		if ci := enumerate.RoundingCost(s, t.Places(i), rows); ci != (enumerate.Cost{}) {
			irrational += rows
			c = c.Then(ci)
		}
	}
	return irrational, c
}

// PrepareDecimals computes every cell's correctly rounded decimal, for
// Write to print, and returns ctx's error once ctx is done (see
// RoundingCost). Call it once the rows, Digits and Round are final; a
// table written without it rounds as it writes.
func (t *Table) PrepareDecimals(ctx context.Context) error {
	for ri := range t.Rows {
		r := &t.Rows[ri]
		r.decimals = make([]string, len(t.Scales))
		for i, v := range r.Variance {
			s, err := v.DecimalContext(ctx, t.Places(i), t.Round)
			if err != nil {
				r.decimals = nil
				return err
			}
			r.decimals[i] = s
		}
	}
	return nil
}

// allBrute reports whether every row was enumerated, so that text output
// can leave out the method column as the lesson does.
func (t *Table) allBrute() bool {
	for _, r := range t.Rows {
		if r.Method != enumerate.BruteForce {
			return false
		}
	}
	return true
}

// cases writes a row's number of cases for text and Markdown (see
// compactCases).
func (t *Table) cases(r Row) string {
	return compactCases(r.Cases, t.Q.Size()*t.K.Size(), r.D)
}
