package split

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// TestRangeCovers checks that the slices of every split are
// contiguous, in order and cover [0, QCount) exactly once.
func TestRangeCovers(t *testing.T) {
	for _, c := range []struct {
		q string
		d int
	}{{"-1,1", 1}, {"-1,1", 5}, {"-1,0,1", 4}, {"-1,0:2,1", 3}, {"7", 3}} {
		q, err := rational.ParseAlphabet(c.q)
		require.NoError(t, err)
		nq, _ := QCount(q, c.d)
		for n := 1; n <= 40; n++ {
			next := uint64(0)
			for i := range n {
				lo, hi, err := Range(q, c.d, i, n)
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

// TestRangeNoOverflow checks the bounds near 2^64 q vectors, where
// nq·i overflows a uint64.
func TestRangeNoOverflow(t *testing.T) {
	nq := uint64(math.MaxUint64)
	n := 7
	prev := uint64(0)
	for i := 1; i <= n; i++ {
		b := Bound(nq, i, n)
		require.Greater(t, b, prev, "bound %d of %d", i, n)
		prev = b
	}
	require.Equal(t, nq, prev)
	require.Equal(t, nq/7*3+nq%7*3/7, Bound(nq, 3, 7))
}

// TestRangeRefuses checks that a slice outside 0..n−1, a count outside
// 1..MaxSlices and a run of more than 2^64 q vectors are refused.
func TestRangeRefuses(t *testing.T) {
	for _, c := range []struct{ i, n int }{{0, 0}, {-1, 2}, {2, 2}, {0, MaxSlices + 1}} {
		_, _, err := Range(rational.Signs(), 3, c.i, c.n)
		require.Error(t, err, "slice %d/%d", c.i, c.n)
	}
	_, _, err := Range(rational.Signs(), 64, 0, 2)
	require.ErrorContains(t, err, "more than 2^64")
}
