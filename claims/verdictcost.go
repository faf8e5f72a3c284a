package claims

import (
	"math"

	"github.com/sqrtdk/sqrtdk/enumerate"
)

// The cost of a verdict's arithmetic on a distribution, beyond computing
// it (which the engine plans): the mean and variance sum every count times
// its score and its square, a sum of squares adds exact fractions, a
// printed distribution turns every score into text; each is linear in the
// lattice's scores times the words of a count (the pairs, |Q|^d·|K|^d, in
// 64-bit words). Fitted on 2026-12-03 to the least CPU time of three runs
// (load 3-5): the variance of ±1 at d_k = 9999 (10⁴ scores, 313 words)
// 9.4 ms, of ±1,±3 at d_k = 9999 (9·10⁴ scores, 625 words) 160 ms, 62 ms
// at 6000: 2.5-3 ns a score-word, the engine's word operation. A sum of
// squares, refitted on one P (costtest.Measure; load 1): beyond its
// distribution, ±1,±3 took 70-80 ms at d_k = 2000, 0.22-0.38 s at 6000
// and 1.2 s at 9999, ±1 9 ms, 38 ms and 63 ms: five times the moments and
// 3.5 µs a score.
const (
	momentsScoreWordSeconds = 2.8e-9
	// The other verdicts, as multiples of the moments' time: a sum of
	// squares adds fractions reduced by gcd; a distribution writes each
	// score as text and looks it up.
	sumOfSquaresFactor = 5
	distributionFactor = 1
	// sumOfSquaresScoreSeconds is a sum of squares' own time per score
	// beside its words (a fraction made and reduced for each), which
	// dominates for ±1, whose counts are short.
	sumOfSquaresScoreSeconds = 3.5e-6
)

// verdictFactor returns how many times the moments' arithmetic a claim of
// kind does on each of its distributions: 0 for kinds that read one
// count or none.
func verdictFactor(kind string) float64 {
	switch kind {
	case "mean", "variance", "std", "ratio", "law", "trend":
		return 1
	case "sum-of-squares":
		return sumOfSquaresFactor
	case "distribution":
		return distributionFactor
	}
	return 0
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
	s := f * float64(scores) * words * momentsScoreWordSeconds
	if kind == "sum-of-squares" {
		s += float64(scores) * sumOfSquaresScoreSeconds
	}
	return s
}

// verdictBytes estimates the memory a claim of kind holds beside its
// distribution while its arithmetic runs: a sum of squares makes a
// fraction for every score, of twice a count's words, and a collection
// finds about a quarter of them live (sumOfSquaresLiveShare); ±1 at
// d_k = 6000 held 10-16 MiB with its 7.7 MiB distribution, ±1,±3 at 9999
// 410 MiB with 341 (CI's and local runs, 2026-12-03).
func verdictBytes(kind string, p enumerate.Problem) float64 {
	if kind != "sum-of-squares" {
		return 0
	}
	_, _, scores, err := p.ScoreLattice()
	if err != nil {
		return 0
	}
	count := math.Ceil((p.Q.VectorsLog2(p.D)+p.K.VectorsLog2(p.D))/64) * 8
	return float64(scores) * 2 * count * sumOfSquaresLiveShare
}

// sumOfSquaresLiveShare is the share of a sum of squares' fractions a
// collection finds live while it runs.
const sumOfSquaresLiveShare = 0.25
