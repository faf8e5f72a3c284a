package claims

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A claim "for every d" (a mean, variance or std without d=, whose figure
// is an exact formula in d followed by "for every d") is checked as
// sqrtdk prove checks the proof for every width: package proofs derives,
// from the exact laws of one coordinate pair and of two,
// E[q·k] = d·m and Var(q·k) = d·v + d(d−1)·c, and compares that formula
// with enumerate's law of q·k at every width it reaches; the claimed
// formula must then equal the quantity's formula at every width d ≥ 1.
// Both are sums of at most three multiples of powers of d (a claims
// expression has no sums: it is one multiple of a power of d), and such a
// sum that is not 0 has at most two positive zeros, so equality at
// d = 1, 2, 3 is equality at every d.

// everyWidthSuffix matches the words that end a figure for every width.
var everyWidthSuffix = regexp.MustCompile(`^(.*\S)\s+for\s+(?:every|all|any)\s+(?:d|d_k|dₖ)$`)

// checkTime is how long the proof for every width checks its formula
// against enumerate (the tests shorten it).
var checkTime = proofs.DefaultCheckTime

// widthsCompared are the widths at which a claimed formula is compared
// with the quantity's.
var widthsCompared = []int{1, 2, 3}

// buildEveryWidth prepares a mean, variance or std claimed for every
// width.
func buildEveryWidth(c *Claim, which string) (*prepared, error) {
	q, k, err := alphabets(c)
	if err != nil {
		return nil, err
	}
	dv, err := parseDivisor(c, "divide")
	if err != nil {
		return nil, err
	}
	model := proofs.Model{Q: q, K: k}
	read := func(a *Answer) (checker, error) {
		m := everyWidthSuffix.FindStringSubmatch(a.raw)
		if m == nil {
			return nil, fmt.Errorf(`without d= the figure is a formula in d for every width: write it followed by "for every d", such as "1 for every d" or "16*d for every d", or give d=`)
		}
		if decimalPattern.MatchString(strings.TrimSuffix(m[1], "%")) || strings.HasSuffix(m[1], "%") {
			return nil, fmt.Errorf("%q for every d: write an exact formula in d (such as 1, 16*d or sqrt(d)), not a rounded decimal", m[1])
		}
		claimed, err := parseExpr(m[1], true)
		if err != nil {
			return nil, fmt.Errorf("formula %q: %v", m[1], err)
		}
		for _, d := range widthsCompared {
			if _, err := claimed.eval(int64(d)); err != nil {
				return nil, fmt.Errorf("formula %q at d = %d: %v", m[1], d, err)
			}
		}
		return func(ch *checking) (Verdict, error) {
			g, err := ch.general(model)
			if err != nil {
				return Verdict{}, err
			}
			return everyWidthVerdict(which, m[1], claimed, dv, g)
		}, nil
	}
	return &prepared{read: read, everyWidth: true}, nil
}

// general returns the proof for every width of the model, computed once
// per checker.
func (ch *checking) general(m proofs.Model) (*proofs.Run, error) {
	key := m.String()
	if g, ok := ch.generals[key]; ok {
		return g, nil
	}
	tr, err := proofs.Prove(ch.ctx, m, nil, proofs.Options{CheckTime: checkTime})
	if err != nil {
		return nil, err
	}
	if ch.generals == nil {
		ch.generals = map[string]*proofs.Run{}
	}
	ch.generals[key] = tr.General
	return tr.General, nil
}

// everyWidthVerdict compares the claimed formula with the quantity's at
// three widths, which decides it for every width, and requires the
// formula the quantity comes from to agree with enumerate.
func everyWidthVerdict(which, text string, claimed expr, dv divisor, g *proofs.Run) (Verdict, error) {
	mt, _ := g.Assertion("mean-term")
	vt, _ := g.Assertion("var-term")
	ct, _ := g.Assertion("cov-terms")
	m, v, c := mustRational(mt.LeftValue), mustRational(vt.LeftValue), mustRational(ct.LeftValue)
	// The quantity at width d: E[q·k] = d·m or Var(q·k) = (v − c)·d + c·d²,
	// over the divisor (squared for a variance); a std is compared by its
	// square, and its sign.
	at := func(d int) rational.Value {
		div := dv.at(d)
		x := rational.NewRat(new(big.Rat).Mul(m, big.NewRat(int64(d), 1)))
		if which != "mean" {
			x = rational.NewRat(new(big.Rat).Add(new(big.Rat).Mul(new(big.Rat).Sub(v, c), big.NewRat(int64(d), 1)), new(big.Rat).Mul(c, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(int64(d)), big.NewInt(2), nil)))))
			div = div.Mul(div)
		}
		return x.Mul(div.Inv())
	}
	holds := true
	differs := 0
	for _, d := range widthsCompared {
		got, err := claimed.eval(int64(d))
		if err != nil {
			return Verdict{}, err
		}
		want := at(d)
		same := got.Cmp(want) == 0
		if which == "std" {
			same = got.Sign() >= 0 && got.Mul(got).Cmp(want) == 0
		}
		if !same && holds {
			holds, differs = false, d
		}
	}
	formula := quantityFormula(which, m, v, c, dv)
	why := fmt.Sprintf("from E[q_i·k_i] = %s, Var(q_i·k_i) = %s and Cov(q_i·k_i, q_j·k_j) = %s", m.RatString(), v.RatString(), c.RatString())
	if ct.ByConstruction != "" {
		why += " (the covariance 0 by construction)"
	}
	exact := fmt.Sprintf("%s for every d, %s", formula, why)
	if !holds {
		exact += fmt.Sprintf("; %s differs from it at d = %d", text, differs)
	}
	if f, ok := g.Assertion("formula"); ok {
		if !f.Holds {
			return Verdict{Holds: false, Exact: exact + "; but enumerate disagrees with the formula: " + f.Detail}, nil
		}
		exact += "; the formula agrees with enumerate at " + strings.ReplaceAll(f.Scope, "d_k", "d")
	}
	return Verdict{Holds: holds, Exact: exact}, nil
}

