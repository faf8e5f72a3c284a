package rational

import (
	"math/big"
	"testing"

	"github.com/sqrtdk/sqrtdk/internal/nat"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(s)
	}
	return r
}

func TestParseRat(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"-3", "-3"}, {"1/2", "1/2"}, {"-7/4", "-7/4"}, {"2/4", "1/2"}, {"0.5", "1/2"},
		{"-1.25", "-5/4"}, {".5", "1/2"}, {"+2", "2"}, {"0.1", "1/10"}, {"3.000", "3"},
		{"0.3333333333333333333333", "3333333333333333333333/10000000000000000000000"},
	} {
		got, err := ParseRat(c.in)
		require.NoError(t, err, c.in)
		assert.Zero(t, got.Cmp(rat(c.want)), "ParseRat(%q) = %s, want %s", c.in, got.RatString(), c.want)
	}
	for _, bad := range []string{"", "a", "1/0", "1.", "1e3", "--1", "1/-2", "1/2/3", "0x10", "1 2", "½", "NaN", "Inf"} {
		_, err := ParseRat(bad)
		assert.Error(t, err, "ParseRat(%q) should fail", bad)
	}
}

func TestParseAlphabet(t *testing.T) {
	for _, c := range []struct {
		in, canonical string
		size          int64
		mean, vari    string
	}{
		{"-1,1", "-1,1", 2, "0", "1"},
		{"±2", "-2,2", 2, "0", "4"},
		{"-1,0:2,1", "-1,0:2,1", 4, "0", "1/2"},
		{"1,-1,1", "-1,1:2", 3, "1/3", "8/9"},
		{"0,1", "0,1", 2, "1/2", "1/4"},
		{"±0", "0:2", 2, "0", "0"},
		{"+-1/2:3", "-1/2:3,1/2:3", 6, "0", "1/4"},
		{"-2,1/2:4", "-2,1/2:4", 5, "0", "1"},
		{" 0.5 , -1.25 ", "-5/4,1/2", 2, "-3/8", "49/64"},
	} {
		a, err := ParseAlphabet(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.canonical, a.String(), c.in)
		assert.Equal(t, c.size, a.Size(), c.in)
		assert.Zero(t, a.Mean().Cmp(rat(c.mean)), "%s: mean %s, want %s", c.in, a.Mean().RatString(), c.mean)
		assert.Zero(t, a.Variance().Cmp(rat(c.vari)), "%s: variance %s, want %s", c.in, a.Variance().RatString(), c.vari)
		back, err := ParseAlphabet(a.String())
		require.NoError(t, err)
		assert.Equal(t, a.String(), back.String(), "canonical form must read back")
	}
	for _, bad := range []string{"", "a,b", "1/0", "1,,2", "0:0", "1:-2", "1:1.5", "1:x", ",", "±-1", "1:99999999999", "±0:1000000", "±0:500001", "0:600000,±0:200001"} {
		_, err := ParseAlphabet(bad)
		assert.Error(t, err, "ParseAlphabet(%q) should fail", bad)
	}
}

