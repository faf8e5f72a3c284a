package rational

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDecimalContextStops rounds a value whose exact root takes seconds
// (a 999th root to 1000 places) under a context that ends after a few
// milliseconds: it must return the context's error, soon.
func TestDecimalContextStops(t *testing.T) {
	v := PowerOf(7, big.NewRat(997, 999))
	require.Equal(t, 999, v.index)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := v.DecimalContext(ctx, 1000, RoundHalfEven)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	t.Logf("stopped %v after the deadline", time.Since(start)-5*time.Millisecond)
	assert.Less(t, time.Since(start), 2*time.Second)
	// Not cancelled, it agrees with Decimal.
	got, err := v.DecimalContext(context.Background(), 30, RoundHalfUp)
	require.NoError(t, err)
	assert.Equal(t, v.Decimal(30, RoundHalfUp), got)
}

// TestRoundingSeconds checks the shape of the estimate: nothing for
// scales whose variances are rational, and more for more places or a
// higher root, about half a second at MaxRootWork.
func TestRoundingSeconds(t *testing.T) {
	for _, s := range []Scale{Raw, Sqrt, ByD, {P: big.NewRat(3, 2)}} {
		assert.Zero(t, s.RoundingSeconds(10_000), s.Name())
	}
	quarter := Scale{P: big.NewRat(1, 4)}
	assert.Positive(t, quarter.RoundingSeconds(1))
	assert.Less(t, quarter.RoundingSeconds(100), quarter.RoundingSeconds(1000))
	high := Scale{P: big.NewRat(1, 999)} // variances under it are roots of index 999
	assert.Less(t, quarter.RoundingSeconds(1000), high.RoundingSeconds(1000))
	assert.InDelta(t, 0.5, high.RoundingSeconds(1001), 0.01)
}
