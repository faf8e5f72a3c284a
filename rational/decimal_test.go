package rational

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFormatRatModes checks every rounding mode on ties, values between two
// decimals, exact decimals and values that round to zero.
func TestFormatRatModes(t *testing.T) {
	for _, c := range []struct {
		r                        string
		places                   int
		even, up, floor, ceiling string
	}{
		{"0.125", 2, "0.12", "0.13", "0.12", "0.13"},
		{"0.135", 2, "0.14", "0.14", "0.13", "0.14"},
		{"-0.125", 2, "-0.12", "-0.13", "-0.13", "-0.12"},
		{"-0.001", 2, "0.00", "0.00", "-0.01", "0.00"}, // no "-0.00"
		{"0.001", 2, "0.00", "0.00", "0.00", "0.01"},
		{"5/2", 0, "2", "3", "2", "3"},
		{"-7/2", 0, "-4", "-4", "-4", "-3"},
		{"1/3", 5, "0.33333", "0.33333", "0.33333", "0.33334"},
		{"2/3", 5, "0.66667", "0.66667", "0.66666", "0.66667"},
		{"0.9997", 3, "1.000", "1.000", "0.999", "1.000"},
		{"123.456", 1, "123.5", "123.5", "123.4", "123.5"},
		{"-2", 3, "-2.000", "-2.000", "-2.000", "-2.000"}, // exact: every mode agrees
		{"0", 3, "0.000", "0.000", "0.000", "0.000"},
	} {
		for mode, want := range map[RoundingMode]string{RoundHalfEven: c.even, RoundHalfUp: c.up, RoundFloor: c.floor, RoundCeiling: c.ceiling} {
			assert.Equal(t, want, FormatRat(rat(c.r), c.places, mode), "%s to %d places, %s", c.r, c.places, mode)
		}
	}
	assert.Panics(t, func() { FormatRat(rat("1"), -1, RoundHalfEven) })
	assert.Panics(t, func() { FormatRat(rat("1"), MaxPlaces+1, RoundHalfEven) })
}

// TestSurdDirectedRounding brackets surds by the directed modes and checks
// the brackets against exact squares and cubes: floor ≤ v ≤ ceiling, one
// unit apart.
func TestSurdDirectedRounding(t *testing.T) {
	for _, v := range []Value{PowerOf(2, rat("1/2")), NewSurd(rat("-3/2"), big.NewInt(3), 2), PowerOf(10, rat("1/3")), PowerOf(2, rat("-1/4"))} {
		for _, places := range []int{0, 1, 5, 30} {
			lo, err := ParseDecimal(v.Decimal(places, RoundFloor))
			require.NoError(t, err)
			hi, err := ParseDecimal(v.Decimal(places, RoundCeiling))
			require.NoError(t, err)
			assert.Equal(t, -1, NewRat(lo).Cmp(v), "%s floor %d: %s", v, places, lo.RatString())
			assert.Equal(t, 1, NewRat(hi).Cmp(v), "%s ceiling %d: %s", v, places, hi.RatString())
			unit := new(big.Rat).SetFrac(big.NewInt(1), pow10(places))
			assert.Zero(t, new(big.Rat).Sub(hi, lo).Cmp(unit), "%s at %d places: %s and %s", v, places, lo.RatString(), hi.RatString())
			// The nearest decimal is one of the two.
			near := v.Decimal(places, RoundHalfEven)
			assert.Contains(t, []string{v.Decimal(places, RoundFloor), v.Decimal(places, RoundCeiling)}, near)
		}
	}
}

// TestSurdDirectedRoundingLongCoefficients brackets surds whose
// coefficients have numerators and denominators of hundreds to thousands
// of bits (as a figure's densities do), generated, by the same exact
// check: Decimal takes the root after dividing by the denominator's power,
// and a slip there (a floor taken before the root where it may not be, a
// power missed) moves the bracket off the value.
func TestSurdDirectedRoundingLongCoefficients(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 32))
	long := func() *big.Int {
		n := new(big.Int).Lsh(big.NewInt(1), uint(rng.IntN(3000)+1))
		return n.Add(n, big.NewInt(rng.Int64N(1<<62)+1))
	}
	for i := range 60 {
		coef := new(big.Rat).SetFrac(long(), long())
		if i%2 == 1 {
			coef.Neg(coef)
		}
		index := 2 + i%3
		v := NewSurd(coef, big.NewInt(int64(2+rng.IntN(50))), index)
		places := rng.IntN(12)
		lo, err := ParseDecimal(v.Decimal(places, RoundFloor))
		require.NoError(t, err)
		hi, err := ParseDecimal(v.Decimal(places, RoundCeiling))
		require.NoError(t, err)
		if v.Cmp(NewRat(lo)) == 0 {
			continue // a radicand that is a perfect power: a rational value
		}
		assert.Equal(t, -1, NewRat(lo).Cmp(v), "case %d: %s floor %d: %s", i, v, places, lo.RatString())
		assert.Equal(t, 1, NewRat(hi).Cmp(v), "case %d: %s ceiling %d: %s", i, v, places, hi.RatString())
		unit := new(big.Rat).SetFrac(big.NewInt(1), pow10(places))
		assert.Zero(t, new(big.Rat).Sub(hi, lo).Cmp(unit), "case %d at %d places", i, places)
	}
}

