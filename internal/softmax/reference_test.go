package softmax

import (
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// expSeries returns exact rationals lo ≤ exp(x) ≤ hi for 0 ≤ x ≤ 2 from the
// Taylor series with N terms: the tail Σ_{k>N} x^k/k! is at most twice its
// first term once x/(N+2) ≤ 1/2.
func expSeries(x *big.Rat, n int) (lo, hi *big.Rat) {
	sum := big.NewRat(1, 1)
	term := big.NewRat(1, 1)
	for k := 1; k <= n; k++ {
		term.Mul(term, x)
		term.Quo(term, big.NewRat(int64(k), 1))
		sum.Add(sum, term)
	}
	next := new(big.Rat).Mul(term, x)
	next.Quo(next, big.NewRat(int64(n+1), 1))
	return sum, new(big.Rat).Add(sum, next.Add(next, next))
}

// reference60 holds softmax([1,2,3]) to 60 decimals (truncated), as also
// printed by Python's decimal module at 90 digits.
var reference60 = []string{
	"0.090030573170380457998022101484491797867930864911467207119160",
	"0.244728471054797652472959618340762797199300074837972108975134",
	"0.665240955774821889529018280174745404932769060250560683905705",
}

// referenceSoftmax123 returns exact rational enclosures, narrower than
// 10^−80, of softmax([1,2,3]) = (1, e, E)/(1 + e + E) with E = e², using that
// the three expressions are monotone in e and in E separately.
func referenceSoftmax123(t *testing.T) []Interval {
	eLo, eHi := expSeries(big.NewRat(1, 1), 80)
	ELo, EHi := expSeries(big.NewRat(2, 1), 100)
	one := big.NewRat(1, 1)
	den := func(e, E *big.Rat) *big.Rat { return new(big.Rat).Add(one, new(big.Rat).Add(e, E)) }
	quo := func(a, b *big.Rat) *big.Rat { return new(big.Rat).Quo(a, b) }
	ref := []Interval{
		{Lo: quo(one, den(eHi, EHi)), Hi: quo(one, den(eLo, ELo))},
		{Lo: quo(eLo, den(eLo, EHi)), Hi: quo(eHi, den(eHi, ELo))},
		{Lo: quo(ELo, den(eHi, ELo)), Hi: quo(EHi, den(eLo, EHi))},
	}
	tiny := rat(t, "1e-80")
	for _, iv := range ref {
		require.True(t, iv.Width().Cmp(tiny) < 0, "reference too wide")
	}
	return ref
}

// trunc returns the decimal expansion of x truncated (x ≥ 0) to places digits.
func trunc(x *big.Rat, places int) string { return rational.FormatRat(x, places, rational.RoundFloor) }

func TestSoftmax123AgainstSeriesReference(t *testing.T) {
	z := []*big.Rat{big.NewRat(1, 1), big.NewRat(2, 1), big.NewRat(3, 1)}
	ref := referenceSoftmax123(t)
	enc := Enclose(z, z, 240)
	point := approx(z, 240)
	eps := rat(t, "1e-60")
	for i := range z {
		// The 60-digit constants agree with the series.
		require.Equal(t, reference60[i], trunc(ref[i].Lo, 60))
		require.Equal(t, reference60[i], trunc(ref[i].Hi, 60))
		// Both enclosures hold the exact value, so they must meet.
		assert.True(t, enc[i].Lo.Cmp(ref[i].Hi) <= 0 && ref[i].Lo.Cmp(enc[i].Hi) <= 0, "enclosure %d misses the reference", i)
		assert.True(t, enc[i].Width().Cmp(eps) < 0, "enclosure %d is too wide", i)
		// First 50 digits of the bigfloat result and of the enclosure.
		want50 := reference60[i][:52]
		assert.Equal(t, want50, point[i].Text('f', 60)[:52])
		assert.Equal(t, want50, trunc(enc[i].Lo, 50))
		assert.Equal(t, want50, trunc(enc[i].Hi, 50))
		// Correct rounding to 50 places matches rounding the reference.
		got, err := settle(func(prec uint) (Interval, error) {
			return Enclose(z, z, prec)[i], nil
		}, 50, 4096)
		require.NoError(t, err)
		assert.Equal(t, ref[i].Lo.FloatString(50), got)
		assert.Equal(t, ref[i].Hi.FloatString(50), got)
	}
	// The outputs sum to 1: the enclosures of 1 − p1 − p2 and p3 meet.
	rest := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Add(enc[0].Hi, enc[1].Hi))
	assert.True(t, rest.Cmp(enc[2].Hi) <= 0)
	assert.True(t, strings.HasPrefix(reference60[2], "0.6652409557748218895290182801747454049327690602505606"))
}

