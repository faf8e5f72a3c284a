package claims

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// onePrinted parses a figure as one printed value, honouring places=N for
// figures printed with trailing zeros dropped.
func onePrinted(c *Claim, figure string) (printed, error) {
	places, err := placesSetting(c)
	if err != nil {
		return printed{}, err
	}
	return parsePrinted(figure, places)
}

func placesSetting(c *Claim) (int, error) {
	s, ok := c.Settings["places"]
	if !ok {
		return 0, nil
	}
	var n int
	if _, err := fmt.Sscanf(s, "%d", &n); err != nil || n < 0 || n > 100 || fmt.Sprint(n) != s {
		return 0, fmt.Errorf("places=%s: write a number of decimal places from 0 to 100", s)
	}
	return n, nil
}

// compare builds the result of comparing a figure with an exact value.
func compare(p printed, x rational.Value) Verdict {
	return Verdict{Holds: p.matches(x), Exact: p.describe(x)}
}

// valued prepares a claim about one exact value: its figure is one printed
// value compared with it.
func valued(c *Claim, value func(ch *checking) (rational.Value, error), problems ...enumerate.Problem) *prepared {
	return &prepared{
		value:    value,
		problems: problems,
		read: func(figure string) (checker, error) {
			fig, err := onePrinted(c, figure)
			if err != nil {
				return nil, err
			}
			return func(ch *checking) (Verdict, error) {
				x, err := value(ch)
				if err != nil {
					return Verdict{}, err
				}
				return compare(fig, x), nil
			}, nil
		},
	}
}

// exactClaim prepares a claim about one exact value of the space at one
// width.
func exactClaim(c *Claim, value func(ch *checking, h *rational.Histogram, p enumerate.Problem) (rational.Value, error)) (*prepared, error) {
	p, err := problem(c)
	if err != nil {
		return nil, err
	}
	return valued(c, func(ch *checking) (rational.Value, error) {
		h, err := ch.distribution(p)
		if err != nil {
			return rational.Value{}, err
		}
		return value(ch, h, p)
	}, p), nil
}

func buildCases(c *Claim) (*prepared, error) {
	p, err := problem(c)
	if err != nil {
		return nil, err
	}
	// The number of pairs needs no distribution: |Q|^d·|K|^d.
	return valued(c, func(*checking) (rational.Value, error) {
		return rational.NewRat(new(big.Rat).SetInt(p.Cases())), nil
	}), nil
}

// scoreSetting reads score=S.
func scoreSetting(c *Claim) (*big.Rat, error) {
	s, err := rational.ParseRat(c.Settings["score"])
	if err != nil {
		return nil, fmt.Errorf("score=%s: %v", c.Settings["score"], err)
	}
	return s, nil
}

// countOf returns how many pairs score exactly s.
func countOf(h *rational.Histogram, s *big.Rat) *big.Int {
	for t, n := range h.Counts {
		if h.Score(t).Cmp(s) == 0 {
			return n
		}
	}
	return new(big.Int)
}

func buildCount(c *Claim) (*prepared, error) {
	s, err := scoreSetting(c)
	if err != nil {
		return nil, err
	}
	return exactClaim(c, func(_ *checking, h *rational.Histogram, _ enumerate.Problem) (rational.Value, error) {
		return rational.NewRat(new(big.Rat).SetInt(countOf(h, s))), nil
	})
}

func buildShare(c *Claim) (*prepared, error) {
	s, err := scoreSetting(c)
	if err != nil {
		return nil, err
	}
	return exactClaim(c, func(_ *checking, h *rational.Histogram, _ enumerate.Problem) (rational.Value, error) {
		return rational.NewRat(new(big.Rat).SetFrac(countOf(h, s), h.Total())), nil
	})
}

func buildSumOfSquares(c *Claim) (*prepared, error) {
	return exactClaim(c, func(_ *checking, h *rational.Histogram, _ enumerate.Problem) (rational.Value, error) {
		sum := new(big.Rat)
		for t, n := range h.Counts {
			s := h.Score(t)
			s.Mul(s, s)
			sum.Add(sum, s.Mul(s, new(big.Rat).SetInt(n)))
		}
		return rational.NewRat(sum), nil
	})
}

