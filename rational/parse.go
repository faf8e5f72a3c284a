package rational

import (
	"fmt"
	"math/big"
	"strings"
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
			return nil, fmt.Errorf("fraction %.20q… has more than %d digits above or below the bar", t, maxLiteralDigits)
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
	sign := ""
	body := t
	if body[0] == '-' || body[0] == '+' {
		sign, body = body[:1], body[1:]
	}
	intPart, fracPart, hasPoint := strings.Cut(body, ".")
	if (intPart == "" && (!hasPoint || fracPart == "")) || !allDigits(intPart) || !allDigits(fracPart) {
		return nil, fmt.Errorf("%q is not a number (write an integer, a fraction p/q or a decimal like 0.25)", t)
	}
	if hasPoint && fracPart == "" {
		return nil, fmt.Errorf("%q is not a number (digits must follow the decimal point)", t)
	}
	n, _ := new(big.Int).SetString("0"+intPart+fracPart, 10)
	if sign == "-" {
		n.Neg(n)
	}
	den := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(fracPart))), nil)
	return new(big.Rat).SetFrac(n, den), nil
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
