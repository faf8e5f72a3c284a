package scalecheck

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// Limits that keep every number exact and quick to compute with: an
// exponent p/q has |p| ≤ MaxExponentTerm and q ≤ MaxExponentTerm; a value's
// rational part has at most maxBits bits above and below the bar, the number
// under its root at most maxRadicandBits, and the roots of all inputs
// together a common index of at most MaxRootIndex (so square, fourth and
// eighth roots mix freely).
const (
	MaxExponentTerm = 12
	MaxRootIndex    = 4
	maxBits         = 2048
	maxRadicandBits = 64
	maxExprLength   = 200
	// derivedBits bounds the values computed from the inputs (products of
	// up to four of them and their inverses).
	derivedBits = 16384
)

// A monomial is the exact number Coef·d^Power, where d is a width (Power 0
// for a plain number).
type monomial struct {
	Coef  rational.Value
	Power *big.Rat
}

func constant(v rational.Value) monomial { return monomial{Coef: v, Power: new(big.Rat)} }

func (m monomial) mul(n monomial) (monomial, error) {
	c := m.Coef.Mul(n.Coef)
	return monomial{Coef: c, Power: new(big.Rat).Add(m.Power, n.Power)}, checkSize(c)
}

func (m monomial) div(n monomial) (monomial, error) {
	if n.Coef.Sign() == 0 {
		return monomial{}, fmt.Errorf("division by zero")
	}
	c := m.Coef.Mul(n.Coef.Inv())
	return monomial{Coef: c, Power: new(big.Rat).Sub(m.Power, n.Power)}, checkSize(c)
}

func (m monomial) pow(e *big.Rat) (monomial, error) {
	c, err := powValue(m.Coef, e)
	if err != nil {
		return monomial{}, err
	}
	return monomial{Coef: c, Power: new(big.Rat).Mul(m.Power, e)}, nil
}

// powValue returns v^e exactly for v ≥ 0 and a rational e = a/b with small
// terms: v^a by repeated products, then the b-th root.
func powValue(v rational.Value, e *big.Rat) (rational.Value, error) {
	if err := checkExponent(e); err != nil {
		return rational.Value{}, err
	}
	a, b := e.Num().Int64(), int(e.Denom().Int64())
	if v.Sign() == 0 {
		if a < 0 {
			return rational.Value{}, fmt.Errorf("0 to a negative power is a division by zero")
		}
		if a == 0 {
			return rational.NewRat(big.NewRat(1, 1)), nil
		}
		return v, nil
	}
	base := v
	if a < 0 {
		base, a = v.Inv(), -a
	}
	out := rational.NewRat(big.NewRat(1, 1))
	for range a {
		out = out.Mul(base)
		if err := checkSize(out); err != nil {
			return rational.Value{}, err
		}
	}
	if b > 1 {
		if rootIndex(out)*b > MaxRootIndex {
			return rational.Value{}, fmt.Errorf("roots of index above %d are not supported", MaxRootIndex)
		}
		out = out.Root(b)
	}
	return out, checkSize(out)
}

// checkExponent refuses exponents whose terms are too large to compute with.
func checkExponent(e *big.Rat) error {
	if new(big.Int).Abs(e.Num()).Cmp(big.NewInt(MaxExponentTerm)) > 0 || e.Denom().Cmp(big.NewInt(MaxExponentTerm)) > 0 {
		return fmt.Errorf("exponent %s is too complex (numerator and denominator at most %d)", e.RatString(), MaxExponentTerm)
	}
	return nil
}

// checkDerived refuses computed values too large to keep exact in
// reasonable time.
func checkDerived(v rational.Value) error {
	if c, n, _ := v.Parts(); c.Num().BitLen() > derivedBits || c.Denom().BitLen() > derivedBits || n.BitLen() > derivedBits {
		return fmt.Errorf("the number is too large to keep exact")
	}
	return nil
}

// checkSize refuses values too large to keep exact in reasonable time.
func checkSize(v rational.Value) error {
	c, n, r := v.Parts()
	if r > MaxRootIndex {
		return fmt.Errorf("roots of index above %d are not supported", MaxRootIndex)
	}
	if n.BitLen() > maxRadicandBits {
		return fmt.Errorf("the number under a root is larger than 2^%d, too large to keep exact", maxRadicandBits)
	}
	if c.Num().BitLen() > maxBits || c.Denom().BitLen() > maxBits {
		return fmt.Errorf("the number is too large to keep exact")
	}
	return nil
}

// parser reads the small expression language of stds and scales:
//
//	expr  = term { ("*" | "/") term }
//	term  = atom [ "^" exponent ]
//	atom  = number | "d" | "sqrt(" expr ")" | "(" expr ")"
//
// A number is an unsigned integer or finite decimal; an exponent is a signed
// rational written like "-1/2", "0.25" or "(-1/4)", so "d^-1/2" is d^(−1/2)
// and "1/d" is 1 divided by d.
type parser struct {
	s      string
	pos    int
	allowD bool
}

