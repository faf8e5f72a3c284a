package claims

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// evalText reads s by the expression grammar and evaluates it at the width
// d (d < 1: no width).
func evalText(s string, allowD bool, d int64) (rational.Value, error) {
	e, err := parseExpr(s, allowD)
	if err != nil {
		return rational.Value{}, err
	}
	return e.eval(d)
}

// pow2 returns 2^k as a rational (k < 0: 1/2^-k).
func pow2(k int) *big.Rat {
	n := new(big.Int).Lsh(big.NewInt(1), uint(max(k, -k)))
	if k < 0 {
		return new(big.Rat).SetFrac(big.NewInt(1), n)
	}
	return new(big.Rat).SetInt(n)
}

// Every limit of the expression grammar holds exactly at its bound and
// refuses one past it, and the values next to each edge of a rule (a sign,
// a zero, an exponent of 0 or 1) read to what they mean.
func TestExprEdges(t *testing.T) {
	rat := func(s string) *big.Rat {
		r, ok := new(big.Rat).SetString(s)
		require.True(t, ok, s)
		return r
	}
	minus := func(k int) string { return strings.Repeat("-", k) + "1" }
	powers := func(k int) string { return "1" + strings.Repeat("^1", k) }
	roots := func(k int) string { return strings.Repeat("√", k) + "1" }
	for _, c := range []struct {
		in   string
		want *big.Rat // nil: refused
		err  string
	}{
		// A whole power of a negative base is no root.
		{"(-2)^3", rat("-8"), ""},
		{"(-2)^2", rat("4"), ""},
		// The root of 0 is 0, and b^0 is 1 for every b.
		{"√0", rat("0"), ""},
		{"0^(1/2)", rat("0"), ""},
		{"0^0", rat("1"), ""},
		{"0^-1", nil, "division by zero"},
		// A power of 1 of a large value is that value: nothing is squared after
		// the last bit of the exponent.
		{"(2^3000)^1", pow2(3000), ""},
		{"(2^1500)^2", pow2(3000), ""},
		// An exponent's numerator is at most maxValueBits, its denominator at
		// most maxPowerTerm.
		{"1^4096", rat("1"), ""},
		{"1^4097", nil, "too large"},
		{"1^-4096", rat("1"), ""},
		{"1^-4097", nil, "too large"},
		{"(2^64)^(1/64)", rat("2"), ""},
		{"(2^65)^(1/65)", nil, "too large"},
		// A value has at most maxValueBits bits: numerator, denominator and
		// radicand together (2^k counts k+1 bits, the denominator 1 and the
		// radicand 1 one each).
		{"2^4093", pow2(4093), ""},
		{"2^4094", nil, "more than 4096 bits"},
		{"2^-4093", pow2(-4093), ""},
		{"2^-4094", nil, "more than 4096 bits"},
		{"2^4093/1", pow2(4093), ""},
		{"2^4092*2", pow2(4093), ""},
		{"2^4093*2", nil, "more than 4096 bits"},
		{"2^4092+2^4092", pow2(4093), ""},
		{"2^4093+2^4093", nil, "more than 4096 bits"},
		// Brackets and signs nest at most maxDepth deep (a sum, each sign, the
		// last sign and the number each count one), however long the input.
		{minus(497), rat("-1"), ""},
		{minus(498), nil, "nested more than 500 deep"},
		{strings.Repeat("(1)+", 999) + "(1)", rat("1000"), ""},
		{strings.Repeat("-1", 1000), rat("-1000"), ""},
		// At most maxPowers powers and roots, together.
		{powers(32), rat("1"), ""},
		{powers(33), nil, "more than 32 powers"},
		{roots(32), rat("1"), ""},
		{roots(33), nil, "more than 32 powers"},
		{roots(16) + strings.Repeat("^1", 16), rat("1"), ""},
		{roots(16) + strings.Repeat("^1", 17), nil, "more than 32 powers"},
		// x is a multiplication sign only between operands.
		{"2x", nil, "ends too early"},
		{"2 x", nil, "ends too early"},
		{"2x3", rat("6"), ""},
		{"2+", nil, "ends too early"},
		{"2*", nil, "ends too early"},
		// e-notation: a sign, then one to four digits, not followed by a letter.
		{"1e4", rat("10000"), ""},
		{"1E4", rat("10000"), ""},
		{"1e-3", rat("1/1000"), ""},
		{"1e+2", rat("100"), ""},
		{"1e10", rat("10000000000"), ""},
		{"1e9", rat("1000000000"), ""},
		{"2.5e0", rat("5/2"), ""},
		{"1e0004", rat("10000"), ""},
		{"1e-0004", rat("1/10000"), ""},
		{"1e00004", nil, `unexpected "e00004"`},
		{"1e", nil, `unexpected "e"`},
		{"1e-", nil, `unexpected "e-"`},
		// A mixed number: one space, then 0 < num < den, each of 1 to 6 digits,
		// ending the input or followed by a space or a closing bracket.
		{"21 1/2", rat("43/2"), ""},
		{"1 10/11", rat("21/11"), ""},
		{"1 9/10", rat("19/10"), ""},
		{"1 1/9", rat("10/9"), ""},
		{"1 1/2 + 1", rat("5/2"), ""},
		{"(1 1/2)", rat("3/2"), ""},
		{"[1 1/2]", rat("3/2"), ""},
		{"1 123456/999999", rat("1123455/999999"), ""},
		{"1 999999/1000000", nil, "unexpected"},
		{"1 1234567/12345678", nil, "unexpected"},
		{"1 1/123456", rat("123457/123456"), ""},
		{"1 1/1234567", nil, "unexpected"},
		{"1 23", nil, "unexpected"},
		{"1 234", nil, "unexpected"},
		{"1 2345/", nil, "unexpected"},
		{"1 2", nil, "unexpected"},
		{"1 0/2", nil, "unexpected"},
		{"1 2/2", nil, "unexpected"},
		{"1 3/2", nil, "unexpected"},
		{"1 1/0", nil, "unexpected"},
		{"1 1/2x", nil, "unexpected"},
		{".", nil, `unexpected "."`},
		{".5", rat("1/2"), ""},
		{"5.", nil, "digits must follow"},
	} {
		v, err := evalText(c.in, false, 0)
		if c.want == nil {
			if assert.Error(t, err, "%.60q was read as %v", c.in, v) {
				assert.Contains(t, err.Error(), c.err, "%.60q", c.in)
			}
			continue
		}
		if assert.NoError(t, err, "%.60q", c.in) {
			assert.Zero(t, v.Cmp(rational.NewRat(c.want)), "%.60q is %v", c.in, v)
		}
	}
}

