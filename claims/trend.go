package claims

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A trend figure is a direction in words with, optionally, the level a
// constant stays at ("stays at 1") or the rate it grows or shrinks at
// ("grows like √d"), each checked exactly.
type trendFigure struct {
	direction string // grows, shrinks or constant
	level     *printed
	rate      expr // a formula in d the values are proportional to
	rateText  string
}

// directionWords are the phrases a direction may be written in, each with
// the direction it names.
var directionWords = map[string]string{
	"grows": "grows", "grow": "grows", "growing": "grows", "grew": "grows", "increases": "grows",
	"increase": "grows", "increasing": "grows", "rises": "grows", "rise": "grows", "rising": "grows",
	"goes up": "grows", "go up": "grows", "going up": "grows", "gets bigger": "grows", "gets larger": "grows",
	"gets greater": "grows", "becomes larger": "grows", "becomes bigger": "grows", "bigger": "grows",
	"larger": "grows", "up": "grows", "climbs": "grows",
	"shrinks": "shrinks", "shrink": "shrinks", "shrinking": "shrinks", "decreases": "shrinks",
	"decrease": "shrinks", "decreasing": "shrinks", "falls": "shrinks", "fall": "shrinks",
	"falling": "shrinks", "goes down": "shrinks", "go down": "shrinks", "going down": "shrinks",
	"gets smaller": "shrinks", "becomes smaller": "shrinks", "smaller": "shrinks", "declines": "shrinks",
	"decline": "shrinks", "drops": "shrinks", "down": "shrinks",
	"constant": "constant", "stays": "constant", "stay": "constant", "stays constant": "constant",
	"stays the same": "constant", "the same": "constant", "is constant": "constant", "remains constant": "constant",
	"stays flat": "constant", "flat": "constant", "unchanged": "constant", "doesn't change": "constant",
	"does not change": "constant", "no change": "constant", "stable": "constant", "stays put": "constant",
	"constant at": "constant", "stays at": "constant", "stays constant at": "constant", "remains": "constant",
	"remains at": "constant",
}

// directionPhrases are directionWords' keys, longest first, so that the
// longest phrase matches.
var directionPhrases = func() []string {
	var out []string
	for k := range directionWords {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i]) != len(out[j]) {
			return len(out[i]) > len(out[j])
		}
		return out[i] < out[j]
	})
	return out
}()

// subjectWords may open a trend answer: "it grows", "the variance rises".
var subjectWords = map[string]bool{"it": true, "it's": true, "its": true, "they": true, "this": true, "the": true,
	"values": true, "value": true, "column": true, "variance": true, "var": true, "std": true, "mean": true,
	"scores": true, "score": true, "spread": true, "it'll": true, "will": true, "keeps": true, "is": true,
	"are": true, "just": true, "also": true, "standard": true, "deviation": true}

// rateMarkers introduce a rate: "like √d", "as d^(1/4)", "∝ √d_k".
var rateMarkers = []string{"proportional to", "in proportion to", "proportionally to", "roughly like", "about like",
	"like", "as", "∝", "~", "∼", "with", "by", "≈"}

// rateWords are rates written in words.
var rateWords = map[string]string{"linearly": "d", "linear": "d", "quadratically": "d^2", "quadratic": "d^2",
	"like the square root of d": "sqrt(d)", "with the square root of d": "sqrt(d)",
	"as the square root of d": "sqrt(d)", "like a square root": "sqrt(d)", "like the square root": "sqrt(d)",
	"as a square root": "sqrt(d)", "with the square root": "sqrt(d)"}

