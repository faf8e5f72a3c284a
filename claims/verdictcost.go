package claims

import (
	"math"

	"github.com/sqrtdk/sqrtdk/enumerate"
)

// The cost of a verdict's arithmetic on a distribution, beyond computing
// it (which the engine plans): the mean, variance and sum of squares come
// from one pass of lattice sums over the counts (rational's Moments), a
// printed distribution turns every score into text; each is linear in the
// lattice's scores times the words of a count (the pairs, |Q|^d·|K|^d, in
// 64-bit words). Fitted on 2026-12-03 to the least CPU time of three runs
// (load 3-5): the variance of ±1 at d_k = 9999 (10⁴ scores, 313 words)
// 9.4 ms, of ±1,±3 at d_k = 9999 (9·10⁴ scores, 625 words) 160 ms, 62 ms
// at 6000: 2.5-3 ns a score-word, the engine's word operation.
const momentsScoreWordSeconds = 2.8e-9

// verdictFactor returns how many times the moments' arithmetic a claim of
// kind does on each of its distributions: 0 for kinds that read one
// count or none.
func verdictFactor(kind string) float64 {
	switch {
	case sharesMoments(kind):
		return 1
	case kind == "distribution":
		return distributionFactor
	}
	return 0
}

// distributionFactor is a printed distribution's arithmetic, each score
// written as text and looked up, as a multiple of the moments'.
const distributionFactor = 1

// sharesMoments reports whether a claim of kind reads only the moments of
// its distributions, computed once while the cache keeps them.
func sharesMoments(kind string) bool {
	switch kind {
	case "mean", "variance", "std", "ratio", "law", "trend", "sum-of-squares":
		return true
	}
	return false
}

// verdictCost estimates the arithmetic a claim of kind does on the
// distribution of p, once that is computed.
func verdictCost(kind string, p enumerate.Problem) float64 {
	f := verdictFactor(kind)
	if f == 0 {
		return 0
	}
	_, _, scores, err := p.ScoreLattice()
	if err != nil {
		return 0
	}
	words := math.Max(math.Ceil((p.Q.VectorsLog2(p.D)+p.K.VectorsLog2(p.D))/64), 1)
	return f * float64(scores) * words * momentsScoreWordSeconds
}
