package claims

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// compareText compares two formulas in d as a claim "for every d" does.
func compareText(t *testing.T, f, g string) (comparison, error) {
	t.Helper()
	ef, err := parseExpr(f, true)
	require.NoError(t, err, f)
	eg, err := parseExpr(g, true)
	require.NoError(t, err, g)
	return sameFunction(ef, eg)
}

// vanishing returns (x-1)(x-2)…(x-n), zero at x = 1..n, its factors written
// alternately as (x-i) and (-i+x).
func vanishing(n int, x string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i%2 == 1 {
			fmt.Fprintf(&b, "(%s-%d)", x, i)
		} else {
			fmt.Fprintf(&b, "(-%d+%s)", i, x)
		}
	}
	return b.String()
}

// Two formulas that agree at the first n widths and differ at the next
// are never taken for the same function, whichever rule of the degree
// count (sum, product, quotient, power, negative power, root of d) their
// agreement rests on: a degree counted too low would stop comparing at n.
func TestSameFunctionSeesLateDifference(t *testing.T) {
	type pair struct{ f, g, differs string }
	var cases []pair
	for n := 1; n <= 6; n++ {
		p, at := vanishing(n, "d"), fmt.Sprint(n+1)
		cases = append(cases,
			pair{p, "0", at},
			pair{"0", p, at},
			pair{"-(" + p + ")", "0", at},
			pair{"1/(" + p + "+1)", "1", at},
			pair{"(" + p + "+1)^-1", "1", at},
			pair{"(" + p + "+1)^-2", "1", at},
			pair{"(1/(" + p + "+1))^2", "1", at},
			pair{"(" + p + ")^2", "0", at},
			pair{"(" + p + ")^3/(d+1)", "0", at},
			pair{"1 + " + p + "/d", "1", at},
			pair{p + "*d^2/d", "0", at},
			// In √d the formula is a polynomial: it vanishes at √d = 1..n.
			pair{vanishing(n, "√d"), "0", fmt.Sprint((n + 1) * (n + 1))},
		)
	}
	cases = append(cases,
		pair{"-1+d", "0", "2"},
		pair{"d-1", "0", "2"},
		pair{"d/(1/d)", "1", "2"},
		pair{"d*d", "1", "2"},
		pair{"d*d^2", "1", "2"},
		pair{"d^2", "1", "2"},
		pair{"(d^(1/2))^4", "1", "4"},
		pair{"1/d^2", "1", "2"},
		pair{"d^-2", "1", "2"},
		pair{"d^(1/32)", "d^(1/64)", "18446744073709551616"},
	)
	for _, c := range cases {
		cmp, err := compareText(t, c.f, c.g)
		if assert.NoError(t, err, "%s = %s", c.f, c.g) {
			assert.False(t, cmp.equal, "%s = %s was taken as true", c.f, c.g)
			assert.Equal(t, c.differs, cmp.differs, "%s = %s", c.f, c.g)
		}
	}
	for _, c := range [][2]string{
		{"d^(1/8)", "d^(1/8)"},
		{"d^(1/64)", "1+d^(1/64)-1"},
		{"d^(1/64)+d^(1/64)", "2d^(1/64)"},
		{"d^(1/64)+1", "1+d^(1/64)"},
		{"d/(1/d)", "d^2"},
		{"(d+1)^-2", "1/(d*d+2d+1)"},
	} {
		cmp, err := compareText(t, c[0], c[1])
		if assert.NoError(t, err, "%s = %s", c[0], c[1]) {
			assert.True(t, cmp.equal, "%s = %s differs at %s", c[0], c[1], cmp.differs)
		}
	}
}

// A formula's root of d is at most the 64th and its degree in d at most
// 256, counted in numerator and denominator, whole or negative powers.
func TestFormulaLimitsAtTheirBounds(t *testing.T) {
	for f, want := range map[string]string{
		"d^(1/64)+1":                  "",
		"d^(1/64)+d^(1/2)":            "",
		"d^(1/64)+d^(1/3)":            "roots of d deeper than the 64th",
		"d^256":                       "",
		"d^257":                       "degree in d above 256",
		"d^-256":                      "",
		"d^-257":                      "degree in d above 256",
		"1/d^256":                     "",
		"1/d^257":                     "degree in d above 256",
		"(d+1)^256":                   "",
		"(d+1)^257":                   "degree in d above 256",
		"(d+1)^-256":                  "",
		"(d+1)^-257":                  "degree in d above 256",
		"(1/(d+1))^256":               "",
		"(1/(d+1))^257":               "degree in d above 256",
		"(d+1)^128*(d+2)^128":         "",
		"(d+1)^128*(d+2)^129":         "degree in d above 256",
		"(d^2+1)^4611686018427387905": "degree in d above 256",
	} {
		e, err := parseExpr(f, true)
		require.NoError(t, err, f)
		err = comparable(e)
		if want == "" {
			assert.NoError(t, err, f)
		} else if assert.Error(t, err, f) {
			assert.Contains(t, err.Error(), want, f)
		}
	}
	_, err := compareText(t, "d^(1/64)", "d^(1/2)")
	assert.NoError(t, err)
	_, err = compareText(t, "d^(1/64)", "d^(1/3)")
	assert.ErrorContains(t, err, "deeper than the 64th")
}