// parseTrendFigure reads a trend answer: an optional subject, a direction
// in words (grows, increases, rises, goes up; shrinks, decreases, falls;
// stays, constant, flat), then either the level of a constant ("stays at
// 1") or a rate ("like sqrt(d)", "∝ √d_k", "as d^(1/4)", "(like √d)",
// "linearly").
func parseTrendFigure(figure string, places int, comma bool) (trendFigure, error) {
	t := strings.ToLower(normalize(figure))
	fields := strings.Fields(t)
	i := 0
	for i < len(fields)-1 && subjectWords[strings.Trim(fields[i], ",:")] {
		i++
	}
	rest := strings.Join(fields[i:], " ")
	var dir, phrase string
	for _, p := range directionPhrases {
		if rest == p || strings.HasPrefix(rest, p+" ") || strings.HasPrefix(rest, p+",") || strings.HasPrefix(rest, p+"(") {
			dir, phrase = directionWords[p], p
			break
		}
	}
	if dir == "" {
		return trendFigure{}, fmt.Errorf("a trend is a direction: grows (increases, rises, goes up), shrinks (decreases, falls) or stays constant (flat, stays at X), not %q", figure)
	}
	out := trendFigure{direction: dir}
	rest = strings.TrimSpace(strings.TrimLeft(rest[len(phrase):], " ,;:-—"))
	if rest == "" {
		return out, nil
	}
	if strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")") {
		rest = strings.TrimSpace(rest[1 : len(rest)-1])
	}
	if dir == "constant" {
		level := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(rest, "at "), "="))
		for _, w := range []string{"around ", "about ", "near "} {
			if strings.HasPrefix(level, w) {
				level = "≈" + level[len(w):]
			}
		}
		p, err := readNumber(level, places, comma)
		if err != nil {
			return out, fmt.Errorf("%q: the level a constant stays at: %v", figure, err)
		}
		out.level = &p
		return out, nil
	}
	rate, text, err := readRate(rest)
	if err != nil {
		return out, fmt.Errorf("%q: read %s, then %v", figure, dir, err)
	}
	out.rate, out.rateText = rate, text
	return out, nil
}

// readRate reads the rate of a trend: a formula in d (d_k, √d, d^(1/4)
// and so on) after a marker, or a rate in words.
func readRate(s string) (expr, string, error) {
	t := strings.TrimSpace(s)
	for phrase, f := range rateWords {
		if t == phrase || t == phrase+"_k" {
			e, err := parseExpr(f, true)
			return e, f, err
		}
	}
	marked := false
	for _, m := range rateMarkers {
		if strings.HasPrefix(t, m+" ") || strings.HasPrefix(t, m) && !isAlphaWord(m) {
			t, marked = strings.TrimSpace(t[len(m):]), true
			break
		}
	}
	if !marked {
		return nil, "", fmt.Errorf("%q is not a rate (write \"like sqrt(d)\", \"∝ √d_k\", \"as d^(1/4)\" or \"linearly\")", s)
	}
	for phrase, f := range rateWords {
		if strings.HasPrefix(phrase, "like ") && "like "+t == phrase {
			e, err := parseExpr(f, true)
			return e, f, err
		}
	}
	for _, w := range []string{"the square root of ", "square root of "} {
		if strings.HasPrefix(t, w) {
			t = "sqrt(" + strings.TrimPrefix(t[len(w):], " ") + ")"
		}
	}
	formula := strings.NewReplacer("d_k", "d", "d_(k)", "d", "dk", "d", "d k", "d").Replace(t)
	e, err := parseExpr(formula, true)
	if err != nil {
		return nil, "", fmt.Errorf("the rate %q is not a formula in d: %v", t, err)
	}
	return e, strings.TrimSpace(t), nil
}

// rateOf reports whether the values xs at the widths of ps are
// proportional to the rate, exactly (x/rate(d) the same nonzero number at
// every width), and words what was found.
func rateOf(xs []rational.Value, ps []enumerate.Problem, rate expr) (string, bool) {
	var ratios []string
	var first rational.Value
	ok := true
	for i, p := range ps {
		r, err := rate.eval(int64(p.D))
		if err != nil || r.Sign() == 0 {
			return fmt.Sprintf("the rate is not defined at d = %d", p.D), false
		}
		q := xs[i].Mul(r.Inv())
		if i == 0 {
			first = q
			ok = q.Sign() != 0
		} else if q.Cmp(first) != 0 {
			ok = false
		}
		ratios = append(ratios, q.String())
	}
	if ok {
		return "proportional to the rate given (value/rate = " + first.String() + " at every width)", true
	}
	return "not proportional to the rate given (value/rate = " + strings.Join(ratios, ", ") + ")", false
}
