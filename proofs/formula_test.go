package proofs

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(s)
	}
	return r
}

// TestFormulaText: formulas are written the way the transcripts write
// values, terms in increasing powers of d_k.
func TestFormulaText(t *testing.T) {
	for _, c := range []struct {
		f    Formula
		want string
	}{
		{Formula{}, "0"},
		{constantFormula(rat("16")), "16"},
		{constantFormula(rat("-1/2")), "-1/2"},
		{powerFormula(rat("1"), rat("1")), "d_k"},
		{powerFormula(rat("-1"), rat("1")), "-d_k"},
		{powerFormula(rat("13/4"), rat("1")), "13/4·d_k"},
		{powerFormula(rat("1"), rat("2")), "d_k²"},
		{powerFormula(rat("3"), rat("1/2")), "3·√d_k"},
		{powerFormula(rat("1"), rat("3/4")), "d_k^(3/4)"},
		{powerFormula(rat("1"), rat("-1")), "1/d_k"},
		{powerFormula(rat("-3"), rat("-1")), "-3/d_k"},
		{powerFormula(rat("1/2"), rat("-1")), "1/(2·d_k)"},
		{powerFormula(rat("2"), rat("-1/4")), "2/(d_k^(1/4))"},
		{varianceFormula(rat("1"), rat("0")), "d_k"},
		{varianceFormula(rat("1"), rat("1")), "d_k²"},
		{varianceFormula(rat("3/2"), rat("1/2")), "d_k + 1/2·d_k²"},
		{varianceFormula(rat("0"), rat("1/2")), "-1/2·d_k + 1/2·d_k²"},
		{varianceFormula(rat("1"), rat("-1")), "2·d_k − d_k²"},
		{newFormula(monomial{rat("1"), rat("1")}, monomial{rat("-1"), rat("1")}), "0"},
		{newFormula(monomial{rat("1"), rat("2")}, monomial{rat("2"), rat("0")}, monomial{rat("1"), rat("2")}), "2 + 2·d_k²"},
	} {
		require.Equal(t, c.want, c.f.String())
	}
}

// TestFormulaValues: a formula's value at a width, against the value
// computed term by term.
func TestFormulaValues(t *testing.T) {
	f := varianceFormula(rat("3/2"), rat("1/2")) // d + d²/2
	for d, want := range map[int]string{1: "3/2", 2: "4", 3: "15/2", 10: "60"} {
		requireValue(t, rational.NewRat(rat(want)), f.At(d), "d + d²/2")
	}
	g := f.times(rat("2"), rat("-3/2")) // 2·d^(−1/2) + d^(1/2)
	requireValue(t, rational.NewInt(3), g.At(4), "2/√4 + √4")
	requireValue(t, rational.NewSqrt(2).MulRat(rat("2")), g.At(2), "2/√2 + √2 = 2√2")
	requireValue(t, rational.NewInt(0), Formula{}.At(5), "0")
	c, ok := constantFormula(rat("7")).constant()
	require.True(t, ok)
	require.Zero(t, c.Cmp(rat("7")))
	c, ok = Formula{}.constant()
	require.True(t, ok)
	require.Zero(t, c.Sign())
	_, ok = f.constant()
	require.False(t, ok)
	_, ok = powerFormula(rat("1"), rat("1")).constant()
	require.False(t, ok, "one term that is not constant")
	require.True(t, f.equal(newFormula(monomial{rat("1/2"), rat("2")}, monomial{rat("1"), rat("1")})))
	require.False(t, f.equal(varianceFormula(rat("3/2"), rat("1/3"))))
	require.False(t, powerFormula(rat("1"), rat("1")).equal(powerFormula(rat("1"), rat("2"))), "same coefficient, other power")
	require.False(t, f.equal(powerFormula(rat("1"), rat("1"))), "other number of terms")
	require.Panics(t, func() { newFormula(monomial{rat("1"), rat("0")}, monomial{rat("1"), rat("1/2")}).At(2) })
}

// TestWidthsWhere: the widths at which a variance over a power of d_k is
// 1, worked out by hand, for the scales the command offers and others.
func TestWidthsWhere(t *testing.T) {
	for _, c := range []struct {
		name   string
		f      Formula
		ds     []int64
		always bool
	}{
		{"1", constantFormula(rat("1")), nil, true},
		{"16", constantFormula(rat("16")), nil, false},
		{"d_k: at 1", powerFormula(rat("1"), rat("1")), []int64{1}, false},
		{"1/d_k: at 1", powerFormula(rat("1"), rat("-1")), []int64{1}, false},
		{"d_k/4: at 4", powerFormula(rat("1/4"), rat("1")), []int64{4}, false},
		{"d_k/5 + 2/5: at 3", newFormula(monomial{rat("1/5"), rat("1")}, monomial{rat("2/5"), rat("0")}), []int64{3}, false},
		{"d_k/2 + 1/2: at 1", newFormula(monomial{rat("1/2"), rat("1")}, monomial{rat("1/2"), rat("0")}), []int64{1}, false},
		{"d_k/3 + 1/2: never", newFormula(monomial{rat("1/3"), rat("1")}, monomial{rat("1/2"), rat("0")}), nil, false},
		{"−d_k/6 + d_k²/6 (p = 0): at 3", varianceFormula(rat("0"), rat("1/6")), []int64{3}, false},
		{"3/d_k − 2/d_k²: at 1 and 2", newFormula(monomial{rat("3"), rat("-1")}, monomial{rat("-2"), rat("-2")}), []int64{1, 2}, false},
		{"√d_k/3: at 9", powerFormula(rat("1/3"), rat("1/2")), []int64{9}, false},
		{"√d_k/3 + …: at 9, with a power between", newFormula(monomial{rat("1/6"), rat("1/2")}, monomial{rat("1/54"), rat("3/2")}), []int64{9}, false},
		{"4/√d_k − √d_k: 1 at d_k ≈ 2.44, no width", newFormula(monomial{rat("4"), rat("-1/2")}, monomial{rat("-1"), rat("1/2")}), nil, false},
		{"huge root", powerFormula(rat("1/1000000"), rat("1")), []int64{1000000}, false},
	} {
		ds, always := c.f.widthsWhere(big.NewRat(1, 1))
		require.Equal(t, c.always, always, c.name)
		require.Equal(t, c.ds, ds, c.name)
	}
	require.Panics(t, func() {
		newFormula(monomial{rat("1"), rat("0")}, monomial{rat("1"), rat("1")}, monomial{rat("1"), rat("2")}).widthsWhere(big.NewRat(1, 1))
	}, "three terms")
	require.Panics(t, func() {
		newFormula(monomial{rat("1"), rat("0")}, monomial{rat("1"), rat("2")}).widthsWhere(big.NewRat(1, 1))
	}, "powers two apart")
	// Two widths, on either side of the turning point d_k = 5/2:
	// 5/6·d_k − d_k²/6 = 1 ⇔ d_k² − 5·d_k + 6 = 0.
	two := newFormula(monomial{rat("5/6"), rat("0")}, monomial{rat("-1/6"), rat("1")})
	ds, _ := two.times(rat("1"), rat("1")).widthsWhere(big.NewRat(1, 1))
	require.Equal(t, []int64{2, 3}, ds, "d_k·(5/6 − d_k/6) = 1 at d_k = 2 and 3")
}
