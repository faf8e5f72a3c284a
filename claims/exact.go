package claims

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// onePrinted parses the claim's figure as one printed value, honouring
// places=N for figures printed with trailing zeros dropped.
func onePrinted(c *Claim) (printed, error) {
	places, err := placesSetting(c)
	if err != nil {
		return printed{}, err
	}
	return parsePrinted(c.Figure, places)
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

// exactClaim builds a claim about one exact value of the space at one
// width.
func exactClaim(c *Claim, value func(ch *Checker, h *rational.Histogram, p enumerate.Problem) (rational.Value, error)) (checker, error) {
	p, err := problem(c)
	if err != nil {
		return nil, err
	}
	fig, err := onePrinted(c)
	if err != nil {
		return nil, err
	}
	return func(ch *Checker) (Verdict, error) {
		h, err := ch.distribution(p)
		if err != nil {
			return Verdict{}, err
		}
		x, err := value(ch, h, p)
		if err != nil {
			return Verdict{}, err
		}
		return compare(fig, x), nil
	}, nil
}

func buildCases(c *Claim) (checker, error) {
	p, err := problem(c)
	if err != nil {
		return nil, err
	}
	fig, err := onePrinted(c)
	if err != nil {
		return nil, err
	}
	// The number of pairs needs no distribution: |Q|^d·|K|^d.
	return func(*Checker) (Verdict, error) {
		return compare(fig, rational.NewRat(new(big.Rat).SetInt(p.Cases()))), nil
	}, nil
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

func buildCount(c *Claim) (checker, error) {
	s, err := scoreSetting(c)
	if err != nil {
		return nil, err
	}
	return exactClaim(c, func(_ *Checker, h *rational.Histogram, _ enumerate.Problem) (rational.Value, error) {
		return rational.NewRat(new(big.Rat).SetInt(countOf(h, s))), nil
	})
}

func buildShare(c *Claim) (checker, error) {
	s, err := scoreSetting(c)
	if err != nil {
		return nil, err
	}
	return exactClaim(c, func(_ *Checker, h *rational.Histogram, _ enumerate.Problem) (rational.Value, error) {
		return rational.NewRat(new(big.Rat).SetFrac(countOf(h, s), h.Total())), nil
	})
}

func buildSumOfSquares(c *Claim) (checker, error) {
	return exactClaim(c, func(_ *Checker, h *rational.Histogram, _ enumerate.Problem) (rational.Value, error) {
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
func buildDistribution(c *Claim) (checker, error) {
	p, err := problem(c)
	if err != nil {
		return nil, err
	}
	body := strings.TrimSpace(c.Figure)
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
	return func(ch *Checker) (Verdict, error) {
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

// quantity returns the mean, variance or std of q·k divided by dv.
func quantity(which string, h *rational.Histogram, d int, dv divisor) rational.Value {
	div := dv.at(d)
	switch which {
	case "mean":
		return rational.NewRat(h.Mean()).Mul(div.Inv())
	case "variance":
		return rational.NewRat(h.Variance()).Mul(div.Mul(div).Inv())
	}
	return rational.NewRat(h.Variance()).Root(2).Mul(div.Inv())
}

func quantitySetting(c *Claim) (string, error) {
	switch q := c.Settings["quantity"]; q {
	case "mean", "variance", "std":
		return q, nil
	default:
		return "", fmt.Errorf("quantity=%s: use mean, variance or std", q)
	}
}

func buildQuantity(which string) func(c *Claim) (checker, error) {
	return func(c *Claim) (checker, error) {
		dv, err := parseDivisor(c, "divide")
		if err != nil {
			return nil, err
		}
		return exactClaim(c, func(_ *Checker, h *rational.Histogram, p enumerate.Problem) (rational.Value, error) {
			return quantity(which, h, p.D, dv), nil
		})
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
		if err := p.Validate(); err != nil {
			return "", nil, divisor{}, err
		}
		ps = append(ps, p)
	}
	return which, ps, dv, nil
}

// buildLaw checks a formula in d, such as sqrt(d) or 1/d, or one rounded
// figure, against the quantity at every width listed.
func buildLaw(c *Claim) (checker, error) {
	which, ps, dv, err := lawSetup(c)
	if err != nil {
		return nil, err
	}
	places, err := placesSetting(c)
	if err != nil {
		return nil, err
	}
	// A rounded decimal is one figure for every width; anything else is
	// an exact formula in d.
	var law expr
	var fig printed
	if isDecimalText(strings.TrimSuffix(c.Figure, "%")) {
		if fig, err = parsePrinted(c.Figure, places); err != nil {
			return nil, err
		}
	}
	if !fig.isDecimal() || fig.value == nil {
		if law, err = parseExpr(c.Figure, true); err != nil {
			return nil, fmt.Errorf("law %q: %v", c.Figure, err)
		}
	}
	for _, p := range ps {
		if law != nil {
			if _, err := law.eval(int64(p.D)); err != nil {
				return nil, fmt.Errorf("law %q at d = %d: %v", c.Figure, p.D, err)
			}
		}
	}
	return func(ch *Checker) (Verdict, error) {
		var got []string
		holds := true
		for _, p := range ps {
			h, err := ch.distribution(p)
			if err != nil {
				return Verdict{}, err
			}
			x := quantity(which, h, p.D, dv)
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

// buildTrend checks "grows", "shrinks" or "constant" over the widths in
// increasing order.
func buildTrend(c *Claim) (checker, error) {
	which, ps, dv, err := lawSetup(c)
	if err != nil {
		return nil, err
	}
	want := strings.ToLower(strings.TrimSpace(c.Figure))
	switch want {
	case "grows", "shrinks", "constant":
	case "stays", "stays at 1":
		want = "constant"
	default:
		return nil, fmt.Errorf("a trend is grows, shrinks or constant, not %q", c.Figure)
	}
	if len(ps) < 2 {
		return nil, fmt.Errorf("a trend needs at least two widths")
	}
	for i := 1; i < len(ps); i++ {
		if ps[i].D <= ps[i-1].D {
			return nil, fmt.Errorf("list the widths of a trend in increasing order")
		}
	}
	return func(ch *Checker) (Verdict, error) {
		var xs []rational.Value
		var shown []string
		for _, p := range ps {
			h, err := ch.distribution(p)
			if err != nil {
				return Verdict{}, err
			}
			x := quantity(which, h, p.D, dv)
			xs = append(xs, x)
			shown = append(shown, x.String())
		}
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
		got := "neither grows, shrinks nor stays constant"
		switch {
		case up:
			got = "grows"
		case down:
			got = "shrinks"
		case flat:
			got = "constant"
		}
		return Verdict{Holds: got == want, Exact: got + ": " + strings.Join(shown, ", ")}, nil
	}, nil
}

// buildRatio checks quantity(q·k/divide) / quantity(q·k/versus) at one
// width: how far off a wrong divisor is.
func buildRatio(c *Claim) (checker, error) {
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
	return exactClaim(c, func(_ *Checker, h *rational.Histogram, p enumerate.Problem) (rational.Value, error) {
		b := quantity(which, h, p.D, bottom)
		if b.Sign() == 0 {
			return b, fmt.Errorf("the %s with divide=%s is 0, so the ratio is undefined", which, c.Settings["versus"])
		}
		return quantity(which, h, p.D, top).Mul(b.Inv()), nil
	})
}

// buildNumber checks plain arithmetic the lesson prints, such as √4096 = 64.
func buildNumber(c *Claim) (checker, error) {
	e, err := parseExpr(c.Settings["value"], false)
	if err != nil {
		return nil, fmt.Errorf("value=%s: %v", c.Settings["value"], err)
	}
	x, err := e.eval(0)
	if err != nil {
		return nil, fmt.Errorf("value=%s: %v", c.Settings["value"], err)
	}
	fig, err := onePrinted(c)
	if err != nil {
		return nil, err
	}
	return func(*Checker) (Verdict, error) { return compare(fig, x), nil }, nil
}
