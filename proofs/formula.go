package proofs

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Formula is an exact function of the width: a sum of terms c·d_k^e with
// rational c and e, such as d_k, 16·d_k, d_k² or 1/2 + 1/2·d_k. The
// exponents of one Formula differ by integers, so its value at a width is
// one rational multiple of a root of d_k. The zero Formula is 0.
type Formula struct {
	terms []monomial // exponents increasing, coefficients not 0
}

type monomial struct{ coef, exp *big.Rat }

// newFormula returns Σ coef·d_k^exp over the terms, equal exponents added.
func newFormula(ms ...monomial) Formula {
	var f Formula
	for _, m := range ms {
		if m.coef.Sign() == 0 {
			continue
		}
		i := slices.IndexFunc(f.terms, func(t monomial) bool { return t.exp.Cmp(m.exp) == 0 })
		if i < 0 {
			f.terms = append(f.terms, monomial{new(big.Rat).Set(m.coef), new(big.Rat).Set(m.exp)})
			continue
		}
		f.terms[i].coef = new(big.Rat).Add(f.terms[i].coef, m.coef)
	}
	f.terms = slices.DeleteFunc(f.terms, func(t monomial) bool { return t.coef.Sign() == 0 })
	slices.SortFunc(f.terms, func(a, b monomial) int { return a.exp.Cmp(b.exp) })
	return f
}

// Polynomial returns the formula Σ coefs[n]·d_k^n, such as 16·d_k for
// Polynomial(big.NewRat(0, 1), big.NewRat(16, 1)); a nil coefficient is 0.
func Polynomial(coefs ...*big.Rat) Formula {
	ms := make([]monomial, 0, len(coefs))
	for n, c := range coefs {
		if c != nil {
			ms = append(ms, monomial{c, big.NewRat(int64(n), 1)})
		}
	}
	return newFormula(ms...)
}

// Equal reports whether f and g are the same function of d_k ≥ 1, which
// holds exactly when they have the same terms.
func (f Formula) Equal(g Formula) bool { return f.equal(g) }

// constantFormula returns the formula c.
func constantFormula(c *big.Rat) Formula { return newFormula(monomial{c, new(big.Rat)}) }

// powerFormula returns c·d_k^e.
func powerFormula(c, e *big.Rat) Formula { return newFormula(monomial{c, e}) }

// varianceFormula returns d_k·v + d_k(d_k−1)·c = (v − c)·d_k + c·d_k², the
// variance of a sum of d_k terms each of variance v, any two of covariance c.
func varianceFormula(v, c *big.Rat) Formula {
	return newFormula(monomial{new(big.Rat).Sub(v, c), big.NewRat(1, 1)}, monomial{c, big.NewRat(2, 1)})
}

// times returns f·c·d_k^e.
func (f Formula) times(c, e *big.Rat) Formula {
	out := make([]monomial, len(f.terms))
	for i, t := range f.terms {
		out[i] = monomial{new(big.Rat).Mul(t.coef, c), new(big.Rat).Add(t.exp, e)}
	}
	return newFormula(out...)
}

// equal reports whether two formulas are the same function of d_k ≥ 1:
// powers of d_k with distinct exponents are independent functions, so
// they must have the same terms.
func (f Formula) equal(g Formula) bool {
	return slices.EqualFunc(f.terms, g.terms, func(a, b monomial) bool { return a.coef.Cmp(b.coef) == 0 && a.exp.Cmp(b.exp) == 0 })
}

// constant returns the formula's value when it does not depend on d_k.
func (f Formula) constant() (*big.Rat, bool) {
	if len(f.terms) == 0 {
		return new(big.Rat), true
	}
	if len(f.terms) == 1 && f.terms[0].exp.Sign() == 0 {
		return new(big.Rat).Set(f.terms[0].coef), true
	}
	return nil, false
}

// At returns the exact value of the formula at width d ≥ 1.
func (f Formula) At(d int) rational.Value {
	if len(f.terms) == 0 {
		return rational.NewInt(0)
	}
	// d^e0·Σ c·d^(e − e0): the differences are integers.
	e0 := f.terms[0].exp
	sum := new(big.Rat)
	for _, t := range f.terms {
		diff := new(big.Rat).Sub(t.exp, e0)
		p, ok := rational.PowerOf(int64(d), diff).Rat()
		if !ok {
			panic(fmt.Sprintf("proofs: the exponents of %s do not differ by integers", f))
		}
		sum.Add(sum, p.Mul(p, t.coef))
	}
	return rational.PowerOf(int64(d), e0).MulRat(sum)
}

