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
// is an exact formula in d, with or without "for every d") is checked as
// sqrtdk prove checks the proof for every width: package proofs derives,
// from the exact laws of one coordinate pair and of two,
// E[q·k] = d·m and Var(q·k) = d·v + d(d−1)·c, and compares that formula
// with enumerate's law of q·k at every width it reaches; every side of the
// claimed formula must then equal the quantity's as a function of d ≥ 1,
// which sameFunction (formula.go) decides exactly.

// everyWidthSuffix matches the words that end a figure for every width.
var everyWidthSuffix = regexp.MustCompile(`^(.*\S)\s+for\s+(?:every|all|any)\s+(?:d|d_k|dₖ)$`)

// checkTime is how long the proof for every width checks its formula
// against enumerate (the tests shorten it).
var checkTime = proofs.DefaultCheckTime

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
	words := kinds[c.Kind].words
	read := func(a *Answer) (checker, error) {
		text := a.raw
		if m := everyWidthSuffix.FindStringSubmatch(strings.TrimRight(text, " .")); m != nil {
			text = m[1]
		}
		sides, texts, err := readFormulaSides(text, words)
		if err != nil {
			return nil, err
		}
		return func(ch *checking) (Verdict, error) {
			g, err := ch.general(model)
			if err != nil {
				return Verdict{}, err
			}
			return everyWidthVerdict(which, texts, sides, dv, g)
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

// everyWidthVerdict compares every side of the claimed formula with the
// quantity's as functions of d, exactly (sameFunction), and requires the
// formula the quantity comes from to agree with enumerate.
func everyWidthVerdict(which string, texts []string, sides []expr, dv divisor, g *proofs.Run) (Verdict, error) {
	mt, _ := g.Assertion("mean-term")
	vt, _ := g.Assertion("var-term")
	ct, _ := g.Assertion("cov-terms")
	m, v, c := mustRational(mt.LeftValue), mustRational(vt.LeftValue), mustRational(ct.LeftValue)
	// The quantity at width d: E[q·k] = d·m or Var(q·k) = (v − c)·d + c·d²,
	// over the divisor (squared for a variance); a std is compared by its
	// square, and its sign.
	want := quantityExpr(which, m, v, c, dv)
	holds := true
	var problems []string
	for i, side := range sides {
		f := side
		if which == "std" {
			f = product{left: side, right: side}
		}
		cmp, err := sameFunction(f, want)
		if err == nil && cmp.equal && which == "std" {
			// The square is right: the sign at d = 1 decides the root.
			if x, err := side.eval(1); err != nil || x.Sign() < 0 {
				cmp.equal, cmp.differs = false, "1 (it is negative there)"
			}
		}
		switch {
		case err != nil:
			holds = false
			problems = append(problems, fmt.Sprintf("%s cannot be compared exactly: %v", texts[i], err))
		case !cmp.equal:
			holds = false
			problems = append(problems, fmt.Sprintf("%s differs from it at d = %s", texts[i], cmp.differs))
		}
	}
	formula := quantityFormula(which, m, v, c, dv)
	why := fmt.Sprintf("from E[q_i·k_i] = %s, Var(q_i·k_i) = %s and Cov(q_i·k_i, q_j·k_j) = %s", m.RatString(), v.RatString(), c.RatString())
	if ct.ByConstruction != "" {
		why += " (the covariance 0 by construction)"
	}
	exact := fmt.Sprintf("%s for every d, %s", formula, why)
	if len(problems) > 0 {
		exact += "; " + strings.Join(problems, "; ")
	}
	if f, ok := g.Assertion("formula"); ok {
		if !f.Holds {
			return Verdict{Holds: false, Exact: exact + "; but enumerate disagrees with the formula: " + f.Detail}, nil
		}
		exact += "; the formula agrees with enumerate at " + strings.ReplaceAll(f.Scope, "d_k", "d")
	}
	return Verdict{Holds: holds, Exact: exact}, nil
}

// quantityExpr is the quantity as a formula in d: E[q·k] = m·d or
// Var(q·k) = (v − c)·d + c·d² (a std by its variance), over the divisor
// d^p·f (squared for a variance).
func quantityExpr(which string, m, v, c *big.Rat, dv divisor) expr {
	rat := func(r *big.Rat) expr { return constant{rational.NewRat(r)} }
	var over expr = constant{rational.NewInt(1)}
	if dv.exponent.Sign() != 0 {
		over = power{base: width{}, exp: rat(dv.exponent)}
	}
	if dv.fixed != nil {
		over = product{left: over, right: dv.fixed}
	}
	if which == "mean" {
		return product{left: product{left: rat(m), right: width{}}, right: over, divide: true}
	}
	x := sum{left: product{left: rat(new(big.Rat).Sub(v, c)), right: width{}},
		right: product{left: rat(c), right: power{base: width{}, exp: rat(big.NewRat(2, 1))}}}
	return product{left: x, right: product{left: over, right: over}, divide: true}
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
