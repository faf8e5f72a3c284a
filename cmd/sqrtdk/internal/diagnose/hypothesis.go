package diagnose

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Mistake names one explanation of a measured score std: the factor the
// code actually multiplies q·k by. ScaleRight is the intended factor.
type Mistake int

const (
	// ScaleRight: q·k is multiplied by the intended factor a₀.
	ScaleRight Mistake = iota
	// ScaleMissing: q·k is not scaled before softmax (factor 1); a scale
	// applied after softmax looks the same.
	ScaleMissing
	// ScaleTwice: the intended factor is applied twice (a₀²), say by a
	// pre-scaled query and a kernel that scales again.
	ScaleTwice
	// DividedByD: q·k is divided by d_k itself (1/d_k).
	DividedByD
	// ScaleInverted: q·k is multiplied where it should be divided (1/a₀).
	ScaleInverted
	// ModelWidth: the intended formula is evaluated at d_model instead of d_k.
	ModelWidth
	// SplitWidth: the intended formula is evaluated at d_model/heads, which
	// differs from the head width d_k.
	SplitWidth
	// UsualInstead: the usual 1/√d_k (a kernel's default) replaces a
	// different intended scale.
	UsualInstead
	// UsualOnTop: a kernel's default 1/√d_k is applied on top of the
	// intended scale (a₀/√d_k).
	UsualOnTop
	// OneSide: a scale meant for q and k each is applied to one of them only.
	OneSide
	// ScaleZero: q·k is multiplied by 0.
	ScaleZero
	numMistakes
)

var mistakeNames = [numMistakes]string{
	"scale right",
	"scale missing",
	"scale applied twice",
	"divided by d_k, not √d_k",
	"scale inverted",
	"model width instead of head width",
	"d_model/heads instead of head width",
	"1/√d_k instead of the intended scale",
	"1/√d_k on top of the intended scale",
	"scale on q or k only",
	"scale 0",
}

var mistakeIDs = [numMistakes]string{
	"scale_right", "scale_missing", "scale_twice", "divided_by_d_k", "scale_inverted",
	"model_width", "split_width", "usual_instead", "usual_on_top", "one_side", "scale_zero",
}

// String returns the mistake's short name, such as "scale missing".
func (m Mistake) String() string {
	if m < 0 || m >= numMistakes {
		return fmt.Sprintf("Mistake(%d)", int(m))
	}
	return mistakeNames[m]
}

// ID returns the mistake's identifier for JSON, such as "scale_missing".
func (m Mistake) ID() string {
	if m < 0 || m >= numMistakes {
		return fmt.Sprintf("mistake_%d", int(m))
	}
	return mistakeIDs[m]
}

// A candidate is one mistake and the factor it applies to q·k.
type candidate struct {
	mistake Mistake
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
		{ScaleMissing, one},
		{ScaleTwice, a0.Mul(a0)},
		{DividedByD, rational.NewRat(big.NewRat(1, in.DK))},
		{ScaleInverted, a0.Inv()},
	}
	if s.DependsOnWidth() {
		if m, ok := in.modelWidth(); ok && m != in.DK {
			cs = append(cs, candidate{ModelWidth, s.Factor(m)})
		}
		if w, ok := in.splitWidth(); ok && w != in.DK {
			cs = append(cs, candidate{SplitWidth, s.Factor(w)})
		}
	}
	if !s.IsDefault() {
		cs = append(cs, candidate{UsualInstead, usual}, candidate{UsualOnTop, a0.Mul(usual)})
	}
	if s.Each {
		side := s
		side.Each = false
		cs = append(cs, candidate{OneSide, side.Factor(in.DK)})
	}
	return append(cs, candidate{ScaleZero, rational.NewRat(new(big.Rat))})
}

// An Off is the exact factor max(m/e, e/m) ≥ 1 by which a measurement m
// misses an expectation e, or Infinite when exactly one of them is 0.
type Off struct {
	Factor   rational.Value
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
