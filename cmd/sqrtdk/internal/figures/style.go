package figures

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Print sizes: a figure is set at its natural size on the page, so text sizes
// are in points as in the book's body text (captions are usually 8–9 pt).
const (
	labelSize  = 9 // axis titles
	tickSize   = 8 // tick labels
	legendSize = 8 // legend entries
	lineWidth  = 1.2
)

// sans is Liberation Sans, metrically the same as Arial and Helvetica.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// fonts holds the Liberation family for the outline text handler.
var fonts = font.NewCache(liberation.Collection())

// series are the colours of the Okabe–Ito palette, which stays
// distinguishable for readers with colour-blindness; shapes and dashes are
// added so that a grey-scale print still tells the series apart.
var series = []color.NRGBA{
	{0x00, 0x72, 0xB2, 0xFF}, // blue
	{0xD5, 0x5E, 0x00, 0xFF}, // vermillion
	{0x00, 0x9E, 0x73, 0xFF}, // bluish green
	{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
	{0xE6, 0x9F, 0x00, 0xFF}, // orange
	{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
	{0x00, 0x00, 0x00, 0xFF}, // black
	{0xF0, 0xE4, 0x42, 0xFF}, // yellow
}

// seriesColor returns the colour of series i; colours repeat after eight.
func seriesColor(i int) color.NRGBA { return series[i%len(series)] }

var shapes = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.PyramidGlyph{},
	draw.RingGlyph{}, draw.BoxGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{},
}

var dashes = [][]vg.Length{
	nil, {vg.Points(4), vg.Points(2)}, {vg.Points(1), vg.Points(2)},
	{vg.Points(6), vg.Points(2), vg.Points(1), vg.Points(2)},
}

// newPlot returns an empty plot with the book's fonts, no title and a light
// grid, with vertical grid lines only when verticalGrid is true.
func newPlot(xLabel, yLabel string, verticalGrid bool) *plot.Plot {
	p := plot.New()
	h := outlineText{cfg: &textConfig{fonts: fonts}}
	p.TextHandler = h
	p.Title.TextStyle.Handler = h
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Handler = h
		a.Label.TextStyle.Font = font.From(sans, labelSize)
		a.Tick.Label.Handler = h
		a.Tick.Label.Font = font.From(sans, tickSize)
		a.Tick.Marker = minusTicks{plot.DefaultTicks{}}
		a.Padding = vg.Points(3)
	}
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Legend.TextStyle.Handler = h
	p.Legend.TextStyle.Font = font.From(sans, legendSize)
	p.Legend.Top = true
	p.Legend.Padding = vg.Points(2.5)
	p.Legend.ThumbnailWidth = vg.Points(18)
	grid := plotter.NewGrid()
	grid.Vertical.Color = color.Gray{Y: 0xDD}
	grid.Horizontal.Color = color.Gray{Y: 0xDD}
	grid.Vertical.Width = vg.Points(0.4)
	grid.Horizontal.Width = vg.Points(0.4)
	if !verticalGrid {
		grid.Vertical.Color = nil
	}
	p.Add(grid)
	return p
}

// headroom is the share of the data's height left free above it, so that
// a peak and the legend above it never touch the top edge.
const headroom = 0.12

// finish gives a figure's plot its last touches: room above the data on
// an axis whose top the data set (top is the data's largest y), and the
// legend off the plot's edges.
func finish(p *plot.Plot, autoTop bool) {
	if autoTop && p.Y.Max > p.Y.Min {
		p.Y.Max += headroom * (p.Y.Max - p.Y.Min)
	}
	inset := vg.Points(4)
	p.Legend.XOffs, p.Legend.YOffs = -inset, -inset
	if p.Legend.Left {
		p.Legend.XOffs = inset
	}
	if !p.Legend.Top {
		p.Legend.YOffs = inset
	}
}

// minusTicks writes negative tick labels with a true minus sign.
type minusTicks struct{ plot.Ticker }

// Ticks returns the wrapped ticker's ticks with "-" replaced by "−".
func (m minusTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := m.Ticker.Ticks(lo, hi)
	for i := range ts {
		ts[i].Label = strings.ReplaceAll(ts[i].Label, "-", "−")
	}
	return ts
}

// powerTicks labels the integers among the given values on a log axis and
// leaves the others as minor ticks, so a d_k axis reads 1, 2, 4, … 1024.
type powerTicks struct{ values []float64 }

// Ticks returns one tick per value; at most about eight carry labels.
func (t powerTicks) Ticks(lo, hi float64) []plot.Tick {
	every := 1
	for len(t.values)/every > 8 {
		every *= 2
	}
	var out []plot.Tick
	for i, v := range t.values {
		tk := plot.Tick{Value: v}
		if i%every == 0 || i == len(t.values)-1 {
			tk.Label = strconv.FormatFloat(v, 'f', -1, 64)
		}
		out = append(out, tk)
	}
	return out
}