// TestHistogramMoments checks the statistics against direct sums over the
// expanded list of cases, an independent oracle.
func TestHistogramMoments(t *testing.T) {
	for _, c := range []struct {
		base, step string
		counts     []int64
	}{
		{"-2", "2", []int64{4, 8, 4}},                 // lesson, d_k = 2
		{"-3/2", "1/3", []int64{1, 0, 5, 2, 0, 0, 7}}, // rational lattice with gaps
		{"5", "1", []int64{3}},                        // a constant
		{"-1", "1/2", []int64{0, 1, 1}},
	} {
		h := &Histogram{Base: rat(c.base), Step: rat(c.step)}
		var xs []*big.Rat
		for i, n := range c.counts {
			h.Counts = append(h.Counts, big.NewInt(n))
			for range n {
				xs = append(xs, h.Score(i))
			}
		}
		mean, m2 := new(big.Rat), new(big.Rat)
		for _, x := range xs {
			mean.Add(mean, x)
			m2.Add(m2, new(big.Rat).Mul(x, x))
		}
		_, _, squares := h.Moments()
		assert.Zero(t, squares.Cmp(m2), "sum of squares: got %s, want %s", squares.RatString(), m2.RatString())
		n := new(big.Rat).SetInt64(int64(len(xs)))
		mean.Quo(mean, n)
		m2.Quo(m2, n)
		v := new(big.Rat)
		for _, x := range xs {
			dx := new(big.Rat).Sub(x, mean)
			v.Add(v, dx.Mul(dx, dx))
		}
		v.Quo(v, n)
		assert.Zero(t, h.Mean().Cmp(mean), "mean: got %s, want %s", h.Mean().RatString(), mean.RatString())
		second := new(big.Rat).Add(h.Variance(), new(big.Rat).Mul(h.Mean(), h.Mean()))
		assert.Zero(t, second.Cmp(m2), "E[X²] = Var + E²: got %s, want %s", second.RatString(), m2.RatString())
		assert.Zero(t, h.Variance().Cmp(v), "variance: got %s, want %s", h.Variance().RatString(), v.RatString())
	}
	empty := &Histogram{Base: rat("0"), Step: rat("1")}
	assert.Zero(t, empty.Variance().Sign())
}

func TestFormatRat(t *testing.T) {
	for _, c := range []struct {
		r      string
		places int
		even   string
		up     string
	}{
		{"1/6", 3, "0.167", "0.167"},
		{"1/16", 3, "0.062", "0.063"}, // a tie: even vs away from zero
		{"-1/16", 3, "-0.062", "-0.063"},
		{"5/2", 0, "2", "3"},
		{"7/2", 0, "4", "4"},
		{"1/3", 0, "0", "0"},
		{"-1/1000", 2, "0.00", "0.00"}, // no minus sign on a zero
		{"6", 1, "6.0", "6.0"},
		{"1/7", 20, "0.14285714285714285714", "0.14285714285714285714"},
		{"999/1000", 2, "1.00", "1.00"},
	} {
		assert.Equal(t, c.even, FormatRat(rat(c.r), c.places, RoundHalfEven), "%s to %d places, half-even", c.r, c.places)
		assert.Equal(t, c.up, FormatRat(rat(c.r), c.places, RoundHalfUp), "%s to %d places, half-up", c.r, c.places)
	}
}

func TestValueCanonicalForm(t *testing.T) {
	for _, c := range []struct {
		d    int64
		e    string
		want string
	}{
		{6, "1/2", "sqrt(6)"},
		{8, "1/2", "2*sqrt(2)"},
		{16, "1/4", "2"},
		{4, "1/4", "sqrt(2)"}, // index lowered from 4 to 2
		{2, "1/4", "2^(1/4)"},
		{2, "-1/2", "1/2*sqrt(2)"},
		{72, "1/3", "2*9^(1/3)"},
		{12, "3/2", "24*sqrt(3)"},
		{1, "7/3", "1"},
		{10, "-2", "1/100"},
	} {
		got := PowerOf(c.d, rat(c.e))
		assert.Equal(t, c.want, got.String(), "%d^(%s)", c.d, c.e)
	}
	// Cmp is exact: 2*sqrt(2) = sqrt(8) < 3 < 2^(1/4)*... etc.
	assert.Zero(t, PowerOf(8, rat("1/2")).Cmp(NewSurd(rat("2"), big.NewInt(2), 2)))
	assert.Equal(t, -1, PowerOf(8, rat("1/2")).Cmp(NewRat(rat("3"))))
	assert.Equal(t, 1, PowerOf(9, rat("1/2")).Cmp(PowerOf(26, rat("1/3"))))  // 3 > 26^(1/3)
	assert.Equal(t, -1, PowerOf(9, rat("1/2")).Cmp(PowerOf(28, rat("1/3")))) // 3 < 28^(1/3)
	// Algebra: sqrt(6)·sqrt(6) = 6, 1/sqrt(2) = sqrt(2)/2, sqrt(sqrt(16)) = 2.
	s6 := PowerOf(6, rat("1/2"))
	assert.Equal(t, "6", s6.Mul(s6).String())
	assert.Equal(t, "1/2*sqrt(2)", PowerOf(2, rat("1/2")).Inv().String())
	assert.Equal(t, "2", NewRat(rat("16")).Root(4).String())
	assert.Equal(t, "1/3*sqrt(6)", NewRat(rat("2/3")).Root(2).String())
}

