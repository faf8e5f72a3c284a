// Package pgf holds what a figure hands to the pgfplots writer (package
// render): plain data, so that render needs none of the plotting library.
package pgf

// An Axis is what a pgfplots axis needs to draw a figure as LaTeX draws it, in
// the book's own fonts: the axes and the series, every coordinate the
// decimal that the figure's Data holds, correctly rounded from the exact
// value (never the float64 the plotting library was given).
type Axis struct {
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
	Series []Series
}

// A Series is one curve or bar series: its legend entry in sqrtdk's
// text notation and its points as decimal strings (x, y).
type Series struct {
	Name   string
	Points [][2]string
}