func parseMonomial(s string, allowD bool) (monomial, error) {
	t := strings.Join(strings.Fields(s), "")
	if t == "" {
		return monomial{}, fmt.Errorf("empty value")
	}
	if len(t) > maxExprLength {
		return monomial{}, fmt.Errorf("%.20q… is longer than %d characters", t, maxExprLength)
	}
	p := &parser{s: t, allowD: allowD}
	m, err := p.expr()
	if err != nil {
		return monomial{}, err
	}
	if p.pos < len(p.s) {
		return monomial{}, fmt.Errorf("unexpected %q at position %d", p.s[p.pos:], p.pos+1)
	}
	return m, nil
}

func (p *parser) peek() byte {
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

func (p *parser) expr() (monomial, error) {
	m, err := p.term()
	if err != nil {
		return m, err
	}
	for {
		switch p.peek() {
		case '*':
			p.pos++
			n, err := p.term()
			if err != nil {
				return m, err
			}
			if m, err = m.mul(n); err != nil {
				return m, err
			}
		case '/':
			p.pos++
			n, err := p.term()
			if err != nil {
				return m, err
			}
			if m, err = m.div(n); err != nil {
				return m, err
			}
		default:
			return m, nil
		}
	}
}

func (p *parser) term() (monomial, error) {
	m, err := p.atom()
	if err != nil {
		return m, err
	}
	if p.peek() != '^' {
		return m, nil
	}
	p.pos++
	e, err := p.exponent()
	if err != nil {
		return m, err
	}
	return m.pow(e)
}

func (p *parser) atom() (monomial, error) {
	switch c := p.peek(); {
	case c == 'd':
		if !p.allowD {
			return monomial{}, fmt.Errorf("a std cannot depend on the width d")
		}
		p.pos++
		return monomial{Coef: rational.NewRat(big.NewRat(1, 1)), Power: big.NewRat(1, 1)}, nil
	case strings.HasPrefix(p.s[p.pos:], "sqrt("):
		p.pos += len("sqrt")
		m, err := p.parenthesised()
		if err != nil {
			return m, err
		}
		return m.pow(big.NewRat(1, 2))
	case c == '(':
		return p.parenthesised()
	case c == '.' || (c >= '0' && c <= '9'):
		start := p.pos
		for p.pos < len(p.s) && (p.s[p.pos] == '.' || (p.s[p.pos] >= '0' && p.s[p.pos] <= '9')) {
			p.pos++
		}
		r, err := rational.ParseRat(p.s[start:p.pos])
		if err != nil {
			return monomial{}, err
		}
		return constant(rational.NewRat(r)), nil
	case c == '-':
		return monomial{}, fmt.Errorf("a std or scale cannot be negative")
	case c == 0:
		return monomial{}, fmt.Errorf("the expression ends too early")
	}
	return monomial{}, fmt.Errorf("unexpected %q at position %d (write a number, d, sqrt(...) or (...))", p.s[p.pos:], p.pos+1)
}

func (p *parser) parenthesised() (monomial, error) {
	p.pos++ // "("
	m, err := p.expr()
	if err != nil {
		return m, err
	}
	if p.peek() != ')' {
		return m, fmt.Errorf("missing ) at position %d", p.pos+1)
	}
	p.pos++
	return m, nil
}

// exponent reads a signed rational: "-1/2", "2", "0.25", or one in parentheses.
func (p *parser) exponent() (*big.Rat, error) {
	paren := p.peek() == '('
	if paren {
		p.pos++
	}
	start := p.pos
	if c := p.peek(); c == '-' || c == '+' {
		p.pos++
	}
	for p.pos < len(p.s) && (p.s[p.pos] == '.' || p.s[p.pos] == '/' || (p.s[p.pos] >= '0' && p.s[p.pos] <= '9')) {
		// A "/" belongs to the exponent only when digits follow and no
		// fraction bar was read yet: "d^-1/2" is d^(-1/2), "d^2/4" is d^(2/4).
		if p.s[p.pos] == '/' && (strings.Contains(p.s[start:p.pos], "/") || p.pos+1 >= len(p.s) || p.s[p.pos+1] < '0' || p.s[p.pos+1] > '9') {
			break
		}
		p.pos++
	}
	e, err := rational.ParseRat(p.s[start:p.pos])
	if err != nil {
		return nil, fmt.Errorf("exponent: %v", err)
	}
	if paren {
		if p.peek() != ')' {
			return nil, fmt.Errorf("missing ) after the exponent at position %d", p.pos+1)
		}
		p.pos++
	}
	return e, checkExponent(e)
}

// ParseStd reads an exact non-negative std: a decimal ("0.02"), a fraction
// ("1/48"), or an expression with sqrt, powers, products and quotients
// ("1/sqrt(3*768)", "sqrt(2/1024)", "1152^-1/2").
func ParseStd(s string) (rational.Value, error) {
	m, err := parseMonomial(s, false)
	if err != nil {
		return rational.Value{}, err
	}
	return m.Coef, nil
}
