package claims

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A printed is one figure as a claims file writes it: an exact value
// (integer, fraction or expression such as sqrt(32)) that must be equal, or
// a decimal that stands for every number rounding to it.
type printed struct {
	text string
	// exact is set for integers, fractions and expressions.
	exact expr
	// value and places are set for decimals: the digits as written and
	// the number of decimal places they were rounded to (a percentage
	// "99.97%" is the decimal 0.9997 with 4 places).
	value  *big.Rat
	places int
}

// isDecimal reports whether the figure is a rounded decimal.
func (p printed) isDecimal() bool { return p.exact == nil }

// parsePrinted reads one printed figure; minPlaces (0 when unset) is the
// number of places the figure was rounded to when the printer dropped
// trailing zeros, as numpy prints 0.030 as "0.03" and 0.000 as "0.".
func parsePrinted(s string, minPlaces int) (printed, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return printed{}, fmt.Errorf("a printed value is empty")
	}
	p := printed{text: t}
	body, percent := strings.CutSuffix(t, "%")
	if isDecimalText(body) && (strings.Contains(body, ".") || percent || minPlaces > 0) {
		digits := body
		places := 0
		if i := strings.IndexByte(body, '.'); i >= 0 {
			places = len(body) - i - 1
			if places == 0 {
				digits = body[:i]
			}
		}
		v, err := rational.ParseRat(digits)
		if err != nil {
			return p, fmt.Errorf("printed value %q: %v", t, err)
		}
		if percent {
			v.Quo(v, big.NewRat(100, 1))
			places += 2
		}
		p.value, p.places = v, max(places, minPlaces)
		if p.places > rational.MaxPlaces {
			return p, fmt.Errorf("printed value %q has more than %d decimal places", t, rational.MaxPlaces)
		}
		return p, nil
	}
	if percent {
		return p, fmt.Errorf("printed value %q: a percentage must be a decimal number", t)
	}
	e, err := parseExpr(t, false)
	if err != nil {
		return p, fmt.Errorf("printed value %q: %v", t, err)
	}
	if _, err := e.eval(0); err != nil {
		return p, fmt.Errorf("printed value %q: %v", t, err)
	}
	p.exact = e
	return p, nil
}

// isDecimalText reports whether s is an optional sign, digits and at most
// one point.
func isDecimalText(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" || s == "." {
		return false
	}
	points := 0
	for _, r := range s {
		switch {
		case r == '.':
			points++
		case r < '0' || r > '9':
			return false
		}
	}
	return points <= 1
}

// cell returns the closed interval of numbers that round to a decimal: its
// value ± half a unit in the last place (both ends included, since a tie
// may round either way).
func (p printed) cell() (lo, hi *big.Rat) { return rational.RoundingCell(p.value, p.places) }

// matches reports whether the exact value x is what the figure prints: an
// exact figure must equal it, a decimal must be x correctly rounded (x in
// the decimal's cell).
func (p printed) matches(x rational.Value) bool {
	if !p.isDecimal() {
		v, err := p.exact.eval(0)
		return err == nil && v.Cmp(x) == 0
	}
	lo, hi := p.cell()
	return x.Cmp(rational.NewRat(lo)) >= 0 && x.Cmp(rational.NewRat(hi)) <= 0
}

// describe writes the exact value x and, for a decimal figure, x rounded
// to the figure's places, e.g. "1/6 = 0.167".
func (p printed) describe(x rational.Value) string {
	s := x.String()
	if p.isDecimal() {
		r := x.Decimal(p.places, rational.RoundHalfEven)
		if r != s {
			s += " ≈ " + r
			if x.IsRational() {
				if lo, hi := p.cell(); x.Cmp(rational.NewRat(lo)) == 0 || x.Cmp(rational.NewRat(hi)) == 0 {
					s += " (a tie)"
				}
			}
		}
	}
	return s
}

// parsePrintedList reads a list of figures separated by commas and/or
// spaces, optionally in brackets as numpy prints arrays.
func parsePrintedList(s string, minPlaces int) ([]printed, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(strings.TrimPrefix(t, "["), "]")
	fields := strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(fields) == 0 {
		return nil, fmt.Errorf("the printed list %q is empty", s)
	}
	out := make([]printed, len(fields))
	for i, f := range fields {
		p, err := parsePrinted(f, minPlaces)
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}
