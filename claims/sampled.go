package claims

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/internal/softmax"
	"github.com/sqrtdk/sqrtdk/rational"
)

// sampleTolerance is how many standard errors a sampled figure may be from
// its exact expectation.
const sampleTolerance = 4

// A sampled figure comes from random q and k whose entries are independent
// with mean 0, E[x²] = m2 and E[x⁴] = m4 (Gaussian: 1 and 3). One term
// T = q_i·k_i then has E[T²] = m2² and E[T⁴] = m4², and the score
// X = T_1 + … + T_d has
//
//	σ² = Var(X) = d·m2²,    μ4 = E[X⁴] = d·m4² + 3·d·(d−1)·m2⁴
//
// (expanding (ΣT_i)⁴, only the terms T_i⁴ and T_i²·T_j² have nonzero mean).
// For the Gaussian case μ4 = 3d² + 6d.
//
// numpy's var() of n independent scores is S² = (1/n)·Σ(X_j − X̄)², whose
// exact mean and variance are
//
//	E[S²]   = (n−1)/n · σ²
//	Var(S²) = (n−1)²/n³ · (μ4 − (n−3)/(n−1) · σ⁴)
//
// (the classical variance of the unbiased sample variance,
// (μ4 − (n−3)/(n−1)·σ⁴)/n, times ((n−1)/n)²). For the lesson's n = 20,000
// Gaussian draws at d_k = 1024 that is a standard error of about 10.3.
type sampleLaw struct {
	m2, m4 *big.Rat
}

func sampleLawSetting(c *Claim) (sampleLaw, error) {
	law := sampleLaw{m2: big.NewRat(1, 1), m4: big.NewRat(3, 1)}
	s, ok := c.Settings["moments"]
	if !ok {
		return law, nil
	}
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return law, fmt.Errorf("moments=%s: write E[x²],E[x⁴] of one entry, e.g. moments=1,3", s)
	}
	var err error
	if law.m2, err = rational.ParseRat(parts[0]); err != nil {
		return law, fmt.Errorf("moments=%s: %v", s, err)
	}
	if law.m4, err = rational.ParseRat(parts[1]); err != nil {
		return law, fmt.Errorf("moments=%s: %v", s, err)
	}
	if law.m2.Sign() <= 0 || new(big.Rat).Mul(law.m2, law.m2).Cmp(law.m4) > 0 {
		return law, fmt.Errorf("moments=%s: need E[x²] > 0 and E[x⁴] ≥ E[x²]²", s)
	}
	return law, nil
}

// scoreMoments returns σ² and μ4 of q·k at width d.
func (l sampleLaw) scoreMoments(d int64) (sigma2, mu4 *big.Rat) {
	bd := new(big.Rat).SetInt64(d)
	m22 := new(big.Rat).Mul(l.m2, l.m2)
	sigma2 = new(big.Rat).Mul(bd, m22)
	mu4 = new(big.Rat).Mul(bd, new(big.Rat).Mul(l.m4, l.m4))
	cross := new(big.Rat).Mul(bd, new(big.Rat).Sub(bd, big.NewRat(1, 1)))
	cross.Mul(cross, big.NewRat(3, 1))
	mu4.Add(mu4, cross.Mul(cross, new(big.Rat).Mul(m22, m22)))
	return sigma2, mu4
}

// sampleVarianceMoments returns E[S²] and Var(S²) for n scores.
func sampleVarianceMoments(sigma2, mu4 *big.Rat, n int64) (mean, variance *big.Rat) {
	bn := new(big.Rat).SetInt64(n)
	n1 := new(big.Rat).SetInt64(n - 1)
	mean = new(big.Rat).Mul(sigma2, new(big.Rat).Quo(n1, bn))
	s4 := new(big.Rat).Mul(sigma2, sigma2)
	s4.Mul(s4, new(big.Rat).Quo(new(big.Rat).SetInt64(n-3), n1))
	variance = new(big.Rat).Sub(mu4, s4)
	f := new(big.Rat).Mul(n1, n1)
	f.Quo(f, new(big.Rat).Mul(bn, new(big.Rat).Mul(bn, bn)))
	return mean, variance.Mul(variance, f)
}

// squaredScale returns the divisor² that a scale applies to a variance; it
// must be rational so that the comparison stays exact.
func squaredScale(c *Claim, d int) (*big.Rat, error) {
	dv, err := parseDivisor(c, "")
	if err != nil {
		return nil, err
	}
	div := dv.at(d)
	sq, ok := div.Mul(div).Rat()
	if !ok {
		return nil, fmt.Errorf("scale=%s: a sampled figure supports scales whose square is rational (raw, sqrt, d, d^P with 2P whole)", c.Settings["scale"])
	}
	return sq, nil
}

