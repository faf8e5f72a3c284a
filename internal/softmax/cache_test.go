package softmax

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCacheGivesCheckItsOwnReports: Check with a Cache reports what it
// reports without one, call after call, for points and boxes, whatever a
// caller does to a report it was given.
func TestCacheGivesCheckItsOwnReports(t *testing.T) {
	ctx := context.Background()
	var c Cache
	cases := []struct {
		box  Box
		outs []Printed
	}{
		{Point(rats(t, "1", "2", "3"), nil), printed(2, "0.09", "0.24", "0.67")},
		{Point(rats(t, "1", "2", "3"), nil), printed(2, "0.33", "0.33", "0.34")},
		{Point(rats(t, "1/100", "2/100", "3/100"), nil), printed(2, "0.33", "0.33", "0.34")},
		{Point(rats(t, "4", "-1"), rat(t, "64")), printed(3, "0.650", "0.350")},
		{Box{Lo: rats(t, "0.95", "1.95"), Hi: rats(t, "1.05", "2.05")}, printed(1, "0.3", "0.7")},
	}
	for round := range 3 {
		for i, cs := range cases {
			want, err := Check(ctx, cs.box, cs.outs, Options{})
			require.NoError(t, err)
			got, err := Check(ctx, cs.box, cs.outs, Options{Cache: &c})
			require.NoError(t, err)
			require.Len(t, got, len(want))
			for j := range want {
				require.Equal(t, want[j].String(), got[j].String(), "case %d output %d, round %d", i, j, round)
				require.Equal(t, want[j].Consistency, got[j].Consistency)
				// A caller's change to its report stays its own.
				got[j].Range.Min.Lo.SetInt64(-7)
				got[j].Range.Max.Hi.SetInt64(7)
			}
		}
	}
	require.Len(t, c.ranges, 4, "one entry per box and precision")
}

// TestCacheIsBounded: a cache that is full starts afresh.
func TestCacheIsBounded(t *testing.T) {
	var c Cache
	for i := range maxCached + 5 {
		_, err := c.rangesOf(context.Background(), Point(rats(t, "0", "1"), nil), uint(64+i))
		require.NoError(t, err)
		require.LessOrEqual(t, len(c.ranges), maxCached)
	}
}
