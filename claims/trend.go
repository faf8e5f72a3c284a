package claims

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A trend figure is a direction in words with, optionally, the level a
// constant stays at ("stays at 1") or the rate it grows or shrinks at
// ("grows like √d", "grows exponentially"), each checked exactly.
type trendFigure struct {
	direction string // grows, shrinks or constant
	level     *printed
	rate      expr // a formula in d the values are proportional to
	rateText  string
	// exponential says the rate is b^d for some b ≠ 1.
	exponential bool
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
	"remains at": "constant", "remains the same": "constant", "roughly constant": "constant",
	"approximately constant": "constant", "nearly constant": "constant", "stays roughly constant": "constant",
	"stays approximately constant": "constant", "remains roughly constant": "constant",
}

// directionPhrases are directionWords' keys, longest first, so that the
// longest phrase matches.
var directionPhrases = func() []string {
	var out []string
	for k := range directionWords {
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b string) int {
		return cmp.Or(cmp.Compare(len(b), len(a)), strings.Compare(a, b))
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

// parseTrendFigure reads a trend answer as people say one: an optional
// subject, a direction in words (grows, increases, rises, goes up;
// shrinks, decreases, falls; stays, constant, flat), then either the level
// of a constant ("stays at 1") or a rate ("like sqrt(d)", "∝ √d_k", "as
// d^(1/4)", "(1/d)", "linearly", "exponentially"), with or without "with
// d_k"; or a rate alone, whose direction is the rate's ("proportional to
// d_k", "∝ 1/d", "like d", "O(d)", "inversely proportional to d"); or a
// noun phrase ("linear growth", "exponential decay"); or what doubling d
// does ("doubles when d doubles", "halves when d_k doubles").
func parseTrendFigure(figure string, places int, comma bool) (trendFigure, error) {
	t := strings.TrimRight(strings.ToLower(normalize(figure)), " .!")
	fields := strings.Fields(t)
	i := 0 // subject words alone leave no direction: an error below
	for i < len(fields) && subjectWords[strings.Trim(fields[i], ",:")] {
		i++
	}
	rest := strings.Join(fields[i:], " ")
	if out, ok := doublingTrend(rest); ok {
		return out, nil
	}
	if out, ok, err := nounTrend(rest); ok {
		return out, err
	}
	var dir, phrase string
	for _, p := range directionPhrases {
		if rest == p || strings.HasPrefix(rest, p+" ") || strings.HasPrefix(rest, p+",") || strings.HasPrefix(rest, p+"(") {
			dir, phrase = directionWords[p], p
			break
		}
	}
	if dir == "" {
		// A rate alone says its direction: "proportional to d", "O(1/d)".
		out, err := rateTrend(rest)
		if err == nil {
			return out, nil
		}
		if errors.Is(err, errRateUndefined) {
			// A rate was read, but it cannot say a direction.
			return trendFigure{}, fmt.Errorf("%q: %v", figure, err)
		}
		return trendFigure{}, fmt.Errorf("a trend is a direction: grows (increases, rises, goes up), shrinks (decreases, falls) or stays constant (flat, stays at X), not %q", figure)
	}
	out := trendFigure{direction: dir}
	rest = cutWithWidth(strings.TrimSpace(strings.TrimLeft(rest[len(phrase):], " ,;:-—")))
	if rest == "" {
		return out, nil
	}
	if strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")") && matchingOpen(rest) == 0 {
		rest = cutWithWidth(strings.TrimSpace(rest[1 : len(rest)-1]))
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
	r, err := readRate(rest)
	if err != nil {
		return out, fmt.Errorf("%q: read %s, then %v", figure, dir, err)
	}
	out.rate, out.rateText, out.exponential = r.rate, r.rateText, r.exponential
	return out, nil
}

// widthWords end a trend without changing it: "grows linearly with d_k",
// "shrinks as d grows" (but "grows as d" states a rate).
var widthWords = regexp.MustCompile(`\s*,?\s*(?:(?:with|in)\s+(?:the\s+)?(?:width\s+)?d(?:_k|ₖ|_\(k\))?|(?:as|when|while|if)\s+(?:the\s+)?(?:width\s+)?d(?:_k|ₖ|_\(k\))?\s+(?:grows|increases|rises|goes up|gets larger|gets bigger))$`)

// cutWithWidth removes trailing words that say what the trend is over.
func cutWithWidth(s string) string {
	if s == "" {
		return s
	}
	loc := widthWords.FindStringIndex(s)
	if loc == nil {
		return s
	}
	return strings.TrimSpace(s[:loc[0]])
}

// doublingTrend reads what doubling d does: "doubles when d doubles" (like
// d), "halves when d_k doubles" (like 1/d), "quadruples …" (like d²),
// "stays the same when d doubles".
func doublingTrend(s string) (trendFigure, bool) {
	m := doubling.FindStringSubmatch(s)
	if m == nil {
		return trendFigure{}, false
	}
	switch m[1] {
	case "doubles", "doubled", "gets doubled", "also doubles", "doubles too":
		return rateFigure("grows", "d"), true
	case "halves", "halved", "gets halved":
		return rateFigure("shrinks", "1/d"), true
	case "quadruples", "quadrupled", "gets quadrupled":
		return rateFigure("grows", "d^2"), true
	case "quarters", "quartered", "gets quartered":
		return rateFigure("shrinks", "1/d^2"), true
	}
	return trendFigure{direction: "constant"}, true
}

// doubling matches what the subject words leave of a doubling phrase: "is"
// and "are" are subject words, so "is halved" arrives as "halved".
var doubling = regexp.MustCompile(`^(doubles|doubled|gets doubled|also doubles|doubles too|halves|halved|gets halved|quadruples|quadrupled|gets quadrupled|quarters|quartered|gets quartered|stays the same|does not change|doesn't change)\s*,?\s*(?:when|if|as|each time|every time|whenever)\s+(?:the\s+)?(?:width\s+)?d(?:_k|ₖ|_\(k\))?\s+(?:doubles|is doubled)$`)

// rateFigure is the trend in direction at the rate formula f (a formula
// the grammar reads).
func rateFigure(direction, f string) trendFigure {
	e, err := parseExpr(f, true)
	if err != nil {
		panic("claims: bad built-in rate " + f)
	}
	return trendFigure{direction: direction, rate: e, rateText: f}
}

// nounTrend reads a noun phrase: "linear growth", "exponential decay",
// "quadratic increase".
func nounTrend(s string) (trendFigure, bool, error) {
	m := nounPhrase.FindStringSubmatch(cutWithWidth(s))
	if m == nil {
		return trendFigure{}, false, nil
	}
	dir := "grows"
	if m[2] == "decay" || m[2] == "decrease" || m[2] == "decline" || m[2] == "fall" {
		dir = "shrinks"
	}
	r, err := readRate(map[string]string{"linear": "linearly", "quadratic": "quadratically", "exponential": "exponentially"}[m[1]])
	if err != nil {
		return trendFigure{}, true, err
	}
	if dir == "shrinks" && !r.exponential {
		// "linear decay" is a straight line down, not proportional to a
		// power of d: no rate but the direction.
		return trendFigure{direction: dir}, true, nil
	}
	return trendFigure{direction: dir, rate: r.rate, rateText: r.rateText, exponential: r.exponential}, true, nil
}

var nounPhrase = regexp.MustCompile(`^(?:an?\s+)?(linear|quadratic|exponential)\s+(growth|increase|rise|decay|decrease|decline|fall)$`)

// rateTrend reads a rate without a direction ("proportional to d_k", "∝
// 1/d", "like √d", "O(d)", "linear in d"): the direction is the rate's
// between d = 1 and d = 2.
func rateTrend(s string) (trendFigure, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "o(") && strings.HasSuffix(s, ")") {
		s = "like " + s[2:len(s)-1]
	}
	if strings.HasPrefix(s, "linear in ") || s == "linear" {
		s = "linearly"
	}
	r, err := readRate(cutWithWidth(s))
	if err != nil {
		return trendFigure{}, err
	}
	out := trendFigure{rate: r.rate, rateText: r.rateText, exponential: r.exponential}
	if r.exponential {
		out.direction = "grows"
		return out, nil
	}
	one, err1 := r.rate.eval(1)
	two, err2 := r.rate.eval(2)
	if err1 != nil || err2 != nil {
		return out, fmt.Errorf("the rate %q %w", r.rateText, errRateUndefined)
	}
	switch two.Cmp(one) {
	case 1:
		out.direction = "grows"
	case -1:
		out.direction = "shrinks"
	default:
		out.direction, out.rate, out.rateText = "constant", nil, ""
	}
	return out, nil
}

// errRateUndefined says a rate read without a direction cannot give one:
// the direction is the rate's from d = 1 to d = 2.
var errRateUndefined = errors.New("is not defined at d = 1 and 2, so it says no direction: write grows or shrinks before it")

// A rate is what readRate reads: a formula in d, or an exponential.
type rate struct {
	rate        expr
	rateText    string
	exponential bool
}

// readRate reads the rate of a trend: a formula in d (d_k, √d, d^(1/4)
// and so on) after a marker or alone in brackets, "inversely proportional
// to" a formula, a rate in words, or "exponentially".
func readRate(s string) (rate, error) {
	t := strings.TrimSpace(s)
	if t == "exponentially" || t == "exponential" || t == "like an exponential" || t == "exponentially fast" {
		return rate{rateText: "b^d for some b", exponential: true}, nil
	}
	for phrase, f := range rateWords {
		if t == phrase || t == phrase+"_k" {
			e, err := parseExpr(f, true)
			return rate{e, f, false}, err
		}
	}
	inverse := false
	for _, m := range []string{"inversely proportional to", "inversely with", "inversely as", "inversely"} {
		if strings.HasPrefix(t, m+" ") {
			t, inverse = strings.TrimSpace(t[len(m):]), true
			break
		}
	}
	marked := inverse
	if !marked {
		for _, m := range rateMarkers {
			if strings.HasPrefix(t, m+" ") || strings.HasPrefix(t, m) && !isAlphaWord(m) {
				t, marked = strings.TrimSpace(t[len(m):]), true
				break
			}
		}
	}
	for phrase, f := range rateWords {
		if strings.HasPrefix(phrase, "like ") && "like "+t == phrase {
			e, err := parseExpr(f, true)
			return rate{e, f, false}, err
		}
	}
	for _, w := range []string{"the square root of ", "square root of "} {
		if strings.HasPrefix(t, w) {
			t = "sqrt(" + strings.TrimPrefix(t[len(w):], " ") + ")"
		}
	}
	e, err := parseExpr(formulaWords(t), true)
	if err == nil && !usesWidth(e) {
		err = fmt.Errorf("it does not use d")
	}
	if err != nil {
		if !marked {
			return rate{}, fmt.Errorf("%q is not a rate (write \"like sqrt(d)\", \"∝ √d_k\", \"as d^(1/4)\" or \"linearly\")", s)
		}
		return rate{}, fmt.Errorf("the rate %q is not a formula in d: %v", t, err)
	}
	if inverse {
		return rate{product{left: constant{rational.NewInt(1)}, right: e, divide: true}, "1/(" + t + ")", false}, nil
	}
	return rate{e, strings.TrimSpace(t), false}, nil
}

// exponentialOf reports whether the values xs at the widths of ps are
// c·b^d for some c ≠ 0 and b ∉ {0, 1}, exactly: the ratios of neighbours,
// each raised to the other's gap in d, agree.
func exponentialOf(xs []rational.Value, ps []enumerate.Problem) (string, bool) {
	if len(xs) < 3 {
		return "too few widths to tell an exponential", false
	}
	for _, x := range xs {
		if x.Sign() == 0 {
			return "not exponential in d (a value is 0)", false
		}
	}
	ratio := func(i int) rational.Value { return xs[i+1].Mul(xs[i].Inv()) }
	pow := func(v rational.Value, n int) (rational.Value, bool) {
		out := rational.NewInt(1)
		for range n {
			out = out.Mul(v)
			if c, r, _ := out.Parts(); c.Num().BitLen()+c.Denom().BitLen()+r.BitLen() > maxValueBits {
				return out, false
			}
		}
		return out, true
	}
	first := ratio(0)
	if first.Cmp(rational.NewInt(1)) == 0 {
		return "not exponential in d (constant)", false
	}
	g0 := ps[1].D - ps[0].D
	for i := 1; i+1 < len(xs); i++ {
		gi := ps[i+1].D - ps[i].D
		a, ok1 := pow(ratio(i), g0)
		b, ok2 := pow(first, gi)
		if !ok1 || !ok2 || a.Cmp(b) != 0 {
			return "not exponential in d: the values do not grow by one factor per unit of d", false
		}
	}
	return "exponential in d", true
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