// A root's radicand counts in a value's size as its coefficient does:
// (1/n)^(1/2) is √n/n, twice the bits of n.
func TestExprRadicandBits(t *testing.T) {
	for k, ok := range map[int]bool{2046: true, 2047: false} {
		s := fmt.Sprintf("(1/(2^%d+1))^(1/2)", k)
		v, err := evalText(s, false, 0)
		if ok {
			require.NoError(t, err, s)
			c, n, r := v.Parts()
			assert.Equal(t, 2, r, s)
			assert.LessOrEqual(t, c.Num().BitLen()+c.Denom().BitLen()+n.BitLen(), maxValueBits, s)
			assert.Greater(t, n.BitLen(), 2000, s)
		} else if assert.Error(t, err, s) {
			assert.Contains(t, err.Error(), "more than 4096 bits", s)
		}
	}
}

// A letter (a-z, A-Z or _) right after an x, an e-notation or a name of d
// makes them part of a word the grammar does not read, and the error names
// that word; any other character leaves them to be read as what they are.
func TestExprLetterBoundaries(t *testing.T) {
	letter := func(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
	for c := byte(0x21); c < 0x7f; c++ {
		ch := string(c)
		for _, w := range []struct {
			in      string
			formula bool
			word    string // named by the error when ch is a letter
		}{
			{"2 x" + ch, false, `unexpected "x` + ch},
			{"1e2" + ch, false, `unexpected "e2` + ch},
			{"2d" + ch, true, `unexpected "d` + ch},
		} {
			_, err := evalText(w.in, w.formula, 8)
			if letter(c) && !(w.formula && (c == 'x' || c == 'k')) {
				if assert.Error(t, err, "%q", w.in) {
					assert.Contains(t, err.Error(), w.word, "%q", w.in)
				}
			} else if err != nil {
				assert.NotContains(t, err.Error(), w.word, "%q", w.in)
			}
		}
	}
	// After d_k, dk or dₖ a digit makes no name of d (the error names its
	// start); after d it is what follows d.
	for c := byte('0'); c <= '9'; c++ {
		for _, name := range []string{"d_k", "dk", "d_(k)", "d_{k}"} {
			_, err := evalText(name+string(c), true, 8)
			if assert.Error(t, err, name+string(c)) {
				assert.Contains(t, err.Error(), `unexpected "d"`, name+string(c))
			}
		}
		_, err := evalText("d"+string(c), true, 8)
		if assert.Error(t, err) {
			assert.Contains(t, err.Error(), `unexpected "`+string(c)+`"`)
		}
	}
}

// In a formula d follows a factor without a sign (16d), as a root or a
// bracket does anywhere; a number after a number is no product.
func TestExprImplicitProduct(t *testing.T) {
	for in, want := range map[string]int64{"16d": 128, "2 d": 16, "2dk": 16, "2√d": 0, "2(3)": 6, "2 [d]": 16, "(d)(d)": 64} {
		v, err := evalText(in, true, 8)
		require.NoError(t, err, in)
		if want == 0 {
			continue
		}
		assert.Zero(t, v.Cmp(rational.NewInt(want)), "%s is %v", in, v)
	}
	for _, in := range []string{"2 3", "d 3", "2 d3"} {
		_, err := evalText(in, true, 8)
		assert.Error(t, err, in)
	}
}
