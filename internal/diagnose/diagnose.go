package diagnose

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

var ratHalf = big.NewRat(1, 2)

// MaxWidth bounds d_k and d_model.
const MaxWidth = 1 << 30

// A Mistake names one explanation of a measured score std.
type Mistake int

const (
	// ScaleRight means the scores are divided by √d_k once and entries have unit size.
	ScaleRight Mistake = iota
	// ScaleMissing means the scores are not divided at all.
	ScaleMissing
	// ScaleTwice means the scores are divided by √d_k twice.
	ScaleTwice
	// ModelWidth means the square root uses d_model instead of the per-head d_k.
	ModelWidth
	// EntrySize means the scale is right but the entries of q and k are not unit-size.
	EntrySize
	// Unexplained means no hypothesis comes within the tolerance.
	Unexplained
)

var mistakeNames = [...]string{"scale right", "scale missing", "scale applied twice", "model width instead of head width", "entries not unit-size", "unexplained factor"}

// String returns the mistake's short name, such as "scale missing".
func (m Mistake) String() string { return mistakeNames[m] }

// Input is what the user measured and knows. Zero DModel and Heads, and nil
// QStd and KStd, mean unknown.
type Input struct {
	MeasuredStd *big.Rat // std of the scores right before softmax
	DK          int64    // width of one head
	DModel      int64    // width of all heads together, or 0
	Heads       int64    // number of heads, or 0
	QStd, KStd  *big.Rat // std of the query and key entries, or nil
}

// A Hypothesis is one mistake with the exact std it predicts and the factor
// max(m/e, e/m) by which the measurement m is off from that prediction e.
type Hypothesis struct {
	Mistake  Mistake
	Expected rational.Value
	Off      rational.Value
}

// A Result ranks the hypotheses for one input.
type Result struct {
	Input Input
	// Hypotheses are listed in the fixed order of the Mistake constants,
	// without those the input cannot tell apart from an earlier one.
	Hypotheses []Hypothesis
	// Best indexes the hypothesis with the smallest factor; ties go to the
	// earlier one, so a measurement that fits "scale right" as well as a
	// mistake is not blamed on the mistake.
	Best int
	// Verdict is the best hypothesis's mistake, or Unexplained when even the
	// best is off by more than the tolerance.
	Verdict Mistake
	// Tolerance is the factor the best fit had to be within.
	Tolerance *big.Rat
	// Omitted lists hypotheses left out because they predict exactly the same
	// std as an earlier one (for d_k = 1, say), so no measurement can tell them apart.
	Omitted []Mistake
}

// headRatio returns d_model/d_k (the number of heads) as a rational, and
// false when neither d_model nor the number of heads is known.
func (in Input) headRatio() (*big.Rat, bool) {
	switch {
	case in.DModel > 0:
		return big.NewRat(in.DModel, in.DK), true
	case in.Heads > 0:
		return big.NewRat(in.Heads, 1), true
	}
	return nil, false
}

// Check reports input that cannot be diagnosed, in one sentence.
func (in Input) Check() error {
	if in.MeasuredStd == nil || in.MeasuredStd.Sign() <= 0 {
		return fmt.Errorf("the measured std must be a positive number")
	}
	if in.DK < 1 || in.DK > MaxWidth {
		return fmt.Errorf("d_k must be an integer from 1 to %d, not %d", MaxWidth, in.DK)
	}
	if in.DModel < 0 || in.DModel > MaxWidth {
		return fmt.Errorf("d_model must be an integer from 1 to %d, not %d", MaxWidth, in.DModel)
	}
	if in.Heads < 0 || in.Heads > MaxWidth {
		return fmt.Errorf("the number of heads must be an integer from 1 to %d, not %d", MaxWidth, in.Heads)
	}
	if in.DModel > 0 && in.DModel < in.DK {
		return fmt.Errorf("d_model = %d is smaller than d_k = %d; d_model is the width of all heads together", in.DModel, in.DK)
	}
	if in.DModel > 0 && in.Heads > 0 && in.DModel != in.Heads*in.DK {
		return fmt.Errorf("d_model = %d is not heads × d_k = %d × %d = %d", in.DModel, in.Heads, in.DK, in.Heads*in.DK)
	}
	for _, s := range []struct {
		name string
		v    *big.Rat
	}{{"q-std", in.QStd}, {"k-std", in.KStd}} {
		if s.v != nil && s.v.Sign() <= 0 {
			return fmt.Errorf("the %s must be a positive number, not %s", s.name, s.v.RatString())
		}
	}
	return nil
}