// mustRational returns the rational value of a mean, variance or
// covariance of rational entries.
func mustRational(v rational.Value) *big.Rat {
	r, ok := v.Rat()
	if !ok {
		panic(fmt.Sprintf("claims: %s is not rational", v))
	}
	return r
}

// quantityFormula writes the quantity as a formula in d in the claims
// syntax: mean = m·d/D, variance = ((v − c)·d + c·d²)/D², std its square
// root, for the divisor D = d^p·f; a rational f is folded into the
// coefficients.
func quantityFormula(which string, m, v, c *big.Rat, dv divisor) string {
	two := new(big.Rat).Mul(dv.exponent, big.NewRat(2, 1))
	type term struct{ coef, exp *big.Rat }
	var terms []term
	if which == "mean" {
		terms = append(terms, term{new(big.Rat).Set(m), new(big.Rat).Sub(big.NewRat(1, 1), dv.exponent)})
	} else {
		terms = append(terms, term{new(big.Rat).Sub(v, c), new(big.Rat).Sub(big.NewRat(1, 1), two)},
			term{new(big.Rat).Set(c), new(big.Rat).Sub(big.NewRat(2, 1), two)})
	}
	over := ""
	if dv.fixed != nil {
		f, _ := dv.fixed.eval(0)
		if which != "mean" {
			f = f.Mul(f)
		}
		if r, ok := f.Rat(); ok {
			for _, t := range terms {
				t.coef.Quo(t.coef, r)
			}
		} else {
			over = "/" + f.String()
		}
	}
	terms = slices.DeleteFunc(terms, func(t term) bool { return t.coef.Sign() == 0 })
	name := map[string]string{"mean": "the mean", "variance": "the variance", "std": "the std"}[which]
	if which == "std" && len(terms) == 1 && over == "" {
		// √(c·d^e) = √c·d^(e/2).
		root := rational.NewRat(terms[0].coef).Root(2)
		half := new(big.Rat).Quo(terms[0].exp, big.NewRat(2, 1))
		if r, ok := root.Rat(); ok {
			return name + " is " + powerTerm(r, half)
		}
		if half.Sign() == 0 {
			return name + " is " + root.String()
		}
		return name + " is " + root.String() + "*" + powerTerm(big.NewRat(1, 1), half)
	}
	var b strings.Builder
	for _, t := range terms {
		switch {
		case b.Len() == 0:
			b.WriteString(powerTerm(t.coef, t.exp))
		case t.coef.Sign() < 0:
			b.WriteString(" - " + powerTerm(new(big.Rat).Neg(t.coef), t.exp))
		default:
			b.WriteString(" + " + powerTerm(t.coef, t.exp))
		}
	}
	s := b.String()
	if s == "" {
		s = "0"
	}
	if over != "" {
		s = "(" + s + ")" + over
	}
	if which == "std" {
		return name + " is sqrt(" + s + ")"
	}
	return name + " is " + s
}

// powerTerm writes c·d^e in the claims syntax: 16*d, d^2, sqrt(d), 1/d,
// 3/d^(1/2).
func powerTerm(c, e *big.Rat) string {
	if e.Sign() < 0 {
		below := powerTerm(big.NewRat(1, 1), new(big.Rat).Neg(e))
		if c.IsInt() {
			return c.RatString() + "/" + below
		}
		return c.Num().String() + "/(" + c.Denom().String() + "*" + below + ")"
	}
	var power string
	switch {
	case e.Sign() == 0:
		return c.RatString()
	case e.Cmp(big.NewRat(1, 1)) == 0:
		power = "d"
	case e.Cmp(big.NewRat(1, 2)) == 0:
		power = "sqrt(d)"
	default:
		power = "d^(" + e.RatString() + ")"
	}
	if c.Cmp(big.NewRat(1, 1)) == 0 {
		return power
	}
	return c.RatString() + "*" + power
}