func TestRoundingModeString(t *testing.T) {
	for m, want := range map[RoundingMode]string{RoundHalfEven: "half-even", RoundHalfUp: "half-up", RoundFloor: "floor",
		RoundCeiling: "ceiling", RoundingMode(7): "RoundingMode(7)", RoundingMode(-1): "RoundingMode(-1)"} {
		assert.Equal(t, want, m.String())
	}
	for _, s := range []string{"half-even", "even", "half-up", "up"} {
		m, err := ParseRoundingMode(s)
		require.NoError(t, err, s)
		assert.Contains(t, m.String(), s)
	}
	for _, s := range []string{"floor", "ceiling", "", "half"} {
		_, err := ParseRoundingMode(s)
		assert.Error(t, err, s)
	}
}

func TestParseDecimal(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"0.2446", "0.2446"}, {"0.", "0"}, {"1.", "1"}, {"-0.", "0"}, {"-20.1", "-201/10"}, {"+.5", "1/2"},
		{"1.5e-3", "3/2000"}, {"2.5E+2", "250"}, {"1e6", "1000000"}, {" 7 ", "7"}, {"1e-000003", "1/1000"},
	} {
		got, err := ParseDecimal(c.in)
		require.NoError(t, err, c.in)
		assert.Zero(t, got.Cmp(rat(c.want)), "ParseDecimal(%q) = %s, want %s", c.in, got.RatString(), c.want)
	}
	for _, bad := range []string{"", "abc", "1_0", "0x10", "1/2", "--1", "+-1", "1.2.3", "1e", "e5", "1e+-3", "1e1.5",
		"1e1234567", "inf", "NaN", ".", "-", "1 2", "٣"} {
		_, err := ParseDecimal(bad)
		assert.Error(t, err, "ParseDecimal(%q) should fail", bad)
	}
	// A figure printed with MaxPlaces places reads back.
	long := FormatRat(rat("1/3"), MaxPlaces, RoundHalfEven)
	got, err := ParseDecimal(long)
	require.NoError(t, err)
	assert.Equal(t, long, FormatRat(got, MaxPlaces, RoundHalfEven))
	_, err = ParseDecimal(long + "3")
	assert.Error(t, err)
	// The exponent counts: 1e10000 has 10,001 digits before the point.
	for _, ok := range []string{"1e9999", "1e-10000", "0.1e-9999", "123e-10000"} {
		_, err := ParseDecimal(ok)
		assert.NoError(t, err, ok)
	}
	for _, bad := range []string{"1e10000", "1e-10001", "0.1e-10000", "1e999999"} {
		_, err := ParseDecimal(bad)
		assert.Error(t, err, bad)
	}
}

func TestHasPlaces(t *testing.T) {
	for _, c := range []struct {
		r      string
		places int
		want   bool
	}{
		{"0.25", 2, true}, {"0.25", 1, false}, {"0.25", 5, true}, {"1/3", 100, false}, {"-7", 0, true}, {"1/8", 3, true}, {"1/2", -1, false},
	} {
		assert.Equal(t, c.want, HasPlaces(rat(c.r), c.places), "%s at %d places", c.r, c.places)
	}
}

// TestZeroValueIsZero checks that the zero Value behaves as 0 everywhere.
func TestZeroValueIsZero(t *testing.T) {
	var z Value
	zero := NewRat(new(big.Rat))
	assert.Equal(t, "0", z.String())
	assert.Equal(t, "0.00", z.Decimal(2, RoundHalfEven))
	assert.Zero(t, z.Sign())
	r, ok := z.Rat()
	require.True(t, ok)
	assert.Zero(t, r.Sign())
	assert.Zero(t, z.Cmp(zero))
	assert.Equal(t, -1, z.Cmp(NewRat(rat("1/2"))))
	assert.Equal(t, "0", z.Mul(PowerOf(2, rat("1/2"))).String())
	assert.Equal(t, "0", z.MulRat(rat("3")).String())
	assert.Equal(t, "0", z.Root(2).String())
	assert.Zero(t, z.Float64())
	assert.Panics(t, func() { z.Inv() })
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

// TestApproximation: a decimal that is the value exactly is joined to it
// by "=", a rounded one by "≈", whatever the places and the mode; a surd
// is never a decimal.
func TestApproximation(t *testing.T) {
	for _, c := range []struct {
		v      Value
		places int
		want   string
	}{
		{NewRat(big.NewRat(1, 8)), 3, "= 0.125"},
		{NewRat(big.NewRat(1, 8)), 5, "= 0.12500"},
		{NewRat(big.NewRat(1, 8)), 2, "≈ 0.12"},
		{NewRat(big.NewRat(-1, 8)), 1, "≈ -0.1"},
		{NewRat(big.NewRat(1, 6)), 3, "≈ 0.167"},
		{NewRat(big.NewRat(2, 1)), 0, "= 2"},
		{NewRat(big.NewRat(5, 2)), 0, "≈ 2"},
		{NewSurd(big.NewRat(1, 1), big.NewInt(2), 2), 3, "≈ 1.414"},
	} {
		assert.Equal(t, c.want, c.v.Approximation(c.places, RoundHalfEven), "%s at %d", c.v, c.places)
	}
	assert.Equal(t, "≈ 3", NewRat(big.NewRat(5, 2)).Approximation(0, RoundHalfUp))
}