func TestExpNegBoundsAgainstSeries(t *testing.T) {
	for _, s := range []string{"0", "1/1000000", "1/3", "1", "2", "7/2", "8", "16", "66.5", "1000.25"} {
		a := rat(t, s)
		for _, prec := range []uint{24, 64, 200} {
			lo, hi := expNegBounds(a, prec)
			l, h := toRat(lo), toRat(hi)
			require.True(t, l.Sign() >= 0 && l.Cmp(h) <= 0, "a=%s", s)
			// exp(a)·lo ≤ 1 ≤ exp(a)·hi, with exp(a) from an exact series
			// (checked for small a only, where the series converges fast).
			if a.Cmp(big.NewRat(2, 1)) <= 0 {
				eLo, eHi := expSeries(a, 120)
				assert.True(t, new(big.Rat).Mul(eLo, l).Cmp(big.NewRat(1, 1)) <= 0, "lower bound too high for a=%s prec=%d", s, prec)
				assert.True(t, new(big.Rat).Mul(eHi, h).Cmp(big.NewRat(1, 1)) >= 0, "upper bound too low for a=%s prec=%d", s, prec)
			}
			// Relative width about 2^−prec.
			if l.Sign() > 0 {
				rel := new(big.Rat).Quo(new(big.Rat).Sub(h, l), l)
				limit := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), prec-4))
				assert.True(t, rel.Cmp(limit) <= 0, "a=%s prec=%d too wide", s, prec)
			}
		}
	}
	// Beyond the cutoff the bounds are [0, 2^−2^20].
	lo, hi := expNegBounds(big.NewRat(expCutoff+1, 1), 64)
	assert.Equal(t, 0, lo.Sign())
	assert.Equal(t, -expCutoff+1, hi.MantExp(nil))
}

func TestExpNegBoundsContainBigfloat(t *testing.T) {
	for _, s := range []string{"1/7", "3", "25.4", "41.1", "700", "5000"} {
		a := rat(t, s)
		lo, hi := expNegBounds(a, 160)
		x := new(big.Float).SetPrec(400).SetRat(new(big.Rat).Neg(a))
		e := toRat(expBigfloat(x))
		assert.True(t, toRat(lo).Cmp(e) <= 0 && e.Cmp(toRat(hi)) <= 0, "bigfloat.Exp(-%s) outside enclosure", s)
	}
}

func TestScalerEnclosesInverseSqrt(t *testing.T) {
	dk := big.NewRat(512, 1)
	s := newScaler(dk, 128)
	require.False(t, s.exact)
	one := big.NewRat(1, 1)
	// clo ≤ 1/√512 ≤ chi ⇔ clo²·512 ≤ 1 ≤ chi²·512.
	assert.True(t, new(big.Rat).Mul(new(big.Rat).Mul(s.clo, s.clo), dk).Cmp(one) <= 0)
	assert.True(t, new(big.Rat).Mul(new(big.Rat).Mul(s.chi, s.chi), dk).Cmp(one) >= 0)
	w := new(big.Rat).Sub(s.chi, s.clo)
	assert.True(t, w.Cmp(new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 120))) < 0)

	sq := newScaler(big.NewRat(64, 9), 128)
	assert.Equal(t, 0, sq.clo.Cmp(big.NewRat(3, 8)))
	assert.Equal(t, 0, sq.chi.Cmp(big.NewRat(3, 8)))
	assert.True(t, newScaler(big.NewRat(1, 1), 64).exact)
	assert.True(t, newScaler(nil, 64).exact)
}
