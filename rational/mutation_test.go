package rational

import (
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The tests in this file pin behaviour that mutation testing
// (scripts/mutation.sh) found unpinned: each compares exact results with
// values worked out by hand.

func TestSignsIsTheLessonsAlphabet(t *testing.T) {
	s := Signs()
	require.Equal(t, "-1,1", s.String())
	require.Equal(t, int64(2), s.Size())
	require.Zero(t, s.Mean().Sign())
	require.Zero(t, s.Variance().Cmp(big.NewRat(1, 1)))
}

func TestHistogramEqual(t *testing.T) {
	mk := func(base, step int64, counts ...int64) *Histogram {
		h := &Histogram{Base: big.NewRat(base, 1), Step: big.NewRat(step, 1)}
		for _, c := range counts {
			h.Counts = append(h.Counts, big.NewInt(c))
		}
		return h
	}
	h := mk(-2, 2, 1, 2, 1)
	require.True(t, h.Equal(mk(-2, 2, 1, 2, 1)))
	require.False(t, h.Equal(mk(-1, 2, 1, 2, 1)), "another base")
	require.False(t, h.Equal(mk(-2, 1, 1, 2, 1)), "another step")
	require.False(t, h.Equal(mk(-2, 2, 1, 2)), "fewer counts")
	require.False(t, h.Equal(mk(-2, 2, 1, 2, 2)), "another last count")
	require.False(t, h.Equal(mk(-2, 2, 2, 2, 1)), "another first count")
	require.Equal(t, "4", h.Total().String())
	require.Equal(t, "2", h.Score(2).RatString())
}

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

func TestParseRatLimits(t *testing.T) {
	digits := strings.Repeat("1", maxLiteralDigits)
	// The longest literal: a signed fraction of the most digits each side.
	longest := "-" + digits + "/" + digits
	require.Len(t, longest, 2*maxLiteralDigits+2)
	_, err := ParseRat(longest)
	require.NoError(t, err)
	_, err = ParseRat(longest + "1")
	require.ErrorContains(t, err, "is longer than 402 characters")
	_, err = ParseRat(strings.Repeat("1", maxLiteralDigits+1))
	require.ErrorContains(t, err, "is longer than 200 characters")
	_, err = ParseRat(strings.Repeat("1", maxLiteralDigits))
	require.NoError(t, err, "a number of exactly 200 characters")
	v, err := ParseRat("  -7/4 ")
	require.NoError(t, err)
	require.Equal(t, "-7/4", v.RatString())
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
	require.True(t, NewFrac(1, 3).IsRational())
	require.False(t, r2.IsRational())
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

func TestRootFloorExact(t *testing.T) {
	for _, c := range []struct {
		x    string
		k    int
		want string
	}{
		{"0", 3, "0"}, {"1", 5, "1"}, {"7", 1, "7"}, {"15", 2, "3"}, {"16", 2, "4"}, {"17", 2, "4"},
		{"26", 3, "2"}, {"27", 3, "3"}, {"28", 3, "3"},
		{"1000000000000000000000000000000", 3, "10000000000"},
		{"999999999999999999999999999999", 3, "9999999999"},
		{"1267650600228229401496703205376", 100, "2"}, // 2^100
		{"1267650600228229401496703205375", 100, "1"},
	} {
		x, _ := new(big.Int).SetString(c.x, 10)
		require.Equal(t, c.want, RootFloor(x, c.k).String(), "⌊%s^(1/%d)⌋", c.x, c.k)
	}
	require.Panics(t, func() { RootFloor(big.NewInt(-1), 2) })
	require.Panics(t, func() { RootFloor(big.NewInt(4), 0) })
}

func TestAlphabetMoments(t *testing.T) {
	a, err := ParseAlphabet("-2:1,1/2:4")
	require.NoError(t, err)
	require.Equal(t, int64(5), a.Size())
	require.Zero(t, a.Mean().Sign())
	require.Equal(t, "1", a.Moment(2).RatString())
	require.Equal(t, "-3/2", a.Moment(3).RatString())
	require.Equal(t, "1", a.Variance().RatString())
	require.Equal(t, "1", a.Moment(0).RatString())
	require.Equal(t, "125", a.Vectors(3).String())
	require.InDelta(t, 3*2.321928094887362, a.VectorsLog2(3), 1e-12)
	require.Equal(t, []string{"-2", "1/2:4"}, a.Tokens())
	require.Len(t, a.Expanded(), 5)
	require.Equal(t, "1/2", a.Expanded()[4].RatString())
	b, err := ParseAlphabet("0,2")
	require.NoError(t, err)
	require.Equal(t, "1", b.Mean().RatString())
	require.Equal(t, "1", b.Variance().RatString())
	z, err := ParseAlphabet("±0:3")
	require.NoError(t, err)
	require.Equal(t, "0:6", z.String())
	z, err = ParseAlphabet("±0:500000")
	require.NoError(t, err, "±0 of multiplicity exactly half the maximum")
	require.Equal(t, "0:1000000", z.String())
	_, err = ParseAlphabet("±0:500001")
	require.ErrorContains(t, err, "±0 counts 0 twice, a multiplicity of 1000002, over 1000000")
	_, err = ParseAlphabet("±-1")
	require.ErrorContains(t, err, "write ±a with a ≥ 0")
	_, err = ParseAlphabet("1:600000,1:500000")
	require.ErrorContains(t, err, "value 1 has multiplicity over 1000000")
	_, err = ParseAlphabet("1:1000000")
	require.NoError(t, err)
	merged, err := ParseAlphabet("1:500000,1:500000")
	require.NoError(t, err, "a merged multiplicity of exactly the maximum is allowed")
	require.Equal(t, int64(MaxMultiplicity), merged.Letters()[0].Mult)
	_, err = ParseAlphabet("1,,2")
	require.ErrorContains(t, err, "has an empty entry")
	var many []string
	for i := range MaxLetters + 1 {
		many = append(many, big.NewInt(int64(i)).String())
	}
	_, err = ParseAlphabet(strings.Join(many, ","))
	require.ErrorContains(t, err, "alphabet has 65 distinct values; at most 64 are supported")
	_, err = ParseAlphabet(strings.Join(many[:MaxLetters], ","))
	require.NoError(t, err)
}

func TestLatticeSumsEdges(t *testing.T) {
	var s LatticeSums
	require.Equal(t, "0", s.Mean(big.NewRat(5, 1), big.NewRat(1, 1)).RatString(), "an empty distribution")
	require.Equal(t, "0", s.Variance(big.NewRat(1, 1)).RatString())
	s.Add(3, new(big.Int))
	require.Zero(t, s.N.Sign(), "a zero count adds nothing")
	s.Add(0, big.NewInt(1))
	s.Add(2, big.NewInt(3))
	// Scores base + step·t with base 1, step 1/2: 1 once, 2 three times.
	require.Equal(t, "7/4", s.Mean(big.NewRat(1, 1), big.NewRat(1, 2)).RatString())
	require.Equal(t, "3/16", s.Variance(big.NewRat(1, 2)).RatString())
	require.Equal(t, "4", s.N.String())
	require.Equal(t, "6", s.S1.String())
	require.Equal(t, "12", s.S2.String())
}

func TestRoundingModeNames(t *testing.T) {
	for m, want := range []string{"half-even", "half-up", "floor", "ceiling"} {
		require.Equal(t, want, RoundingMode(m).String())
		if m < 2 { // only the tie rules are read back
			back, err := ParseRoundingMode(want)
			require.NoError(t, err)
			require.Equal(t, RoundingMode(m), back)
		}
	}
	require.Equal(t, "RoundingMode(-1)", RoundingMode(-1).String())
	require.Equal(t, "RoundingMode(4)", RoundingMode(4).String())
}

// TestSignedRounding rounds negative values, and zero, in every mode.
func TestSignedRounding(t *testing.T) {
	for _, c := range []struct {
		r    *big.Rat
		mode RoundingMode
		want string
	}{
		{big.NewRat(-5, 4), RoundFloor, "-1.3"},
		{big.NewRat(-5, 4), RoundCeiling, "-1.2"},
		{big.NewRat(-5, 4), RoundHalfEven, "-1.2"},
		{big.NewRat(-5, 4), RoundHalfUp, "-1.3"},
		{big.NewRat(5, 4), RoundFloor, "1.2"},
		{big.NewRat(5, 4), RoundCeiling, "1.3"},
		{big.NewRat(0, 1), RoundFloor, "0.0"},
		{big.NewRat(0, 1), RoundCeiling, "0.0"},
		{big.NewRat(-1, 100), RoundHalfEven, "0.0"},
		{big.NewRat(-1, 100), RoundFloor, "-0.1"},
	} {
		require.Equal(t, c.want, FormatRat(c.r, 1, c.mode), "%s in %s", c.r.RatString(), c.mode)
	}
	m := NewSqrt(2).MulRat(big.NewRat(-1, 1))
	require.Equal(t, "-1.42", m.Decimal(2, RoundFloor))
	require.Equal(t, "-1.41", m.Decimal(2, RoundCeiling))
	require.Equal(t, "-1.41", m.Decimal(2, RoundHalfEven))
	require.Equal(t, "1.41", NewSqrt(2).Decimal(2, RoundFloor))
	require.Equal(t, "1.42", NewSqrt(2).Decimal(2, RoundCeiling))
}

func TestScaleExponentBounds(t *testing.T) {
	for _, ok := range []string{"d^1000/999", "d^1/1000", "d^-1000/7"} {
		_, err := ParseScale(ok)
		require.NoError(t, err, ok)
	}
	for _, bad := range []string{"d^1001/2", "d^1/1001", "d^-1001/3"} {
		_, err := ParseScale(bad)
		require.ErrorContains(t, err, "is too complex (numerator and denominator at most 1000)", bad)
	}
}

// TestLargePrimePowers: a radicand with a square of a prime beyond trial
// division is still put in canonical form, through the perfect-power test.
func TestLargePrimePowers(t *testing.T) {
	p := big.NewInt(1000003) // prime, above the trial-division limit
	sq := new(big.Int).Mul(p, p)
	require.Equal(t, "1000003", NewSurd(big.NewRat(1, 1), sq, 2).String())
	require.Equal(t, "1000003*sqrt(2)", NewSurd(big.NewRat(1, 1), new(big.Int).Mul(sq, big.NewInt(2)), 2).String())
	cube := new(big.Int).Mul(sq, p)
	require.Equal(t, "1000003", NewSurd(big.NewRat(1, 1), cube, 3).String())
	require.Equal(t, "sqrt(1000003)", NewSurd(big.NewRat(1, 1), p, 2).String())
}
