package scalecheck

import (
	"math/big"

	"github.com/sqrtdk/sqrtdk/grade"
	"github.com/sqrtdk/sqrtdk/internal/mistake"
	"github.com/sqrtdk/sqrtdk/rational"
)

// ScaleRight is the hypothesis that q·k is multiplied by the intended
// factor: no mistake of the catalogue (grade.MistakeKind), which names
// every other hypothesis.
const ScaleRight grade.MistakeKind = 0

// A candidate is one mistake and the factor it applies to q·k.
type candidate struct {
	mistake grade.MistakeKind
	factor  rational.Value
}

// candidates lists every hypothesis that applies to in, in the fixed order
// of the Mistake constants, each with the exact factor it applies to q·k.
func candidates(in Input) []candidate {
	s := in.Intended.orDefault()
	one := rational.NewRat(big.NewRat(1, 1))
	a0 := s.Factor(in.DK)
	usual := rational.PowerOf(in.DK, big.NewRat(-1, 2))
	cs := []candidate{
		{ScaleRight, a0},
		{mistake.Unscaled, one},
		{mistake.ScaledTwice, a0.Mul(a0)},
		{mistake.DividedByD, rational.NewRat(big.NewRat(1, in.DK))},
		{mistake.ScaleInverted, a0.Inv()},
	}
	if s.DependsOnWidth() {
		if m, ok := in.ModelWidth(); ok && m != in.DK {
			cs = append(cs, candidate{mistake.ModelWidth, s.Factor(m)})
		}
		if w, ok := in.SplitWidth(); ok && w != in.DK {
			cs = append(cs, candidate{mistake.SplitWidth, s.Factor(w)})
		}
	}
	if !s.IsDefault() {
		cs = append(cs, candidate{mistake.UsualScale, usual}, candidate{mistake.UsualOnTop, a0.Mul(usual)})
	}
	if s.Each {
		side := s
		side.Each = false
		cs = append(cs, candidate{mistake.OneSide, side.Factor(in.DK)})
	}
	return append(cs, candidate{mistake.ScaleZero, rational.NewRat(new(big.Rat))})
}

// An Off is the exact factor max(m/e, e/m) ≥ 1 by which a measurement m
// misses an expectation e, or Infinite when exactly one of them is 0.
type Off struct {
	// Factor is the ratio of the larger to the smaller of the two, at
	// least 1.
	Factor rational.Value
	// Infinite says that exactly one of the two is zero: no factor joins
	// them.
	Infinite bool
}

// offFactor returns how far the measurement m is from the expectation e.
func offFactor(m *big.Rat, e rational.Value) Off {
	switch {
	case m.Sign() == 0 && e.Sign() == 0:
		return Off{Factor: rational.NewRat(big.NewRat(1, 1))}
	case m.Sign() == 0 || e.Sign() == 0:
		return Off{Infinite: true}
	}
	ratio := rational.NewRat(m).Mul(e.Inv())
	if ratio.Cmp(rational.NewRat(big.NewRat(1, 1))) < 0 {
		ratio = ratio.Inv()
	}
	return Off{Factor: ratio}
}

// Cmp compares two Offs and returns -1, 0 or +1; infinite ones are equal.
func (o Off) Cmp(p Off) int {
	switch {
	case o.Infinite && p.Infinite:
		return 0
	case o.Infinite:
		return 1
	case p.Infinite:
		return -1
	}
	return o.Factor.Cmp(p.Factor)
}

// Within reports whether the factor is at most t.
func (o Off) Within(t *big.Rat) bool {
	return !o.Infinite && o.Factor.Cmp(rational.NewRat(t)) <= 0
}

// Decimal writes the factor rounded half-even to places decimals, or "∞".
func (o Off) Decimal(places int) string {
	if o.Infinite {
		return "∞"
	}
	return o.Factor.Decimal(places, rational.RoundHalfEven)
}

// String writes the exact factor, or "inf".
func (o Off) String() string {
	if o.Infinite {
		return "inf"
	}
	return o.Factor.String()
}
