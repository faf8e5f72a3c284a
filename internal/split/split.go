// Package split says how a brute-force run over the pairs (q, k) of
// vectors of width d splits into slices of q indices: the arithmetic that
// enumerate's Plan.BruteShard and Plan.CheckShard run a slice by, and that
// the sqrtdk command's shard files are checked against, in one place.
//
// Brute force visits every pair of vectors over the alphabets' distinct
// letters once. A q index names a vector over Q's distinct letters: the
// letters' positions among the distinct values are its digits in base
// (number of distinct values), coordinate 0 least significant. Slice i of
// n is a contiguous range [lo, hi) of q indices; the n slices differ in
// length by at most one and cover every index once.
package split

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"

	"github.com/sqrtdk/sqrtdk/rational"
)

// MaxSlices bounds the number of slices a run may be split into.
const MaxSlices = 1 << 20

// QCount returns the number of q vectors brute force indexes, (distinct
// letters of q)^d, and whether it fits in a uint64.
func QCount(q rational.Alphabet, d int) (uint64, bool) {
	if float64(d)*math.Log2(float64(q.Distinct())) > 64 {
		return 0, false
	}
	n := DistinctVectors(q, d)
	return n.Uint64(), n.IsUint64()
}

// Range returns the q index range [lo, hi) of slice i of n at width d:
// the slices are contiguous, in order, differ in length by at most one and
// together cover [0, QCount) exactly once. A slice may be empty when n
// exceeds the number of q vectors.
func Range(q rational.Alphabet, d, i, n int) (lo, hi uint64, err error) {
	if n < 1 || n > MaxSlices {
		return 0, 0, fmt.Errorf("the number of shards must be from 1 to %d, not %d", MaxSlices, n)
	}
	if i < 0 || i >= n {
		return 0, 0, fmt.Errorf("shard index %d is outside 0..%d", i, n-1)
	}
	nq, ok := QCount(q, d)
	if !ok {
		return 0, 0, fmt.Errorf("at d_k = %d there are more than 2^64 q vectors to split", d)
	}
	return Bound(nq, i, n), Bound(nq, i+1, n), nil
}

// Bound returns ⌊nq·i/n⌋ without overflow, for 0 ≤ i ≤ n: where part i
// of nq indices split into n near-equal contiguous parts starts (slices of
// a run, or the workers' shares of one slice).
func Bound(nq uint64, i, n int) uint64 {
	hi, lo := bits.Mul64(nq, uint64(i))
	q, _ := bits.Div64(hi, lo, uint64(n)) // hi < n because i ≤ n
	return q
}

// Visits returns the pairs brute force visits for q indices [lo, hi):
// (hi − lo)·(distinct letters of k)^d. It visits each pair of vectors over
// the distinct letters once and counts it as many times as the product of
// its letters' multiplicities, so Visits is below the number of pairs
// (Pairs) when an alphabet has multiplicities.
func Visits(k rational.Alphabet, d int, lo, hi uint64) *big.Int {
	n := DistinctVectors(k, d)
	return n.Mul(n, new(big.Int).SetUint64(hi-lo))
}

// Pairs returns the number of pairs whose q index lies in [lo, hi),
// multiplicities counted: Σ_q w(q)·|k|^d over those indices, where w(q) is
// the product of the multiplicities of q's letters ((hi − lo)·|k|^d
// without multiplicities).
func Pairs(q, k rational.Alphabet, d int, lo, hi uint64) *big.Int {
	n := k.Vectors(d)
	return n.Mul(n, new(big.Int).Sub(weightBelow(q, d, hi), weightBelow(q, d, lo)))
}

// weightBelow returns Σ w(q) over the q indices below x: digit by digit
// from the top, the indices that agree with x above coordinate i and have
// a smaller letter at i contribute (product of x's multiplicities above
// i)·(multiplicities of the smaller letters)·|q|^i.
func weightBelow(q rational.Alphabet, d int, x uint64) *big.Int {
	m := uint64(q.Distinct())
	digits := make([]int, d)
	for i := range digits {
		digits[i] = int(x % m)
		x /= m
	}
	if x > 0 { // x is past the last index
		return q.Vectors(d)
	}
	sum, prefix, below := new(big.Int), big.NewInt(1), new(big.Int)
	size := big.NewInt(q.Size())
	letters := q.Letters()
	for i := d - 1; i >= 0; i-- {
		var smaller int64
		for _, l := range letters[:digits[i]] {
			smaller += l.Mult
		}
		if smaller > 0 {
			below.Exp(size, big.NewInt(int64(i)), nil)
			below.Mul(below, prefix)
			sum.Add(sum, below.Mul(below, big.NewInt(smaller)))
		}
		prefix.Mul(prefix, big.NewInt(letters[digits[i]].Mult))
	}
	return sum
}

// distinctVectors returns the number of vectors of width d over a's
// distinct letters.
func DistinctVectors(a rational.Alphabet, d int) *big.Int {
	return new(big.Int).Exp(big.NewInt(int64(a.Distinct())), big.NewInt(int64(d)), nil)
}