// TestSurdDecimal compares correctly rounded surds with reference digits
// computed independently (Python's decimal module at 60 digits).
func TestSurdDecimal(t *testing.T) {
	sqrt2 := "1.41421356237309504880168872420969807856967187537694807317667973799"
	cases := []struct {
		v      Value
		places int
		want   string
	}{
		{PowerOf(2, rat("1/2")), 3, "1.414"},
		{PowerOf(2, rat("1/2")), 60, "1.414213562373095048801688724209698078569671875376948073176680"}, // next digit 7: up
		{PowerOf(6, rat("1/2")), 3, "2.449"},
		{PowerOf(6, rat("1/2")), 4, "2.4495"},
		{PowerOf(2, rat("1/4")), 10, "1.1892071150"},
		{PowerOf(2, rat("-1/2")), 5, "0.70711"},
		{NewSurd(rat("-3/2"), big.NewInt(3), 2), 6, "-2.598076"},
		{PowerOf(10, rat("1/3")), 12, "2.154434690032"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.v.Decimal(c.places, RoundHalfEven), "%s to %d places", c.v, c.places)
	}
	// Rounding widens correctly across many precisions: each answer must be
	// the prefix of the next, rounded.
	for p := 0; p <= 60; p++ {
		got := PowerOf(2, rat("1/2")).Decimal(p, RoundHalfEven)
		want := rat(sqrt2)
		assert.Equal(t, FormatRat(want, p, RoundHalfEven), got, "sqrt(2) to %d places", p)
	}
}

func TestScales(t *testing.T) {
	for _, c := range []struct {
		in, name string
		places   int
	}{
		{"raw", "raw", 1},
		{"sqrt", "sqrt", 2},
		{"d", "d", 3},
		{"d^1/2", "sqrt", 2},
		{"d^0.25", "d^1/4", 3},
		{"d^2/8", "d^1/4", 3},
		{"d^3/2", "d^3/2", 3},
		{"d^2", "d^2", 3},
		{"d^-1/2", "d^-1/2", 3},
		{"d^0", "raw", 1},
		{"d^1", "d", 3},
	} {
		s, err := ParseScale(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.name, s.Name(), c.in)
		assert.Equal(t, c.places, s.DefaultPlaces(), c.in)
		back, err := ParseScale(s.Name())
		require.NoError(t, err)
		assert.Zero(t, back.P.Cmp(s.P), "%s reads back", s.Name())
	}
	// The zero Scale is raw, and parsing returns a copy, never the shared Raw.
	assert.Equal(t, "raw", Scale{}.Name())
	assert.Equal(t, 1, Scale{}.DefaultPlaces())
	raw, _ := ParseScale("raw")
	raw.P.SetInt64(5)
	assert.Equal(t, "raw", Raw.Name())
	for _, bad := range []string{"", "foo", "d^", "d^x", "d^1/0", "d^1001", "d^1/1001", "sqrt(d)"} {
		_, err := ParseScale(bad)
		assert.Error(t, err, "ParseScale(%q) should fail", bad)
	}
	// Var(X/d^P) for Var(X) = d = 6: raw 6, sqrt 1, d 1/6, d^1/4 sqrt(6).
	v := rat("6")
	for _, c := range []struct{ scale, want string }{{"raw", "6"}, {"sqrt", "1"}, {"d", "1/6"}, {"d^1/4", "sqrt(6)"}, {"d^3/2", "1/36"}} {
		s, _ := ParseScale(c.scale)
		assert.Equal(t, c.want, s.ScaledVariance(v, 6).String(), c.scale)
	}
}

