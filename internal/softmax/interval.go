package softmax

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// Interval is the closed set of reals x with Lo ≤ x ≤ Hi, both end points exact.
type Interval struct{ Lo, Hi *big.Rat }

// Contains reports whether the exact rational x lies in the closed interval iv.
func (iv Interval) Contains(x *big.Rat) bool {
	return iv.Lo.Cmp(x) <= 0 && x.Cmp(iv.Hi) <= 0
}

// Width returns the exact width Hi − Lo of iv.
func (iv Interval) Width() *big.Rat {
	return new(big.Rat).Sub(iv.Hi, iv.Lo)
}

// String formats iv outward-rounded to 12 decimals, so the printed interval contains iv.
func (iv Interval) String() string {
	if iv.Lo == nil || iv.Hi == nil {
		return "[?, ?]"
	}
	return "[" + roundDir(iv.Lo, 12, -1) + ", " + roundDir(iv.Hi, 12, +1) + "]"
}

// Range encloses the attainable set [min, max] of a continuous function over a connected set: the exact minimum lies in Min and the exact maximum in Max.
type Range struct{ Min, Max Interval }

// Hull returns the interval [Min.Lo, Max.Hi], which contains every attainable value.
func (r Range) Hull() Interval { return Interval{Lo: r.Min.Lo, Hi: r.Max.Hi} }

// String formats r as "min∈[…] max∈[…]" with outward-rounded end points.
func (r Range) String() string { return "min∈" + r.Min.String() + " max∈" + r.Max.String() }

// Verdict is the three-valued answer to "is this printed figure consistent?".
type Verdict int

const (
	// Undecided means the enclosures were not tight enough within the budget to decide.
	Undecided Verdict = iota
	// Consistent means some attainable exact value rounds to the printed figure.
	Consistent
	// Inconsistent means no attainable exact value rounds to the printed figure.
	Inconsistent
)

// String returns "undecided", "consistent" or "inconsistent".
func (v Verdict) String() string {
	switch v {
	case Consistent:
		return "consistent"
	case Inconsistent:
		return "inconsistent"
	default:
		return "undecided"
	}
}

// ErrPrecision is returned when a precision cap is reached before the requested answer is certain.
var ErrPrecision = errors.New("softmax: precision cap reached before the result was certain")

func pow10(places int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil)
}

// ParseDecimal parses a printed decimal such as "0.2446", "-0.", "1e-3" or "22.8" into an exact rational.
func ParseDecimal(s string) (*big.Rat, error) {
	t := strings.TrimSpace(s)
	body := strings.TrimLeft(t, "+-")
	if len(t)-len(body) > 1 {
		return nil, fmt.Errorf("softmax: bad decimal %q", s)
	}
	mant, exp, hasExp := strings.Cut(body, "e")
	if !hasExp {
		mant, exp, hasExp = strings.Cut(body, "E")
	}
	digits := 0
	dots := 0
	for _, c := range mant {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			return nil, fmt.Errorf("softmax: bad decimal %q", s)
		}
	}
	if digits == 0 || dots > 1 {
		return nil, fmt.Errorf("softmax: bad decimal %q", s)
	}
	if hasExp {
		e := strings.TrimLeft(exp, "+-")
		if len(exp)-len(e) > 1 || e == "" || strings.Trim(e, "0123456789") != "" || len(e) > 6 {
			return nil, fmt.Errorf("softmax: bad exponent in %q", s)
		}
	}
	x, ok := new(big.Rat).SetString(t)
	if !ok {
		return nil, fmt.Errorf("softmax: bad decimal %q", s)
	}
	return x, nil
}

// Cell returns the closed rounding cell [v − ½·10^−places, v + ½·10^−places] of a figure printed with the given number of decimal places.
func Cell(printed string, places int) (Interval, error) {
	if places < 0 {
		return Interval{}, fmt.Errorf("softmax: negative places %d", places)
	}
	v, err := ParseDecimal(printed)
	if err != nil {
		return Interval{}, err
	}
	scale := pow10(places)
	if !new(big.Rat).Mul(v, new(big.Rat).SetInt(scale)).IsInt() {
		return Interval{}, fmt.Errorf("softmax: %q has more than %d decimal places", printed, places)
	}
	h := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(scale, 1))
	return Interval{Lo: new(big.Rat).Sub(v, h), Hi: new(big.Rat).Add(v, h)}, nil
}

