package proofs

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// TestPlanHoldsTheWidthsTogether: widths that each fit the time limit
// are refused together, before any work, when their sum does not (the
// whole run is planned, not only each computation).
func TestPlanHoldsTheWidthsTogether(t *testing.T) {
	signs := rational.Signs()
	m := Model{Q: signs, K: signs}
	withLimit := func(limit time.Duration) Options {
		return Options{CheckTime: 5 * time.Millisecond, Options: enumerate.Options{Limits: enumerate.Limits{MaxTime: limit}}}
	}
	// lowestFit is the least time limit NewProof accepts for ds.
	lowestFit := func(ds []int) time.Duration {
		lo, hi := time.Duration(1), time.Hour
		for lo < hi {
			mid := lo + (hi-lo)/2
			if _, err := NewProof(m, ds, withLimit(mid)); err == nil {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		return lo
	}
	all := []int{2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24}
	widest := time.Duration(0)
	for _, d := range all {
		widest = max(widest, lowestFit([]int{d}))
	}
	together := lowestFit(all)
	require.Greater(t, together, widest, "the widths together need more time than the costliest alone")
	_, err := NewProof(m, all, withLimit(together-1))
	var le *enumerate.LimitError
	require.True(t, errors.As(err, &le), "%v", err)
	require.Equal(t, "this run", le.What)
}
