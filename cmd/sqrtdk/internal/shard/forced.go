package shard

import (
	"fmt"
	"math/big"
	"math/bits"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
	"github.com/sqrtdk/sqrtdk/rational"
)

// What the alphabets force on a histogram, checked beyond the checksum so
// that a file edited and resealed, or computed by a faulty build, is
// refused whenever the edit breaks one of these:
//
//   - every slice: the lattice (base, step, number of counts) is the one the
//     alphabets give; counts are nonzero only at scores some pair can
//     have (the support, a d-fold sum of one coordinate's scores); and
//     when k's alphabet is symmetric (k and −k equally likely) the counts
//     are symmetric, since every q meets k and −k alike;
//   - the merged histogram: its total is |Q|^d·|K|^d, every score of the
//     support occurs, its mean is d·E[q]·E[k] and its variance
//     d·(E[q²]·E[k²] − E[q]²·E[k]²), exactly; it is symmetric when either
//     alphabet is.
//
// An edit that keeps all of these (counts moved between three or more
// scores in step) is not detected: nothing short of enumerating again can
// tell it from the truth. The support is computed only when that costs at
// most maxSupportWork word operations, which every run brute force can
// finish stays far below; beyond, it is not checked.

// maxSupportWork bounds the word operations spent on one support.
const maxSupportWork = 1 << 30

// forced is what the alphabets force at one width.
type forced struct {
	prob       enumerate.Problem
	base, step *big.Rat
	size       int
	support    []uint64 // bit t set when some pair has lattice index t; nil when not computed
	kSymmetric bool
	qSymmetric bool
}

// newForced computes what the alphabets force at width d.
func newForced(prob enumerate.Problem) (*forced, error) {
	base, step, size, err := prob.ScoreLattice()
	if err != nil {
		return nil, err
	}
	f := &forced{prob: prob, base: base, step: step, size: size,
		kSymmetric: symmetric(prob.K), qSymmetric: symmetric(prob.Q)}
	f.support, err = f.supportBits()
	return f, err
}

// symmetric reports whether the multiset a equals its negation.
func symmetric(a rational.Alphabet) bool {
	letters := a.Letters()
	n := len(letters)
	for i, l := range letters {
		m := letters[n-1-i]
		if l.Mult != m.Mult || new(big.Rat).Neg(l.Value).Cmp(m.Value) != 0 {
			return false
		}
	}
	return true
}

// coordinate returns the lattice indices one coordinate can add: for
// letters a of Q and b of K, (a·b − base/d)/step, each an integer from 0
// to (size−1)/d, or an error when the lattice does not fit the alphabets.
func (f *forced) coordinate() ([]int, error) {
	d := f.prob.D
	perCoordinate := new(big.Rat).Quo(f.base, new(big.Rat).SetInt64(int64(d)))
	seen := map[int]bool{}
	var out []int
	for _, q := range f.prob.Q.Letters() {
		for _, k := range f.prob.K.Letters() {
			t := new(big.Rat).Mul(q.Value, k.Value)
			t.Sub(t, perCoordinate).Quo(t, f.step)
			if !t.IsInt() || t.Sign() < 0 || t.Num().Cmp(big.NewInt(int64((f.size-1)/d))) > 0 {
				return nil, fmt.Errorf("the score lattice does not fit the alphabets")
			}
			i := int(t.Num().Int64())
			if !seen[i] {
				seen[i] = true
				out = append(out, i)
			}
		}
	}
	return out, nil
}

// supportBits returns the lattice indices some pair can have, the d-fold
// sums of one coordinate's indices, or nil when that would cost more
// than maxSupportWork.
func (f *forced) supportBits() ([]uint64, error) {
	one, err := f.coordinate()
	if err != nil {
		return nil, err
	}
	words := (f.size + 63) / 64
	if float64(f.prob.D)*float64(len(one))*float64(words) > maxSupportWork {
		return nil, nil
	}
	cur := make([]uint64, words)
	cur[0] = 1
	next := make([]uint64, words)
	for range f.prob.D {
		clear(next)
		for _, s := range one {
			orShifted(next, cur, s)
		}
		cur, next = next, cur
	}
	return cur, nil
}

// orShifted sets dst |= src << s on bit vectors of equal length.
func orShifted(dst, src []uint64, s int) {
	w, b := s/64, uint(s%64)
	for i := len(dst) - 1; i >= w; i-- {
		v := src[i-w] << b
		if b > 0 && i-w-1 >= 0 {
			v |= src[i-w-1] >> (64 - b)
		}
		dst[i] |= v
	}
}

