package rational

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/internal/deadlinetest"
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
	assert.Less(t, time.Since(start), deadlinetest.Scaled(2*time.Second))
	// Not cancelled, it agrees with Decimal.
	got, err := v.DecimalContext(context.Background(), 30, RoundHalfUp)
	require.NoError(t, err)
	assert.Equal(t, v.Decimal(30, RoundHalfUp), got)
}
