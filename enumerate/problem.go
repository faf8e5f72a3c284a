package enumerate

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"sync/atomic"

	"github.com/sqrtdk/sqrtdk/internal/split"
	"github.com/sqrtdk/sqrtdk/rational"
)

// MaxD bounds d_k for every method: at 10⁶ the closed form's output alone
// holds millions of digits.
const MaxD = 1_000_000

// maxLattice bounds the number of lattice points a histogram may span.
const maxLattice = 1 << 24

// A Problem is the space of all pairs (q, k) of vectors of width D, with the
// entries of q drawn from Q and those of k from K.
type Problem struct {
	Q, K rational.Alphabet // the alphabets of q's entries and k's
	D    int               // the width d_k of q and k
}

// A lattice is a Problem reduced to integers: the a-th distinct value of Q
// and the b-th of K contribute t[a][b] to a pair's lattice index, and the
// pair's score is base + step·index.
type lattice struct {
	base, step *big.Rat
	t          [][]int
	// tMax is the largest t; a pair's index lies in 0..D·tMax.
	tMax int
}

// A latticeShape is what the closed form's cost depends on beyond the
// width: how many offsets t ≥ 1 carry a weight (the terms of Miller's
// recurrence), whether the weights read the same both ways (a symmetric
// distribution, computed half-way), and whether the two weights of a
// two-point lattice are one power of two above 1 (the binomial walk then
// runs on the binomials alone, shorter than the counts by that power).
type latticeShape struct {
	offsets   int
	symmetric bool
	halved    bool
	// law is one coordinate's law of t: each offset with a weight, and
	// that weight over the total, by offset (so that sums over it are
	// made in one order: the plan is the same on every run).
	law []offsetWeight
}

// An offsetWeight is an offset t and its probability.
type offsetWeight struct {
	t int
	p float64
}

// shape returns the shape of l for the letters' pairs of p, without a
// slice of tMax weights: planning a lattice of a wide span allocates
// nothing of its size.
func (l *lattice) shape(p Problem) latticeShape {
	w := map[int]*big.Int{}
	for a, ql := range p.Q.Letters() {
		for b, kl := range p.K.Letters() {
			t := l.t[a][b]
			if w[t] == nil {
				w[t] = new(big.Int)
			}
			w[t].Add(w[t], new(big.Int).Mul(big.NewInt(ql.Mult), big.NewInt(kl.Mult)))
		}
	}
	sh := latticeShape{symmetric: true}
	for t, wt := range w {
		if t > 0 {
			sh.offsets++
		}
		if m := w[l.tMax-t]; m == nil || m.Cmp(wt) != 0 {
			sh.symmetric = false
		}
	}
	total := new(big.Int)
	for _, wt := range w {
		total.Add(total, wt)
	}
	for t, wt := range w {
		f, _ := new(big.Rat).SetFrac(wt, total).Float64()
		sh.law = append(sh.law, offsetWeight{t: t, p: f})
	}
	sort.Slice(sh.law, func(i, j int) bool { return sh.law[i].t < sh.law[j].t })
	if w0 := w[0]; l.tMax == 1 && sh.symmetric && w0.BitLen() < 32 && w0.Uint64() > 1 && w0.Uint64()&(w0.Uint64()-1) == 0 {
		sh.halved = true
	}
	return sh
}

// size returns the number of lattice points a histogram spans, D·tMax+1.
func (l *lattice) size(d int) int { return d*l.tMax + 1 }

// Cases returns the number of pairs, |Q|^D·|K|^D, counted with multiplicity.
func (p Problem) Cases() *big.Int {
	n := p.Q.Vectors(p.D)
	return n.Mul(n, p.K.Vectors(p.D))
}

// qCount returns the number of q vectors brute force indexes and whether
// it fits in a uint64 (see split.QCount).
func (p Problem) qCount() (uint64, bool) { return split.QCount(p.Q, p.D) }

// visits returns the pairs brute force visits for q indices [lo, hi) (see
// split.Visits).
func (p Problem) visits(lo, hi uint64) *big.Int { return split.Visits(p.K, p.D, lo, hi) }

// distinctLog2 returns log2 of split.DistinctVectors(a, d).
func distinctLog2(a rational.Alphabet, d int) float64 {
	return float64(d) * math.Log2(float64(a.Distinct()))
}

// latticeBuilds counts lattice constructions, so that a test can check
// that one plan builds its lattice once.
var latticeBuilds atomic.Int64

// newLattice validates p and reduces it to integers.
func (p Problem) newLattice() (*lattice, error) {
	if p.D < 1 || p.D > MaxD {
		return nil, fmt.Errorf("d_k must be from 1 to %d, not %d", MaxD, p.D)
	}
	if p.Q.Distinct() == 0 || p.K.Distinct() == 0 {
		return nil, fmt.Errorf("an alphabet is empty")
	}
	latticeBuilds.Add(1)
	qs, qDen := scaled(p.Q)
	ks, kDen := scaled(p.K)
	prods := make([][]*big.Int, len(qs))
	var lo *big.Int
	for a := range qs {
		prods[a] = make([]*big.Int, len(ks))
		for b := range ks {
			prods[a][b] = new(big.Int).Mul(qs[a], ks[b])
			if lo == nil || prods[a][b].Cmp(lo) < 0 {
				lo = prods[a][b]
			}
		}
	}
	g := new(big.Int)
	for a := range prods {
		for b := range prods[a] {
			g.GCD(nil, nil, g, new(big.Int).Sub(prods[a][b], lo))
		}
	}
	if g.Sign() == 0 {
		g.SetInt64(1)
	}
	l := &lattice{t: make([][]int, len(qs))}
	limit := big.NewInt(maxLattice)
	for a := range prods {
		l.t[a] = make([]int, len(ks))
		for b := range prods[a] {
			t := new(big.Int).Sub(prods[a][b], lo)
			t.Quo(t, g)
			if t.Cmp(limit) > 0 {
				return nil, fmt.Errorf("the scores of these alphabets are too far apart for a dense histogram (%s lattice steps per coordinate; at most %d)", t, maxLattice)
			}
			l.t[a][b] = int(t.Int64())
			l.tMax = max(l.tMax, l.t[a][b])
		}
	}
	if int64(l.tMax)*int64(p.D)+1 > maxLattice {
		return nil, fmt.Errorf("at d_k = %d the scores span %d lattice points; at most %d fit in a histogram", p.D, int64(l.tMax)*int64(p.D)+1, maxLattice)
	}
	den := new(big.Int).Mul(qDen, kDen)
	l.step = new(big.Rat).SetFrac(g, den)
	l.base = new(big.Rat).SetFrac(new(big.Int).Mul(lo, big.NewInt(int64(p.D))), den)
	return l, nil
}

// scaled returns the distinct values of a times their common denominator.
func scaled(a rational.Alphabet) ([]*big.Int, *big.Int) {
	den := big.NewInt(1)
	for _, l := range a.Letters() {
		d := l.Value.Denom()
		g := new(big.Int).GCD(nil, nil, den, d)
		den.Mul(den, new(big.Int).Quo(d, g))
	}
	out := make([]*big.Int, a.Distinct())
	for i, l := range a.Letters() {
		v := new(big.Int).Mul(l.Value.Num(), den)
		out[i] = v.Quo(v, l.Value.Denom())
	}
	return out, den
}
