package rational

import (
	"math/big"

	"github.com/sqrtdk/sqrtdk/internal/nat"
)

// A Histogram is the exact distribution of a score that takes values on the
// lattice Base + Step·t for t = 0, 1, …, len(Counts)−1, where Counts[t] is the
// number of cases with that score. Step is positive. Cases are equally
// likely, so the probability of a score is its count over Total.
type Histogram struct {
	// Base and Step place lattice index t at the score Base + Step·t.
	Base, Step *big.Rat
	// Counts holds the number of cases at each lattice index.
	Counts []*big.Int
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

// sums returns the lattice sums of the counts.
func (h *Histogram) sums() *nat.LatticeSums {
	var s nat.LatticeSums
	for t, c := range h.Counts {
		s.Add(t, c)
	}
	return &s
}

// Mean returns E[X] = Σ x·count(x) / Total, or 0 for an empty histogram.
func (h *Histogram) Mean() *big.Rat { return h.sums().Mean(h.Base, h.Step) }

// Variance returns the population variance E[X²] − E[X]² (the average over
// every case, not the n−1 sample form), or 0 for an empty histogram.
func (h *Histogram) Variance() *big.Rat { return h.sums().Variance(h.Step) }

// Moments returns Mean, Variance and Σ x²·count(x), the sum of the squared
// scores over every case (Total·E[X²]), from one pass over the counts.
func (h *Histogram) Moments() (mean, variance, sumOfSquares *big.Rat) {
	s := h.sums()
	return s.Mean(h.Base, h.Step), s.Variance(h.Step), s.SumOfSquares(h.Base, h.Step)
}
