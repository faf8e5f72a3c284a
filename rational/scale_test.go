package rational

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestScaleExponentBounds(t *testing.T) {
	for _, ok := range []string{"d^1000/999", "d^1/1000", "d^-1000/7"} {
		_, err := ParseScale(ok)
		require.NoError(t, err, ok)
	}
	for _, bad := range []string{"d^1001/2", "d^1/1001", "d^-1001/3"} {
		_, err := ParseScale(bad)
		require.ErrorContains(t, err, "is too complex (numerator and denominator at most 1000)", bad)
	}
}
