package claims

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// SampleTolerance is how many standard errors a sampled figure may be from
// its exact expectation.
const SampleTolerance = 4

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
	cross := new(big.Rat).Mul(bd, new(big.Rat).SetInt64(3*(d-1)))
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

// consistency decides whether the figure is within SampleTolerance
// standard errors of mean: the distance from mean to the figure's rounding
// cell (0 when the mean rounds to the figure) against √variance.
func consistency(fig printed, mean, variance *big.Rat) Verdict {
	lo, hi := new(big.Rat).Set(fig.value), new(big.Rat).Set(fig.value)
	if fig.isDecimal() {
		lo, hi = fig.cell()
	} else {
		v, _ := fig.exact.eval(0)
		r, ok := v.Rat()
		if !ok {
			return Verdict{Exact: "a sampled figure must be a number"}
		}
		lo, hi = r, r
	}
	dist := new(big.Rat)
	switch {
	case mean.Cmp(lo) < 0:
		dist.Sub(lo, mean)
	case mean.Cmp(hi) > 0:
		dist.Sub(mean, hi)
	}
	limit := new(big.Rat).Mul(variance, big.NewRat(SampleTolerance*SampleTolerance, 1))
	holds := new(big.Rat).Mul(dist, dist).Cmp(limit) <= 0
	se := rational.NewRat(variance).Root(2)
	z := "0"
	if variance.Sign() > 0 {
		z = rational.NewRat(dist).Mul(se.Inv()).Decimal(2, rational.RoundHalfEven)
	} else if dist.Sign() > 0 {
		z = "∞"
	}
	return Verdict{Holds: holds, Exact: fmt.Sprintf("expected %s ≈ %s, SE %s, %s SE away (limit %d)",
		mean.RatString(), rational.FormatRat(mean, 4, rational.RoundHalfEven), se.Decimal(4, rational.RoundHalfEven), z, SampleTolerance)}
}

func positiveInt(c *Claim, key string, min, limit int64) (int64, error) {
	n, err := strconv.ParseInt(c.Settings[key], 10, 64)
	if err != nil || n < min || n > limit {
		return 0, fmt.Errorf("%s=%s: write an integer from %d to %d", key, c.Settings[key], min, limit)
	}
	return n, nil
}

// sampledScore is what every claim about random scores at one width reads
// besides its own settings: the law of one entry, the squared divisor of the
// score and the printed figure.
type sampledScore struct {
	law sampleLaw
	sq  *big.Rat
	fig printed
}

func sampledScoreSettings(c *Claim, d int) (sampledScore, error) {
	var s sampledScore
	var err error
	if s.law, err = sampleLawSetting(c); err != nil {
		return s, err
	}
	if s.sq, err = squaredScale(c, d); err != nil {
		return s, err
	}
	s.fig, err = onePrinted(c)
	return s, err
}

// buildSampleVariance checks a sample variance of n random scores.
func buildSampleVariance(c *Claim) (checker, error) {
	d, err := oneWidth(c.Settings["d"], MaxSampleWidth)
	if err != nil {
		return nil, err
	}
	n, err := positiveInt(c, "samples", 4, MaxSamples)
	if err != nil {
		return nil, err
	}
	in, err := sampledScoreSettings(c, d)
	if err != nil {
		return nil, err
	}
	return func(*Checker) (Verdict, error) {
		sigma2, mu4 := in.law.scoreMoments(int64(d))
		mean, variance := sampleVarianceMoments(sigma2, mu4, n)
		mean.Quo(mean, in.sq)
		variance.Quo(variance, new(big.Rat).Mul(in.sq, in.sq))
		return consistency(in.fig, mean, variance), nil
	}, nil
}

// buildDraw checks one random score: mean 0, variance d·m2².
func buildDraw(c *Claim) (checker, error) {
	d, err := oneWidth(c.Settings["d"], MaxSampleWidth)
	if err != nil {
		return nil, err
	}
	in, err := sampledScoreSettings(c, d)
	if err != nil {
		return nil, err
	}
	return func(*Checker) (Verdict, error) {
		sigma2, _ := in.law.scoreMoments(int64(d))
		return consistency(in.fig, new(big.Rat), sigma2.Quo(sigma2, in.sq)), nil
	}, nil
}
