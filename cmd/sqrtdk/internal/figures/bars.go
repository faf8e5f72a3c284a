package figures

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// groupWidth is the share of one category's width that its group of bars fills.
const groupWidth = 0.8

// barSeries is one series of a grouped bar chart: bar i stands in category
// i at position index of count in its group. Geometry is in data units, so
// bars scale with the figure.
type barSeries struct {
	values       []float64
	index, count int
	color        color.Color
}

var (
	_ plot.Plotter     = barSeries{}
	_ plot.DataRanger  = barSeries{}
	_ plot.Thumbnailer = barSeries{}
)

// span returns the left and right edges of bar i in data units.
func (b barSeries) span(i int) (float64, float64) {
	w := groupWidth / float64(b.count)
	left := float64(i) - groupWidth/2 + float64(b.index)*w
	return left, left + w
}

// Plot draws the bars, each filled and outlined.
func (b barSeries) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for i, v := range b.values {
		l, r := b.span(i)
		pts := []vg.Point{{X: tx(l), Y: ty(0)}, {X: tx(l), Y: ty(v)}, {X: tx(r), Y: ty(v)}, {X: tx(r), Y: ty(0)}}
		c.FillPolygon(b.color, c.ClipPolygonXY(pts))
		c.StrokeLines(b.outline(), c.ClipLinesXY(append(pts, pts[0]))...)
	}
}

func (b barSeries) outline() draw.LineStyle {
	return draw.LineStyle{Color: color.Black, Width: vg.Points(0.4)}
}

// DataRange covers every bar and the zero line.
func (b barSeries) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = -0.5, float64(len(b.values))-0.5
	for _, v := range b.values {
		ymin, ymax = min(ymin, v), max(ymax, v)
	}
	return xmin, xmax, ymin, ymax
}

// Thumbnail draws the legend swatch.
func (b barSeries) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Min.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Min.Y}}
	c.FillPolygon(b.color, pts)
	c.StrokeLines(b.outline(), append(pts, pts[0]))
}
