package rational

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// maxLiteralDigits bounds the digits of one literal so that a typo cannot ask
// for arithmetic on numbers of millions of digits.
const maxLiteralDigits = 200

// ParseRat parses an exact rational written as an integer ("-3"), a fraction
// ("1/2", "-7/4") or a finite decimal ("0.5", "-1.25", ".5").
func ParseRat(s string) (*big.Rat, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return nil, fmt.Errorf("empty number")
	}
	if len(t) > 2*maxLiteralDigits+2 {
		return nil, fmt.Errorf("number %.20q… is longer than %d characters", t, 2*maxLiteralDigits+2)
	}
	if num, den, ok := strings.Cut(t, "/"); ok {
		// A fraction may have up to maxLiteralDigits digits on each side, so
		// that the canonical spelling of any accepted decimal (whose
		// denominator is a power of ten as long as the decimal) parses too.
		if len(num) > maxLiteralDigits+1 || len(strings.TrimLeft(num, "+-")) > maxLiteralDigits || len(den) > maxLiteralDigits {
			return nil, fmt.Errorf("fraction %.20q… has more than %s above or below the bar", t, numwords.Digits(maxLiteralDigits))
		}
		n, err := parseInt(num, true)
		if err != nil {
			return nil, fmt.Errorf("bad fraction %q: numerator: %v", t, err)
		}
		d, err := parseInt(den, false)
		if err != nil {
			return nil, fmt.Errorf("bad fraction %q: denominator: %v", t, err)
		}
		if d.Sign() == 0 {
			return nil, fmt.Errorf("bad fraction %q: division by zero", t)
		}
		return new(big.Rat).SetFrac(n, d), nil
	}
	if len(t) > maxLiteralDigits {
		return nil, fmt.Errorf("number %.20q… is longer than %d characters", t, maxLiteralDigits)
	}
	n, ok := scanDecimal(t)
	if !ok || n.hasExponent || n.whole == "" && n.fraction == "" {
		return nil, fmt.Errorf("%q is not a number (write an integer, a fraction p/q or a decimal like 0.25)", t)
	}
	if n.point && n.fraction == "" {
		return nil, fmt.Errorf("%q is not a number (digits must follow the decimal point)", t)
	}
	return n.rat(), nil
}

// maxExponentDigits bounds the digits of a decimal's exponent, so that
// the exponent fits an int.
const maxExponentDigits = 6

// ParseDecimal parses a decimal as programs print it: an optional sign,
// digits with at most one point that may end or start them ("0.25", ".5",
// "3.", "-0."), and an optional exponent ("1e-3", "2.5E+2"). It reads what
// programs print (numpy, C's %g, FormatRat), up to MaxPlaces digits before
// and after the point once the exponent is applied; ParseRat reads what a
// person writes.
func ParseDecimal(s string) (*big.Rat, error) {
	t := strings.TrimSpace(s)
	n, ok := scanDecimal(t)
	if !ok || n.whole == "" && n.fraction == "" {
		return nil, fmt.Errorf("%.40q is not a decimal", s)
	}
	e := 0
	if n.hasExponent {
		digits := strings.TrimLeft(n.exponent, "+-")
		if len(n.exponent)-len(digits) > 1 || digits == "" || !allDigits(digits) || len(digits) > maxExponentDigits {
			return nil, fmt.Errorf("%.40q is not a decimal (bad exponent)", s)
		}
		e, _ = strconv.Atoi(n.exponent)
	}
	if len(n.whole)+e > MaxPlaces || len(n.fraction)-e > MaxPlaces {
		return nil, fmt.Errorf("decimal %.20q… has more than %s before or after the point", t, numwords.Digits(MaxPlaces))
	}
	return n.rat(), nil
}

// A decimalNumeral is a decimal split into its parts, each as written.
type decimalNumeral struct {
	negative        bool
	whole, fraction string // the digits before and after the point
	point           bool   // whether a point was written
	hasExponent     bool
	exponent        string // after e or E, with its sign
}

// scanDecimal splits an optional sign, digits around at most one point and
// an optional exponent, and reports whether the mantissa is well formed;
// the exponent is returned as written, for the caller to judge.
func scanDecimal(t string) (decimalNumeral, bool) {
	var n decimalNumeral
	body := t
	if body != "" && (body[0] == '-' || body[0] == '+') {
		n.negative, body = body[0] == '-', body[1:]
	}
	if i := strings.IndexAny(body, "eE"); i != -1 {
		body, n.exponent, n.hasExponent = body[:i], body[i+1:], true
	}
	n.whole, n.fraction, n.point = strings.Cut(body, ".")
	return n, allDigits(n.whole) && allDigits(n.fraction)
}

// rat returns the numeral's exact value; the exponent, if any, is valid.
func (n decimalNumeral) rat() *big.Rat {
	m, _ := new(big.Int).SetString("0"+n.whole+n.fraction, 10)
	if n.negative {
		m.Neg(m)
	}
	e := -len(n.fraction)
	if n.hasExponent {
		x, _ := strconv.Atoi(n.exponent)
		e += x
	}
	// m·10^e is m·10^max(e, 0) / 10^max(−e, 0).
	return new(big.Rat).SetFrac(m.Mul(m, pow10(max(e, 0))), pow10(max(-e, 0)))
}

func parseInt(s string, signed bool) (*big.Int, error) {
	t := s
	if signed && t != "" && (t[0] == '-' || t[0] == '+') {
		t = t[1:]
	}
	if t == "" || !allDigits(t) {
		return nil, fmt.Errorf("%q is not an integer", s)
	}
	n, _ := new(big.Int).SetString(strings.TrimPrefix(s, "+"), 10)
	return n, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
