package claims

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"sync"

	"github.com/sqrtdk/sqrtdk/rational"
)

// maxExponent bounds the power of ten of a number in e-notation or ×10^k.
const maxExponent = 1000

var (
	decimalPattern    = regexp.MustCompile(`^[+-]?(\d+\.\d*|\.\d+)$`)
	integerPattern    = regexp.MustCompile(`^[+-]?\d+$`)
	scientificPattern = regexp.MustCompile(`^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(?:[eE]([+-]?\d+)|\s?(?:[x×*·]|\*)\s?10\s?\^\s?\(?\s?([+-]?\d+)\s?\)?)$`)
	outOfPattern      = regexp.MustCompile(`^\S+(?: \S+)* (?:out of|in|of) \S+(?: \S+)*$`)
)

// approxMarkers are the ways people write "approximately" before a number.
var approxMarkers = []string{"≈", "~", "∼", "≃", "≅", "about ", "approx. ", "approx ", "approximately ", "roughly ",
	"around ", "circa ", "ca. ", "nearly "}

// cutApprox removes a leading "approximately" and a leading "=", and says
// whether there was an "approximately".
func cutApprox(t string) (string, bool) {
	approx := false
	for changed := true; changed; {
		changed = false
		t = strings.TrimSpace(t)
		lower := strings.ToLower(t)
		for _, m := range approxMarkers {
			if strings.HasPrefix(lower, m) {
				t, approx, changed = t[len(m):], true, true
				break
			}
		}
		if strings.HasPrefix(t, "=") && !strings.HasPrefix(t, "==") {
			t, changed = t[1:], true
		}
	}
	return strings.TrimSpace(t), approx
}

// readNumber reads one number as people write it (already normalized):
//
//   - a whole number: 65536, 65,536, 65 536, 65_536 (thousands grouped
//     in threes by commas, spaces, thin spaces or underscores), the exact
//     value itself or that value rounded at its last nonzero digit (66000
//     is 65536 to two significant digits);
//   - a decimal, rounded to the places it shows: 0.125, .5, 2.83;
//   - e-notation or ×10^k, rounded to the mantissa's digits: 6.5536e4,
//     1.25e-1, 6.5 × 10^4;
//   - a percentage, with or without a space: 12.5%, 12.5 %, 12.5 percent;
//   - a fraction, power, surd or other exact expression: 1/8, 4^8, 2√2,
//     sqrt(128), 8/sqrt(8);
//   - a small number in words: one half, three eighths, 3 out of 8;
//
// after an optional ≈, ~ or "about" (≈ 4100 is 4096 to two significant
// digits). minPlaces > 0 says the figure was rounded to that many places
// and printed with trailing zeros dropped. A comma that does not group
// thousands is ambiguous and refused, unless comma says a decimal comma is
// meant.
func readNumber(s string, minPlaces int, comma bool) (printed, error) {
	t, approx := cutApprox(s)
	if t == "" {
		return printed{}, fmt.Errorf("there is no number in %q", s)
	}
	p, err := readBareNumber(t, minPlaces, comma, approx)
	if err != nil {
		return p, err
	}
	p.text, p.approx = strings.TrimSpace(s), approx
	return p, nil
}

func readBareNumber(t string, minPlaces int, comma, approx bool) (printed, error) {
	body, percent := cutPercent(t)
	lower := strings.ToLower(body)
	if isWordNumber(lower) || outOfPattern.MatchString(lower) {
		v, ok, err := wordNumber(lower)
		if err != nil {
			return printed{}, err
		}
		if ok {
			if percent {
				v.Quo(v, big.NewRat(100, 1))
			}
			return printed{exact: constant{rational.NewRat(v)}}, nil
		}
		if isWordNumber(lower) {
			return printed{}, fmt.Errorf("%q is not a number", t)
		}
	}
	body, err := ungroup(body, comma)
	if err != nil {
		return printed{}, err
	}
	body = strings.TrimSpace(body)
	// A sign may stand apart from its digits: "- 0.5".
	if len(body) > 2 && (body[0] == '-' || body[0] == '+') && body[1] == ' ' {
		body = body[:1] + strings.TrimSpace(body[2:])
	}
	if m := scientificPattern.FindStringSubmatch(body); m != nil {
		return scientific(t, m[1], m[2]+m[3], percent)
	}
	// A whole number (16, 66000) stands for itself when it is the exact
	// value, and otherwise for the exact value rounded to its significant
	// digits (up to its last nonzero one), as 1.6e1, 6.6e4 and ≈ 66000 do:
	// every spelling of a number is judged alike.
	whole := integerPattern.MatchString(body) && strings.TrimLeft(body, "+-0") != ""
	if decimalPattern.MatchString(body) || integerPattern.MatchString(body) && (percent || minPlaces > 0 || approx || whole) {
		return decimalFigure(t, body, percent, minPlaces, (approx || whole) && !strings.Contains(body, "."))
	}
	if percent {
		return printed{}, fmt.Errorf("%q: a percentage must be a decimal number", t)
	}
	e, err := parseExpr(formulaWords(body), false)
	if err != nil {
		return printed{}, err
	}
	if cost := exprCost(e); cost > parseAllowance {
		// Arithmetic past the allowance waits for the plan, as a number
		// claim's value does (buildNumber).
		value := sync.OnceValues(func() (rational.Value, error) {
			x, err := e.eval(0)
			if err != nil {
				return x, fmt.Errorf("%q: %v", t, err)
			}
			return x, nil
		})
		return printed{exact: e, deferred: &deferredValue{seconds: cost, value: value}}, nil
	}
	if _, err := e.eval(0); err != nil {
		return printed{}, fmt.Errorf("%q: %v", t, err)
	}
	return printed{exact: e}, nil
}

