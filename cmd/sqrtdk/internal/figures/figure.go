package figures

import (
	"gonum.org/v1/plot"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/figures/pgf"
)

// A Figure is a plot together with the exact numbers it was drawn from.
type Figure struct {
	// Plot is the figure, ready to be drawn at any size.
	Plot *plot.Plot
	// Data is the table behind the figure, one row per drawn value.
	Data Table
	// Marks is the number of data marks drawn: points of every series, or bars.
	Marks int
	// PGF is the figure for pgfplots, with the decimals of Data.
	PGF pgf.Axis
}

// A Table is a header and rows of cells, all strings: the numbers behind
// a figure (the command writes them as CSV).
type Table struct {
	Header []string
	Rows   [][]string
}
