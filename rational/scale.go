package rational

import (
	"fmt"
	"math/big"
	"strings"
)

// maxExponentTerm bounds the numerator and denominator of a scale's exponent.
const maxExponentTerm = 1000

// A Scale divides a score by d_k^P. The zero Scale (P = 0) is the raw score.
type Scale struct {
	P *big.Rat // the exponent of d_k; nil is 0
}

// Named scales of the lesson.
var (
	Raw  = Scale{P: big.NewRat(0, 1)}
	Sqrt = Scale{P: big.NewRat(1, 2)}
	ByD  = Scale{P: big.NewRat(1, 1)}
)

// A scaleLabel is a scale with a name of its own.
type scaleLabel struct {
	exponent *big.Rat
	name     string // what ParseScale reads and Name returns
	places   int    // the decimals the lesson prints
}

// scaleLabels holds every scale with a name of its own; any other scale is
// "d^P", named from its exponent.
var scaleLabels = []scaleLabel{
	{Raw.P, "raw", 1},
	{Sqrt.P, "sqrt", 2},
	{ByD.P, "d", 3},
}

// otherScalePlaces is the decimals printed for a scale without a name.
const otherScalePlaces = 3

// ParseScale reads "raw", "sqrt", "d" or "d^P" with P an exact rational
// ("d^1/4", "d^0.25", "d^3/2", "d^-1/2") whose numerator and denominator
// are at most 1000.
func ParseScale(s string) (Scale, error) {
	t := strings.TrimSpace(s)
	for _, l := range scaleLabels {
		if t == l.name {
			return Scale{P: new(big.Rat).Set(l.exponent)}, nil
		}
	}
	exp, ok := strings.CutPrefix(t, "d^")
	if !ok {
		return Scale{}, fmt.Errorf("unknown scale %q (use raw, sqrt, d or d^P such as d^1/4)", s)
	}
	exp = strings.Trim(exp, "()")
	p, err := ParseRat(exp)
	if err != nil {
		return Scale{}, fmt.Errorf("scale %q: exponent: %v", s, err)
	}
	if new(big.Int).Abs(p.Num()).Cmp(big.NewInt(maxExponentTerm)) > 0 || p.Denom().Cmp(big.NewInt(maxExponentTerm)) > 0 {
		return Scale{}, fmt.Errorf("scale %q: exponent %s is too complex (numerator and denominator at most %d)", s, p.RatString(), maxExponentTerm)
	}
	return Scale{P: p}, nil
}

// exponent returns P, treating a nil P as 0.
func (s Scale) exponent() *big.Rat {
	if s.P == nil {
		return new(big.Rat)
	}
	return s.P
}

// label returns the scale's entry in scaleLabels, or false when it has no name.
func (s Scale) label() (scaleLabel, bool) {
	for _, l := range scaleLabels {
		if s.exponent().Cmp(l.exponent) == 0 {
			return l, true
		}
	}
	return scaleLabel{}, false
}

// Name returns the canonical name: "raw", "sqrt", "d" or "d^P/Q" in lowest terms.
func (s Scale) Name() string {
	if l, ok := s.label(); ok {
		return l.name
	}
	return "d^" + s.exponent().RatString()
}

// DefaultPlaces returns the decimals the lesson prints for the scale: 1 for
// raw, 2 for sqrt and 3 for every other scale.
func (s Scale) DefaultPlaces() int {
	if l, ok := s.label(); ok {
		return l.places
	}
	return otherScalePlaces
}

// Divisor returns d^P, the exact number a raw score is divided by.
func (s Scale) Divisor(d int64) Value { return PowerOf(d, s.exponent()) }

// ScaledVariance returns Var(X/d^P) = Var(X)·d^(−2P) exactly, given v = Var(X).
func (s Scale) ScaledVariance(v *big.Rat, d int64) Value {
	e := new(big.Rat).Mul(s.exponent(), big.NewRat(-2, 1))
	return PowerOf(d, e).MulRat(v)
}
