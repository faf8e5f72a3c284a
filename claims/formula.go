package claims

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// Two formulas in d are compared as functions of d, exactly, by a count of
// zeros. Write t = d^(1/L), with L the product of the denominators of the
// exponents d is raised to (nested) and their least common multiple
// (side by side). A formula built from numbers, d, + − * / and powers
// whose exponent is a number, with a fractional power only of a single
// term c·d^k, is then a rational function of t: p(t)/q(t). Two such
// functions f and g are equal for every d > 0 exactly when f − g, whose
// numerator has degree at most deg p_f + deg q_g + deg p_g + deg q_f (its
// "bound"), vanishes at more than bound values of t; so they are compared
// at t = 1, 2, … until bound + 1 widths d = t^L agree, or one differs.
// A formula outside that class (a root of a sum, √(d+1), or d in an
// exponent, 2^d) is refused as one that cannot be compared exactly.

// maxFormulaRoot bounds L, the root of d a formula is written in.
const maxFormulaRoot = maxPowerTerm

// maxFormulaDegree bounds the degree in t of a formula, so that a
// comparison takes a few hundred evaluations at most.
const maxFormulaDegree = 256

// maxCompareWork bounds the node evaluations of one comparison (the
// widths compared times the nodes of both formulas), so that its time is
// bounded by the formulas' length.
const maxCompareWork = 1 << 18

// size counts the nodes of e.
func size(e expr) int {
	switch e := e.(type) {
	case negation:
		return 1 + size(e.x)
	case sum:
		return 1 + size(e.left) + size(e.right)
	case product:
		return 1 + size(e.left) + size(e.right)
	case power:
		return 1 + size(e.base) + size(e.exp)
	}
	return 1
}

// errNotRational says a formula is not a rational function of a root of d.
var errNotRational = errors.New("this formula cannot be compared exactly: write one built from numbers, d, + − * / and powers with numbers as exponents (a fractional power of a single term only, such as √d or 3/d^(1/4))")

// rootOf returns L, the root of d that e is a rational function of.
func rootOf(e expr) (int64, error) {
	switch e := e.(type) {
	case negation:
		return rootOf(e.x)
	case sum:
		return lcmRoots(e.left, e.right)
	case product:
		return lcmRoots(e.left, e.right)
	case power:
		if usesWidth(e.exp) {
			return 0, errNotRational
		}
		l, err := rootOf(e.base)
		if err != nil || !usesWidth(e.base) {
			return l, err
		}
		x, err := e.exp.eval(0)
		if err != nil {
			return 0, err
		}
		q, ok := x.Rat()
		if !ok {
			return 0, errNotRational
		}
		if !q.Denom().IsInt64() || productExceeds(l, q.Denom().Int64(), maxFormulaRoot) {
			return 0, fmt.Errorf("the formula takes roots of d deeper than the %dth", maxFormulaRoot)
		}
		return l * q.Denom().Int64(), nil
	}
	return 1, nil
}

func lcmRoots(a, b expr) (int64, error) {
	x, err := rootOf(a)
	if err != nil {
		return 0, err
	}
	y, err := rootOf(b)
	if err != nil {
		return 0, err
	}
	l := x / new(big.Int).GCD(nil, nil, big.NewInt(x), big.NewInt(y)).Int64() * y
	if l > maxFormulaRoot {
		return 0, fmt.Errorf("the formula takes roots of d deeper than the %dth", maxFormulaRoot)
	}
	return l, nil
}

// degrees bounds a formula as a rational function of t = d^(1/L): the
// degrees of its numerator and denominator, and, for a single term
// c·t^k, k.
type degrees struct {
	num, den int64
	mono     bool
	k        int64
}

