package figures

import (
	"context"
	"fmt"
	"math"
	"math/big"

	"gonum.org/v1/plot/plotter"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/figures/pgf"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/softmax"
	"github.com/sqrtdk/sqrtdk/rational"
)

// SaturationOptions describe the figure of the expected softmax slope
// E[p(1−p)] against d_k for one query and two keys with ±1 entries.
type SaturationOptions struct {
	Widths []int
	Scales []rational.Scale
	Digits int
	Engine Engine
}

// maxSaturationWidths bounds the points per curve.
const maxSaturationWidths = 64

// differenceProblem returns the problem whose score is s = q·k1 − q·k2 for
// q, k1, k2 with independent uniform ±1 entries. Since s = q·(k1 − k2) and
// k1_i − k2_i is −2, 0, 0 or 2 with equal weight, s is the dot product of a
// ±1 vector with a vector over the alphabet {−2, 0:2, 2}; the problem's
// 8^d cases are exactly the triples (q, k1, k2).
func differenceProblem(d int) enumerate.Problem {
	diff, err := rational.ParseAlphabet("-2,0:2,2")
	if err != nil {
		panic(err)
	}
	return enumerate.Problem{Q: rational.Signs(), K: diff, D: d}
}

// A Slope is E[p(1−p)] for one width and scale, correctly rounded.
type Slope struct {
	D     int            // the width d_k
	Scale rational.Scale // how the score difference is scaled
	// Divisor is c = d_k^P, the exact number the score difference is divided by.
	Divisor rational.Value
	// Decimal is E[p(1−p)] correctly rounded (half-even) to the requested places.
	Decimal string
	// Float is a float64 inside the bracket that settled Decimal, for plotting.
	Float float64
}

// ExpectedSlope returns E[p(1−p)] with p = σ(s/c) the softmax weight of the
// first of two keys, s distributed as h and c the scale's divisor at d,
// correctly rounded to places decimals.
func ExpectedSlope(h *rational.Histogram, d int, s rational.Scale, places int) (Slope, error) {
	c := s.Divisor(int64(d))
	out := Slope{D: d, Scale: s, Divisor: c}
	e, err := roundEnclosed(places, func(prec uint) softmax.Interval {
		return slopeBounds(h, c.Inv(), prec)
	})
	out.Decimal, out.Float = e.decimal, e.float
	return out, err
}

// slopeBounds brackets Σ_s P(s)·g(s/c) with g(x) = σ(x)(1 − σ(x)) and inv = 1/c.
// g is even, and with u = e^(−|x|) in (0, 1] it equals u/(1+u)², which grows
// with u; so the enclosure of u gives one of g. Each term is rounded outward
// to w = prec fractional bits so that the sum stays a short fraction.
func slopeBounds(h *rational.Histogram, inv rational.Value, w uint) softmax.Interval {
	invB := valueBounds(inv, w)
	lo, hi := new(big.Int), new(big.Int)
	for t, cnt := range h.Counts {
		if cnt.Sign() == 0 {
			continue
		}
		s := new(big.Rat).Abs(h.Score(t))
		u := softmax.ExpNegEnclosure(softmax.Interval{Lo: new(big.Rat).Mul(s, invB.Lo), Hi: new(big.Rat).Mul(s, invB.Hi)}, w)
		lo.Add(lo, new(big.Int).Mul(cnt, toFixed(slope(u.Lo), w, false)))
		hi.Add(hi, new(big.Int).Mul(cnt, toFixed(slope(u.Hi), w, true)))
	}
	den := new(big.Int).Lsh(h.Total(), w)
	return softmax.Interval{Lo: new(big.Rat).SetFrac(lo, den), Hi: new(big.Rat).SetFrac(hi, den)}
}

// slope returns u/(1+u)², the softmax slope σ(x)(1 − σ(x)) at u = e^(−|x|).
func slope(u *big.Rat) *big.Rat {
	den := new(big.Rat).Add(u, big.NewRat(1, 1))
	den.Mul(den, den)
	return den.Quo(u, den)
}