// attainableCell decides whether the closed cell meets the attainable set [min, max] enclosed by r.
func attainableCell(cell Interval, r Range) Verdict {
	// min > cell.Hi or max < cell.Lo: empty intersection.
	if r.Min.Lo.Cmp(cell.Hi) > 0 || r.Max.Hi.Cmp(cell.Lo) < 0 {
		return Inconsistent
	}
	// min ≤ cell.Hi and max ≥ cell.Lo: [min, max] meets the cell.
	if r.Min.Hi.Cmp(cell.Hi) <= 0 && r.Max.Lo.Cmp(cell.Lo) >= 0 {
		return Consistent
	}
	return Undecided
}

// Attainable decides whether some value in the attainable set enclosed by r rounds to printed at the given places, ties counting for both neighbours.
func Attainable(printed string, places int, r Range) (Verdict, error) {
	cell, err := Cell(printed, places)
	if err != nil {
		return Undecided, err
	}
	return attainableCell(cell, r), nil
}

// PointRange returns the Range of a single exact value known to lie in iv.
func PointRange(iv Interval) Range { return Range{Min: iv, Max: iv} }

// RoundHalfEven returns the exact rational x rounded to places decimals with ties to even, without a decimal point when places is 0 and never as "-0".
func RoundHalfEven(x *big.Rat, places int) string {
	if places < 0 {
		panic("softmax: negative places")
	}
	scaled := new(big.Rat).Mul(x, new(big.Rat).SetInt(pow10(places)))
	num := new(big.Int).Abs(scaled.Num())
	den := scaled.Denom()
	q, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	switch rem.Lsh(rem, 1).Cmp(den) {
	case 1:
		q.Add(q, big.NewInt(1))
	case 0:
		if q.Bit(0) == 1 {
			q.Add(q, big.NewInt(1))
		}
	}
	return formatScaled(q, x.Sign() < 0 && q.Sign() != 0, places)
}

// roundDir rounds x to places decimals towards −∞ (dir < 0) or +∞ (dir > 0).
func roundDir(x *big.Rat, places int, dir int) string {
	scaled := new(big.Rat).Mul(x, new(big.Rat).SetInt(pow10(places)))
	q, m := new(big.Int).DivMod(scaled.Num(), scaled.Denom(), new(big.Int)) // floor
	if dir > 0 && m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	neg := q.Sign() < 0
	return formatScaled(q.Abs(q), neg, places)
}

// formatScaled prints q·10^−places with the given sign, q ≥ 0.
func formatScaled(q *big.Int, neg bool, places int) string {
	s := q.String()
	if places > 0 {
		if len(s) <= places {
			s = strings.Repeat("0", places-len(s)+1) + s
		}
		s = s[:len(s)-places] + "." + s[len(s)-places:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// DecimalCorrectlyRounded returns the exact value enclosed by f(prec) rounded to places decimals (ties to even), doubling prec from 64 until both end points round alike, and fails with ErrPrecision past maxPrec.
//
// Since rounding is monotone, when both end points of an enclosure round to
// the same decimal, so does every point in between, in particular the exact
// value. An exact tie can only be certified when f returns a degenerate
// interval Lo == Hi.
func DecimalCorrectlyRounded(f func(prec uint) (Interval, error), places int, maxPrec uint) (string, error) {
	if places < 0 {
		return "", fmt.Errorf("softmax: negative places %d", places)
	}
	for prec := uint(64); prec <= maxPrec; prec *= 2 {
		iv, err := f(prec)
		if err != nil {
			return "", err
		}
		lo := RoundHalfEven(iv.Lo, places)
		if lo == RoundHalfEven(iv.Hi, places) {
			return lo, nil
		}
	}
	return "", ErrPrecision
}