// cutPercent removes a trailing %, " percent" or " per cent".
func cutPercent(t string) (string, bool) {
	lower := strings.ToLower(t)
	for _, suffix := range []string{"%", " percent", " per cent", "percent"} {
		if strings.HasSuffix(lower, suffix) {
			return strings.TrimSpace(t[:len(t)-len(suffix)]), true
		}
	}
	return t, false
}

// decimalFigure reads a decimal (or an integer that stands for a rounded
// value: a percentage, a figure with places set, or an approximate
// integer, rounded at its last nonzero digit).
func decimalFigure(text, body string, percent bool, minPlaces int, approxInteger bool) (printed, error) {
	digits := strings.TrimLeft(body, "+-")
	v, err := rational.ParseDecimal(body)
	if err != nil {
		return printed{}, fmt.Errorf("%q: %v", text, err)
	}
	places := 0
	if i := strings.IndexByte(digits, '.'); i >= 0 {
		places = len(digits) - i - 1
	} else if approxInteger && !percent && minPlaces == 0 && v.Sign() != 0 {
		trimmed := strings.TrimRight(digits, "0")
		places = -(len(digits) - len(trimmed))
		digits = trimmed
		p, err := newDecimal(text, v, places, digits, minPlaces)
		p.whole = true
		return p, err
	}
	if percent {
		v.Quo(v, big.NewRat(100, 1))
		places += 2
	}
	return newDecimal(text, v, places, digits, minPlaces)
}

// scientific reads mantissa × 10^exponent: a decimal rounded at the
// mantissa's last digit.
func scientific(text, mantissa, exponent string, percent bool) (printed, error) {
	var k int
	if _, err := fmt.Sscanf(exponent, "%d", &k); err != nil || k > maxExponent || k < -maxExponent {
		return printed{}, fmt.Errorf("%q: the power of ten must be from %d to %d", text, -maxExponent, maxExponent)
	}
	m, err := rational.ParseDecimal(mantissa)
	if err != nil {
		return printed{}, fmt.Errorf("%q: %v", text, err)
	}
	places := 0
	if i := strings.IndexByte(mantissa, '.'); i >= 0 {
		places = len(mantissa) - i - 1
	}
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(k))), nil))
	if k >= 0 {
		m.Mul(m, scale)
	} else {
		m.Quo(m, scale)
	}
	places -= k
	if percent {
		m.Quo(m, big.NewRat(100, 1))
		places += 2
	}
	return newDecimal(text, m, places, strings.TrimLeft(mantissa, "+-"), 0)
}

func abs(k int) int {
	if k < 0 {
		return -k
	}
	return k
}

// ungroup removes the separators of thousands written in groups of three
// (65,536, 65 536, 65_536, 1,048,576.5) and, with decimal commas, turns a
// comma between digits into the point. Without decimal commas any other
// comma between digits is ambiguous ("1,5" may be 1.5 or a list) and an
// error.
func ungroup(s string, comma bool) (string, error) {
	var b strings.Builder
	i := 0
	for i < len(s) {
		c := s[i]
		if !isDigit(c) || i > 0 && (isDigit(s[i-1]) || s[i-1] == '.') {
			if comma && c == ',' && i > 0 && isDigit(s[i-1]) && i+1 < len(s) && isDigit(s[i+1]) {
				c = '.'
			} else if c == ',' && i > 0 && isDigit(s[i-1]) && i+1 < len(s) && isDigit(s[i+1]) {
				return "", fmt.Errorf("the comma in %q is ambiguous: write 1.5 for a decimal point, 1,500 for thousands", s)
			}
			b.WriteByte(c)
			i++
			continue
		}
		// A run of digits: a first group of one to three digits, then
		// groups of exactly three behind one separator each.
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		end := j
		if j-i <= 3 && s[i] != '0' {
			for k := end; ; { // each pass reads one separator and three digits, or stops
				sep := s[k:min(k+1, len(s))]
				if sep == "" || !(sep == "," && !comma || sep == " " || sep == "_") {
					break
				}
				g := k + 1
				for g < len(s) && isDigit(s[g]) {
					g++
				}
				if g-(k+1) != 3 {
					break
				}
				end, k = g, g
			}
		}
		for k := i; k < end; k++ {
			if isDigit(s[k]) {
				b.WriteByte(s[k])
			}
		}
		i = end
	}
	return b.String(), nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
