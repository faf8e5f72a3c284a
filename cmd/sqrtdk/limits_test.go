package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// TestLatticeSpanMatchesEngine checks the memory estimate's lattice span
// against the length of the histograms the closed form actually returns.
func TestLatticeSpanMatchesEngine(t *testing.T) {
	for _, c := range []struct{ q, k string }{
		{"-1,1", "-1,1"}, {"±1/2", "±3"}, {"1,2", "1,2"}, {"0,1", "-1,3"}, {"-1,0:2,1", "-1,0:2,1"},
		{"-3,-1,1,3", "-3,-1,1,3"}, {"-1/2,1/3,2", "-1/2,1/3,2"}, {"0.5,-1.25,2", "1,2"}, {"7", "0"}, {"1/2", "1/3"},
	} {
		q, err := rational.ParseAlphabet(c.q)
		require.NoError(t, err)
		k, err := rational.ParseAlphabet(c.k)
		require.NoError(t, err)
		p := enumerate.Problem{Q: q, K: k, D: 3}
		h, err := enumerate.Closed(context.Background(), p)
		require.NoError(t, err)
		span := latticeSpan(q, k).Int64()
		require.Equal(t, int64(len(h.Counts)), 3*span+1, "q=%s k=%s: span %d, histogram of %d counts", c.q, c.k, span, len(h.Counts))
	}
}

func TestClosedSizeLimit(t *testing.T) {
	signs := rational.Signs()
	require.NoError(t, checkClosedSize(enumerate.Problem{Q: signs, K: signs, D: 40000}, enumerate.ClosedForm))
	require.Error(t, checkClosedSize(enumerate.Problem{Q: signs, K: signs, D: 50000}, enumerate.ClosedForm))
	require.NoError(t, checkClosedSize(enumerate.Problem{Q: signs, K: signs, D: 50000}, enumerate.BruteForce))
}