// logTicks labels the powers of ten and 2× and 5× between them when the
// range spans few decades.
type logTicks struct{}

// Ticks returns ticks on a log axis from lo to hi (both positive).
func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	decades := math.Log10(hi) - math.Log10(lo)
	if !(lo > 0) || math.IsInf(hi, 0) || !(decades <= 600) {
		return nil // not a range a log axis can show
	}
	var out []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for _, m := range []float64{1, 2, 3, 4, 5, 6, 7, 8, 9} {
			v := m * math.Pow(10, e)
			if v < lo*(1-1e-12) || v > hi*(1+1e-12) {
				continue
			}
			tk := plot.Tick{Value: v}
			if m == 1 || (decades < 2.5 && (m == 2 || m == 5)) {
				tk.Label = formatTick(v)
			}
			out = append(out, tk)
		}
	}
	return out
}

// formatTick writes v without exponent for moderate values and as 10^n otherwise.
func formatTick(v float64) string {
	e := math.Log10(v)
	if math.Abs(e) <= 4 {
		return strings.ReplaceAll(strconv.FormatFloat(v, 'f', -1, 64), "-", "−")
	}
	if r := math.Round(e); math.Abs(e-r) < 1e-9 {
		return "10^{" + strings.ReplaceAll(strconv.Itoa(int(r)), "-", "−") + "}"
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// lineStyle returns the line style of series i.
func lineStyle(i int) draw.LineStyle {
	return draw.LineStyle{Color: seriesColor(i), Width: vg.Points(lineWidth), Dashes: dashes[i%len(dashes)]}
}

// glyphStyle returns the marker of series i.
func glyphStyle(i int) draw.GlyphStyle {
	return draw.GlyphStyle{Color: seriesColor(i), Radius: vg.Points(2.2), Shape: shapes[i%len(shapes)]}
}

// log10Ticks places the ticks of inner, which works in data units, on an
// axis whose coordinates are log10 of the data. Figures draw log axes this
// way, on a linear axis, because the plotting library centres an axis title
// at the arithmetic mean of the range when it reserves room for it, which on
// a logarithmic axis pushes the plot away from the title.
type log10Ticks struct{ inner plot.Ticker }

// Ticks returns inner's ticks between 10^lo and 10^hi, placed at their log10.
func (t log10Ticks) Ticks(lo, hi float64) []plot.Tick {
	ts := t.inner.Ticks(math.Pow(10, lo), math.Pow(10, hi))
	for i := range ts {
		ts[i].Value = math.Log10(ts[i].Value)
	}
	return ts
}

// fixedTicks labels lo, lo+step, …, hi with the given decimals.
func fixedTicks(lo, hi, step float64, decimals int) plot.ConstantTicks {
	var ts plot.ConstantTicks
	for i := 0; lo+float64(i)*step <= hi+step/2; i++ {
		v := lo + float64(i)*step
		ts = append(ts, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', decimals, 64)})
	}
	return ts
}

// stepTicks labels a linear axis at the multiples of a round step (1, 2 or
// 5 times a power of ten), the smallest that gives at most labels labelled
// ticks, so that a reader can read off a value; minor ticks mark the
// halves (or fifths for a step of 5·10^n) between them.
type stepTicks struct{ labels int }

// Ticks returns the ticks from lo to hi.
func (s stepTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return plot.DefaultTicks{}.Ticks(lo, hi)
	}
	var step float64
	var minors int
	for e := math.Floor(math.Log10((hi-lo)/float64(s.labels))) - 1; step == 0; e++ {
		for _, m := range []struct {
			mult   float64
			minors int
		}{{1, 2}, {2, 2}, {5, 5}} {
			st := m.mult * math.Pow(10, e)
			if (hi-lo)/st+1 <= float64(s.labels) {
				step, minors = st, m.minors
				break
			}
		}
	}
	decimals := max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	var out []plot.Tick
	minor := step / float64(minors)
	for i := math.Ceil(lo/minor - 1e-9); i*minor <= hi+minor*1e-9; i++ {
		v := i * minor
		tk := plot.Tick{Value: v}
		if math.Mod(i, float64(minors)) == 0 {
			tk.Label = strconv.FormatFloat(v, 'f', decimals, 64)
			if strings.Trim(tk.Label, "-0.") == "" {
				tk.Label = strings.TrimPrefix(tk.Label, "-") // no −0
			}
		}
		out = append(out, tk)
	}
	return out
}