var pairPattern = regexp.MustCompile(`\(\s*([^(),\s]+)\s*,\s*([^(),\s]+)\s*\)`)

// buildDistribution checks a whole distribution printed as Python prints a
// sorted list of (score, count) pairs: every score with a nonzero count,
// each exactly.
func buildDistribution(c *Claim) (*prepared, error) {
	p, err := problem(c)
	if err != nil {
		return nil, err
	}
	read := func(figure string) (checker, error) {
		want, err := parseDistribution(figure)
		if err != nil {
			return nil, err
		}
		return func(ch *checking) (Verdict, error) {
			h, err := ch.distribution(p)
			if err != nil {
				return Verdict{}, err
			}
			var parts []string
			got := map[string]*big.Int{}
			for t, n := range h.Counts {
				if n.Sign() != 0 {
					s := h.Score(t).RatString()
					got[s] = n
					parts = append(parts, fmt.Sprintf("(%s, %s)", s, n))
				}
			}
			holds := len(got) == len(want)
			for s, n := range want {
				if g, ok := got[s]; !ok || g.Cmp(n) != 0 {
					holds = false
				}
			}
			return Verdict{Holds: holds, Exact: "[" + strings.Join(parts, ", ") + "]"}, nil
		}, nil
	}
	return &prepared{read: read, problems: []enumerate.Problem{p}}, nil
}

// parseDistribution reads [(score, count), …] into counts by score.
func parseDistribution(figure string) (map[string]*big.Int, error) {
	body := strings.TrimSpace(figure)
	if !strings.HasPrefix(body, "[") || !strings.HasSuffix(body, "]") {
		return nil, fmt.Errorf("write the distribution as [(score, count), …]")
	}
	inner := strings.TrimSpace(body[1 : len(body)-1])
	matches := pairPattern.FindAllStringSubmatchIndex(inner, -1)
	rest := pairPattern.ReplaceAllString(inner, "")
	if len(matches) == 0 || strings.Trim(rest, ", ") != "" {
		return nil, fmt.Errorf("write the distribution as [(score, count), …]")
	}
	want := map[string]*big.Int{}
	for _, m := range matches {
		s, err := rational.ParseRat(inner[m[2]:m[3]])
		if err != nil {
			return nil, fmt.Errorf("score %q: %v", inner[m[2]:m[3]], err)
		}
		n, ok := new(big.Int).SetString(inner[m[4]:m[5]], 10)
		if !ok || n.Sign() < 0 {
			return nil, fmt.Errorf("count %q is not a non-negative integer", inner[m[4]:m[5]])
		}
		if _, dup := want[s.RatString()]; dup {
			return nil, fmt.Errorf("score %s appears twice", s.RatString())
		}
		want[s.RatString()] = n
	}
	return want, nil
}

// quantity returns the mean, variance or std of q·k divided by dv.
func (ch *Checker) quantity(which string, h *rational.Histogram, d int, dv divisor) rational.Value {
	div := dv.at(d)
	switch which {
	case "mean":
		return rational.NewRat(ch.cache.mean(h)).Mul(div.Inv())
	case "variance":
		return rational.NewRat(ch.cache.variance(h)).Mul(div.Mul(div).Inv())
	}
	return rational.NewRat(ch.cache.variance(h)).Root(2).Mul(div.Inv())
}

func quantitySetting(c *Claim) (string, error) {
	switch q := c.Settings["quantity"]; q {
	case "mean", "variance", "std":
		return q, nil
	default:
		return "", fmt.Errorf("quantity=%s: use mean, variance or std", q)
	}
}

