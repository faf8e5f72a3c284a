package figures

import (
	"context"
	"math/big"

	"gonum.org/v1/plot/plotter"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/figures/pgf"
	"github.com/sqrtdk/sqrtdk/enumerate"
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

// Dist draws, for each width, the density of the scaled score x = q·k/c
// (c the scale's divisor) at every score it can take: its probability
// divided by the spacing of those scores, Δ = g·Step/c, where g·Step is the
// finest spacing of the raw scores with a nonzero count (g the gcd of
// their lattice index differences). Probability mass at one width is
// spread over a spacing that shrinks as the scores are divided by more, so
// densities, unlike probabilities, are comparable across widths: under
// ÷√d_k the curves of every width fall onto one, since Σ x²·density·Δ =
// Var(q·k)/d_k is the same for all. The data table holds both the
// probability and the density, exactly.
func Dist(ctx context.Context, o DistOptions) (*Figure, error) {
	if err := checkWidths(o.Widths, MaxSeries); err != nil {
		return nil, err
	}
	if err := checkDigits(o.Digits); err != nil {
		return nil, err
	}
	label := scaledLabel(o.Scale)
	f := &Figure{
		Plot: newPlot("score "+label, "density (probability ÷ score spacing)", true),
		Data: Table{Header: []string{"d_k", "scale", "score_exact", "score_decimal", "count", "probability_exact", "probability_decimal",
			"spacing_exact", "density_exact", "density_decimal"}},
	}
	hists, err := o.Engine.distributions(ctx, problems(o.Q, o.K, o.Widths), o.valuesCost)
	if err != nil {
		return nil, err
	}
	f.PGF = pgf.Axis{XLabel: f.Plot.X.Label.Text, YLabel: f.Plot.Y.Label.Text, YMin: "0"}
	for i, d := range o.Widths {
		h := hists[i]
		ser := pgf.Series{Name: "d_k = " + itoa(d)}
		total := h.Total()
		inv := o.Scale.Divisor(int64(d)).Inv()
		spacing := rational.NewRat(latticeSpacing(h)).Mul(inv)
		perSpacing := spacing.Inv()
		var pts plotter.XYs
		for t, c := range h.Counts {
			if c.Sign() == 0 {
				continue // not a possible score
			}
			if err := ctx.Err(); err != nil {
				return nil, err // an irrational point can take milliseconds
			}
			x := rational.NewRat(h.Score(t)).Mul(inv)
			prob := new(big.Rat).SetFrac(c, total)
			density := perSpacing.MulRat(prob)
			f.Data.Rows = append(f.Data.Rows, []string{
				itoa(d), o.Scale.Name(), x.String(), x.Decimal(o.Digits, rational.RoundHalfEven),
				c.String(), prob.RatString(), rational.FormatRat(prob, o.Digits, rational.RoundHalfEven),
				spacing.String(), density.String(), density.Decimal(o.Digits, rational.RoundHalfEven),
			})
			pts = append(pts, plotter.XY{X: x.Float64(), Y: density.Float64()})
			ser.Points = append(ser.Points, [2]string{x.Decimal(o.Digits, rational.RoundHalfEven), density.Decimal(o.Digits, rational.RoundHalfEven)})
		}
		line, marks, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		line.LineStyle = lineStyle(i)
		marks.GlyphStyle = glyphStyle(i)
		f.Plot.Add(line, marks)
		f.Plot.Legend.Add("d_k = "+itoa(d), line, marks)
		f.PGF.Series = append(f.PGF.Series, ser)
		f.Marks += len(pts)
	}
	f.Plot.Y.Min = 0
	f.Plot.X.Tick.Marker = minusTicks{stepTicks{labels: 15}}
	f.Plot.Y.Tick.Marker = stepTicks{labels: 6}
	finish(f.Plot, true)
	return f, nil
}

// valuesCost estimates what the figure computes from the distribution pl
// plans: every point's row of the data table is exact, its count, its
// probability and its density, integers of the pairs' bits, and each is
// also rounded.
func (o DistOptions) valuesCost(pl *enumerate.Plan) (enumerate.Cost, float64) {
	p := pl.Problem()
	rows := enumerate.ExactRowsCost(float64(pl.Scores()), p.Q.VectorsLog2(p.D)+p.K.VectorsLog2(p.D), powerOfTwo(p.Q.Size()*p.K.Size()))
	r := roundingCost(o.Scale, o.Digits, pl.Scores())
	return enumerate.Cost{Seconds: r.Seconds + rows.Seconds}, r.Bytes + rows.Bytes
}

// latticeSpacing returns the finest spacing of the scores with a nonzero
// count: Step times the gcd of their index differences, or Step when there
// is only one such score.
func latticeSpacing(h *rational.Histogram) *big.Rat {
	g, first := new(big.Int), -1
	for t, c := range h.Counts {
		if c.Sign() == 0 {
			continue
		}
		if first < 0 {
			first = t
			continue
		}
		g.GCD(nil, nil, g, big.NewInt(int64(t-first)))
	}
	if g.Sign() == 0 {
		g.SetInt64(1)
	}
	return new(big.Rat).Mul(h.Step, new(big.Rat).SetInt(g))
}

// powerOfTwo reports whether n is a power of two.
func powerOfTwo(n int64) bool { return n > 0 && n&(n-1) == 0 }
