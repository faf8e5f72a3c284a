package claims

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

// The formula a verdict prints for a mean, variance or std for every d
// reads back, by the expression grammar, as the same function of d as the
// formula the claim is compared with (quantityExpr), for every sign of the
// covariance and every divisor; a std is the root of the variance, written
// as one power of d when it is one term.
func TestQuantityFormulaReadsBack(t *testing.T) {
	r := big.NewRat
	type quantity struct {
		which   string
		m, v, c *big.Rat
	}
	var qs []quantity
	for _, m := range []*big.Rat{r(0, 1), r(1, 1), r(-1, 4), r(9, 1)} {
		qs = append(qs, quantity{"mean", m, r(1, 1), r(0, 1)})
	}
	for _, v := range []*big.Rat{r(1, 1), r(2, 1), r(1, 2)} {
		for _, c := range []*big.Rat{r(0, 1), r(1, 2), r(2, 1), r(-1, 4)} {
			qs = append(qs, quantity{"variance", r(0, 1), v, c})
			if c.Sign() >= 0 { // a variance for every d has c >= 0
				qs = append(qs, quantity{"std", r(0, 1), v, c})
			}
		}
	}
	checked := 0
	for _, q := range qs {
		for _, p := range []*big.Rat{r(0, 1), r(1, 2), r(1, 4)} {
			for _, f := range []string{"", "2", "√2"} {
				dv := divisor{exponent: p}
				if f != "" {
					e, err := parseExpr(f, false)
					require.NoError(t, err)
					dv.fixed = e
				}
				text := quantityFormula(q.which, q.m, q.v, q.c, dv)
				name := "the " + q.which + " is "
				require.True(t, strings.HasPrefix(text, name), text)
				printed := strings.TrimPrefix(text, name)
				got, err := parseExpr(printed, true)
				require.NoError(t, err, text)
				want := quantityExpr(q.which, q.m, q.v, q.c, dv)
				if q.which == "std" {
					if comparable(got) != nil && strings.HasPrefix(printed, "sqrt(") && strings.HasSuffix(printed, ")") {
						// The root of a sum: its square is the variance.
						got, err = parseExpr(printed[len("sqrt("):len(printed)-1], true)
						require.NoError(t, err, text)
					} else {
						got = product{left: got, right: got}
					}
				}
				cmp, err := sameFunction(got, want)
				require.NoError(t, err, text)
				assert.True(t, cmp.equal, "%s differs at d = %s (%v, p=%s, f=%s)", text, cmp.differs, q, p, f)
				checked++
			}
		}
	}
	t.Logf("%d formulas read back", checked)
}

// A std of 0 for every d is a root (it is not negative at d = 1); a side
// too long to compare is refused with the reason.
func TestEveryWidthEdges(t *testing.T) {
	ch := NewChecker(enumerate.Limits{})
	for _, c := range []struct {
		line, exact string
		holds       bool
	}{
		{"std values=0 is 0 for every d", "for every d", true},
		{"variance values=0 is 0 for every d", "the variance is 0 for every d", true},
		{"std is sqrt(d) for every d", "the std is sqrt(d) for every d", true},
		{"variance is " + strings.Repeat("0+", 700) + "(d+1)^128*(d+2)^128/(d+3)^128/(d+4)^128 for every d", "cannot be compared exactly: the formulas are too long to compare", false},
	} {
		f, err := Parse("every.claims", strings.NewReader(c.line))
		require.NoError(t, err, c.line)
		v, err := ch.Check(context.Background(), f[0])
		require.NoError(t, err, c.line)
		assert.Equal(t, c.holds, v.Holds, "%.80s: %s", c.line, v.Exact)
		assert.Contains(t, v.Exact, c.exact, "%.80s", c.line)
	}
}

// A variance with a covariance is written as a sum, a negative term with
// its minus sign.
func TestQuantityFormulaSigns(t *testing.T) {
	none := divisor{exponent: new(big.Rat)}
	assert.Equal(t, "the variance is 1/2*d + 1/2*d^(2)", quantityFormula("variance", new(big.Rat), big.NewRat(1, 1), big.NewRat(1, 2), none))
	assert.Equal(t, "the variance is 5/4*d - 1/4*d^(2)", quantityFormula("variance", new(big.Rat), big.NewRat(1, 1), big.NewRat(-1, 4), none))
	assert.Equal(t, "the std is sqrt(1/2*d + 1/2*d^(2))", quantityFormula("std", new(big.Rat), big.NewRat(1, 1), big.NewRat(1, 2), none))
}

// The verdict for every d rests on the proof's formula agreeing with
// enumerate: a run whose "formula" assertion fails refutes a claim whose
// formula is right, and says why; a run without that assertion claims no
// agreement; the covariance is said to be 0 by construction only when the
// proof labels it so.
func TestEveryWidthRestsOnTheFormulaCheck(t *testing.T) {
	ch := &checking{Checker: NewChecker(enumerate.Limits{}), ctx: context.Background()}
	g, err := ch.general(proofs.Model{Q: rational.Signs(), K: rational.Signs()})
	require.NoError(t, err)
	none := divisor{exponent: new(big.Rat)}
	side, err := parseExpr("d", true)
	require.NoError(t, err)
	verdict := func(r *proofs.Run) Verdict {
		v, err := everyWidthVerdict("variance", []string{"d"}, []expr{side}, none, r)
		require.NoError(t, err)
		return v
	}
	v := verdict(g)
	require.True(t, v.Holds, v.Exact)
	assert.Contains(t, v.Exact, "; the formula agrees with enumerate at d = ")
	assert.Contains(t, v.Exact, "(the covariance 0 by construction)")

	// edit returns a copy of g whose assertions are f's: each changed, or
	// left out where f says false.
	edit := func(f func(a proofs.Assertion) (proofs.Assertion, bool)) *proofs.Run {
		r := *g
		r.Steps = nil
		for _, st := range g.Steps {
			var kept []proofs.Assertion
			for _, a := range st.Assertions {
				if a, ok := f(a); ok {
					kept = append(kept, a)
				}
			}
			st.Assertions = kept
			r.Steps = append(r.Steps, st)
		}
		return &r
	}
	broken := verdict(edit(func(a proofs.Assertion) (proofs.Assertion, bool) {
		if a.ID == "formula" {
			a.Holds, a.Detail = false, "at d = 3 enumerate counts 4"
		}
		return a, true
	}))
	assert.False(t, broken.Holds, "a formula enumerate disagrees with decides nothing")
	assert.Contains(t, broken.Exact, "; but enumerate disagrees with the formula: at d = 3 enumerate counts 4")

	without := verdict(edit(func(a proofs.Assertion) (proofs.Assertion, bool) { return a, a.ID != "formula" }))
	assert.True(t, without.Holds)
	assert.NotContains(t, without.Exact, "agrees with enumerate")

	checked := verdict(edit(func(a proofs.Assertion) (proofs.Assertion, bool) {
		if a.ID == "cov-terms" {
			a.ByConstruction = ""
		}
		return a, true
	}))
	assert.NotContains(t, checked.Exact, "by construction", "a covariance the proof checked")
}
