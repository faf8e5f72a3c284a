package figures

import "github.com/sqrtdk/sqrtdk/rational"

// PGF is what a pgfplots axis needs to draw a figure as LaTeX draws it, in
// the book's own fonts: the axes and the series, every coordinate the
// decimal that the figure's Data holds, correctly rounded from the exact
// value (never the float64 the plotting library was given).
type PGF struct {
	// XLabel and YLabel are the axis titles in sqrtdk's text notation
	// (d_k, √d_k, E[p(1 − p)]), which the LaTeX writer sets as mathematics.
	XLabel, YLabel string
	// XLog and YLog draw an axis on a logarithmic scale.
	XLog, YLog bool
	// YMin and YMax fix the y range ("" lets pgfplots choose); a figure
	// with a fixed top leaves room above the data for the legend.
	YMin, YMax string
	// Groups, when set, makes the figure grouped bars: the groups'
	// labels, one per x = 0, 1, …, and every series a bar in each.
	Groups []string
	// LegendLeft and LegendBottom place the legend in a corner; by
	// default it is at the top right.
	LegendLeft, LegendBottom bool
	// Series are the curves or bar series, in the order drawn.
	Series []PGFSeries
}

// A PGFSeries is one curve or bar series: its legend entry in sqrtdk's
// text notation and its points as decimal strings (x, y).
type PGFSeries struct {
	Name   string
	Points [][2]string
}

// logDecimal writes a positive value for a logarithmic axis: correctly
// rounded (half-even) to places, or to more places when that rounds it to
// zero, so that every point of a log axis has a logarithm.
func logDecimal(v rational.Value, places int) string {
	for p := places; ; p++ {
		s := v.Decimal(p, rational.RoundHalfEven)
		if p >= places+60 || !isZeroDecimal(s) {
			return s
		}
	}
}

func isZeroDecimal(s string) bool {
	for _, r := range s {
		if r >= '1' && r <= '9' {
			return false
		}
	}
	return true
}
