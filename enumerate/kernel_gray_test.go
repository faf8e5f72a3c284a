package enumerate

import (
	"context"
	"fmt"
	"math/big"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGraySplitMatchesClosed checks the Gray-code kernel with its walk split
// at every possible point between the tabulated low coordinates and the
// high walk against the closed form, progress included.
func TestGraySplitMatchesClosed(t *testing.T) {
	for _, c := range []struct{ q, k string }{{"-1,0,1", ""}, {"-3,-1,1,3", ""}, {"1:2", "-1,0:3,2"}, {"7", "-1,1"}} {
		q := mustAlphabet(t, c.q)
		k := q
		if c.k != "" {
			k = mustAlphabet(t, c.k)
		}
		d := 5
		p := Problem{Q: q, K: k, D: d}
		pl := mustPlan(t, p, ClosedForm, Options{})
		cl, err := pl.Closed(context.Background())
		require.NoError(t, err)
		l := pl.lat
		nq, _ := p.QCount()
		for _, maxSteps := range []int{1, 2, 3, 9, 10, 26, 80, 1 << 14} {
			t.Run(fmt.Sprintf("q=%s/k=%s/steps=%d", c.q, c.k, maxSteps), func(t *testing.T) {
				g := newGrayKernelSplit(d, expandedT(p, l), l.size(d), maxSteps)
				var stop atomic.Bool
				var progress atomic.Uint64
				counts := g.tally(0, nq, &stop, &progress)
				require.Equal(t, len(cl.Counts), len(counts))
				for i, n := range counts {
					require.Zero(t, cl.Counts[i].Cmp(new(big.Int).SetUint64(n)), "index %d: closed form %s, kernel %d (low %d)", i, cl.Counts[i], n, g.low)
				}
				require.Zero(t, p.Cases().Cmp(new(big.Int).SetUint64(progress.Load())), "progress %d, cases %s", progress.Load(), p.Cases())
			})
		}
	}
}
