package figures

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// MaxWidth bounds d_k on a figure: beyond it the axes hold nothing a reader
// can see that 4096 does not show, and the exact histograms grow large.
const MaxWidth = 4096

// MaxSeries bounds the curves or bar groups on one figure, to stay legible.
const MaxSeries = 8

// MaxDigits bounds the decimal places written to the data table.
const MaxDigits = 60

// Engine says how the exact distributions are computed.
type Engine struct {
	Method  enumerate.Method
	Options enumerate.Options
}

// distributions returns the exact distribution of q·k for each problem;
// every problem is planned and checked before the first is computed, and
// the whole (each computation in turn, every distribution kept for the
// figure, and what the figure computes from each, after(pl)) held to the
// limits, so that a refusal comes at once.
func (e Engine) distributions(ctx context.Context, problems []enumerate.Problem, after valuesCost) ([]*rational.Histogram, error) {
	plans, budget, err := e.plan(problems, after)
	if err != nil {
		return nil, err
	}
	if err := budget.Check(); err != nil {
		return nil, err
	}
	hists := make([]*rational.Histogram, len(plans))
	for i, pl := range plans {
		h, err := pl.Distribution(ctx)
		if err != nil {
			return nil, err
		}
		hists[i] = h
	}
	return hists, nil
}

// A valuesCost estimates what a figure computes from the distribution a
// plan plans: the work (its time, and the memory it holds while it runs)
// and the bytes it keeps, with its rows, until the figure is written.
type valuesCost func(pl *enumerate.Plan) (work enumerate.Cost, kept float64)

// plan plans each problem's distribution and returns the plans and the
// run's budget: each distribution's computation, the distribution held,
// and what after says the figure computes from it. A distribution its
// plan refuses on its own is refused here.
func (e Engine) plan(problems []enumerate.Problem, after valuesCost) ([]*enumerate.Plan, *enumerate.Budget, error) {
	plans := make([]*enumerate.Plan, len(problems))
	budget := enumerate.NewBudget(e.Options.Limits)
	for i, p := range problems {
		pl, err := enumerate.NewPlan(p, e.Method, e.Options)
		if err != nil {
			return nil, nil, err
		}
		if err := pl.Check(enumerate.NeedCounts); err != nil {
			return nil, nil, err
		}
		budget.AddPlan(pl, enumerate.NeedCounts)
		budget.Hold(fmt.Sprintf("the distribution at d_k = %d", p.D), pl.Cost(enumerate.NeedCounts).Bytes)
		work, kept := after(pl)
		budget.Add(fmt.Sprintf("the figure's values at d_k = %d", p.D), work)
		budget.Hold(fmt.Sprintf("the figure's values at d_k = %d", p.D), kept)
		plans[i] = pl
	}
	return plans, budget, nil
}

// problems returns the problem of each width for alphabets q and k.
func problems(q, k rational.Alphabet, widths []int) []enumerate.Problem {
	out := make([]enumerate.Problem, len(widths))
	for i, d := range widths {
		out[i] = enumerate.Problem{Q: q, K: k, D: d}
	}
	return out
}

// checkWidths refuses an empty list, too many entries, or a width out of range.
func checkWidths(ds []int, maxCount int) error {
	if len(ds) == 0 {
		return optionErrorf("widths", "no width d_k given")
	}
	if len(ds) > maxCount {
		return optionErrorf("widths", "%d widths is more than the %d one figure can show legibly", len(ds), maxCount)
	}
	for _, d := range ds {
		if d < 1 || d > MaxWidth {
			return optionErrorf("widths", "d_k = %d is outside 1..%d for a figure", d, MaxWidth)
		}
	}
	return nil
}

func checkDigits(n int) error {
	if n < 0 || n > MaxDigits {
		return optionErrorf("digits", "digits must be from 0 to %d, not %d", MaxDigits, n)
	}
	return nil
}

// pointRoundings is how many correctly rounded decimals a point of a figure
// takes: its two coordinates to plot (20 places each, see
// rational.Value.Float64) and to the data table.
const pointRoundings = 4

// roundingCost estimates rounding n values under scale s for a figure
// with digits places in its data table.
func roundingCost(s rational.Scale, digits, n int) enumerate.Cost {
	return enumerate.RoundingCost(s, max(digits, 20), pointRoundings*n)
}

// ratFloat returns the nearest float64 to r, for plotting only.
func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// scaledLabel returns the score's symbol under scale s, with markup for the
// outline text handler.
func scaledLabel(s rational.Scale) string { return scaleLabel(s, "q·k") }

func itoa(n int) string { return strconv.Itoa(n) }

// An OptionError refuses one of a figure's options: Option names it as
// the Options types do (widths, scales, scores, factors, digits), so that
// a caller can name its own flag for it.
type OptionError struct {
	Option string
	Err    error
}

func (e *OptionError) Error() string { return e.Err.Error() }
func (e *OptionError) Unwrap() error { return e.Err }

func optionErrorf(option, format string, args ...any) error {
	return &OptionError{Option: option, Err: fmt.Errorf(format, args...)}
}

// scaleLabel returns sym divided by the scale as a reader writes it: sym
// itself, "sym / √d_k", "sym / d_k", or "sym / d_k^{P}" with the exponent
// in TeX's superscript braces and a true minus sign (−).
func scaleLabel(s rational.Scale, sym string) string {
	switch s.Name() {
	case "raw":
		return sym
	case "sqrt":
		return sym + " / √d_k"
	case "d":
		return sym + " / d_k"
	}
	return sym + " / d_k^{" + strings.ReplaceAll(s.P.RatString(), "-", "−") + "}"
}
