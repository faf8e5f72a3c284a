package rational

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseRatLimits(t *testing.T) {
	digits := strings.Repeat("1", maxLiteralDigits)
	// The longest literal: a signed fraction of the most digits each side.
	longest := "-" + digits + "/" + digits
	require.Len(t, longest, 2*maxLiteralDigits+2)
	_, err := ParseRat(longest)
	require.NoError(t, err)
	_, err = ParseRat(longest + "1")
	require.ErrorContains(t, err, "is longer than 402 characters")
	_, err = ParseRat(strings.Repeat("1", maxLiteralDigits+1))
	require.ErrorContains(t, err, "is longer than 200 characters")
	_, err = ParseRat(strings.Repeat("1", maxLiteralDigits))
	require.NoError(t, err, "a number of exactly 200 characters")
	v, err := ParseRat("  -7/4 ")
	require.NoError(t, err)
	require.Equal(t, "-7/4", v.RatString())
}
