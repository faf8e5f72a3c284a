package claims

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// An expr is an exact arithmetic expression over rationals, square roots,
// rational powers and, in laws, the width d.
type expr interface {
	eval(d int64) (rational.Value, error)
}

type (
	constant struct{ v rational.Value }
	width    struct{}
	product  struct {
		left, right expr
		divide      bool
	}
	power struct {
		base expr
		exp  *big.Rat
	}
)

// maxValueBits bounds the size of any value an expression computes, so
// nested powers cannot ask for astronomically large numbers.
const maxValueBits = 4096

// checkSize refuses a value too large to be a figure anyone printed.
func checkSize(v rational.Value) (rational.Value, error) {
	if c, n, _ := v.Parts(); c.Num().BitLen()+c.Denom().BitLen()+n.BitLen() > maxValueBits {
		return v, fmt.Errorf("a value in the expression has more than %d bits", maxValueBits)
	}
	return v, nil
}

// maxPowerTerm bounds the denominator of an exponent, so that no
// expression can ask for an enormous root; a whole exponent is bounded by
// maxValueBits, as every value is (2^74 is a count people write).
const maxPowerTerm = 64

func (c constant) eval(int64) (rational.Value, error) { return c.v, nil }

func (width) eval(d int64) (rational.Value, error) {
	if d < 1 {
		return rational.Value{}, fmt.Errorf("d is not defined here")
	}
	return rational.NewRat(new(big.Rat).SetInt64(d)), nil
}

func (p product) eval(d int64) (rational.Value, error) {
	l, err := p.left.eval(d)
	if err != nil {
		return l, err
	}
	r, err := p.right.eval(d)
	if err != nil {
		return r, err
	}
	if p.divide {
		if r.Sign() == 0 {
			return r, fmt.Errorf("division by zero")
		}
		r = r.Inv()
	}
	return checkSize(l.Mul(r))
}

func (p power) eval(d int64) (rational.Value, error) {
	b, err := p.base.eval(d)
	if err != nil {
		return b, err
	}
	if b, err = checkSize(b); err != nil {
		return b, err
	}
	num, den := p.exp.Num().Int64(), p.exp.Denom().Int64()
	if den > 1 {
		if _, _, r := b.Parts(); int64(r)*den > maxPowerTerm {
			return b, fmt.Errorf("roots deeper than the %dth are not supported", maxPowerTerm)
		}
		if b.Sign() < 0 {
			return b, fmt.Errorf("root of a negative number")
		}
		b = b.Root(int(den))
	}
	if num < 0 {
		if b.Sign() == 0 {
			return b, fmt.Errorf("division by zero")
		}
		b, num = b.Inv(), -num
	}
	// By squaring: a whole exponent up to maxValueBits costs a dozen
	// products, each of values of at most maxValueBits bits.
	out := rational.NewRat(big.NewRat(1, 1))
	for num > 0 {
		if num&1 == 1 {
			if out, err = checkSize(out.Mul(b)); err != nil {
				return out, err
			}
		}
		num >>= 1
		if num > 0 {
			if b, err = checkSize(b.Mul(b)); err != nil {
				return b, err
			}
		}
	}
	return out, nil
}

// parseExpr reads an expression such as "sqrt(32)", "1/sqrt(d)", "16*d",
// "d^1/2", "4096^(1/2)" or "√32". allowD says whether d may appear.
func parseExpr(s string, allowD bool) (expr, error) {
	p := &exprParser{src: s, allowD: allowD}
	e, err := p.product()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos < len(p.src) {
		return nil, fmt.Errorf("unexpected %q in %q", p.src[p.pos:], s)
	}
	return e, nil
}

type exprParser struct {
	src    string
	pos    int
	allowD bool
	depth  int
	powers int
}

// maxPowers bounds the powers and roots of one expression, so that no
// answer can ask for thousands of large products.
const maxPowers = 32

func (p *exprParser) skipSpace() {
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++
	}
}

// eat consumes tok if the input continues with it.
func (p *exprParser) eat(tok string) bool {
	p.skipSpace()
	if strings.HasPrefix(p.src[p.pos:], tok) {
		p.pos += len(tok)
		return true
	}
	return false
}

