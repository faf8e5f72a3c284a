package enumerate

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"

	"github.com/sqrtdk/sqrtdk/rational"
)

// MaxShards bounds the number of slices a run may be split into.
const MaxShards = 1 << 20

// ShardRange returns the q index range [lo, hi) of slice i of n: the
// slices are contiguous, in order, differ in length by at most one and
// together cover [0, QCount) exactly once. A slice may be empty when n
// exceeds the number of q vectors.
func (p Problem) ShardRange(i, n int) (lo, hi uint64, err error) {
	if n < 1 || n > MaxShards {
		return 0, 0, fmt.Errorf("the number of shards must be from 1 to %d, not %d", MaxShards, n)
	}
	if i < 0 || i >= n {
		return 0, 0, fmt.Errorf("shard index %d is outside 0..%d", i, n-1)
	}
	nq, ok := p.QCount()
	if !ok {
		return 0, 0, fmt.Errorf("at d_k = %d there are more than 2^64 q vectors to split", p.D)
	}
	return sliceBound(nq, i, n), sliceBound(nq, i+1, n), nil
}

// sliceBound returns ⌊nq·i/n⌋ without overflow, for 0 ≤ i ≤ n.
func sliceBound(nq uint64, i, n int) uint64 {
	hi, lo := bits.Mul64(nq, uint64(i))
	q, _ := bits.Div64(hi, lo, uint64(n)) // hi < n because i ≤ n
	return q
}

// ShardPairs returns the number of pairs whose q index lies in [lo, hi),
// multiplicities counted: Σ_q w(q)·|K|^D over those indices, where w(q) is
// the product of the multiplicities of q's letters ((hi − lo)·|K|^D
// without multiplicities).
func (p Problem) ShardPairs(lo, hi uint64) *big.Int {
	n := p.K.Vectors(p.D)
	return n.Mul(n, new(big.Int).Sub(p.qWeightBelow(hi), p.qWeightBelow(lo)))
}

// qWeightBelow returns Σ w(q) over the q indices below x: digit by digit
// from the top, the indices that agree with x above coordinate i and have
// a smaller letter at i contribute (product of x's multiplicities above
// i)·(multiplicities of the smaller letters)·|Q|^i.
func (p Problem) qWeightBelow(x uint64) *big.Int {
	m := uint64(p.Q.Distinct())
	digits := make([]int, p.D)
	for i := range digits {
		digits[i] = int(x % m)
		x /= m
	}
	if x > 0 { // x is past the last index
		return p.Q.Vectors(p.D)
	}
	sum, prefix, below := new(big.Int), big.NewInt(1), new(big.Int)
	size := big.NewInt(p.Q.Size())
	letters := p.Q.Letters()
	for i := p.D - 1; i >= 0; i-- {
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

// BruteShard enumerates slice i of n (see ShardRange) and returns the
// exact distribution of q·k over its pairs. Only the slice must fit the
// time limit; a refusal says how many slices would.
func (pl *Plan) BruteShard(ctx context.Context, i, n int) (*rational.Histogram, error) {
	lo, hi, err := pl.problem.ShardRange(i, n)
	if err != nil {
		return nil, err
	}
	return pl.bruteRange(ctx, lo, hi, i, n)
}

// CheckShard reports, before any work, whether slice i of n fits the
// time limit: nil, or a *TooLargeError that says how many slices would.
func (pl *Plan) CheckShard(i, n int) error {
	lo, hi, err := pl.problem.ShardRange(i, n)
	if err != nil {
		return err
	}
	return pl.checkBrute(lo, hi, i, n)
}
