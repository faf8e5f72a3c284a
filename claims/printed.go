package claims

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/internal/numwords"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A printed is one number as a person or a program wrote it, read once: an
// exact value (a fraction or expression such as sqrt(32)) that must be
// equal, or a decimal (a whole number too) that stands for every number
// rounding to it.
type printed struct {
	text string
	// exact is set for fractions and expressions.
	exact expr
	// value and places are set for decimals: the digits as written and the
	// decimal places they were rounded to (a percentage "99.97%" is the
	// decimal 0.9997 with 4 places; 6.5e4 is rounded to the thousands,
	// places −3).
	value  *big.Rat
	places int
	// digits are the significant digits a decimal shows.
	digits int
	// approx says the figure was written after ≈, ~ or "about": an
	// integer so written is a decimal rounded at its last nonzero digit.
	approx bool
	// cut says the decimal is read as cut off, not rounded (see
	// Answer.Truncated): it stands for [value, value + unit) away from 0.
	cut bool
	// whole says the decimal is a whole number written without a point
	// (16, 66000, ≈ 4100): it stands for the numbers that round to it at
	// its significant digits, so not for a number of a lower decade whose
	// digits it does not show (10 is not 5 rounded, 100 is 96 rounded).
	whole bool
	// deferred is set for an exact figure whose arithmetic is estimated
	// past parseAllowance: its value is computed once, when first needed.
	deferred *deferredValue
}

// isDecimal reports whether the figure is a rounded decimal.
func (p printed) isDecimal() bool { return p.exact == nil }

// parsePrinted reads one figure as a claims file or an answer writes a
// number (see readNumber); minPlaces (0 when unset) is the number of places
// the figure was rounded to when the printer dropped trailing zeros, as
// numpy prints 0.030 as "0.03" and 0.000 as "0.".
func parsePrinted(s string, minPlaces int) (printed, error) {
	return readNumber(normalize(s), minPlaces, false)
}

// newDecimal is the decimal value with places and the significant digits
// of its digit string.
func newDecimal(text string, v *big.Rat, places int, digitString string, minPlaces int) (printed, error) {
	p := printed{text: text, value: v, places: places, digits: significant(digitString)}
	if minPlaces > 0 && minPlaces > p.places {
		// Trailing zeros dropped by the printer were shown digits.
		p.digits += minPlaces - p.places
		p.places = minPlaces
	}
	if p.digits == 0 {
		p.digits = max(p.places, 0)
	}
	// Places are at least −9999: a decimal has at most MaxPlaces digits
	// before its point (rational.ParseDecimal), a power of ten at most
	// maxExponent.
	if p.places > rational.MaxPlaces {
		return p, fmt.Errorf("%q has more than %s", text, numwords.Places(rational.MaxPlaces))
	}
	return p, nil
}

// significant counts the significant digits of a string of digits: every
// digit from the first nonzero one on, trailing zeros included.
func significant(digits string) int {
	n := 0
	seen := false
	for _, r := range digits {
		if r < '0' || r > '9' {
			continue
		}
		if r != '0' {
			seen = true
		}
		if seen {
			n++
		}
	}
	return n
}

// halfUnit is half a unit in the p-th decimal place (p may be negative).
func halfUnit(p int) *big.Rat {
	ten := big.NewInt(10)
	if p >= 0 {
		return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(new(big.Int).Exp(ten, big.NewInt(int64(p)), nil), 1))
	}
	return new(big.Rat).SetFrac(new(big.Int).Exp(ten, big.NewInt(int64(-p)), nil), big.NewInt(2))
}

// cell returns the closed interval of numbers that round to a decimal: its
// value ± half a unit in the last place (both ends included, since a tie
// may round either way).
func (p printed) cell() (lo, hi *big.Rat) {
	half := halfUnit(p.places)
	if p.cut {
		unit := new(big.Rat).Add(half, half)
		if p.value.Sign() < 0 || p.value.Sign() == 0 && strings.HasPrefix(strings.TrimLeft(p.text, "≈~ "), "-") {
			return new(big.Rat).Sub(p.value, unit), new(big.Rat).Set(p.value)
		}
		return new(big.Rat).Set(p.value), new(big.Rat).Add(p.value, unit)
	}
	return new(big.Rat).Sub(p.value, half), new(big.Rat).Add(p.value, half)
}

// cutEdge returns the far end of a cut decimal's cell, which truncates to
// the next decimal, not to this one: the cell is half-open.
func (p printed) cutEdge() *big.Rat {
	lo, hi := p.cell()
	if p.value.Cmp(lo) == 0 {
		return hi
	}
	return lo
}

// exactValue returns the value of an exact figure.
func (p printed) exactValue() (rational.Value, error) {
	if p.deferred != nil {
		return p.deferred.value()
	}
	return p.exact.eval(0)
}

// A deferredValue is the value of an exact figure whose arithmetic is
// estimated past parseAllowance: Checker.Plan counts its seconds, and the
// value is computed once, when first needed.
type deferredValue struct {
	seconds float64
	value   func() (rational.Value, error)
}