// A comparison does at most maxCompareWork node evaluations: the widths it
// may need (the degree bound, one more, and one for each zero of a
// denominator) times the nodes of both formulas. A pair at the bound is
// compared, one node more is refused, and the refusal states the degree
// and the nodes it counted.
func TestCompareWorkBound(t *testing.T) {
	for _, s := range []struct {
		f              string
		num, den, size int
	}{
		{"d^127", 127, 0, 3},
		{"-d", 1, 0, 2},
		{"(d+1)*(d+2)", 2, 0, 7},
		{"1/(d+1)", 0, 1, 5},
		{"(d+1)^3", 3, 0, 5},
		{"(d+1)^-3", 0, 3, 6},
		{"d/(1/d)", 2, 0, 5},
		{"1/d^2", 0, 2, 5},
		{"d^3 + 1/(d+1)", 4, 1, 9},
		{"1/(d+1) + d^3", 4, 1, 9},
		{"(d+1)/(d+2) + 1/d", 2, 2, 11},
	} {
		// g = (1+1+…+1)·d^100: m ones, 2m+3 nodes, degree 100.
		bound := s.num + s.den + 100
		limit := bound + 1 + s.den
		g := func(m int) string { return "(" + strings.TrimSuffix(strings.Repeat("1+", m), "+") + ")*d^100" }
		m := 1
		for limit*(s.size+2*m+3) <= maxCompareWork {
			m++
		}
		_, err := compareText(t, s.f, g(m-1))
		assert.NoError(t, err, "%s against %d ones", s.f, m-1)
		_, err = compareText(t, s.f, g(m))
		assert.ErrorContains(t, err, fmt.Sprintf("too long to compare (degree %d, %d terms)", bound, s.size+2*m+3), s.f)
	}
	// Exactly at the bound: 128 widths times 3 + 2045 nodes is 2^18.
	ones := func(m int) string { return strings.TrimSuffix(strings.Repeat("1+", m), "+") }
	_, err := compareText(t, "d^127", ones(1023))
	assert.NoError(t, err)
	_, err = compareText(t, "d^127", ones(1024))
	assert.ErrorContains(t, err, "too long to compare (degree 127, 2050 terms)")
}

// A formula answer may start with a label naming the quantity.
func TestFormulaSidesLabel(t *testing.T) {
	for _, text := range []string{"1/d", "Var = 1/d", "variance: 1/d", "= 1/d"} {
		sides, _, err := readFormulaSides(text, []string{"var", "variance"})
		if assert.NoError(t, err, text) {
			assert.Len(t, sides, 1, text)
		}
	}
	_, _, err := readFormulaSides("", []string{"var"})
	assert.Error(t, err)
}

// The words people put in a formula read as its signs, in any case; a
// phrase cut short is no sign, and is refused as the text it is.
func TestFormulaWords(t *testing.T) {
	for text, want := range map[string]string{
		"1 over d": "1/4", "1 OVER d": "1/4", "1 divided by d": "1/4", "1 Divided By d": "1/4", "2 times d": "8",
		"the square root of d": "2", "square root of d": "2", "Square Root Of d": "2", "root of d": "2", "root d": "2",
		"ROOT d": "2", "the square root of d over 2": "1", "1 over the square root of d": "1/2", "the d": "",
	} {
		s := formulaWords(text)
		v, err := evalText(s, true, 4)
		if want == "" {
			assert.Error(t, err, "%q read as %q", text, s)
			continue
		}
		if assert.NoError(t, err, "%q read as %q", text, s) {
			assert.Equal(t, want, v.String(), "%q read as %q", text, s)
		}
	}
	for _, text := range []string{"1 divided", "1 divided d", "square root", "2 square", "the square", "root of", "the", "d root", "d times", "d over"} {
		s := formulaWords(text)
		_, err := evalText(s, true, 4)
		assert.Error(t, err, "%q read as %q", text, s)
	}
}