// entryScale returns b = σ_q·σ_k, each 1 when unknown.
func (in Input) entryScale() *big.Rat {
	b := big.NewRat(1, 1)
	for _, s := range []*big.Rat{in.QStd, in.KStd} {
		if s != nil {
			b.Mul(b, s)
		}
	}
	return b
}

// Expected returns the exact std each hypothesis predicts, in the fixed
// order; the model-width one needs d_model or the number of heads, the
// entry-size one needs σ_q or σ_k.
func Expected(in Input) []Hypothesis {
	b := in.entryScale()
	sqrtD := rational.PowerOf(in.DK, big.NewRat(1, 2))
	hs := []Hypothesis{
		{Mistake: ScaleRight, Expected: rational.NewRat(big.NewRat(1, 1))},
		{Mistake: ScaleMissing, Expected: sqrtD.MulRat(b)},
		{Mistake: ScaleTwice, Expected: sqrtD.Inv().MulRat(b)},
	}
	if r, ok := in.headRatio(); ok {
		// Dividing q·k (std b·√d_k) by √d_model leaves b·√(d_k/d_model).
		hs = append(hs, Hypothesis{Mistake: ModelWidth, Expected: rational.NewRat(new(big.Rat).Inv(r)).Root(2).MulRat(b)})
	}
	if in.QStd != nil || in.KStd != nil {
		hs = append(hs, Hypothesis{Mistake: EntrySize, Expected: rational.NewRat(b)})
	}
	return hs
}

// distinct splits hs into those whose prediction differs from every earlier
// one and the mistakes of the others.
func distinct(hs []Hypothesis) (kept []Hypothesis, omitted []Mistake) {
next:
	for _, h := range hs {
		for _, k := range kept {
			if k.Expected.Cmp(h.Expected) == 0 {
				omitted = append(omitted, h.Mistake)
				continue next
			}
		}
		kept = append(kept, h)
	}
	return kept, omitted
}

// offFactor returns max(m/e, e/m) exactly.
func offFactor(m *big.Rat, e rational.Value) rational.Value {
	ratio := rational.NewRat(m).Mul(e.Inv())
	if ratio.Cmp(rational.NewRat(big.NewRat(1, 1))) < 0 {
		return ratio.Inv()
	}
	return ratio
}

// Diagnose ranks the hypotheses for in; tolerance (> 1) is the largest
// factor by which the best fit may be off and still be believed.
func Diagnose(in Input, tolerance *big.Rat) (Result, error) {
	if err := in.Check(); err != nil {
		return Result{}, err
	}
	if tolerance == nil || tolerance.Cmp(big.NewRat(1, 1)) <= 0 {
		return Result{}, fmt.Errorf("the tolerance must be a factor above 1")
	}
	r := Result{Input: in, Tolerance: new(big.Rat).Set(tolerance)}
	r.Hypotheses, r.Omitted = distinct(Expected(in))
	for i := range r.Hypotheses {
		h := &r.Hypotheses[i]
		h.Off = offFactor(in.MeasuredStd, h.Expected)
		if h.Off.Cmp(r.Hypotheses[r.Best].Off) < 0 {
			r.Best = i
		}
	}
	r.Verdict = r.Hypotheses[r.Best].Mistake
	if r.Hypotheses[r.Best].Off.Cmp(rational.NewRat(tolerance)) > 0 {
		r.Verdict = Unexplained
	}
	return r, nil
}
