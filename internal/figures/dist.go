package figures

import (
	"context"
	"math/big"

	"gonum.org/v1/plot/plotter"

	"github.com/sqrtdk/sqrtdk/rational"
)

// DistOptions describe the figure of the exact distribution of q·k.
type DistOptions struct {
	Q, K   rational.Alphabet
	Widths []int
	Scale  rational.Scale
	Digits int
	Engine Engine
}

// Dist draws the probability of every possible score for each width, one
// curve per width, with the scores divided by the scale's divisor.
func Dist(ctx context.Context, o DistOptions) (*Figure, error) {
	if err := checkWidths(o.Widths, MaxSeries); err != nil {
		return nil, err
	}
	if err := checkDigits(o.Digits); err != nil {
		return nil, err
	}
	label := scaledLabel(o.Scale)
	f := &Figure{
		Plot: newPlot("score "+label, "probability of the score", true),
		Data: Table{Header: []string{"d_k", "scale", "score_exact", "score_decimal", "count", "probability_exact", "probability_decimal"}},
	}
	hists, err := o.Engine.distributions(ctx, problems(o.Q, o.K, o.Widths))
	if err != nil {
		return nil, err
	}
	for i, d := range o.Widths {
		h := hists[i]
		total := h.Total()
		inv := o.Scale.Divisor(int64(d)).Inv()
		var pts plotter.XYs
		for t, c := range h.Counts {
			if c.Sign() == 0 {
				continue // not a possible score
			}
			x := rational.NewRat(h.Score(t)).Mul(inv)
			prob := new(big.Rat).SetFrac(c, total)
			f.Data.Rows = append(f.Data.Rows, []string{
				itoa(d), o.Scale.Name(), x.String(), x.Decimal(o.Digits, rational.RoundHalfEven),
				c.String(), prob.RatString(), rational.FormatRat(prob, o.Digits, rational.RoundHalfEven),
			})
			pts = append(pts, plotter.XY{X: x.Float64(), Y: ratFloat(prob)})
		}
		line, marks, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		line.LineStyle = lineStyle(i)
		marks.GlyphStyle = glyphStyle(i)
		f.Plot.Add(line, marks)
		f.Plot.Legend.Add("d_k = "+itoa(d), line, marks)
		f.Marks += len(pts)
	}
	f.Plot.Y.Min = 0
	return f, nil
}
