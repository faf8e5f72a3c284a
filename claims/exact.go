package claims

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strings"
	"sync"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
	"github.com/sqrtdk/sqrtdk/rational"
)

// oneFigure returns the one number of an answer that must be a single
// figure (a sampled value, a softmax output).
func oneFigure(a *Answer) (printed, error) {
	if a.shape != oneValue || len(a.sides) != 1 {
		return printed{}, fmt.Errorf("write one number, without shown work")
	}
	return a.sides[0], nil
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

// compare builds the result of comparing every side of an answer with an
// exact value: it holds when each side is x (or x correctly rounded).
func compare(sides []printed, x rational.Value) Verdict {
	v := Verdict{Holds: true, Exact: sides[0].describe(x)}
	for _, p := range sides {
		v.Holds = v.Holds && p.matches(x)
	}
	return v
}

// valued prepares a claim about one exact value: its figure is one printed
// value compared with it.
func valued(c *Claim, value func(ch *checking) (rational.Value, error), problems ...enumerate.Problem) *prepared {
	return &prepared{
		value:    value,
		problems: problems,
		read: func(a *Answer) (checker, error) {
			if a.shape != oneValue || len(a.sides) == 0 {
				return nil, fmt.Errorf("write one number")
			}
			return func(ch *checking) (Verdict, error) {
				x, err := value(ch)
				if err != nil {
					return Verdict{}, err
				}
				return compare(a.sides, x), nil
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
	return exactClaim(c, func(ch *checking, h *rational.Histogram, _ enumerate.Problem) (rational.Value, error) {
		_, _, sum := ch.cache.moments(h)
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
	read := func(a *Answer) (checker, error) {
		want, err := parseDistribution(a.raw)
		if err != nil {
			return nil, err
		}
		return func(ch *checking) (Verdict, error) {
			h, err := ch.distribution(p)
			if err != nil {
				return Verdict{}, err
			}
			got := map[string]*big.Int{}
			for t, n := range h.Counts {
				if n.Sign() != 0 {
					got[h.Score(t).RatString()] = n
				}
			}
			holds := len(got) == len(want)
			for s, n := range want {
				if g, ok := got[s]; !ok || g.Cmp(n) != 0 {
					holds = false
				}
			}
			return Verdict{Holds: holds, Exact: distributionText(h)}, nil
		}, nil
	}
	return &prepared{read: read, problems: []enumerate.Problem{p}}, nil
}

// maxExactChars bounds the text of a distribution in a verdict: at
// d_k = 10⁴ the whole list is thousands of scores with counts of thousands
// of digits, tens of megabytes on one line of a report. A longer one is
// shown by its first and last scores and the number left out.
const maxExactChars = 2000

// maxCountBits bounds a count written in full in an abbreviated
// distribution (199 bits: 60 digits at most); a longer one is written by
// its number of digits.
const maxCountBits = 199

// distributionText writes h as [(score, count), …], every nonzero count,
// or, when that passes maxExactChars, the first and last scores around
// "…" and how many were left out; it converts to decimal only what it
// shows.
func distributionText(h *rational.Histogram) string {
	var nonzero []int
	for t, n := range h.Counts {
		if n.Sign() != 0 {
			nonzero = append(nonzero, t)
		}
	}
	pair := func(t int, abbreviate bool) string {
		n := h.Counts[t]
		if abbreviate && n.BitLen() > maxCountBits {
			digits := len(n.String())
			return fmt.Sprintf("(%s, a count of %s)", h.Score(t).RatString(), numwords.Digits(digits))
		}
		return fmt.Sprintf("(%s, %s)", h.Score(t).RatString(), n)
	}
	var total float64
	for _, t := range nonzero {
		total += float64(h.Counts[t].BitLen())*math.Log10(2) + 8
	}
	if total <= maxExactChars {
		parts := make([]string, len(nonzero))
		for i, t := range nonzero {
			parts[i] = pair(t, false)
		}
		if s := "[" + strings.Join(parts, ", ") + "]"; len(s) <= maxExactChars {
			return s
		}
	}
	var head, tail []string
	size, i, j := 0, 0, len(nonzero)-1
	for i <= j && size < maxExactChars/2 {
		head = append(head, pair(nonzero[i], true))
		size += len(head[len(head)-1]) + 2
		i++
	}
	for j >= i && size < maxExactChars {
		tail = append([]string{pair(nonzero[j], true)}, tail...)
		size += len(tail[0]) + 2
		j--
	}
	if i > j {
		return "[" + strings.Join(append(head, tail...), ", ") + "]"
	}
	return fmt.Sprintf("[%s, …, %s] (%d scores, %d not shown)", strings.Join(head, ", "), strings.Join(tail, ", "), len(nonzero), j-i+1)
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
	mean, variance, _ := ch.cache.moments(h)
	switch which {
	case "mean":
		return rational.NewRat(mean).Mul(div.Inv())
	case "variance":
		return rational.NewRat(variance).Mul(div.Mul(div).Inv())
	}
	return rational.NewRat(variance).Root(2).Mul(div.Inv())
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
		prep.read = func(a *Answer) (checker, error) {
			if a.shape == formula {
				return nil, fmt.Errorf("d=%s is one width: give the value there, not a formula for every d (a claim for every d leaves d= out)", c.Settings["d"])
			}
			return read(a)
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
	read := func(a *Answer) (checker, error) {
		// A rounded decimal is one figure for every width; anything else
		// is an exact formula in d.
		figure := lawFormula(a.raw)
		var law expr
		var fig printed
		var err error
		if decimalPattern.MatchString(strings.TrimSpace(strings.TrimSuffix(figure, "%"))) || strings.HasSuffix(figure, "%") {
			if fig, err = readNumber(figure, places, false); err != nil {
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

// buildTrend checks "grows", "shrinks" or "constant" over the widths in
// increasing order.
func buildTrend(c *Claim) (*prepared, error) {
	which, ps, dv, err := lawSetup(c)
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
	read := func(a *Answer) (checker, error) {
		want := a.trend
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
			switch {
			case want.exponential:
				rate, ok := exponentialOf(xs, ps)
				holds = holds && ok
				got += ", " + rate
			case want.rate != nil:
				rate, ok := rateOf(xs, ps, want.rate)
				holds = holds && ok
				got += ", " + rate
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
	cost := exprCost(e)
	if cost <= parseAllowance {
		x, err := e.eval(0)
		if err != nil {
			return nil, fmt.Errorf("value=%s: %v", c.Settings["value"], err)
		}
		return valued(c, func(*checking) (rational.Value, error) { return x, nil }), nil
	}
	// Arithmetic past the allowance waits for the plan (Checker.Plan adds
	// its estimate) and is done once, when the claim is first checked.
	value := sync.OnceValues(func() (rational.Value, error) {
		x, err := e.eval(0)
		if err != nil {
			return x, fmt.Errorf("value=%s: %v", c.Settings["value"], err)
		}
		return x, nil
	})
	p := valued(c, func(*checking) (rational.Value, error) { return value() })
	p.seconds = cost
	return p, nil
}