func buildQuantity(which string) func(c *Claim) (*prepared, error) {
	return func(c *Claim) (*prepared, error) {
		if _, ok := c.Settings["d"]; !ok {
			return buildEveryWidth(c, which)
		}
		dv, err := parseDivisor(c, "divide")
		if err != nil {
			return nil, err
		}
		prep, err := exactClaim(c, func(ch *checking, h *rational.Histogram, p enumerate.Problem) (rational.Value, error) {
			return ch.quantity(which, h, p.D, dv), nil
		})
		if err != nil {
			return nil, err
		}
		read := prep.read
		prep.read = func(figure string) (checker, error) {
			if everyWidthSuffix.MatchString(figure) {
				return nil, fmt.Errorf("d=%s is one width: leave d= out to claim a formula for every d", c.Settings["d"])
			}
			return read(figure)
		}
		return prep, nil
	}
}

// lawSetup reads what laws and trends share: the quantity, the widths and
// the divisor.
func lawSetup(c *Claim) (string, []enumerate.Problem, divisor, error) {
	which, err := quantitySetting(c)
	if err != nil {
		return "", nil, divisor{}, err
	}
	q, k, err := alphabets(c)
	if err != nil {
		return "", nil, divisor{}, err
	}
	ds, err := widthList(c)
	if err != nil {
		return "", nil, divisor{}, err
	}
	dv, err := parseDivisor(c, "divide")
	if err != nil {
		return "", nil, divisor{}, err
	}
	var ps []enumerate.Problem
	for _, d := range ds {
		p := enumerate.Problem{Q: q, K: k, D: d}
		if err := checkSpace(p); err != nil {
			return "", nil, divisor{}, err
		}
		ps = append(ps, p)
	}
	return which, ps, dv, nil
}

// buildLaw checks a formula in d, such as sqrt(d) or 1/d, or one rounded
// figure, against the quantity at every width listed.
func buildLaw(c *Claim) (*prepared, error) {
	which, ps, dv, err := lawSetup(c)
	if err != nil {
		return nil, err
	}
	places, err := placesSetting(c)
	if err != nil {
		return nil, err
	}
	read := func(figure string) (checker, error) {
		// A rounded decimal is one figure for every width; anything else
		// is an exact formula in d.
		var law expr
		var fig printed
		var err error
		if isDecimalText(strings.TrimSuffix(figure, "%")) {
			if fig, err = parsePrinted(figure, places); err != nil {
				return nil, err
			}
		}
		if !fig.isDecimal() || fig.value == nil {
			if law, err = parseExpr(figure, true); err != nil {
				return nil, fmt.Errorf("law %q: %v", figure, err)
			}
		}
		for _, p := range ps {
			if law != nil {
				if _, err := law.eval(int64(p.D)); err != nil {
					return nil, fmt.Errorf("law %q at d = %d: %v", figure, p.D, err)
				}
			}
		}
		return func(ch *checking) (Verdict, error) {
			var got []string
			holds := true
			for _, p := range ps {
				h, err := ch.distribution(p)
				if err != nil {
					return Verdict{}, err
				}
				x := ch.quantity(which, h, p.D, dv)
				var ok bool
				if law == nil {
					ok = fig.matches(x)
				} else {
					want, _ := law.eval(int64(p.D))
					ok = want.Cmp(x) == 0
				}
				mark := ""
				if !ok {
					holds, mark = false, " (differs)"
				}
				got = append(got, fmt.Sprintf("d=%d: %s%s", p.D, x, mark))
			}
			return Verdict{Holds: holds, Exact: strings.Join(got, ", ")}, nil
		}, nil
	}
	return &prepared{read: read, problems: ps}, nil
}

// A trend figure is a direction in words; "stays at X" (or "constant at
// X") also states the level, which every value must then match as a
// printed figure does.
type trendFigure struct {
	direction string // grows, shrinks or constant
	level     *printed
}

// trendWords maps the words a trend may be written in to its direction.
var trendWords = map[string]string{
	"grows": "grows", "increases": "grows", "rises": "grows",
	"shrinks": "shrinks", "decreases": "shrinks", "falls": "shrinks",
	"constant": "constant", "stays": "constant", "stays constant": "constant",
	"stays the same": "constant", "is constant": "constant",
}

