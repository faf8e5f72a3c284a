package claims

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
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