// Saturation draws E[p(1−p)] against d_k, one curve per scale.
func Saturation(ctx context.Context, o SaturationOptions) (*Figure, error) {
	if err := checkCurves(o.Widths, maxSaturationWidths, o.Scales, o.Digits); err != nil {
		return nil, err
	}
	f := &Figure{
		Plot: newPlot("head width d_k (entries per vector)", "mean slope E[p(1 − p)]", true),
		Data: Table{Header: []string{"d_k", "scale", "divisor_exact", "divisor_decimal", "mean_p_1_minus_p"}},
	}
	ps := make([]enumerate.Problem, len(o.Widths))
	for i, d := range o.Widths {
		ps[i] = differenceProblem(d)
	}
	hists, err := o.Engine.distributions(ctx, ps, o.valuesCost)
	if err != nil {
		return nil, err
	}
	logX := len(o.Widths) > 1
	f.PGF = pgf.Axis{XLabel: f.Plot.X.Label.Text, YLabel: f.Plot.Y.Label.Text, XLog: logX, YMin: "0", YMax: "0.25", LegendLeft: true, LegendBottom: true}
	for i, s := range o.Scales {
		pts := make(plotter.XYs, len(o.Widths))
		ser := pgf.Series{Name: "p = σ(" + scaleLabel(s, "s") + ")"}
		for j, d := range o.Widths {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			sl, err := ExpectedSlope(hists[j], d, s, o.Digits)
			if err != nil {
				return nil, fmt.Errorf("d_k = %d, scale %s: %v", d, s.Name(), err)
			}
			f.Data.Rows = append(f.Data.Rows, []string{itoa(d), s.Name(), sl.Divisor.String(), sl.Divisor.Decimal(o.Digits, rational.RoundHalfEven), sl.Decimal})
			pts[j] = plotter.XY{X: float64(d), Y: sl.Float}
			ser.Points = append(ser.Points, [2]string{itoa(d), sl.Decimal})
			if logX {
				pts[j].X = math.Log10(pts[j].X)
			}
		}
		line, marks, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		line.LineStyle = lineStyle(i)
		marks.GlyphStyle = glyphStyle(i)
		f.Plot.Add(line, marks)
		f.Plot.Legend.Add("p = σ("+scaleLabel(s, "s")+")", line, marks)
		f.PGF.Series = append(f.PGF.Series, ser)
		f.Marks += len(pts)
	}
	if logX {
		xs := make([]float64, len(o.Widths))
		for j, d := range o.Widths {
			xs[j] = float64(d)
		}
		f.Plot.X.Tick.Marker = log10Ticks{powerTicks{xs}}
	}
	// p(1−p) is at most 1/4, reached when the two scores are equal.
	f.Plot.Y.Min, f.Plot.Y.Max = 0, 0.25
	f.Plot.Y.Tick.Marker = fixedTicks(0, 0.25, 0.05, 2)
	f.Plot.Legend.Top = false
	f.Plot.Legend.Left = true
	finish(f.Plot, false)
	return f, nil
}

// valuesCost estimates what the figure computes from the distribution pl
// plans: each scale's mean slope, an enclosure of e^(−|x|) at every score
// summed with its count (slopeSeconds and slopeBytes each), and the
// divisor rounded; what it keeps is the rounded divisor's digits.
func (o SaturationOptions) valuesCost(pl *enumerate.Plan) (enumerate.Cost, float64) {
	p := pl.Problem()
	words := (p.Q.VectorsLog2(p.D) + p.K.VectorsLog2(p.D)) / 64
	var work enumerate.Cost
	var kept float64
	for _, s := range o.Scales {
		r := roundingCost(s, o.Digits, 1)
		work.Seconds += r.Seconds + float64(pl.Scores())*slopeSeconds(o.Digits, words)
		kept += r.Bytes
	}
	work.Bytes = float64(pl.Scores()*len(o.Scales)) * slopeBytes
	return work, kept
}

// slopeBytes is the memory one score's term of the mean slope leaves for
// the collector to find live while a width's sums run (its enclosures'
// rationals and their fixed-point bounds), about 500 bytes a score and
// scale as measured at d_k = 1024 (3 MiB beside the distribution for
// three scales); it is freed before the next width.
const slopeBytes = 512

// slopeSeconds estimates one score's term of the mean slope: an
// enclosure of e^(−|x|) and of u/(1+u)² to the bits places decimals
// need, each bound multiplied by the score's count of words 64-bit
// words. Measured on 2026-12-03 (load 3-7, least CPU of three) at
// d_k = 1024: 37-124 µs a score under √d_k, 44-110 under d_k, 74-184
// under d_k^1/4 and 99-211 unscaled, flat up to 15 places and about
// twice at 30; TestCurveFiguresCostCalibrated holds it within 2x.
func slopeSeconds(places int, words float64) float64 {
	return (70e-6 + 0.1e-6*words) * (1 + math.Max(0, float64(places-15))/12)
}
