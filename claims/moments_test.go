package claims

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// TestCachedMoments: the mean, variance and sum of squares a Checker keeps for a cached
// distribution are the distribution's own, on every call, whatever a
// caller does to a value it was given, and go with the distribution when
// it is evicted.
func TestCachedMoments(t *testing.T) {
	q, err := rational.ParseAlphabet("-2,0:2,1")
	require.NoError(t, err)
	k, err := rational.ParseAlphabet("1/2,3")
	require.NoError(t, err)
	ch := &checking{Checker: NewChecker(enumerate.Limits{}), ctx: context.Background()}
	for _, d := range []int{1, 2, 5, 9} {
		h, err := ch.distribution(enumerate.Problem{Q: q, K: k, D: d})
		require.NoError(t, err)
		for range 3 {
			m, v, s := ch.cache.moments(h)
			require.Zero(t, m.Cmp(h.Mean()), "mean at d = %d", d)
			require.Zero(t, v.Cmp(h.Variance()), "variance at d = %d", d)
			_, _, squares := h.Moments()
			require.Zero(t, s.Cmp(squares), "sum of squares at d = %d", d)
			m.SetInt64(12345) // a caller's change stays its own
			v.SetInt64(-1)
			s.SetInt64(-2)
		}
		require.Contains(t, ch.cache.byHist, h)
	}

	// A cache that holds one distribution at a time.
	big4, err := ch.distribution(enumerate.Problem{Q: q, K: k, D: 4})
	require.NoError(t, err)
	small := &checking{Checker: NewChecker(enumerate.Limits{}), ctx: context.Background()}
	small.cache.setMax(histogramBytes(big4))
	h3, err := small.distribution(enumerate.Problem{Q: q, K: k, D: 3})
	require.NoError(t, err)
	_, v3, _ := small.cache.moments(h3)
	require.Zero(t, v3.Cmp(h3.Variance()))
	h4, err := small.distribution(enumerate.Problem{Q: q, K: k, D: 4})
	require.NoError(t, err)
	require.NotContains(t, small.cache.byHist, h3, "evicted with its distribution")
	_, v3, s3 := small.cache.moments(h3)
	require.Zero(t, v3.Cmp(h3.Variance()), "a distribution the cache does not keep")
	_, _, squares3 := h3.Moments()
	require.Zero(t, s3.Cmp(squares3), "a distribution the cache does not keep")
	_, v4, _ := small.cache.moments(h4)
	require.Zero(t, v4.Cmp(h4.Variance()))
}
