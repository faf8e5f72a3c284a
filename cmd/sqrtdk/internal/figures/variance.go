package figures

import (
	"context"
	"math"

	"gonum.org/v1/plot/plotter"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/figures/pgf"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// VarianceOptions describe the figure of the exact variance against d_k.
type VarianceOptions struct {
	Q, K   rational.Alphabet
	Widths []int
	Scales []rational.Scale
	Digits int
	Engine Engine
}

// maxVarianceWidths bounds the points per curve.
const maxVarianceWidths = 64

// Variance draws the exact variance of the scaled score against d_k, one
// curve per scale, on log–log axes when every variance is positive.
func Variance(ctx context.Context, o VarianceOptions) (*Figure, error) {
	if err := checkCurves(o.Widths, maxVarianceWidths, o.Scales, o.Digits); err != nil {
		return nil, err
	}
	f := &Figure{
		Plot: newPlot("head width d_k (entries per vector)", "variance of the score", true),
		Data: Table{Header: []string{"d_k", "scale", "variance_exact", "variance_decimal"}},
	}
	hists, err := o.Engine.distributions(ctx, problems(o.Q, o.K, o.Widths), o.valuesCost)
	if err != nil {
		return nil, err
	}
	positive := true
	curves := make([]plotter.XYs, len(o.Scales))
	values := make([][]rational.Value, len(o.Scales))
	ymin, ymax := math.Inf(1), math.Inf(-1)
	for i, s := range o.Scales {
		curves[i] = make(plotter.XYs, len(o.Widths))
		for j, d := range o.Widths {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			v := s.ScaledVariance(hists[j].Variance(), int64(d))
			positive = positive && v.Sign() > 0
			values[i] = append(values[i], v)
			f.Data.Rows = append(f.Data.Rows, []string{itoa(d), s.Name(), v.String(), v.Decimal(o.Digits, rational.RoundHalfEven)})
			curves[i][j] = plotter.XY{X: float64(d), Y: v.Float64()}
			ymin, ymax = math.Min(ymin, curves[i][j].Y), math.Max(ymax, curves[i][j].Y)
		}
	}
	// Log axes turn d_k^P into straight lines of slope P; they need two
	// distinct widths and positive variances.
	if len(o.Widths) > 1 && positive {
		xs := make([]float64, len(o.Widths))
		for j, d := range o.Widths {
			xs[j] = float64(d)
		}
		for _, c := range curves {
			for j := range c {
				c[j].X, c[j].Y = math.Log10(c[j].X), math.Log10(c[j].Y)
			}
		}
		f.Plot.X.Tick.Marker = log10Ticks{powerTicks{xs}}
		f.Plot.Y.Tick.Marker = log10Ticks{logTicks{}}
		if ymin == ymax {
			f.Plot.Y.Min, f.Plot.Y.Max = math.Log10(ymin/2), math.Log10(ymax*2)
		}
	}
	f.PGF = pgf.Axis{XLabel: f.Plot.X.Label.Text, YLabel: f.Plot.Y.Label.Text, LegendLeft: true}
	f.PGF.XLog = len(o.Widths) > 1 && positive
	f.PGF.YLog = f.PGF.XLog
	for i, s := range o.Scales {
		ser := pgf.Series{Name: scaledLabel(s)}
		for j, d := range o.Widths {
			y := values[i][j].Decimal(o.Digits, rational.RoundHalfEven)
			if f.PGF.YLog {
				y = logDecimal(values[i][j], o.Digits)
			}
			ser.Points = append(ser.Points, [2]string{itoa(d), y})
		}
		f.PGF.Series = append(f.PGF.Series, ser)
	}
	for i, s := range o.Scales {
		line, marks, err := plotter.NewLinePoints(curves[i])
		if err != nil {
			return nil, err
		}
		line.LineStyle = lineStyle(i)
		marks.GlyphStyle = glyphStyle(i)
		f.Plot.Add(line, marks)
		f.Plot.Legend.Add(scaledLabel(s), line, marks)
		f.Marks += len(curves[i])
	}
	f.Plot.Legend.Left = true
	finish(f.Plot, true)
	return f, nil
}

// checkCurves refuses widths, scales or digits that a figure with one curve
// per scale and one point per width cannot show.
func checkCurves(widths []int, maxWidths int, scales []rational.Scale, digits int) error {
	if err := checkWidths(widths, maxWidths); err != nil {
		return err
	}
	if err := checkDigits(digits); err != nil {
		return err
	}
	return checkScales(scales)
}

// checkScales refuses an empty list or one too long to tell apart.
func checkScales(ss []rational.Scale) error {
	if len(ss) == 0 {
		return optionErrorf("scales", "no scale given")
	}
	if len(ss) > MaxSeries {
		return optionErrorf("scales", "%d scales is more than the %d one figure can show legibly", len(ss), MaxSeries)
	}
	return nil
}

// valuesCost estimates what the figure computes from the distribution pl
// plans: each scale's variance, rounded.
func (o VarianceOptions) valuesCost(*enumerate.Plan) (enumerate.Cost, float64) {
	var c enumerate.Cost
	for _, s := range o.Scales {
		c = c.Then(roundingCost(s, o.Digits, 1))
	}
	return enumerate.Cost{Seconds: c.Seconds}, c.Bytes
}
