package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/figures/pgf"
)

// A figure for pgfplots is a tikzpicture holding one axis, which LaTeX
// draws in the document's own fonts: the axis titles and legend entries
// are read by the one grammar of sqrtdk's notation (mathexpr.go) and set
// with their mathematics in math mode; the coordinates are the decimals
// of the figure's data, correctly rounded from the exact values. It needs
// PGFPlotsPreamble (TeX Live's texlive-pictures) and nothing else.

// PGFPlotsPreamble is what a document needs to typeset a pgfplots figure.
const PGFPlotsPreamble = `\usepackage{pgfplots}\pgfplotsset{compat=1.16}`

// pgfMarks are the series' marks, as the PDF figures draw them: circle,
// square, triangle, diamond, and so on.
var pgfMarks = []string{"*", "square*", "triangle*", "diamond*", "o", "square", "x", "+"}

// pgfColors are the Okabe–Ito colours of the PDF figures, as RGB 0–255.
var pgfColors = [][3]int{{0x00, 0x72, 0xB2}, {0xD5, 0x5E, 0x00}, {0x00, 0x9E, 0x73}, {0xCC, 0x79, 0xA7},
	{0xE6, 0x9F, 0x00}, {0x56, 0xB4, 0xE9}, {0x00, 0x00, 0x00}, {0xF0, 0xE4, 0x42}}

// pgfDashes are the series' dash patterns, as the PDF figures draw them.
var pgfDashes = []string{"solid", "dashed", "dotted", "dashdotted"}

// WritePGFPlots writes the figure as a tikzpicture with a pgfplots axis of
// the given width and height (LaTeX lengths, such as 12cm).
func WritePGFPlots(w io.Writer, p pgf.Axis, width, height string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%% sqrtdk: needs %s\n", PGFPlotsPreamble)
	b.WriteString("\\begin{tikzpicture}\n")
	for i := range p.Series {
		c := pgfColors[i%len(pgfColors)]
		fmt.Fprintf(&b, "\\definecolor{sqrtdk%s}{RGB}{%d,%d,%d}\n", pgfColorName(i), c[0], c[1], c[2])
	}
	opts := []string{"width=" + width, "height=" + height,
		"xlabel={" + mathLaTeX(p.XLabel) + "}", "ylabel={" + mathLaTeX(p.YLabel) + "}",
		"legend cell align=left", "legend style={font=\\small, draw=none, fill=white, fill opacity=0.85, text opacity=1}",
		"tick label style={font=\\small}", "label style={font=\\small}",
		"grid=major", "major grid style={gray!25}", "enlarge y limits={upper, value=0.15}"}
	corner := "north east"
	switch {
	case p.LegendLeft && p.LegendBottom:
		corner = "south west"
	case p.LegendLeft:
		corner = "north west"
	case p.LegendBottom:
		corner = "south east"
	}
	opts = append(opts, "legend pos="+corner)
	if p.XLog {
		opts = append(opts, "xmode=log", "log basis x=2", "log ticks with fixed point")
		var ticks []string
		for _, pt := range firstPoints(p) {
			ticks = append(ticks, pt[0])
		}
		// The widths themselves label the ticks: pgfplots would print
		// 2^10 from its logarithm as 1,020.
		opts = append(opts, "xtick={"+strings.Join(ticks, ",")+"}", "xticklabels={"+strings.Join(ticks, ",")+"}")
	}
	if p.YLog {
		opts = append(opts, "ymode=log", "log ticks with fixed point")
	} else {
		opts = append(opts, "scaled y ticks=false", "yticklabel style={/pgf/number format/fixed, /pgf/number format/precision=3}")
	}
	opts = append(opts, "/pgf/number format/1000 sep={\\,}")
	if p.YMin != "" {
		opts = append(opts, "ymin="+p.YMin)
	}
	if p.YMax != "" {
		opts = append(opts, "ymax="+p.YMax)
	}
	if len(p.Groups) > 0 {
		labels := make([]string, len(p.Groups))
		ticks := make([]string, len(p.Groups))
		for i, g := range p.Groups {
			labels[i] = "{" + mathLaTeX(g) + "}"
			ticks[i] = fmt.Sprint(i)
		}
		opts = append(opts, "ybar", fmt.Sprintf("bar width=%.3g", 0.8/float64(max(1, len(p.Series)))),
			"xtick={"+strings.Join(ticks, ",")+"}", "xticklabels={"+strings.Join(labels, ",")+"}",
			"xtick style={draw=none}", "enlarge x limits=0.3", "grid=none", "ymajorgrids")
	}
	b.WriteString("\\begin{axis}[\n  " + strings.Join(opts, ",\n  ") + ",\n]\n")
	for i, s := range p.Series {
		style := fmt.Sprintf("color=sqrtdk%s, mark=%s, %s, thick", pgfColorName(i), pgfMarks[i%len(pgfMarks)], pgfDashes[i%len(pgfDashes)])
		if len(p.Groups) > 0 {
			style = fmt.Sprintf("draw=black!60, fill=sqrtdk%s", pgfColorName(i))
		}
		fmt.Fprintf(&b, "\\addplot[%s] coordinates {\n", style)
		for j, pt := range s.Points {
			if j > 0 && j%4 == 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "  (%s,%s)", pt[0], pt[1])
		}
		fmt.Fprintf(&b, "\n};\n\\addlegendentry{%s}\n", mathLaTeX(s.Name))
	}
	b.WriteString("\\end{axis}\n\\end{tikzpicture}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// pgfColorName names series i's colour: A, B, …, since a LaTeX colour
// name holds no digits here.
func pgfColorName(i int) string { return string(rune('A' + i%26)) }

// firstPoints returns the points of the first series, whose x values the
// other curves of a figure share.
func firstPoints(p pgf.Axis) [][2]string {
	if len(p.Series) == 0 {
		return nil
	}
	return p.Series[0].Points
}
