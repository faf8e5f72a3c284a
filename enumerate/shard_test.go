package enumerate

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// TestShardRangeCovers checks that the slices of every split are
// contiguous, in order and cover [0, QCount) exactly once.
func TestShardRangeCovers(t *testing.T) {
	for _, c := range []struct {
		q string
		d int
	}{{"-1,1", 1}, {"-1,1", 5}, {"-1,0,1", 4}, {"-1,0:2,1", 3}, {"7", 3}} {
		p := Problem{Q: mustAlphabet(t, c.q), K: mustAlphabet(t, c.q), D: c.d}
		nq, _ := p.QCount()
		for n := 1; n <= 40; n++ {
			next := uint64(0)
			for i := range n {
				lo, hi, err := p.ShardRange(i, n)
				require.NoError(t, err)
				require.Equal(t, next, lo, "q=%s d=%d slice %d/%d starts at %d, previous ended at %d", c.q, c.d, i, n, lo, next)
				require.LessOrEqual(t, lo, hi)
				require.LessOrEqual(t, hi-lo, nq/uint64(n)+1, "slice %d/%d is [%d, %d) of %d", i, n, lo, hi, nq)
				next = hi
			}
			require.Equal(t, nq, next, "q=%s d=%d: %d slices end at %d, not %d", c.q, c.d, n, next, nq)
		}
	}
}

// TestShardRangeNoOverflow checks the bounds near 2^64 q vectors, where
// nq·i overflows a uint64.
func TestShardRangeNoOverflow(t *testing.T) {
	nq := uint64(math.MaxUint64)
	n := 7
	prev := uint64(0)
	for i := 1; i <= n; i++ {
		b := sliceBound(nq, i, n)
		require.Greater(t, b, prev, "bound %d of %d", i, n)
		prev = b
	}
	require.Equal(t, nq, prev)
	require.Equal(t, nq/7*3+nq%7*3/7, sliceBound(nq, 3, 7))
}

func TestShardRangeRefuses(t *testing.T) {
	p := Problem{Q: rational.Signs(), K: rational.Signs(), D: 3}
	for _, c := range []struct{ i, n int }{{0, 0}, {-1, 2}, {2, 2}, {0, MaxShards + 1}} {
		_, _, err := p.ShardRange(c.i, c.n)
		require.Error(t, err, "slice %d/%d", c.i, c.n)
	}
	wide := Problem{Q: rational.Signs(), K: rational.Signs(), D: 64}
	_, _, err := wide.ShardRange(0, 2)
	require.ErrorContains(t, err, "more than 2^64")
}

// TestBruteShardsSumToWhole checks that the slices' histograms add up,
// count by count, to the whole enumeration.
func TestBruteShardsSumToWhole(t *testing.T) {
	for _, c := range sweep[:8] {
		q := mustAlphabet(t, c.q)
		k := q
		if c.k != "" {
			k = mustAlphabet(t, c.k)
		}
		p := Problem{Q: q, K: k, D: 4}
		whole, err := mustPlan(t, p, BruteForce, Options{}).brute(context.Background())
		require.NoError(t, err)
		for _, n := range []int{1, 3, 100} {
			t.Run(fmt.Sprintf("%s/%d", c.q, n), func(t *testing.T) {
				sum := &rational.Histogram{Base: whole.Base, Step: whole.Step}
				for i := range n {
					h, err := mustPlan(t, p, BruteForce, Options{Workers: 2}).BruteShard(context.Background(), i, n)
					require.NoError(t, err)
					lo, hi, _ := p.ShardRange(i, n)
					require.Zero(t, h.Total().Cmp(p.ShardPairs(lo, hi)), "slice %d/%d: total %s, pairs %s", i, n, h.Total(), p.ShardPairs(lo, hi))
					require.Zero(t, h.Base.Cmp(whole.Base))
					require.Zero(t, h.Step.Cmp(whole.Step))
					if sum.Counts == nil {
						sum.Counts = h.Counts
						continue
					}
					for j := range sum.Counts {
						sum.Counts[j].Add(sum.Counts[j], h.Counts[j])
					}
				}
				require.True(t, sum.Equal(whole), "sum of slices %v, whole %v", sum.Counts, whole.Counts)
			})
		}
	}
}

// TestBruteRangeChecksOnlyItsShare checks that a run too long for one
// machine is refused whole but accepted one small slice at a time.
func TestBruteRangeChecksOnlyItsShare(t *testing.T) {
	signs := rational.Signs()
	p := Problem{Q: signs, K: signs, D: 30}
	pl := mustPlan(t, p, BruteForce, Options{})
	var tooLarge *TooLargeError
	require.ErrorAs(t, pl.Check(NeedCounts), &tooLarge)
	_, err := pl.bruteIndices(context.Background(), 0, 1<<30)
	require.ErrorAs(t, err, &tooLarge)
	_, err = pl.brute(context.Background())
	require.ErrorAs(t, err, &tooLarge)
	// One q vector against every k: 2^30 pairs.
	h, err := pl.bruteIndices(context.Background(), 5, 6)
	require.NoError(t, err)
	require.Zero(t, h.Total().Cmp(new(big.Int).Lsh(big.NewInt(1), 30)), "total %s", h.Total())
}
