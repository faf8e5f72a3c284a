package softmax

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// Printed is a figure as it was printed together with the number of decimal places it was rounded to.
type Printed struct {
	Text   string
	Places int
}

// BoxFromPrinted returns the Box of all exact scores that round to the printed scores, to be divided by √dk (dk == nil means 1).
func BoxFromPrinted(scores []Printed, dk *big.Rat) (Box, error) {
	b := Box{Lo: make([]*big.Rat, len(scores)), Hi: make([]*big.Rat, len(scores)), DK: dk}
	for i, p := range scores {
		c, err := Cell(p.Text, p.Places)
		if err != nil {
			return Box{}, fmt.Errorf("score %d: %w", i, err)
		}
		b.Lo[i], b.Hi[i] = c.Lo, c.Hi
	}
	return b, b.check()
}

// Report is the verdict on one printed figure with its evidence: the rounding cell of the figure and the rigorous Range of the exact quantity.
type Report struct {
	Consistency Consistency
	Cell        Interval
	Range       Range
	Prec        uint // last working precision used, in bits
	Boxes       int  // boxes evaluated by branch and bound (0 for softmax outputs)
}

// String summarises r on one line.
func (r Report) String() string {
	return fmt.Sprintf("%s: cell %s, %s (prec %d, boxes %d)", r.Consistency, r.Cell, r.Range, r.Prec, r.Boxes)
}

// Check judges each printed softmax output separately against the attainable range of p_i(z/√DK) over the Box, doubling precision up to opt.MaxPrec while any verdict is Undecided; at a single point it also cross-checks every enclosure by CrossCheck and returns its error. It returns ctx's error once ctx is done.
func Check(ctx context.Context, b Box, outputs []Printed, opt Options) ([]Report, error) {
	if err := b.check(); err != nil {
		return nil, err
	}
	cells := make([]Interval, len(outputs))
	for i, p := range outputs {
		c, err := Cell(p.Text, p.Places)
		if err != nil {
			return nil, fmt.Errorf("output %d: %w", i, err)
		}
		cells[i] = c
	}
	return CheckCells(ctx, b, cells, opt)
}

// CheckCells is Check for outputs given as closed intervals of the values
// they stand for rather than as printed decimals.
func CheckCells(ctx context.Context, b Box, cells []Interval, opt Options) ([]Report, error) {
	if err := b.check(); err != nil {
		return nil, err
	}
	if len(cells) != len(b.Lo) {
		return nil, fmt.Errorf("softmax: %s for %s", numwords.Count(len(cells), "printed output"), numwords.Count(len(b.Lo), "score"))
	}
	opt = opt.withDefaults()
	reps := make([]Report, len(cells))
	for i, c := range cells {
		reps[i].Cell = c
	}
	for prec := opt.Prec; prec <= opt.MaxPrec; prec *= 2 {
		rs, err := opt.Cache.rangesOf(ctx, b, prec)
		if err != nil {
			return nil, err
		}
		done := true
		for i := range reps {
			if reps[i].Consistency != Undecided {
				continue
			}
			reps[i].Range, reps[i].Prec = rs[i], prec
			reps[i].Consistency = attainableCell(reps[i].Cell, rs[i])
			done = done && reps[i].Consistency != Undecided
		}
		if done {
			break
		}
	}
	if b.isPoint() {
		ivs := make([]Interval, len(reps))
		prec := opt.MaxPrec
		for i, r := range reps {
			ivs[i], prec = r.Range.Hull(), min(prec, r.Prec)
		}
		if err := opt.Cache.crossCheck(b, ivs, prec); err != nil {
			return nil, err
		}
	}
	return reps, nil
}

// CheckJacobianMaxAbs judges a printed value of max_{i,j} |J_ij| of the softmax Jacobian at z/√DK against its attainable range over the Box, refining until decided and returning Undecided when opt.MaxBoxes or opt.MaxPrec runs out, or ctx's error once ctx is done.
func CheckJacobianMaxAbs(ctx context.Context, b Box, printed Printed, opt Options) (Report, error) {
	if err := b.check(); err != nil {
		return Report{}, err
	}
	cell, err := Cell(printed.Text, printed.Places)
	if err != nil {
		return Report{}, err
	}
	opt = opt.withDefaults()
	rep := Report{Cell: cell}
	stop := func(r Range) bool { return attainableCell(cell, r) != Undecided }
	budget := opt.MaxBoxes
	for prec := opt.Prec; prec <= opt.MaxPrec && budget > 0; prec *= 2 {
		r, used, err := jacRange(ctx, b, prec, budget, stop)
		if err != nil && !errors.Is(err, ErrBudget) {
			return Report{}, err
		}
		budget -= used
		rep.Range, rep.Prec, rep.Boxes = r, prec, rep.Boxes+used
		rep.Consistency = attainableCell(cell, r)
		if rep.Consistency != Undecided || errors.Is(err, ErrBudget) {
			break
		}
	}
	return rep, nil
}