// degreesOf returns the degrees of e in t = d^(1/l).
func degreesOf(e expr, l int64) (degrees, error) {
	monomial := func(k int64) degrees {
		return degrees{num: max(k, 0), den: max(-k, 0), mono: true, k: k}
	}
	check := func(d degrees) (degrees, error) {
		if d.num > maxFormulaDegree || d.den > maxFormulaDegree {
			return d, fmt.Errorf("the formula has a degree in d above %d", maxFormulaDegree)
		}
		return d, nil
	}
	switch e := e.(type) {
	case constant:
		return monomial(0), nil
	case width:
		return monomial(l), nil
	case negation:
		return degreesOf(e.x, l)
	case sum:
		a, err := degreesOf(e.left, l)
		if err != nil {
			return a, err
		}
		b, err := degreesOf(e.right, l)
		if err != nil {
			return b, err
		}
		if a.mono && b.mono && a.k == 0 && b.k == 0 {
			return monomial(0), nil
		}
		return check(degrees{num: max(a.num+b.den, b.num+a.den), den: a.den + b.den})
	case product:
		a, err := degreesOf(e.left, l)
		if err != nil {
			return a, err
		}
		b, err := degreesOf(e.right, l)
		if err != nil {
			return b, err
		}
		if e.divide {
			b.num, b.den, b.k = b.den, b.num, -b.k
		}
		if a.mono && b.mono {
			return check(monomial(a.k + b.k))
		}
		return check(degrees{num: a.num + b.num, den: a.den + b.den})
	case power:
		b, err := degreesOf(e.base, l)
		if err != nil {
			return b, err
		}
		if !usesWidth(e.base) {
			return monomial(0), nil
		}
		x, err := e.exp.eval(0)
		if err != nil {
			return b, err
		}
		q, ok := x.Rat()
		if !ok || !q.Num().IsInt64() || !q.Denom().IsInt64() {
			return b, errNotRational
		}
		n, m := q.Num().Int64(), q.Denom().Int64()
		if b.mono {
			// k·n/m in big integers: n is any exponent a student wrote.
			k, rem := new(big.Int).QuoRem(new(big.Int).Mul(big.NewInt(b.k), big.NewInt(n)), big.NewInt(m), new(big.Int))
			if rem.Sign() != 0 {
				return b, errNotRational
			}
			if !k.IsInt64() || k.Int64() > maxFormulaDegree || k.Int64() < -maxFormulaDegree {
				return b, fmt.Errorf("the formula has a degree in d above %d", maxFormulaDegree)
			}
			return check(monomial(k.Int64()))
		}
		if m != 1 {
			return b, errNotRational
		}
		if n < 0 {
			b.num, b.den, n = b.den, b.num, -n
		}
		if n > maxFormulaDegree {
			return b, fmt.Errorf("the formula has a degree in d above %d", maxFormulaDegree)
		}
		return check(degrees{num: b.num * n, den: b.den * n})
	}
	return degrees{}, errNotRational
}

// comparable returns an error when e cannot be compared exactly with
// another formula as a function of d.
func comparable(e expr) error {
	l, err := rootOf(e)
	if err != nil {
		return err
	}
	_, err = degreesOf(e, l)
	return err
}

// A comparison is the outcome of comparing two formulas for every d.
type comparison struct {
	equal   bool
	differs string // a width d where they differ, when not equal
}

