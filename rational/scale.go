package rational

import (
	"fmt"
	"math/big"
	"strings"
)

// MaxExponentTerm bounds the numerator and denominator of a scale's exponent.
const MaxExponentTerm = 1000

// A Scale divides a score by d_k^P. The zero Scale (P = 0) is the raw score.
type Scale struct {
	P *big.Rat
}

// Named scales of the lesson.
var (
	Raw  = Scale{P: big.NewRat(0, 1)}
	Sqrt = Scale{P: big.NewRat(1, 2)}
	ByD  = Scale{P: big.NewRat(1, 1)}
)

// ParseScale reads "raw", "sqrt", "d" or "d^P" with P an exact rational
// ("d^1/4", "d^0.25", "d^3/2", "d^-1/2").
func ParseScale(s string) (Scale, error) {
	t := strings.TrimSpace(s)
	switch t {
	case "raw":
		return Raw, nil
	case "sqrt":
		return Sqrt, nil
	case "d":
		return ByD, nil
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
	if new(big.Int).Abs(p.Num()).Cmp(big.NewInt(MaxExponentTerm)) > 0 || p.Denom().Cmp(big.NewInt(MaxExponentTerm)) > 0 {
		return Scale{}, fmt.Errorf("scale %q: exponent %s is too complex (numerator and denominator at most %d)", s, p.RatString(), MaxExponentTerm)
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

// Name returns the canonical name: "raw", "sqrt", "d" or "d^P/Q" in lowest terms.
func (s Scale) Name() string {
	p := s.exponent()
	switch {
	case p.Sign() == 0:
		return "raw"
	case p.Cmp(Sqrt.P) == 0:
		return "sqrt"
	case p.Cmp(ByD.P) == 0:
		return "d"
	}
	return "d^" + p.RatString()
}

// Header returns the column title used in tables, such as "/sqrt(d_k)".
func (s Scale) Header() string {
	switch n := s.Name(); n {
	case "raw":
		return "raw"
	case "sqrt":
		return "/sqrt(d_k)"
	case "d":
		return "/d_k"
	default:
		if s.exponent().IsInt() {
			return "/d_k^" + s.exponent().RatString()
		}
		return "/d_k^(" + s.exponent().RatString() + ")"
	}
}

// Divisor returns d^P, the exact number a raw score is divided by.
func (s Scale) Divisor(d int64) Value { return PowerOf(d, s.exponent()) }

// ScaledVariance returns Var(X/d^P) = Var(X)·d^(−2P) exactly, given v = Var(X).
func (s Scale) ScaledVariance(v *big.Rat, d int64) Value {
	e := new(big.Rat).Mul(s.exponent(), big.NewRat(-2, 1))
	return PowerOf(d, e).MulRat(v)
}