func parseTrendFigure(figure string, places int) (trendFigure, error) {
	words := strings.ToLower(strings.Join(strings.Fields(figure), " "))
	if dir, ok := trendWords[words]; ok {
		return trendFigure{direction: dir}, nil
	}
	for _, prefix := range []string{"stays at ", "constant at ", "stays constant at "} {
		if rest, ok := strings.CutPrefix(words, prefix); ok {
			level, err := parsePrinted(rest, places)
			if err != nil {
				return trendFigure{}, err
			}
			return trendFigure{direction: "constant", level: &level}, nil
		}
	}
	return trendFigure{}, fmt.Errorf("a trend is grows, shrinks, constant or \"stays at X\", not %q", figure)
}

// buildTrend checks "grows", "shrinks" or "constant" over the widths in
// increasing order.
func buildTrend(c *Claim) (*prepared, error) {
	which, ps, dv, err := lawSetup(c)
	if err != nil {
		return nil, err
	}
	places, err := placesSetting(c)
	if err != nil {
		return nil, err
	}
	if len(ps) < 2 {
		return nil, fmt.Errorf("a trend needs at least two widths")
	}
	for i := 1; i < len(ps); i++ {
		if ps[i].D <= ps[i-1].D {
			return nil, fmt.Errorf("list the widths of a trend in increasing order")
		}
	}
	read := func(figure string) (checker, error) {
		want, err := parseTrendFigure(figure, places)
		if err != nil {
			return nil, err
		}
		return func(ch *checking) (Verdict, error) {
			var xs []rational.Value
			var shown []string
			for _, p := range ps {
				h, err := ch.distribution(p)
				if err != nil {
					return Verdict{}, err
				}
				x := ch.quantity(which, h, p.D, dv)
				xs = append(xs, x)
				shown = append(shown, x.String())
			}
			got := trendOf(xs)
			holds := got == want.direction
			if holds && want.level != nil {
				// Constant, so the first value is every value.
				holds = want.level.matches(xs[0])
				got = "constant at " + want.level.describe(xs[0])
			}
			return Verdict{Holds: holds, Exact: got + ": " + strings.Join(shown, ", ")}, nil
		}, nil
	}
	return &prepared{read: read, problems: ps}, nil
}

// trendOf says whether the values grow, shrink or stay constant, strictly
// at every step.
func trendOf(xs []rational.Value) string {
	up, down, flat := true, true, true
	for i := 1; i < len(xs); i++ {
		switch xs[i].Cmp(xs[i-1]) {
		case 1:
			down, flat = false, false
		case -1:
			up, flat = false, false
		default:
			up, down = false, false
		}
	}
	switch {
	case up:
		return "grows"
	case down:
		return "shrinks"
	case flat:
		return "constant"
	}
	return "neither grows, shrinks nor stays constant"
}

// buildRatio checks quantity(q·k/divide) / quantity(q·k/versus) at one
// width: how far off a wrong divisor is.
func buildRatio(c *Claim) (*prepared, error) {
	which, err := quantitySetting(c)
	if err != nil {
		return nil, err
	}
	top, err := parseDivisor(c, "divide")
	if err != nil {
		return nil, err
	}
	bottom, err := parseDivisor(c, "versus")
	if err != nil {
		return nil, err
	}
	return exactClaim(c, func(ch *checking, h *rational.Histogram, p enumerate.Problem) (rational.Value, error) {
		b := ch.quantity(which, h, p.D, bottom)
		if b.Sign() == 0 {
			return b, fmt.Errorf("the %s with divide=%s is 0, so the ratio is undefined", which, c.Settings["versus"])
		}
		return ch.quantity(which, h, p.D, top).Mul(b.Inv()), nil
	})
}

// buildNumber checks plain arithmetic the lesson prints, such as √4096 = 64.
func buildNumber(c *Claim) (*prepared, error) {
	e, err := parseExpr(c.Settings["value"], false)
	if err != nil {
		return nil, fmt.Errorf("value=%s: %v", c.Settings["value"], err)
	}
	x, err := e.eval(0)
	if err != nil {
		return nil, fmt.Errorf("value=%s: %v", c.Settings["value"], err)
	}
	return valued(c, func(*checking) (rational.Value, error) { return x, nil }), nil
}
