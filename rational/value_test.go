package rational

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSurdStrings(t *testing.T) {
	for _, c := range []struct {
		v    Value
		want string
	}{
		{NewSurd(big.NewRat(-1, 1), big.NewInt(2), 2), "-sqrt(2)"},
		{NewSurd(big.NewRat(1, 1), big.NewInt(2), 2), "sqrt(2)"},
		{NewSurd(big.NewRat(-3, 2), big.NewInt(5), 3), "-3/2*5^(1/3)"},
		{NewSurd(big.NewRat(1, 1), big.NewInt(5), 3), "5^(1/3)"},
		{NewSurd(big.NewRat(-1, 1), big.NewInt(5), 4), "-5^(1/4)"},
		{Value{}, "0"},
		{NewSurd(big.NewRat(2, 1), big.NewInt(12), 2), "4*sqrt(3)"},
		{NewSurd(big.NewRat(1, 1), big.NewInt(64), 6), "2"},
		{NewSurd(big.NewRat(1, 1), big.NewInt(4), 4), "sqrt(2)"},
	} {
		require.Equal(t, c.want, c.v.String())
	}
}

// TestCmpIsExact compares values that differ by far less than any
// floating tolerance, in every sign combination and across roots.
func TestCmpIsExact(t *testing.T) {
	tiny := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(30), nil))
	one := NewInt(1)
	near := NewRat(new(big.Rat).Add(big.NewRat(1, 1), tiny))
	require.Equal(t, -1, one.Cmp(near))
	require.Equal(t, 1, near.Cmp(one))
	require.Equal(t, 0, near.Cmp(NewRat(new(big.Rat).Add(big.NewRat(1, 1), tiny))))
	neg, negNear := NewInt(-1), NewRat(new(big.Rat).Neg(new(big.Rat).Add(big.NewRat(1, 1), tiny)))
	require.Equal(t, 1, neg.Cmp(negNear), "-1 > -(1 + 10^-30)")
	require.Equal(t, -1, negNear.Cmp(neg))
	require.Equal(t, -1, neg.Cmp(one))
	require.Equal(t, 1, one.Cmp(neg))
	require.Equal(t, 0, Value{}.Cmp(NewInt(0)))
	require.Equal(t, -1, Value{}.Cmp(one))
	require.Equal(t, 1, Value{}.Cmp(neg))
	// √2 against a rational 10^-30 above and below it: 1.41421356237309504880168872420969807856967...
	lo, _ := new(big.Rat).SetString("1414213562373095048801688724209698/1000000000000000000000000000000000")
	hi, _ := new(big.Rat).SetString("1414213562373095048801688724209699/1000000000000000000000000000000000")
	r2 := NewSqrt(2)
	require.Equal(t, 1, r2.Cmp(NewRat(lo)))
	require.Equal(t, -1, r2.Cmp(NewRat(hi)))
	require.Equal(t, -1, NewRat(lo).Cmp(r2))
	mr2 := r2.MulRat(big.NewRat(-1, 1))
	require.Equal(t, -1, mr2.Cmp(NewRat(new(big.Rat).Neg(lo))), "-√2 < -lo")
	require.Equal(t, 1, mr2.Cmp(NewRat(new(big.Rat).Neg(hi))))
	// Roots of different index: 2^(1/3) < 2^(1/2), 3^(1/3) > 2^(1/2).
	require.Equal(t, -1, NewSurd(big.NewRat(1, 1), big.NewInt(2), 3).Cmp(r2))
	require.Equal(t, 1, NewSurd(big.NewRat(1, 1), big.NewInt(3), 3).Cmp(r2))
	require.Equal(t, 0, NewSurd(big.NewRat(1, 2), big.NewInt(8), 2).Cmp(r2), "√8/2 = √2")
}

func TestValueArithmetic(t *testing.T) {
	r2, r3 := NewSqrt(2), NewSqrt(3)
	require.Equal(t, "sqrt(6)", r2.Mul(r3).String())
	require.Equal(t, "2", r2.Mul(r2).String())
	require.Equal(t, "1/2*sqrt(2)", r2.Inv().String())
	require.Equal(t, "1/3*sqrt(3)", r3.Inv().String())
	require.Equal(t, "1/2*4^(1/3)", NewSurd(big.NewRat(1, 1), big.NewInt(2), 3).Inv().String())
	require.Equal(t, "-2/3", NewFrac(-3, 2).Inv().String())
	require.Equal(t, "2^(1/4)", r2.Root(2).String())
	require.Equal(t, "3/2", NewFrac(9, 4).Root(2).String())
	require.Equal(t, "1/2*sqrt(2)", NewFrac(1, 2).Root(2).String())
	require.Equal(t, "2^(1/6)", NewSurd(big.NewRat(1, 1), big.NewInt(2), 3).Root(2).String())
	require.Equal(t, "3*sqrt(2)", r2.MulRat(big.NewRat(3, 1)).String())
	require.Equal(t, "0", r2.MulRat(new(big.Rat)).String())
	_, ok := NewFrac(1, 3).Rat()
	require.True(t, ok)
	_, ok = r2.Rat()
	require.False(t, ok)
	r, ok := NewFrac(5, 7).Rat()
	require.True(t, ok)
	require.Equal(t, "5/7", r.RatString())
	_, ok = r2.Rat()
	require.False(t, ok)
	require.Equal(t, -1, NewFrac(-1, 9).Sign())
	require.Equal(t, 1, r2.Sign())
	require.Panics(t, func() { NewInt(-4).Root(2) })
	require.Panics(t, func() { NewSurd(big.NewRat(1, 1), big.NewInt(-2), 2) })
	require.Panics(t, func() { NewSurd(big.NewRat(1, 1), big.NewInt(2), 0) })
	require.InDelta(t, 1.4142135623730951, r2.Float64(), 0)
	require.InDelta(t, -0.75, NewFrac(-3, 4).Float64(), 0)
	s, ok := Sum(r2, r2.MulRat(big.NewRat(1, 2)), Value{}, NewInt(0))
	require.True(t, ok)
	require.Equal(t, "3/2*sqrt(2)", s.String())
	_, ok = Sum(r2, r3)
	require.False(t, ok, "√2 + √3 is not a rational multiple of one root")
	_, ok = Sum(r2, NewSurd(big.NewRat(1, 1), big.NewInt(2), 4))
	require.False(t, ok, "√2 + 2^(1/4)")
	s, ok = Sum()
	require.True(t, ok)
	require.Equal(t, "0", s.String())
	s, ok = Sum(NewFrac(1, 2), NewFrac(1, 3))
	require.True(t, ok)
	require.Equal(t, "5/6", s.String())
}

func TestPowerOf(t *testing.T) {
	for _, c := range []struct {
		d    int64
		p    *big.Rat
		want string
	}{
		{8, big.NewRat(1, 2), "2*sqrt(2)"},
		{8, big.NewRat(-1, 2), "1/4*sqrt(2)"},
		{8, big.NewRat(3, 2), "16*sqrt(2)"},
		{8, big.NewRat(-3, 2), "1/32*sqrt(2)"},
		{8, big.NewRat(2, 3), "4"},
		{16, big.NewRat(1, 4), "2"},
		{6, big.NewRat(0, 1), "1"},
		{6, big.NewRat(-1, 1), "1/6"},
		{6, big.NewRat(1, 3), "6^(1/3)"},
		{1, big.NewRat(7, 5), "1"},
	} {
		require.Equal(t, c.want, PowerOf(c.d, c.p).String(), "%d^%s", c.d, c.p.RatString())
	}
}
