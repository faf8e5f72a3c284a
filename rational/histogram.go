package rational

import "math/big"

// A Histogram is the exact distribution of a score that takes values on the
// lattice Base + Step·t for t = 0, 1, …, len(Counts)−1, where Counts[t] is the
// number of cases with that score. Step is positive. Cases are equally
// likely, so the probability of a score is its count over Total.
type Histogram struct {
	Base, Step *big.Rat
	Counts     []*big.Int
}

// Total returns the number of cases, the sum of all counts.
func (h *Histogram) Total() *big.Int {
	n := new(big.Int)
	for _, c := range h.Counts {
		n.Add(n, c)
	}
	return n
}

// Score returns the exact score Base + Step·t of lattice index t.
func (h *Histogram) Score(t int) *big.Rat {
	s := new(big.Rat).SetInt64(int64(t))
	s.Mul(s, h.Step)
	return s.Add(s, h.Base)
}

// Equal reports whether h and g describe the same scores with the same counts.
func (h *Histogram) Equal(g *Histogram) bool {
	if h.Base.Cmp(g.Base) != 0 || h.Step.Cmp(g.Step) != 0 || len(h.Counts) != len(g.Counts) {
		return false
	}
	for i := range h.Counts {
		if h.Counts[i].Cmp(g.Counts[i]) != 0 {
			return false
		}
	}
	return true
}

// latticeSums returns N = Σ c_t, S1 = Σ t·c_t and S2 = Σ t²·c_t.
func (h *Histogram) latticeSums() (n, s1, s2 *big.Int) {
	n, s1, s2 = new(big.Int), new(big.Int), new(big.Int)
	tc := new(big.Int)
	for t, c := range h.Counts {
		if c.Sign() == 0 {
			continue
		}
		n.Add(n, c)
		tc.Mul(c, big.NewInt(int64(t)))
		s1.Add(s1, tc)
		s2.Add(s2, tc.Mul(tc, big.NewInt(int64(t))))
	}
	return n, s1, s2
}

// Mean returns E[X] = Σ x·count(x) / Total, or 0 for an empty histogram.
func (h *Histogram) Mean() *big.Rat {
	n, s1, _ := h.latticeSums()
	if n.Sign() == 0 {
		return new(big.Rat)
	}
	m := new(big.Rat).SetFrac(s1, n)
	m.Mul(m, h.Step)
	return m.Add(m, h.Base)
}

// SecondMoment returns E[X²] = Σ x²·count(x) / Total, or 0 for an empty histogram.
func (h *Histogram) SecondMoment() *big.Rat {
	m := h.Mean()
	return m.Add(h.Variance(), m.Mul(m, m))
}

// Variance returns the population variance E[X²] − E[X]² (the average over
// every case, not the n−1 sample form), or 0 for an empty histogram.
func (h *Histogram) Variance() *big.Rat {
	n, s1, s2 := h.latticeSums()
	if n.Sign() == 0 {
		return new(big.Rat)
	}
	// Var(Base + Step·t) = Step²·(N·S2 − S1²)/N².
	num := new(big.Int).Mul(n, s2)
	num.Sub(num, new(big.Int).Mul(s1, s1))
	v := new(big.Rat).SetFrac(num, new(big.Int).Mul(n, n))
	v.Mul(v, h.Step)
	return v.Mul(v, h.Step)
}