func (p *exprParser) product() (expr, error) {
	left, err := p.factor()
	if err != nil {
		return nil, err
	}
	for {
		switch {
		case p.eat("*"), p.eat("·"), p.eat("×"):
			right, err := p.factor()
			if err != nil {
				return nil, err
			}
			left = product{left: left, right: right}
		case p.eat("/"):
			right, err := p.factor()
			if err != nil {
				return nil, err
			}
			left = product{left: left, right: right, divide: true}
		case p.implicit():
			// 2√2, 8 sqrt(2), 16d: a product without its sign.
			right, err := p.factor()
			if err != nil {
				return nil, err
			}
			left = product{left: left, right: right}
		default:
			return left, nil
		}
	}
}

// implicit reports whether the input continues with a factor that people
// write after a number without a multiplication sign: a root or, in a
// law, d.
func (p *exprParser) implicit() bool {
	p.skipSpace()
	rest := p.src[p.pos:]
	return strings.HasPrefix(rest, "√") || strings.HasPrefix(rest, "sqrt(") || p.allowD && strings.HasPrefix(rest, "d")
}

func (p *exprParser) factor() (expr, error) {
	baseStart := p.pos
	base, err := p.atom()
	if err != nil {
		return nil, err
	}
	baseText := strings.TrimSpace(p.src[baseStart:p.pos])
	if !p.eat("^") {
		return base, nil
	}
	if p.powers++; p.powers > maxPowers {
		return nil, fmt.Errorf("%q has more than %d powers", p.src, maxPowers)
	}
	// An exponent is a rational: 2, 1/4 or (1/4).
	paren := p.eat("(")
	start := p.pos
	for p.pos < len(p.src) && strings.IndexByte("0123456789/-+", p.src[p.pos]) >= 0 {
		p.pos++
	}
	text := p.src[start:p.pos]
	if paren && !p.eat(")") {
		return nil, fmt.Errorf("missing ) after exponent in %q", p.src)
	}
	// 2^10/4 is 256 to some readers and 2^(5/2) to others: a fraction in
	// an exponent needs its brackets, and a power divided its own.
	if !paren && strings.Contains(text, "/") {
		num, den, _ := strings.Cut(text, "/")
		return nil, fmt.Errorf("%q is ambiguous: write %s^(%s) for the fractional power or (%s^%s)/%s for the quotient", p.src, baseText, text, baseText, num, den)
	}
	e, err := rational.ParseRat(text)
	if err != nil {
		return nil, fmt.Errorf("exponent in %q: %v", p.src, err)
	}
	if new(big.Int).Abs(e.Num()).Cmp(big.NewInt(maxValueBits)) > 0 || e.Denom().Cmp(big.NewInt(maxPowerTerm)) > 0 {
		return nil, fmt.Errorf("exponent %s in %q is too large (numerator at most %d, denominator at most %d)", e.RatString(), p.src, maxValueBits, maxPowerTerm)
	}
	return power{base: base, exp: e}, nil
}

func (p *exprParser) atom() (expr, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > 50 {
		return nil, fmt.Errorf("expression %q is nested too deeply", p.src)
	}
	switch {
	case p.eat("sqrt("), p.eat("√("):
		e, err := p.product()
		if err != nil {
			return nil, err
		}
		if !p.eat(")") {
			return nil, fmt.Errorf("missing ) in %q", p.src)
		}
		return power{base: e, exp: big.NewRat(1, 2)}, nil
	case p.eat("√"):
		e, err := p.atom()
		if err != nil {
			return nil, err
		}
		return power{base: e, exp: big.NewRat(1, 2)}, nil
	case p.eat("("):
		e, err := p.product()
		if err != nil {
			return nil, err
		}
		if !p.eat(")") {
			return nil, fmt.Errorf("missing ) in %q", p.src)
		}
		return e, nil
	case p.eat("d_k"), p.eat("d"):
		if !p.allowD {
			return nil, fmt.Errorf("%q uses d, which only a law may use", p.src)
		}
		return width{}, nil
	}
	p.skipSpace()
	start := p.pos
	if p.pos < len(p.src) && (p.src[p.pos] == '-' || p.src[p.pos] == '+') {
		p.pos++
	}
	for p.pos < len(p.src) && (p.src[p.pos] == '.' || (p.src[p.pos] >= '0' && p.src[p.pos] <= '9')) {
		p.pos++
	}
	if start == p.pos {
		if p.pos >= len(p.src) {
			return nil, fmt.Errorf("%q ends too early", p.src)
		}
		return nil, fmt.Errorf("unexpected %q in %q", p.src[p.pos:], p.src)
	}
	r, err := rational.ParseRat(p.src[start:p.pos])
	if err != nil {
		return nil, err
	}
	return constant{rational.NewRat(r)}, nil
}