func TestConstructorsAndSum(t *testing.T) {
	assert.Equal(t, "-3", NewInt(-3).String())
	assert.Equal(t, "1/2", NewFrac(2, 4).String())
	assert.Equal(t, "2*sqrt(2)", NewSqrt(8).String())
	assert.Equal(t, "3", NewSqrt(9).String())
	assert.Equal(t, "0", NewSqrt(0).String())
	assert.Panics(t, func() { NewFrac(1, 0) })
	for _, c := range []struct {
		vs   []Value
		want string
	}{
		{nil, "0"},
		{[]Value{NewInt(1), NewFrac(1, 2), NewFrac(-1, 3)}, "7/6"},
		{[]Value{NewSqrt(2), NewSqrt(8), {}}, "3*sqrt(2)"}, // √2 + 2√2, and a zero Value
		{[]Value{NewSqrt(2), NewSqrt(2).MulRat(big.NewRat(-1, 1))}, "0"},
		{[]Value{NewInt(0), PowerOf(2, rat("1/4")), PowerOf(2, rat("1/4"))}, "2*2^(1/4)"},
	} {
		got, ok := Sum(c.vs...)
		require.True(t, ok, "%v", c.vs)
		assert.Equal(t, c.want, got.String(), "%v", c.vs)
	}
	for _, vs := range [][]Value{{NewInt(1), NewSqrt(2)}, {NewSqrt(2), NewSqrt(3)}, {NewSqrt(2), PowerOf(2, rat("1/4"))}} {
		_, ok := Sum(vs...)
		assert.False(t, ok, "%v is not one Value", vs)
		assert.PanicsWithValue(t, "rational.Value.Add: "+vs[0].String()+" + "+vs[1].String()+" is not a rational multiple of one root",
			func() { vs[0].Add(vs[1]) })
		assert.Panics(t, func() { vs[0].Add(vs[1].MulRat(big.NewRat(-1, 1))) })
	}
	for _, c := range []struct {
		v, w     Value
		sum, dif string
	}{
		{NewFrac(1, 2), NewFrac(1, 3), "5/6", "1/6"},
		{NewInt(2), NewInt(-2), "0", "4"},
		{NewSqrt(8), NewSqrt(2), "3*sqrt(2)", "sqrt(2)"},
		{NewSqrt(2), NewSqrt(2), "2*sqrt(2)", "0"},
		{Value{}, NewSqrt(3), "sqrt(3)", "-sqrt(3)"},
		{NewSqrt(3), Value{}, "sqrt(3)", "sqrt(3)"},
	} {
		assert.Equal(t, c.sum, c.v.Add(c.w).String(), "%s + %s", c.v, c.w)
		assert.Equal(t, c.dif, c.v.Add(c.w.MulRat(big.NewRat(-1, 1))).String(), "%s − %s", c.v, c.w)
		assert.Zero(t, c.v.Add(c.w.MulRat(big.NewRat(-1, 1))).Add(c.w).Cmp(c.v), "(v − w) + w = v")
	}
}

// TestLatticeSumsMatchDefinition compares the streamed sums with the
// moments computed from their definition, score by score.
func TestLatticeSumsMatchDefinition(t *testing.T) {
	h := &Histogram{Base: big.NewRat(-7, 3), Step: big.NewRat(5, 2),
		Counts: []*big.Int{big.NewInt(3), big.NewInt(0), big.NewInt(11), big.NewInt(1), big.NewInt(4)}}
	mean, second, total := new(big.Rat), new(big.Rat), new(big.Rat)
	for i, c := range h.Counts {
		x := h.Score(i)
		cr := new(big.Rat).SetInt(c)
		total.Add(total, cr)
		mean.Add(mean, new(big.Rat).Mul(x, cr))
		second.Add(second, new(big.Rat).Mul(new(big.Rat).Mul(x, x), cr))
	}
	if _, _, got := h.Moments(); got.Cmp(second) != 0 {
		t.Errorf("Moments' sum of squares = %s, want %s", got.RatString(), second.RatString())
	}
	mean.Quo(mean, total)
	second.Quo(second, total)
	variance := new(big.Rat).Sub(second, new(big.Rat).Mul(mean, mean))
	if got := h.Mean(); got.Cmp(mean) != 0 {
		t.Errorf("Mean = %s, want %s", got.RatString(), mean.RatString())
	}
	if got := h.Variance(); got.Cmp(variance) != 0 {
		t.Errorf("Variance = %s, want %s", got.RatString(), variance.RatString())
	}
	if got := new(big.Rat).Add(h.Variance(), new(big.Rat).Mul(h.Mean(), h.Mean())); got.Cmp(second) != 0 {
		t.Errorf("Var + E² = %s, want E[X²] = %s", got.RatString(), second.RatString())
	}
	var empty nat.LatticeSums
	if empty.Mean(h.Base, h.Step).Sign() != 0 || empty.Variance(h.Step).Sign() != 0 || empty.SumOfSquares(h.Base, h.Step).Sign() != 0 {
		t.Error("empty sums must give mean and variance 0")
	}
}

