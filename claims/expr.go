package claims

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/rational"
)

// An expr is an exact arithmetic expression over rationals, square roots,
// rational powers and, in formulas, the width d, read by the one
// expression grammar (parseExpr).
type expr interface {
	// eval returns the value at width d (d < 1: no width is defined).
	eval(d int64) (rational.Value, error)
}

type (
	constant struct{ v rational.Value }
	width    struct{}
	product  struct {
		left, right expr
		divide      bool
	}
	sum struct {
		left, right expr
		subtract    bool
	}
	negation struct{ x expr }
	power    struct {
		base, exp expr
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

// errNotOneSurd says a sum of unlike roots (1 + √2) has no exact form as
// one multiple of one root, the form every exact figure takes.
var errNotOneSurd = errors.New("a sum of unlike roots (such as 1 + √2) has no exact value of the form c·n^(1/r)")

func (c constant) eval(int64) (rational.Value, error) { return c.v, nil }

func (w width) eval(d int64) (rational.Value, error) {
	if d < 1 {
		return rational.Value{}, fmt.Errorf("d is not defined here")
	}
	return evalInt(w, d)
}

func (p product) eval(d int64) (rational.Value, error)  { return evalInt(p, d) }
func (s sum) eval(d int64) (rational.Value, error)      { return evalInt(s, d) }
func (n negation) eval(d int64) (rational.Value, error) { return evalInt(n, d) }
func (p power) eval(d int64) (rational.Value, error)    { return evalInt(p, d) }

// evalInt evaluates e at the whole width d (d < 1: no width).
func evalInt(e expr, d int64) (rational.Value, error) {
	if d < 1 {
		return evalAt(e, nil)
	}
	w := rational.NewInt(d)
	return evalAt(e, &w)
}

// evalAt evaluates e exactly with d standing for *w (any positive value,
// so that a formula can be evaluated at d = t^L); w nil says no width is
// defined.
func evalAt(e expr, w *rational.Value) (rational.Value, error) {
	switch e := e.(type) {
	case constant:
		return e.v, nil
	case width:
		if w == nil {
			return rational.Value{}, fmt.Errorf("d is not defined here")
		}
		return *w, nil
	case negation:
		x, err := evalAt(e.x, w)
		if err != nil {
			return x, err
		}
		return x.MulRat(big.NewRat(-1, 1)), nil
	case sum:
		l, err := evalAt(e.left, w)
		if err != nil {
			return l, err
		}
		r, err := evalAt(e.right, w)
		if err != nil {
			return r, err
		}
		if e.subtract {
			r = r.MulRat(big.NewRat(-1, 1))
		}
		s, ok := rational.Sum(l, r)
		if !ok {
			return s, errNotOneSurd
		}
		return checkSize(s)
	case product:
		l, err := evalAt(e.left, w)
		if err != nil {
			return l, err
		}
		r, err := evalAt(e.right, w)
		if err != nil {
			return r, err
		}
		if e.divide {
			if r.Sign() == 0 {
				return r, fmt.Errorf("division by zero")
			}
			r = r.Inv()
		}
		return checkSize(l.Mul(r))
	case power:
		b, err := evalAt(e.base, w)
		if err != nil {
			return b, err
		}
		x, err := evalAt(e.exp, w)
		if err != nil {
			return x, err
		}
		q, ok := x.Rat()
		if !ok {
			return x, fmt.Errorf("an exponent must be rational, not %s", x)
		}
		return raise(b, q)
	}
	return rational.Value{}, fmt.Errorf("unknown expression")
}

// raise returns b^q exactly: a whole power by squaring, a root by
// rational.Value.Root; the exponent's size is bounded first.
func raise(b rational.Value, q *big.Rat) (rational.Value, error) {
	if new(big.Int).Abs(q.Num()).Cmp(big.NewInt(maxValueBits)) > 0 || q.Denom().Cmp(big.NewInt(maxPowerTerm)) > 0 {
		return b, fmt.Errorf("the exponent %s is too large (numerator at most %d, denominator at most %d)", q.RatString(), maxValueBits, maxPowerTerm)
	}
	b, err := checkSize(b)
	if err != nil {
		return b, err
	}
	num, den := q.Num().Int64(), q.Denom().Int64()
	if den > 1 {
		if _, _, r := b.Parts(); productExceeds(int64(r), den, maxPowerTerm) {
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
	// The first factor is taken as it is: 1·b would factor b's radicand
	// again (and exprEstimate plans no such product).
	out, one := rational.NewRat(big.NewRat(1, 1)), true
	for num > 0 {
		if num&1 == 1 {
			next := b
			if !one {
				next = out.Mul(b)
			}
			if out, err = checkSize(next); err != nil {
				return out, err
			}
			one = false
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

// usesWidth reports whether e mentions d.
func usesWidth(e expr) bool {
	switch e := e.(type) {
	case width:
		return true
	case negation:
		return usesWidth(e.x)
	case sum:
		return usesWidth(e.left) || usesWidth(e.right)
	case product:
		return usesWidth(e.left) || usesWidth(e.right)
	case power:
		return usesWidth(e.base) || usesWidth(e.exp)
	}
	return false
}

// parseExpr reads an expression by the one expression grammar, with the
// usual precedence (unary minus and ^ above * and /, above + and −; ^
// groups to the right, the rest to the left): numbers (65536, 0.5, 1e-3),
// + − * / ^ (** is ^), ·, × and x between operands, parentheses and
// brackets at any depth, sqrt(…) and √, products without a sign (2√2,
// 2(3), 16d, (d)(d)), a mixed number (21 1/3) and, where allowD says a
// formula is asked for, the width d (written d, d_k, dₖ or d_(k)).
// Examples: 2^10/4 is 256, 2^-3 is 1/8, 64^0.5 is 8, 2^(2*8) is 65536.
func parseExpr(s string, allowD bool) (expr, error) {
	p := &exprParser{src: s, allowD: allowD}
	e, err := p.sum()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos < len(p.src) {
		if p.src[p.pos] == ')' || p.src[p.pos] == ']' {
			return nil, fmt.Errorf("%q has a %c without its opening bracket", s, p.src[p.pos])
		}
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

// maxDepth bounds the nesting of brackets and signs; an answer is at most
// maxAnswerBytes long, so this is deeper than any answer people write.
const maxDepth = 500

func (p *exprParser) skipSpace() {
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++
	}
}

// peek returns the rest of the input after spaces.
func (p *exprParser) peek() string {
	p.skipSpace()
	return p.src[p.pos:]
}

// eat consumes tok if the input continues with it.
func (p *exprParser) eat(tok string) bool {
	if strings.HasPrefix(p.peek(), tok) {
		p.pos += len(tok)
		return true
	}
	return false
}

func (p *exprParser) enter() error {
	if p.depth++; p.depth > maxDepth {
		return fmt.Errorf("the expression is nested more than %d deep", maxDepth)
	}
	return nil
}

func (p *exprParser) sum() (expr, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	left, err := p.term()
	if err != nil {
		return nil, err
	}
	for {
		switch {
		case p.eat("+"):
			right, err := p.term()
			if err != nil {
				return nil, err
			}
			left = sum{left: left, right: right}
		case p.eat("-"):
			right, err := p.term()
			if err != nil {
				return nil, err
			}
			left = sum{left: left, right: right, subtract: true}
		default:
			return left, nil
		}
	}
}

func (p *exprParser) term() (expr, error) {
	left, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		switch {
		case p.eat("*"), p.eat("·"), p.eat("×"), p.times():
			right, err := p.unary()
			if err != nil {
				return nil, err
			}
			left = product{left: left, right: right}
		case p.eat("/"):
			right, err := p.unary()
			if err != nil {
				return nil, err
			}
			left = product{left: left, right: right, divide: true}
		case p.implicit():
			// 2√2, 8 sqrt(2), 16d, 2(3): a product without its sign.
			right, err := p.power()
			if err != nil {
				return nil, err
			}
			left = product{left: left, right: right}
		default:
			return left, nil
		}
	}
}

// times consumes an x or X written as a multiplication sign between two
// operands (2 x 2, 6.6x10^4): one not followed by a letter.
func (p *exprParser) times() bool {
	rest := p.peek()
	if rest == "" || rest[0] != 'x' && rest[0] != 'X' {
		return false
	}
	if len(rest) > 1 && isLetter(rest[1]) {
		return false
	}
	p.pos++
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

// implicit reports whether the input continues with a factor that people
// write after another without a multiplication sign: a root, a bracket
// or, in a formula, d. A number after a number is not one ("2 3" is no
// product), nor is a sign.
func (p *exprParser) implicit() bool {
	rest := p.peek()
	switch {
	case strings.HasPrefix(rest, "√"), strings.HasPrefix(rest, "sqrt"), strings.HasPrefix(rest, "("), strings.HasPrefix(rest, "["):
		return true
	case p.allowD && p.startsWidth(rest) > 0:
		return true
	}
	return false
}

func (p *exprParser) unary() (expr, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	switch {
	case p.eat("-"):
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return negation{x}, nil
	case p.eat("+"):
		return p.unary()
	}
	return p.power()
}

func (p *exprParser) power() (expr, error) {
	base, err := p.atom()
	if err != nil {
		return nil, err
	}
	if !p.eat("^") {
		return base, nil
	}
	if p.powers++; p.powers > maxPowers {
		return nil, fmt.Errorf("%q has more than %d powers", p.src, maxPowers)
	}
	// The exponent is a signed power (2^-3, 2^3^2 = 2^9): ^ binds tighter
	// than / and groups to the right, so 2^10/4 is (2^10)/4.
	exp, err := p.unary()
	if err != nil {
		return nil, err
	}
	return power{base: base, exp: exp}, nil
}

// startsWidth returns the length of the name of d that rest starts with
// (d, d_k, d_(k), dₖ, dk), or 0.
func (p *exprParser) startsWidth(rest string) int {
	for _, name := range []string{"d_(k)", "d_{k}", "d_k", "dₖ", "dk", "d"} {
		if strings.HasPrefix(rest, name) {
			after := rest[len(name):]
			if after != "" && (isLetter(after[0]) && after[0] != 'x' || after[0] >= '0' && after[0] <= '9' && name != "d") {
				continue
			}
			return len(name)
		}
	}
	return 0
}

func (p *exprParser) atom() (expr, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	rest := p.peek()
	switch {
	case strings.HasPrefix(rest, "sqrt") || strings.HasPrefix(rest, "√"):
		if strings.HasPrefix(rest, "sqrt") {
			p.pos += len("sqrt")
		} else {
			p.pos += len("√")
		}
		if p.powers++; p.powers > maxPowers {
			return nil, fmt.Errorf("%q has more than %d powers", p.src, maxPowers)
		}
		// sqrt(…) or √(…) takes its bracket; √2, √d, √-… the atom after it.
		e, err := p.atom()
		if err != nil {
			return nil, err
		}
		return power{base: e, exp: constant{rational.NewFrac(1, 2)}}, nil
	case p.eat("("):
		return p.bracketed(")")
	case p.eat("["):
		return p.bracketed("]")
	}
	if n := p.startsWidth(rest); n > 0 {
		if !p.allowD {
			return nil, fmt.Errorf("%q uses d, which only a formula may use", p.src)
		}
		p.pos += n
		return width{}, nil
	}
	return p.number()
}

func (p *exprParser) bracketed(closer string) (expr, error) {
	e, err := p.sum()
	if err != nil {
		return nil, err
	}
	if !p.eat(closer) {
		return nil, fmt.Errorf("%q is missing a %s", p.src, closer)
	}
	return e, nil
}

// number reads an unsigned number: digits with an optional point and
// e-notation (1.25e-1), or a mixed number (21 1/3: a whole number, one
// space and a proper fraction).
func (p *exprParser) number() (expr, error) {
	p.skipSpace()
	start := p.pos
	digits := func() bool {
		from := p.pos
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
		}
		return p.pos != from
	}
	some := digits()
	point := false
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		p.pos++
		point = true
		some = digits() || some
	}
	if !some {
		p.pos = start
		if p.pos >= len(p.src) {
			return nil, fmt.Errorf("%q ends too early", p.src)
		}
		r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
		return nil, fmt.Errorf("unexpected %q in %q", string(r), p.src)
	}
	text := p.src[start:p.pos]
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		return nil, fmt.Errorf("%q is not a number", strings.Fields(p.src[start:])[0])
	}
	if m := eNotation(p.src[p.pos:]); m > 0 {
		text = p.src[start : p.pos+m]
		p.pos += m
		v, err := rational.ParseDecimal(strings.Replace(strings.ToLower(text), "e+", "e", 1))
		if err != nil {
			return nil, err
		}
		return constant{rational.NewRat(v)}, nil
	}
	r, err := rational.ParseRat(text)
	if err != nil {
		return nil, err
	}
	if !point {
		if whole, num, den, ok := mixed(p.src[p.pos:]); ok {
			p.pos += whole
			return constant{rational.NewRat(new(big.Rat).Add(r, big.NewRat(num, den)))}, nil
		}
	}
	return constant{rational.NewRat(r)}, nil
}

// eNotation returns the length of an exponent of ten at the start of s
// (e4, E-3, e+10), or 0.
func eNotation(s string) int {
	if len(s) < 2 || s[0] != 'e' && s[0] != 'E' {
		return 0
	}
	i := 1
	if s[i] == '-' || s[i] == '+' {
		i++
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i || j-i > 4 || j < len(s) && isLetter(s[j]) {
		return 0
	}
	return j
}

// mixed reads the fraction of a mixed number after its whole part: one
// space, then num/den with 0 < num < den, ending the expression or
// followed by a space or a closing bracket. It returns the bytes read.
func mixed(s string) (n int, num, den int64, ok bool) {
	if len(s) < 4 || s[0] != ' ' {
		return 0, 0, 0, false
	}
	i := 1
	a := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	slash := i
	if i == a || i-a > 6 || i >= len(s) || s[i] != '/' {
		return 0, 0, 0, false
	}
	i++
	b := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == b || i-b > 6 || i < len(s) && s[i] != ' ' && s[i] != ')' && s[i] != ']' {
		return 0, 0, 0, false
	}
	fmt.Sscan(s[a:slash], &num)
	fmt.Sscan(s[b:i], &den)
	if num <= 0 || num >= den { // so den > 1
		return 0, 0, 0, false
	}
	return i, num, den, true
}
