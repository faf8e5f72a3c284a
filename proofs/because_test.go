package proofs

import (
	"context"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// Every "Because" explains a verdict with an identity and this space's
// numbers: "Var(q_i·k_i) = E[(q_i·k_i)²] − E[q_i·k_i]² = 57/40 − (33/140)²
// = 26841/19600". These tests recompute those numbers instead of trusting
// golden text: the arithmetic of the numeric side must give the result
// (at two widths, for a formula in d_k), the result must be the
// assertion's value, and every number put in place of a quantity
// (E[q_i], Cov(q_i, k_i), …) must be that quantity recomputed on a space
// with the law the run was computed on.

// evalExpr evaluates the numeric side of an explanation: integers, d_k
// (at d), +, − (U+2212), unary -, ·, /, ² and parentheses, with "d_k(" a
// product; ok is false for anything else (roots, sums Σ).
func evalExpr(s string, d int64) (v *big.Rat, ok bool) {
	s = strings.ReplaceAll(s, "d_k(", "d_k·(")
	p := &exprParser{s: strings.ReplaceAll(s, " ", ""), d: d}
	defer func() {
		if recover() != nil {
			v, ok = nil, false
		}
	}()
	v = p.sum()
	return v, p.s == ""
}

type exprParser struct {
	s string
	d int64
}

func (p *exprParser) eat(tok string) bool {
	if strings.HasPrefix(p.s, tok) {
		p.s = p.s[len(tok):]
		return true
	}
	return false
}

func (p *exprParser) sum() *big.Rat {
	v := p.product()
	for {
		switch {
		case p.eat("+"):
			v = new(big.Rat).Add(v, p.product())
		case p.eat("−"):
			v = new(big.Rat).Sub(v, p.product())
		default:
			return v
		}
	}
}

func (p *exprParser) product() *big.Rat {
	v := p.power()
	for {
		switch {
		case p.eat("·"):
			v = new(big.Rat).Mul(v, p.power())
		case p.eat("/"):
			v = new(big.Rat).Quo(v, p.power())
		default:
			return v
		}
	}
}

func (p *exprParser) power() *big.Rat {
	v := p.atom()
	for p.eat("²") {
		v = new(big.Rat).Mul(v, v)
	}
	return v
}

func (p *exprParser) atom() *big.Rat {
	switch {
	case p.eat("-"):
		return new(big.Rat).Neg(p.power())
	case p.eat("("):
		v := p.sum()
		if !p.eat(")") {
			panic("no )")
		}
		return v
	case p.eat("d_k"):
		return big.NewRat(p.d, 1)
	}
	n := 0
	for n < len(p.s) && p.s[n] >= '0' && p.s[n] <= '9' {
		n++
	}
	if n == 0 {
		r, _ := utf8.DecodeRuneInString(p.s)
		panic(fmt.Sprintf("unexpected %q", r))
	}
	v, _ := new(big.Rat).SetString(p.s[:n])
	p.s = p.s[n:]
	return v
}

// quantityPattern finds the quantities an identity names: E[…], Var(…)
// and Cov(…, …), one level of parentheses inside.
var quantityPattern = regexp.MustCompile(`(?:E\[[^\]]*\]|Var\((?:[^()]|\([^()]*\))*\)|Cov\((?:[^()]|\([^()]*\))*\))`)

// numberPattern is what a quantity's value is written as in an
// explanation: an integer or a fraction, in parentheses when negative or
// a fraction squared.
const numberPattern = `(\(-?[0-9]+(?:/[0-9]+)?\)|-?[0-9]+(?:/[0-9]+)?)`

// rvOf builds the variable an explanation names, such as q_i·k_i,
// (q_i·k_i)², q_i², q·k, with i the coordinate i and j the coordinate j.
func rvOf(t *testing.T, name string, i, j int) RV {
	name = strings.TrimSpace(name)
	if inner, ok := strings.CutSuffix(name, "²"); ok {
		inner = strings.TrimSuffix(strings.TrimPrefix(inner, "("), ")")
		x := rvOf(t, inner, i, j)
		return Times(x, x)
	}
	if name == "q·k" {
		return Score()
	}
	parts := strings.Split(name, "·")
	if len(parts) > 1 {
		x := rvOf(t, parts[0], i, j)
		for _, p := range parts[1:] {
			x = Times(x, rvOf(t, p, i, j))
		}
		return x
	}
	idx := map[string]int{"i": i, "j": j, "1": 1, "2": 2}
	v, sub, ok := strings.Cut(name, "_")
	require.True(t, ok, "variable %q", name)
	n, ok := idx[sub]
	require.True(t, ok, "variable %q", name)
	if v == "q" {
		return Q(n)
	}
	require.Equal(t, "k", v, "variable %q", name)
	return K(n)
}

// quantityOn computes E[x], Var(x) or Cov(x, y) on the space.
func quantityOn(t *testing.T, s *Space, q string, i, j int) *big.Rat {
	ctx := context.Background()
	var v interface{ Rat() (*big.Rat, bool) }
	var err error
	switch {
	case strings.HasPrefix(q, "E["):
		v, err = s.E(ctx, rvOf(t, q[2:len(q)-1], i, j))
	case strings.HasPrefix(q, "Var("):
		v, err = s.Var(ctx, rvOf(t, q[4:len(q)-1], i, j))
	case strings.HasPrefix(q, "Cov("):
		x, y, ok := strings.Cut(q[4:len(q)-1], ", ")
		require.True(t, ok, q)
		v, err = s.Cov(ctx, rvOf(t, x, i, j), rvOf(t, y, i, j))
	}
	require.NoError(t, err, q)
	r, ok := v.Rat()
	require.True(t, ok, q)
	return r
}

// checkBecause recomputes one explanation's numbers; it returns how many
// quantities it recomputed.
func checkBecause(t *testing.T, a Assertion, s *Space, i, j, d int) int {
	t.Helper()
	checked := 0
	for _, clause := range strings.Split(a.Because, " and ") {
		seg := strings.Split(clause, " = ")
		if len(seg) < 3 {
			continue
		}
		numeric, result := seg[len(seg)-2], seg[len(seg)-1]
		for _, at := range []int64{2, 5} {
			x, ok1 := evalExpr(numeric, at)
			y, ok2 := evalExpr(result, at)
			if !ok1 || !ok2 {
				break
			}
			require.Zero(t, x.Cmp(y), "%s: %s ≠ %s at d_k = %d in %q", a.ID, numeric, result, at, a.Because)
		}
		if seg[0] == a.Left {
			for _, at := range []int{2, 5} {
				y, ok := evalExpr(result, int64(at))
				if !ok {
					break
				}
				want := a.LeftValue
				if a.LeftFormula != nil {
					want = a.LeftFormula.At(at)
				}
				require.Zero(t, want.Cmp(rational.NewRat(y)), "%s: %s is not the assertion's value %s at d_k = %d", a.ID, result, want, at)
			}
		}
		if len(seg) != 4 || strings.Contains(clause, "Σ") || strings.Contains(clause, "d_k") {
			continue
		}
		symbolic := seg[1]
		names := quantityPattern.FindAllString(symbolic, -1)
		pattern := "^" + regexp.QuoteMeta(quantityPattern.ReplaceAllString(symbolic, "\x00")) + "$"
		pattern = strings.ReplaceAll(pattern, "\x00", numberPattern)
		m := regexp.MustCompile(pattern).FindStringSubmatch(numeric)
		require.NotNil(t, m, "%s: the numbers %q do not take the place of the quantities in %q", a.ID, numeric, symbolic)
		for n, name := range names {
			got, ok := evalExpr(m[n+1], 0)
			require.True(t, ok)
			want := quantityOn(t, s, name, i, j)
			require.Zero(t, want.Cmp(got), "%s at d_k = %d: %s is %s, the explanation says %s: %q", a.ID, d, name, want.RatString(), m[n+1], a.Because)
			checked++
		}
	}
	return checked
}

// TestBecauseNumbersRecomputed checks every explanation of the corpus and
// of a few more laws, per width (on that width's space) and for every
// width (on the space at d_k = 2, whose laws of one and two coordinate
// pairs are those the proof for every width uses).
func TestBecauseNumbersRecomputed(t *testing.T) {
	models := []Model{
		iid(t, "-1,1", "-1,1"),
		iid(t, "-3/2,0,1:3", "-1:2,2"),
		iid(t, "0,1", "0,1"),
		Model{Pairs: SamePairs(alphabet(t, "-1,1"))},
		Model{Q: alphabet(t, "-1,1"), K: alphabet(t, "-1:4,1:5"), Tie: TieQ},
		Model{Q: alphabet(t, "-1:2,1"), K: alphabet(t, "-1,2"), Tie: TieK},
		Model{Pairs: OppositePairs(alphabet(t, "-1,1/2:3")), Tie: TieBoth},
		pairs(t, "1 1/5,1 -1/5,-1 7/5,-1 -7/5"),
		pairs(t, "1 1:3,-1 1,1 -1"),
	}
	checked := map[string]int{}
	for _, m := range models {
		tr := prove(t, m, 1, 2)
		for _, r := range tr.all() {
			d := r.D
			if d == 0 {
				d = 2
			}
			s := space(t, m, d)
			for _, st := range r.Steps {
				for _, a := range st.Assertions {
					i, j := 1, 2
					if d == 1 {
						j = 1
					}
					checked[a.ID] += checkBecause(t, a, s, i, j, d)
				}
			}
		}
	}
	for _, id := range []string{"square-q", "square-k", "mean-term-product", "mean-term", "var-term-square", "square-term-product", "var-term", "cov-terms"} {
		require.Positive(t, checked[id], "no number of %s was recomputed", id)
	}
}

// TestSquaredBrackets: a square is written without brackets only for a
// whole number of no sign, 0 included; a fraction or a negative number is
// bracketed, as 1/9² would read as 1/81.
func TestSquaredBrackets(t *testing.T) {
	for _, c := range []struct {
		v    rational.Value
		want string
	}{
		{rational.NewInt(0), "0²"},
		{rational.NewInt(3), "3²"},
		{rational.NewInt(-2), "(-2)²"},
		{rational.NewFrac(1, 9), "(1/9)²"},
		{rational.NewFrac(-1, 9), "(-1/9)²"},
	} {
		require.Equal(t, c.want, squared(c.v))
	}
}