func TestVectors(t *testing.T) {
	a, err := NewAlphabet(Letter{Value: big.NewRat(1, 1), Mult: 1}, Letter{Value: big.NewRat(-1, 1), Mult: 2})
	require.NoError(t, err)
	if got := a.Vectors(5); got.Cmp(big.NewInt(243)) != 0 {
		t.Errorf("Vectors(5) = %s, want 243", got)
	}
	if got := a.VectorsLog2(4); got < 6.339 || got > 6.340 {
		t.Errorf("VectorsLog2(4) = %v, want log2(81) ≈ 6.3399", got)
	}
}

func TestCheckPlaces(t *testing.T) {
	quarter, err := ParseScale("d^1/4")
	require.NoError(t, err)
	require.NoError(t, quarter.CheckPlaces(500_000), "index 2 allows 500000 places")
	var pe *PlacesError
	require.ErrorAs(t, quarter.CheckPlaces(500_001), &pe)
	assert.Equal(t, int64(2), pe.index)
	assert.Equal(t, 500_000, pe.maxPlaces)
	require.NoError(t, ByD.CheckPlaces(MaxPlaces), "a rational scale costs no root")
	require.NoError(t, Raw.CheckPlaces(MaxRootWork+1), "a rational scale costs no root, whatever the places")
	odd, err := ParseScale("d^1/999")
	require.NoError(t, err)
	require.NoError(t, odd.CheckPlaces(1001))
	require.ErrorAs(t, odd.CheckPlaces(1002), &pe)
	assert.Equal(t, int64(999), pe.index)
}

func TestNewAlphabetKeepsItsInvariant(t *testing.T) {
	a, err := NewAlphabet(Letter{Value: big.NewRat(1, 2), Mult: 1}, Letter{Value: big.NewRat(-3, 1), Mult: 2}, Letter{Value: big.NewRat(2, 4), Mult: 3})
	require.NoError(t, err)
	assert.Equal(t, "-3:2,1/2:4", a.String(), "ascending, equal values merged")
	assert.Equal(t, 2, a.Distinct())
	// What Letters returns is a copy: editing it leaves the alphabet as it was.
	letters := a.Letters()
	letters[0].Value.SetInt64(7)
	letters[1].Mult = 0
	assert.Equal(t, "-3:2,1/2:4", a.String())
	for _, bad := range [][]Letter{
		{{Value: big.NewRat(1, 1), Mult: 0}},
		{{Value: big.NewRat(1, 1), Mult: MaxMultiplicity + 1}},
		{{Value: big.NewRat(1, 1), Mult: MaxMultiplicity}, {Value: big.NewRat(1, 1), Mult: 1}},
		{{Mult: 1}},
	} {
		_, err := NewAlphabet(bad...)
		assert.Error(t, err, "%v", bad)
	}
	var many []Letter
	for i := range MaxLetters + 1 {
		many = append(many, Letter{Value: big.NewRat(int64(i), 1), Mult: 1})
	}
	_, err = NewAlphabet(many...)
	assert.Error(t, err)
	_, err = NewAlphabet(many[:MaxLetters]...)
	assert.NoError(t, err)
}
