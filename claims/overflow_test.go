package claims

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
)

// TestProductExceeds holds productExceeds equal to the product in big
// integers, at the edges where an int64 product would wrap around.
func TestProductExceeds(t *testing.T) {
	for _, c := range []struct{ a, b, limit int64 }{
		{0, math.MaxInt64, 64}, {1, 64, 64}, {1, 65, 64}, {2, 32, 64}, {2, 33, 64},
		{64, 1, 64}, {3, 21, 64}, {3, 22, 64}, {2, math.MaxInt64/2 + 1, 64},
		{1 << 32, 1 << 31, 64}, {math.MaxInt64, math.MaxInt64, 64}, {7, 9, 63},
	} {
		want := float64(c.a)*float64(c.b) > float64(c.limit)
		assert.Equal(t, want, productExceeds(c.a, c.b, c.limit), "%d·%d > %d", c.a, c.b, c.limit)
	}
}

// TestHugeExponentsRefused: exponents whose numerator or denominator is near
// 2^63 are refused as too deep or too high, never wrapped into a small one.
func TestHugeExponentsRefused(t *testing.T) {
	for _, s := range []string{
		"2^(1/9223372036854775807)",
		"(2^(1/2))^(1/4611686018427387904)",
		"d^(1/9223372036854775807)",
		"(d^(1/2))^(1/4611686018427387904)",
		"d^(9223372036854775807/2)",
		"(d^2)^4611686018427387905",
	} {
		f, err := Parse("huge.claims", strings.NewReader("variance is "+s+" for every d\n"))
		if err != nil {
			continue // refused as it is read
		}
		require.Len(t, f, 1)
		v, err := NewChecker(enumerate.Limits{}).Check(context.Background(), f[0])
		if err == nil {
			assert.False(t, v.Holds, "%s was taken for the variance", s)
		}
	}
}
