package enumerate

import "math"

// countFill estimates the mean length of a distribution's counts as a
// fraction of the longest, top bits (the count of every pair). The count
// at lattice index u = x·D is about 2^top·e^(−D·I(x)), I the rate function
// of one coordinate's law of t (Cramér: I(x) = sup_θ θx − log M(θ), M the
// law's moment generating function), so its bits are top − D·I(x)·log2(e);
// their mean is taken at fillSamples points across 0..T (θ to 2^-53 of its range of 100 after 60 halvings). A narrow law
// over a wide lattice ({±3}: 0.8 at d_k = 9999) holds much less than its
// longest count everywhere; a skewed one ({-2:1, 0:6, 2:1}) nearly full.
func countFill(sh latticeShape, tMax, d int, top float64) float64 {
	if top <= 0 || tMax <= 0 || len(sh.law) < 2 {
		return 1
	}
	var sum float64
	for i := range fillSamples {
		x := (float64(i) + 0.5) / fillSamples * float64(tMax)
		bits := top - float64(d)*rate(sh.law, x)*math.Log2E
		sum += math.Max(bits, 0)
	}
	return math.Min(1, sum/fillSamples/top)
}

// fillSamples is how many points of 0..T countFill averages over.
const fillSamples = 32

// rate returns Cramér's rate I(x) = θx − log M(θ) of the law p at x, with
// θ found by bisection so that the law tilted by e^(θt) has mean x; the
// sums are taken relative to their largest term, so no exponential
// overflows.
func rate(law []offsetWeight, x float64) float64 {
	lo, hi := -50.0, 50.0
	var logM float64
	var theta float64
	for range 60 {
		theta = (lo + hi) / 2
		var m float64 = math.Inf(-1)
		for _, o := range law {
			m = math.Max(m, theta*float64(o.t))
		}
		var z, zt float64
		for _, o := range law {
			e := o.p * math.Exp(theta*float64(o.t)-m)
			z += e
			zt += e * float64(o.t)
		}
		logM = m + math.Log(z)
		if zt/z < x {
			lo = theta
		} else {
			hi = theta
		}
	}
	return math.Max(theta*x-logM, 0)
}