// consistency decides whether the figure is within sampleTolerance
// standard errors of mean: the distance from mean to the figure (to its
// rounding cell when it is a decimal; 0 when the mean rounds to it)
// against √variance. An exact figure (integer, fraction, expression) is
// the one number it names.
func consistency(fig printed, mean, variance *big.Rat) (Verdict, error) {
	if fig.isDecimal() {
		lo, hi := fig.cell()
		return cellConsistency(lo, hi, mean, variance), nil
	}
	v, err := fig.exactValue()
	if err != nil {
		return Verdict{}, err
	}
	if r, ok := v.Rat(); ok {
		return cellConsistency(r, r, mean, variance), nil
	}
	return surdConsistency(v, mean, variance)
}

// sampleLimit returns sampleTolerance² · variance, the largest squared
// distance a figure may have from its expectation.
func sampleLimit(variance *big.Rat) *big.Rat {
	return new(big.Rat).Mul(variance, big.NewRat(sampleTolerance*sampleTolerance, 1))
}

// sampleVerdict words the verdict with the expectation, its standard error
// and the distance z in standard errors.
func sampleVerdict(holds bool, mean, variance *big.Rat, z string) Verdict {
	se := rational.NewRat(variance).Root(2)
	return Verdict{Holds: holds, Exact: fmt.Sprintf("expected %s ≈ %s, SE %s, %s SE away (limit %d)",
		mean.RatString(), rational.FormatRat(mean, 4, rational.RoundHalfEven), se.Decimal(4, rational.RoundHalfEven), z, sampleTolerance)}
}

// cellConsistency judges a figure known to lie in the rational cell [lo, hi].
// The variance is positive: sampleLawSetting makes E[x²] > 0, so a draw's
// d·E[x²]² is, and with n ≥ 4 Var(S²) = (n−1)²/n³·(μ4 − (n−3)/(n−1)·σ⁴)
// exceeds (n−1)²/n³·(μ4 − σ⁴) ≥ 0, as E[x⁴] ≥ E[x²]² makes
// μ4 ≥ (3d² − 2d)·E[x²]⁴ ≥ σ⁴.
func cellConsistency(lo, hi, mean, variance *big.Rat) Verdict {
	dist := distance(mean, lo, hi)
	holds := new(big.Rat).Mul(dist, dist).Cmp(sampleLimit(variance)) <= 0
	se := rational.NewRat(variance).Root(2)
	z := rational.NewRat(dist).Mul(se.Inv()).Decimal(2, rational.RoundHalfEven)
	return sampleVerdict(holds, mean, variance, z)
}

// distance returns the distance from x to the interval [lo, hi], 0 inside.
func distance(x, lo, hi *big.Rat) *big.Rat {
	switch {
	case x.Cmp(lo) < 0:
		return new(big.Rat).Sub(lo, x)
	case x.Cmp(hi) > 0:
		return new(big.Rat).Sub(x, hi)
	}
	return new(big.Rat)
}

// surdConsistency judges an irrational figure v exactly: |v − mean| ≤
// sampleTolerance·√variance. With mean 0 that compares two Values. Else v
// is enclosed by decimals of more and more places until the enclosure lies
// wholly inside or outside the limit; that ends, because v, a single root
// with a rational coefficient, can equal mean ± a root only when mean is 0
// (radicals of distinct classes are linearly independent over the
// rationals, Besicovitch). The variance is positive (see cellConsistency).
func surdConsistency(v rational.Value, mean, variance *big.Rat) (Verdict, error) {
	limit := sampleLimit(variance)
	if mean.Sign() == 0 {
		abs := v.MulRat(big.NewRat(int64(v.Sign()), 1)) // |v| = sign(v)·v
		holds := abs.Cmp(rational.NewRat(limit).Root(2)) <= 0
		z := abs.Mul(rational.NewRat(variance).Root(2).Inv()).Decimal(2, rational.RoundHalfEven)
		return sampleVerdict(holds, mean, variance, z), nil
	}
	for places := 8; places <= rational.MaxPlaces; places *= 2 {
		lo, hi := surdBounds(v, places)
		near, far := distance(mean, lo, hi), new(big.Rat).Abs(new(big.Rat).Sub(mean, lo))
		if d := new(big.Rat).Abs(new(big.Rat).Sub(mean, hi)); d.Cmp(far) > 0 {
			far = d
		}
		inside := new(big.Rat).Mul(far, far).Cmp(limit) <= 0
		outside := new(big.Rat).Mul(near, near).Cmp(limit) > 0
		if !inside && !outside {
			continue
		}
		return sampleVerdict(inside, mean, variance, surdZ(v, mean, variance)), nil
	}
	return Verdict{}, fmt.Errorf("cannot tell whether %s is within %d standard errors of %s", v, sampleTolerance, mean.RatString())
}

