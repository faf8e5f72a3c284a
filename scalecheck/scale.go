package scalecheck

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Scale is the factor a model means to multiply q·k by before softmax:
// c·w^p for a width w (p = 0 for a fixed number), or, when Each is set, c·w^p
// applied to q and to k each, so that q·k gets (c·w^p)². The zero Scale is
// the usual 1/√w.
type Scale struct {
	Coef  rational.Value // c > 0; the zero Value means the zero Scale
	Power *big.Rat       // p
	Each  bool           // applied to q and to k each
	Text  string         // as written, for reports
}

// DefaultScale is the usual 1/√d_k.
var DefaultScale = Scale{Coef: rational.NewRat(big.NewRat(1, 1)), Power: big.NewRat(-1, 2), Text: "d^-1/2"}

// orDefault returns s, or DefaultScale for the zero Scale.
func (s Scale) orDefault() Scale {
	if s.Power == nil {
		return DefaultScale
	}
	return s
}

// ParseScale reads an intended scale: an expression in the width d such as
// "d^-1/2", "1/sqrt(d)", "1/d", "8/d", a number such as "0.125" or
// "144^-1/2", and "each:F" for a factor F applied to q and to k each
// ("each:d^-1/4").
func ParseScale(s string) (Scale, error) {
	t := strings.TrimSpace(s)
	body, each := strings.CutPrefix(t, "each:")
	m, err := parseMonomial(body, true)
	if err != nil {
		return Scale{}, err
	}
	if m.Coef.Sign() == 0 {
		return Scale{}, fmt.Errorf("an intended scale of 0 would make every score 0; give the factor the model means to apply")
	}
	if err := checkExponent(m.Power); err != nil {
		return Scale{}, err
	}
	return Scale{Coef: m.Coef, Power: m.Power, Each: each, Text: t}, nil
}

// Factor returns the factor the scale applies to q·k at width w ≥ 1.
func (s Scale) Factor(w int64) rational.Value {
	s = s.orDefault()
	f := s.Coef.Mul(rational.PowerOf(w, s.Power))
	if s.Each {
		f = f.Mul(f)
	}
	return f
}

// DependsOnWidth reports whether the factor changes with the width.
func (s Scale) DependsOnWidth() bool { return s.orDefault().Power.Sign() != 0 }

// IsDefault reports whether the scale is the usual 1/√w at every width.
func (s Scale) IsDefault() bool {
	s = s.orDefault()
	two := big.NewRat(2, 1)
	power := new(big.Rat).Set(s.Power)
	coef := s.Coef
	if s.Each {
		power.Mul(power, two)
		coef = coef.Mul(coef)
	}
	return power.Cmp(big.NewRat(-1, 2)) == 0 && coef.Cmp(rational.NewRat(big.NewRat(1, 1))) == 0
}

// String returns the scale as written, or "d^-1/2" for the zero Scale.
func (s Scale) String() string { return s.orDefault().Text }
