package enumerate

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/internal/split"
	"github.com/sqrtdk/sqrtdk/rational"
)

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
					lo, hi, _ := p.shardRange(i, n)
					require.Zero(t, h.Total().Cmp(split.Pairs(p.Q, p.K, p.D, lo, hi)), "slice %d/%d: total %s, pairs %s", i, n, h.Total(), split.Pairs(p.Q, p.K, p.D, lo, hi))
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
	var tooLarge *LimitError
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
