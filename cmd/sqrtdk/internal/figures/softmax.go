package figures

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"gonum.org/v1/plot"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/figures/pgf"
	"github.com/sqrtdk/sqrtdk/internal/softmax"
	"github.com/sqrtdk/sqrtdk/rational"
)

// SoftmaxOptions describe the grouped bars of softmax(factor·scores).
type SoftmaxOptions struct {
	Scores  []*big.Rat
	Factors []*big.Rat
	Digits  int
}

// maxScores bounds the tokens in one group of bars.
const maxScores = 16

// A Weight is one softmax output: its exact closed form and its value
// correctly rounded.
type Weight struct {
	// Exact is the weight as an expression, "1/(1 + exp(-1) + exp(-2))", or a
	// rational when every exponent is zero.
	Exact string
	// Decimal is the weight correctly rounded to the requested places.
	Decimal string
	// Float is the nearest float64, for plotting.
	Float float64
}

// Weights returns the softmax weights e^(z_i)/Σ_j e^(z_j) of the scores z,
// with decimals correctly rounded to places. Every weight's enclosure is
// also cross-checked against an independent computation
// (softmax.CrossCheck), so an error in either method is reported, not
// printed.
func Weights(z []*big.Rat, places int) ([]Weight, error) {
	out := make([]Weight, len(z))
	settled := make([]softmax.Interval, len(z))
	prec := uint(maxBits)
	for i := range z {
		// w_i = 1/Σ_j e^(z_j − z_i): group equal exponents.
		mult := map[string]int{}
		exps := map[string]*big.Rat{}
		for _, zj := range z {
			e := new(big.Rat).Sub(zj, z[i])
			mult[e.RatString()]++
			exps[e.RatString()] = e
		}
		if len(mult) == 1 {
			r := big.NewRat(1, int64(len(z)))
			out[i] = Weight{Exact: r.RatString(), Decimal: rational.FormatRat(r, places, rational.RoundHalfEven), Float: ratFloat(r)}
			settled[i] = softmax.Interval{Lo: r, Hi: r}
			continue
		}
		out[i].Exact = softmaxExpression(mult, exps)
		e, err := roundEnclosed(places, func(prec uint) softmax.Interval {
			return softmax.Enclose(z, z, prec)[i]
		})
		if err != nil {
			return nil, err
		}
		out[i].Decimal, out[i].Float = e.decimal, e.float
		settled[i], prec = e.last, min(prec, e.prec)
	}
	if err := softmax.CrossCheck(z, nil, settled, prec); err != nil {
		return nil, err
	}
	return out, nil
}

// softmaxExpression writes 1/(n + m·exp(a) + …) with exponents descending.
func softmaxExpression(mult map[string]int, exps map[string]*big.Rat) string {
	keys := make([]string, 0, len(exps))
	for k := range exps {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool { return exps[keys[a]].Cmp(exps[keys[b]]) > 0 })
	var terms []string
	for _, k := range keys {
		switch {
		case exps[k].Sign() == 0:
			terms = append(terms, fmt.Sprint(mult[k]))
		case mult[k] == 1:
			terms = append(terms, "exp("+k+")")
		default:
			terms = append(terms, fmt.Sprintf("%d*exp(%s)", mult[k], k))
		}
	}
	return "1/(" + strings.Join(terms, " + ") + ")"
}

// factorLabel writes a factor as the reader says it: ×8, ÷100, ×3/2.
func factorLabel(f *big.Rat) string {
	switch {
	case f.IsInt():
		return "×" + strings.ReplaceAll(f.RatString(), "-", "−")
	case f.Num().IsInt64() && (f.Num().Int64() == 1 || f.Num().Int64() == -1):
		sign := ""
		if f.Sign() < 0 {
			sign = "−"
		}
		return "÷" + sign + f.Denom().String()
	}
	return "×" + strings.ReplaceAll(f.RatString(), "-", "−")
}

// SoftmaxFigure draws softmax(factor·scores) for each factor as a group of
// bars, one bar per score.
func SoftmaxFigure(o SoftmaxOptions) (*Figure, error) {
	if err := checkDigits(o.Digits); err != nil {
		return nil, err
	}
	if len(o.Scores) == 0 || len(o.Scores) > maxScores {
		return nil, optionErrorf("scores", "give from 1 to %d scores, not %d", maxScores, len(o.Scores))
	}
	if len(o.Factors) == 0 || len(o.Factors) > MaxSeries {
		return nil, optionErrorf("factors", "give from 1 to %d factors, not %d", MaxSeries, len(o.Factors))
	}
	f := &Figure{
		Plot: newPlot("factor applied to the scores", "softmax weight (share of attention)", false),
		Data: Table{Header: []string{"factor", "score", "scaled_score", "weight_exact", "weight_decimal"}},
	}
	heights := make([][]float64, len(o.Scores)) // heights[score][factor]
	for i := range heights {
		heights[i] = make([]float64, len(o.Factors))
	}
	labels := make([]string, len(o.Factors))
	decimals := make([][]string, len(o.Scores)) // decimals[score][factor]
	for g, fac := range o.Factors {
		labels[g] = factorLabel(fac)
		z := make([]*big.Rat, len(o.Scores))
		for i, s := range o.Scores {
			z[i] = new(big.Rat).Mul(fac, s)
		}
		ws, err := Weights(z, o.Digits)
		if err != nil {
			return nil, err
		}
		for i, w := range ws {
			f.Data.Rows = append(f.Data.Rows, []string{fac.RatString(), o.Scores[i].RatString(), z[i].RatString(), w.Exact, w.Decimal})
			heights[i][g] = w.Float
			decimals[i] = append(decimals[i], w.Decimal)
		}
	}
	f.PGF = pgf.Axis{XLabel: f.Plot.X.Label.Text, YLabel: f.Plot.Y.Label.Text, YMin: "0", YMax: "1.3", Groups: labels, LegendLeft: true}
	for i, s := range o.Scores {
		ser := pgf.Series{Name: "score " + strings.ReplaceAll(s.RatString(), "-", "−")}
		for g, dec := range decimals[i] {
			ser.Points = append(ser.Points, [2]string{itoa(g), dec})
		}
		f.PGF.Series = append(f.PGF.Series, ser)
	}
	for i, s := range o.Scores {
		b := barSeries{values: heights[i], index: i, count: len(o.Scores), color: seriesColor(i)}
		f.Plot.Add(b)
		f.Plot.Legend.Add("score "+strings.ReplaceAll(s.RatString(), "-", "−"), b)
		f.Marks += len(heights[i])
	}
	ticks := make([]plot.Tick, len(labels))
	for g, l := range labels {
		ticks[g] = plot.Tick{Value: float64(g), Label: l}
	}
	f.Plot.X.Tick.Marker = plot.ConstantTicks(ticks)
	f.Plot.X.Tick.Length = 0
	// Room above the tallest bar (a weight of 1) for the legend.
	f.Plot.Y.Min, f.Plot.Y.Max = 0, 1+headroom
	f.Plot.Y.Tick.Marker = fixedTicks(0, 1, 0.25, 2)
	f.Plot.Legend.Left = true
	finish(f.Plot, false)
	return f, nil
}