// matches reports whether the exact value x is what the figure prints: an
// exact figure must equal it, a decimal must be x correctly rounded (x in
// the decimal's cell).
func (p printed) matches(x rational.Value) bool {
	if !p.isDecimal() {
		v, err := p.exactValue()
		return err == nil && v.Cmp(x) == 0
	}
	lo, hi := p.cell()
	in := x.Cmp(rational.NewRat(lo)) >= 0 && x.Cmp(rational.NewRat(hi)) <= 0
	return in && !(p.cut && x.Cmp(rational.NewRat(p.cutEdge())) == 0) && (!p.whole || p.sameDecade(x))
}

// sameDecade reports whether x, which lies in a whole figure's cell,
// rounds to the figure at the figure's significant digits: x has the
// figure's leading place, or x is just below a power of ten that it rounds
// up to (96 to 1 digit is 100; 5 is not 10, nor 0.5 1).
func (p printed) sameDecade(x rational.Value) bool {
	v := new(big.Rat).Abs(p.value)
	lead := len(v.Num().String()) - 1
	pow := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(lead)), nil))
	ax := x
	if x.Sign() < 0 {
		ax = x.MulRat(big.NewRat(-1, 1))
	}
	if ax.Cmp(rational.NewRat(pow)) >= 0 {
		return true
	}
	if v.Cmp(pow) != 0 {
		return false
	}
	// Rounded at its own leading place, x shows p.digits digits from
	// 10^(lead−1) down: its last is at 10^(lead−digits).
	threshold := new(big.Rat).Sub(pow, halfUnit(p.digits-lead))
	return ax.Cmp(rational.NewRat(threshold)) >= 0
}

// equals reports whether the figure names exactly x: an exact figure equal
// to it, or a decimal whose digits are x itself (0.125 for 1/8).
func (p printed) equals(x rational.Value) bool {
	if !p.isDecimal() {
		return p.matches(x)
	}
	return x.Cmp(rational.NewRat(p.value)) == 0
}

// agrees reports whether two figures can name one number: equal exact
// values, an exact value in a decimal's cell, or overlapping cells.
func (p printed) agrees(q printed) bool {
	if !p.isDecimal() {
		v, err := p.exactValue()
		return err == nil && q.matches(v)
	}
	if !q.isDecimal() {
		return q.agrees(p)
	}
	plo, phi := p.cell()
	qlo, qhi := q.cell()
	return plo.Cmp(qhi) <= 0 && qlo.Cmp(phi) <= 0
}

// describe writes the exact value x and, for a decimal figure, x rounded
// to the figure's places, e.g. "1/6 ≈ 0.167", "1/8 = 0.125".
func (p printed) describe(x rational.Value) string {
	s := x.String()
	if p.isDecimal() && p.places >= 0 {
		r := x.Decimal(p.places, rational.RoundHalfEven)
		if r != s {
			s += " " + x.Approximation(p.places, rational.RoundHalfEven)
			if _, rat := x.Rat(); rat {
				if lo, hi := p.cell(); x.Cmp(rational.NewRat(lo)) == 0 || x.Cmp(rational.NewRat(hi)) == 0 {
					s += " (a tie)"
				}
			}
		}
	}
	return s
}

// reading writes what the figure was read as: its value, and for a decimal
// the places or significant digits it shows.
func (p printed) reading() string {
	if !p.isDecimal() {
		v, err := p.exactValue()
		if err != nil {
			return p.text
		}
		return v.String()
	}
	v := p.value.RatString()
	if p.whole && p.places == 0 {
		return v // 16: the number itself, or it rounded to units
	}
	if p.places >= 0 && p.places <= 40 {
		v = rational.FormatRat(p.value, p.places, rational.RoundHalfEven)
	}
	return v + ", to " + numwords.SignificantDigits(p.digits)
}

// parsePrintedList reads a list of figures, as softmax outputs are
// written: separated by commas, semicolons or spaces (by semicolons or
// spaces alone with decimal commas), optionally in square or round
// brackets as numpy and people print vectors.
func parsePrintedList(s string, minPlaces int, comma bool) ([]printed, error) {
	t := strings.TrimSpace(normalize(s))
	// "≈ 0.09, 0.24, 0.67": the sign is for every figure.
	t, approx := cutApprox(t)
	if len(t) >= 2 && (t[0] == '[' && t[len(t)-1] == ']' || t[0] == '(' && t[len(t)-1] == ')') {
		t = t[1 : len(t)-1]
	}
	sep := func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' }
	if comma {
		sep = func(r rune) bool { return r == ';' || r == ' ' || r == '\t' }
	}
	fields := strings.FieldsFunc(t, sep)
	if len(fields) == 0 {
		return nil, fmt.Errorf("the list %q is empty", s)
	}
	if len(fields) > maxScores {
		return nil, fmt.Errorf("the list has more than %d numbers", maxScores)
	}
	out := make([]printed, len(fields))
	for i, f := range fields {
		if approx {
			f = "≈" + f
		}
		p, err := readNumber(f, minPlaces, comma)
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}