// sameFunction decides exactly whether f and g are the same function of
// d > 0 (see the comment at the top of the file); nonNegative also asks f
// to be at least 0 at the widths compared (f is then the root of g when
// f·f is compared with g). An error says they cannot be compared.
func sameFunction(f, g expr) (comparison, error) {
	lf, err := rootOf(f)
	if err != nil {
		return comparison{}, err
	}
	lg, err := rootOf(g)
	if err != nil {
		return comparison{}, err
	}
	l := lf / new(big.Int).GCD(nil, nil, big.NewInt(lf), big.NewInt(lg)).Int64() * lg
	if l > maxFormulaRoot {
		return comparison{}, fmt.Errorf("the formulas take roots of d deeper than the %dth", maxFormulaRoot)
	}
	df, err := degreesOf(f, l)
	if err != nil {
		return comparison{}, err
	}
	dg, err := degreesOf(g, l)
	if err != nil {
		return comparison{}, err
	}
	bound := df.num + df.den + dg.num + dg.den
	// A width where a denominator is 0 is skipped; there are at most
	// df.den + dg.den of them.
	limit := bound + 1 + df.den + dg.den
	if limit*int64(size(f)+size(g)) > maxCompareWork {
		return comparison{}, fmt.Errorf("the formulas are too long to compare (degree %d, %d terms)", bound, size(f)+size(g))
	}
	agree := int64(0)
	for t := int64(1); t <= limit && agree <= bound; t++ {
		tl := new(big.Int).Exp(big.NewInt(t), big.NewInt(l), nil)
		d := rational.NewRat(new(big.Rat).SetInt(tl))
		x, errF := evalAt(f, &d)
		y, errG := evalAt(g, &d)
		if errors.Is(errF, errNotOneSurd) || errors.Is(errG, errNotOneSurd) {
			return comparison{}, errNotOneSurd
		}
		if errF != nil || errG != nil {
			continue
		}
		if x.Cmp(y) != 0 {
			return comparison{differs: tl.String()}, nil
		}
		agree++
	}
	if agree <= bound {
		return comparison{}, fmt.Errorf("the formulas are not defined at enough widths to compare")
	}
	return comparison{equal: true}, nil
}

// readFormulaSides reads an answer that gives a formula in d, as shown
// work may: every side of "d_k/d_k^2 = 1/d_k" (split at = and ≈ outside
// brackets), after a label that names the quantity ("Var = 1/d") and
// without a trailing comma or full stop.
func readFormulaSides(text string, words []string) ([]expr, []string, error) {
	t := strings.TrimRight(strings.TrimSpace(text), " ,;.")
	parts, _ := splitSides(t) // at least one part
	parts[0] = cutLabel(parts[0], words)
	if parts[0] == "" && len(parts) > 1 {
		parts = parts[1:]
	}
	var exprs []expr
	var texts []string
	for _, part := range parts {
		part = strings.TrimRight(strings.TrimSpace(part), " ,;.")
		if part == "" {
			return nil, nil, fmt.Errorf("%q has an empty side", text)
		}
		if strings.HasSuffix(part, "%") {
			return nil, nil, fmt.Errorf("%q: a formula in d is not a percentage", part)
		}
		e, err := parseExpr(formulaWords(part), true)
		if err != nil {
			return nil, nil, err
		}
		if err := comparable(e); err != nil {
			return nil, nil, fmt.Errorf("%q: %v", part, err)
		}
		exprs = append(exprs, e)
		texts = append(texts, part)
	}
	return exprs, texts, nil
}

// formulaWords rewrites the words people put in a formula into its signs:
// "1 over d" is 1/d, "the square root of d" √d, "root d" √d.
func formulaWords(s string) string {
	fields := strings.Fields(s)
	var out []string
	for i := 0; i < len(fields); i++ {
		f := strings.ToLower(fields[i])
		switch {
		case f == "over" || f == "divided" && i+1 < len(fields) && strings.ToLower(fields[i+1]) == "by" && func() bool { i++; return true }():
			out = append(out, "/")
		case f == "times":
			out = append(out, "*")
		case f == "square" && i+2 < len(fields) && strings.ToLower(fields[i+1]) == "root" && strings.ToLower(fields[i+2]) == "of":
			out = append(out, "√")
			i += 2
		case f == "root" && i+1 < len(fields) && strings.ToLower(fields[i+1]) == "of":
			out = append(out, "√")
			i++
		case f == "root":
			out = append(out, "√")
		case f == "the" && i+1 < len(fields) && strings.ToLower(fields[i+1]) == "square":
		default:
			out = append(out, fields[i])
		}
	}
	return strings.Join(out, " ")
}

// productExceeds reports whether a·b > limit, for a, b ≥ 0, without forming
// a·b, which could wrap around in an int64.
func productExceeds(a, b, limit int64) bool { return a > 0 && b > limit/a }