// String writes the formula with d_k, such as "16·d_k", "1/2 + 1/2·d_k",
// "d_k²", "√d_k" or "-d_k".
func (f Formula) String() string {
	if len(f.terms) == 0 {
		return "0"
	}
	var b strings.Builder
	for n, t := range f.terms {
		c := new(big.Rat).Set(t.coef)
		if n > 0 {
			if c.Sign() == -1 {
				b.WriteString(" − ")
				c.Neg(c)
			} else {
				b.WriteString(" + ")
			}
		}
		b.WriteString(monomialText(c, t.exp))
	}
	return b.String()
}

// monomialText writes c·d_k^e, and c/d_k^(−e) for a negative e.
func monomialText(c, e *big.Rat) string {
	if e.Sign() < 0 {
		below := powerText(new(big.Rat).Neg(e))
		if strings.Contains(below, "^") {
			below = "(" + below + ")"
		}
		num := new(big.Int).Set(c.Num())
		if c.IsInt() {
			return num.String() + "/" + below
		}
		return num.String() + "/(" + c.Denom().String() + "·" + below + ")"
	}
	power := powerText(e)
	if power == "" {
		return c.RatString()
	}
	if sign, ok := unitSigns[c.RatString()]; ok {
		return sign + power
	}
	return c.RatString() + "·" + power
}

// unitSigns are the coefficients written as a sign alone.
var unitSigns = map[string]string{"1": "", "-1": "-"}

// powerNames are the powers of d_k written by name.
var powerNames = map[string]string{"0": "", "1": "d_k", "2": "d_k²", "1/2": "√d_k"}

// powerText writes d_k^e, "" for e = 0.
func powerText(e *big.Rat) string {
	if name, ok := powerNames[e.RatString()]; ok {
		return name
	}
	return "d_k^(" + e.RatString() + ")"
}

// widthsWhere returns, in increasing order, the widths d ≥ 1 at which the
// formula equals the constant x, and whether it equals x at every width.
// It serves formulas of at most two terms whose exponents differ by one,
// u(d) = d^a·(p + q·d), as a variance over a power of d_k is: u − x has at
// most three terms, hence at most two positive roots, and u is monotone on
// either side of the one point where its derivative d^(a−1)·(a·p +
// (a+1)·q·d) changes sign. Each monotone piece up to 2^53 is bisected in
// floating point and the integer nearest the crossing is tested exactly;
// widths beyond 2^53 (far beyond any vector) are not searched.
func (f Formula) widthsWhere(x *big.Rat) (ds []int64, always bool) {
	target := constantFormula(x)
	if f.equal(target) {
		return nil, true
	}
	if c, ok := f.constant(); ok {
		return nil, c.Cmp(x) == 0
	}
	if len(f.terms) > 2 || (len(f.terms) == 2 && new(big.Rat).Sub(f.terms[1].exp, f.terms[0].exp).Cmp(big.NewRat(1, 1)) != 0) {
		panic(fmt.Sprintf("proofs: widthsWhere on %s", f))
	}
	a, _ := f.terms[0].exp.Float64()
	p, _ := f.terms[0].coef.Float64()
	q := 0.0
	if len(f.terms) == 2 {
		q, _ = f.terms[1].coef.Float64()
	}
	xf, _ := x.Float64()
	u := func(d float64) float64 { return math.Pow(d, a)*(p+q*d) - xf }
	const far = 1 << 53
	cuts := []float64{1}
	if q != 0 && a+1 != 0 {
		// The turning point, within [1, far]: a piece of no length
		// beside it is harmless.
		cuts = append(cuts, min(max(-a*p/((a+1)*q), 1), far))
	}
	cuts = append(cuts, far)
	found := map[int64]bool{}
	// check tests exactly the integer nearest r: a cut point, or an end
	// of a bracket narrowed to a root's floating-point neighbourhood.
	check := func(r float64) {
		if c := int64(math.Round(r)); f.At(int(c)).Cmp(rational.NewRat(x)) == 0 {
			found[c] = true
		}
	}
	for n := 0; n+1 < len(cuts); n++ {
		lo, hi := cuts[n], cuts[n+1]
		check(lo)
		if math.Signbit(u(lo)) == math.Signbit(u(hi)) {
			continue
		}
		for range 200 {
			mid := lo + (hi-lo)/2
			if math.Signbit(u(mid)) == math.Signbit(u(lo)) {
				lo = mid
			} else {
				hi = mid
			}
		}
		check(lo)
		check(hi)
	}
	for c := range found {
		ds = append(ds, c)
	}
	slices.Sort(ds)
	return ds, false
}