// surdBounds returns v rounded down and up to places decimals, lo < v < hi.
func surdBounds(v rational.Value, places int) (lo, hi *big.Rat) {
	lo, _ = rational.ParseDecimal(v.Decimal(places, rational.RoundFloor))
	hi, _ = rational.ParseDecimal(v.Decimal(places, rational.RoundCeiling))
	return lo, hi
}

// surdZ returns |v − mean|/√variance correctly rounded to 2 places, or an
// enclosure of it when it is too close to a rounding boundary to settle.
func surdZ(v rational.Value, mean, variance *big.Rat) string {
	se := rational.NewRat(variance).Root(2)
	var zlo, zhi *big.Rat
	z, err := softmax.EnclosedDecimal(func(prec uint) (lo, hi *big.Rat, err error) {
		places := min(int(prec)/3, rational.MaxPlaces)
		vlo, vhi := surdBounds(v, places)
		_, shi := surdBounds(se, places)
		if r, ok := se.Rat(); ok {
			shi = r
		}
		slo := new(big.Rat).Quo(variance, shi) // se = variance/se ≥ variance/shi > 0
		dlo := distance(mean, vlo, vhi)
		dhi := new(big.Rat).Abs(new(big.Rat).Sub(mean, vlo))
		if d := new(big.Rat).Abs(new(big.Rat).Sub(mean, vhi)); d.Cmp(dhi) > 0 {
			dhi = d
		}
		zlo, zhi = dlo.Quo(dlo, shi), dhi.Quo(dhi, slo)
		return zlo, zhi, nil
	}, 2, rational.RoundHalfEven, 4*rational.MaxPlaces)
	if err != nil {
		return "[" + rational.FormatRat(zlo, 2, rational.RoundFloor) + ", " + rational.FormatRat(zhi, 2, rational.RoundCeiling) + "]"
	}
	return z
}

func positiveInt(c *Claim, key string, min, limit int64) (int64, error) {
	n, err := strconv.ParseInt(c.Settings[key], 10, 64)
	if err != nil || n < min || n > limit {
		return 0, fmt.Errorf("%s=%s: write an integer from %d to %d", key, c.Settings[key], min, limit)
	}
	return n, nil
}

// sampledScore is what every claim about random scores at one width reads
// besides its own settings: the law of one entry and the squared divisor of
// the score.
type sampledScore struct {
	law sampleLaw
	sq  *big.Rat
}

func sampledScoreSettings(c *Claim, d int) (sampledScore, error) {
	var s sampledScore
	var err error
	if s.law, err = sampleLawSetting(c); err != nil {
		return s, err
	}
	s.sq, err = squaredScale(c, d)
	return s, err
}

// buildSampleVariance checks a sample variance of n random scores.
func buildSampleVariance(c *Claim) (*prepared, error) {
	d, err := oneWidth(c.Settings["d"], maxSampleWidth)
	if err != nil {
		return nil, err
	}
	n, err := positiveInt(c, "samples", 4, maxSamples)
	if err != nil {
		return nil, err
	}
	in, err := sampledScoreSettings(c, d)
	if err != nil {
		return nil, err
	}
	read := func(a *Answer) (checker, error) {
		fig, err := oneFigure(a)
		if err != nil {
			return nil, err
		}
		return func(*checking) (Verdict, error) {
			sigma2, mu4 := in.law.scoreMoments(int64(d))
			mean, variance := sampleVarianceMoments(sigma2, mu4, n)
			mean.Quo(mean, in.sq)
			variance.Quo(variance, new(big.Rat).Mul(in.sq, in.sq))
			if negative(fig) {
				// A sample variance is a mean of squares: no draw gives a
				// negative one, however unlikely.
				v := sampleVerdict(false, mean, variance, "∞")
				v.Exact = "a variance is never negative; " + v.Exact
				return v, nil
			}
			return consistency(fig, mean, variance)
		}, nil
	}
	return &prepared{read: read}, nil
}

// negative reports whether every number the figure can stand for is below
// zero: an exact figure below 0, or a decimal whose rounding cell lies
// wholly below 0.
func negative(p printed) bool {
	if p.isDecimal() {
		_, hi := p.cell()
		return hi.Sign() < 0
	}
	v, err := p.exactValue()
	return err == nil && v.Sign() < 0
}

// buildDraw checks one random score: mean 0, variance d·m2².
func buildDraw(c *Claim) (*prepared, error) {
	d, err := oneWidth(c.Settings["d"], maxSampleWidth)
	if err != nil {
		return nil, err
	}
	in, err := sampledScoreSettings(c, d)
	if err != nil {
		return nil, err
	}
	read := func(a *Answer) (checker, error) {
		fig, err := oneFigure(a)
		if err != nil {
			return nil, err
		}
		return func(*checking) (Verdict, error) {
			sigma2, _ := in.law.scoreMoments(int64(d))
			return consistency(fig, new(big.Rat), sigma2.Quo(sigma2, in.sq))
		}, nil
	}
	return &prepared{read: read}, nil
}