// attainable reports whether some pair has lattice index t.
func (f *forced) attainable(t int) bool {
	return f.support == nil || f.support[t/64]>>(uint(t%64))&1 == 1
}

// checkSlice checks one slice's histogram.
func (f *forced) checkSlice(h *rational.Histogram) error {
	if h.Base.Cmp(f.base) != 0 || h.Step.Cmp(f.step) != 0 || len(h.Counts) != f.size {
		return fmt.Errorf("its score lattice (base %.40s, step %.40s, %d counts) is not the one these alphabets give (base %s, step %s, %d counts)",
			h.Base.RatString(), h.Step.RatString(), len(h.Counts), f.base.RatString(), f.step.RatString(), f.size)
	}
	for t, c := range h.Counts {
		if c.Sign() != 0 && !f.attainable(t) {
			return fmt.Errorf("score %s has count %s, but no pair of these alphabets has that score", h.Score(t).RatString(), shortCount(c))
		}
	}
	if f.kSymmetric {
		if err := checkSymmetric(h, "k's alphabet"); err != nil {
			return err
		}
	}
	return nil
}

// checkWhole checks the merged histogram of every slice.
func (f *forced) checkWhole(h *rational.Histogram) error {
	if err := f.checkSlice(h); err != nil {
		return err
	}
	p := f.prob
	if total, want := h.Total(), p.Cases(); total.Cmp(want) != 0 {
		return fmt.Errorf("the merged counts add up to %s, not the %s pairs of d_k = %d", shortCount(total), shortCount(want), p.D)
	}
	for t, c := range h.Counts {
		if c.Sign() == 0 && f.support != nil && f.attainable(t) {
			return fmt.Errorf("score %s has no pair in the merged counts, but some pair of these alphabets has it", h.Score(t).RatString())
		}
	}
	mq, mk := p.Q.Mean(), p.K.Mean()
	d := new(big.Rat).SetInt64(int64(p.D))
	mean := new(big.Rat).Mul(d, new(big.Rat).Mul(mq, mk))
	if got := h.Mean(); got.Cmp(mean) != 0 {
		return fmt.Errorf("the merged mean of q·k is %.60s, but these alphabets give d·E[q]·E[k] = %s", got.RatString(), mean.RatString())
	}
	m1 := new(big.Rat).Mul(mq, mk)
	variance := new(big.Rat).Mul(p.Q.Moment(2), p.K.Moment(2))
	variance.Sub(variance, m1.Mul(m1, m1)).Mul(variance, d)
	if got := h.Variance(); got.Cmp(variance) != 0 {
		return fmt.Errorf("the merged variance of q·k is %.60s, but these alphabets give d·(E[q²]·E[k²] − E[q]²·E[k]²) = %s", got.RatString(), variance.RatString())
	}
	if f.qSymmetric && !f.kSymmetric {
		return checkSymmetric(h, "q's alphabet")
	}
	return nil
}

// checkSymmetric checks that the counts of s and −s agree, which an
// alphabet symmetric about 0 forces.
func checkSymmetric(h *rational.Histogram, which string) error {
	n := len(h.Counts)
	if new(big.Rat).Neg(h.Base).Cmp(h.Score(n-1)) != 0 {
		return fmt.Errorf("its scores run from %s to %s, but %s is symmetric about 0, so they must be too", h.Base.RatString(), h.Score(n-1).RatString(), which)
	}
	for t := range n / 2 {
		if h.Counts[t].Cmp(h.Counts[n-1-t]) != 0 {
			return fmt.Errorf("scores %s and %s have counts %s and %s, but %s is symmetric about 0, so they must be equal",
				h.Score(t).RatString(), h.Score(n-1-t).RatString(), shortCount(h.Counts[t]), shortCount(h.Counts[n-1-t]), which)
		}
	}
	return nil
}

// shortCount writes a count in full when short, else its first digits
// and its length, so that a message stays one readable line.
func shortCount(c *big.Int) string {
	s := c.String()
	if len(s) <= 40 {
		return s
	}
	return fmt.Sprintf("%s… (%s)", s[:20], numwords.Digits(len(s)))
}

// popcount is the number of attainable scores, for tests.
func (f *forced) popcount() int {
	n := 0
	for _, w := range f.support {
		n += bits.OnesCount64(w)
	}
	return n
}
