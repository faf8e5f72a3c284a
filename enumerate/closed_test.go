package enumerate

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// TestClosedPathsAgree checks the binomial shortcut against the general
// Miller recurrence, and the streamed moments against the full histogram's.
func TestClosedPathsAgree(t *testing.T) {
	for _, c := range []struct{ q, k string }{
		{"-1,1", ""}, {"±3", "±1/2"}, {"1,2", ""}, {"0,1", "-1,3"}, {"1:2", "-1,1"},
		{"-1,0,1", ""}, {"-3,-1,1,3", ""}, {"-1/2,1/3,2", ""},
	} {
		q := mustAlphabet(t, c.q)
		k := q
		if c.k != "" {
			k = mustAlphabet(t, c.k)
		}
		for _, d := range []int{1, 2, 7, 40} {
			t.Run(fmt.Sprintf("q=%s/k=%s/d=%d", c.q, c.k, d), func(t *testing.T) {
				p := Problem{Q: q, K: k, D: d}
				pl := mustPlan(t, p, ClosedForm, Options{})
				h, err := pl.closed(context.Background())
				require.NoError(t, err)
				l := pl.lat
				var miller []*big.Int
				require.NoError(t, millerWalk(context.Background(), d, d*l.tMax, coordinateWeights(p, l), func(t int, c *big.Int) error {
					miller = append(miller, new(big.Int).Set(c))
					return nil
				}))
				require.Equal(t, len(miller), len(h.Counts))
				for i := range miller {
					require.Zero(t, miller[i].Cmp(h.Counts[i]), "index %d: Miller %s, Closed %s", i, miller[i], h.Counts[i])
				}
				m, err := pl.closedMoments(context.Background())
				require.NoError(t, err)
				require.Zero(t, m.Pairs.Cmp(p.Cases()), "pairs %s, cases %s", m.Pairs, p.Cases())
				require.Zero(t, m.Mean.Cmp(h.Mean()), "mean %s, histogram %s", m.Mean, h.Mean())
				require.Zero(t, m.Variance.Cmp(h.Variance()), "variance %s, histogram %s", m.Variance, h.Variance())
			})
		}
	}
}

// ExamplePlan_Moments_closedForm shows the variance of q·k for ±1 vectors, which is d (here d = 1).
func ExamplePlan_Moments_closedForm() {
	pm, _ := rational.ParseAlphabet("-1,1")
	pl, _ := NewPlan(Problem{Q: pm, K: pm, D: 1}, ClosedForm, Options{})
	m, _ := pl.Moments(context.Background())
	fmt.Println(m.Pairs, m.Mean.RatString(), m.Variance.RatString())
	// Output: 4 0 1
}

// TestScaleStepChecksExactness checks that a recurrence step whose
// division leaves a remainder is reported, not rounded, on the word path
// and on the big-number path.
func TestScaleStepChecksExactness(t *testing.T) {
	for _, c := range []struct{ num, den uint64 }{{5, 3}, {1 << 63, 3 << 62}} {
		b, spare := big.NewInt(7), new(big.Int)
		_, _, err := scaleStep(b, spare, c.num, c.den)
		require.ErrorIs(t, err, errInexact, "7·%d/%d", c.num, c.den)
	}
	b, spare := big.NewInt(6), new(big.Int)
	b, _, err := scaleStep(b, spare, 10, 4)
	require.NoError(t, err)
	require.Equal(t, int64(15), b.Int64())
}
