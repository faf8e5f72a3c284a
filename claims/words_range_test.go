package claims

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCardinalGrammarBoundsRange: a number in words takes "hundred" once
// per group and "thousand" once, so it stays below 10⁷ and no
// repetition wraps the int64 it is read into (the analyzer in
// cmd/sqrtdk/exactpath_test.go lists cardinal's products on that ground).
func TestCardinalGrammarBoundsRange(t *testing.T) {
	for text, want := range map[string]int64{
		"sixty-four":                64,
		"two hundred and fifty-six": 256,
		"four thousand ninety six":  4096,
		"nineteen hundred":          1900,
		"nine hundred ninety nine thousand nine hundred ninety nine": 999999,
	} {
		n, ok := cardinal(strings.Fields(strings.ReplaceAll(text, "-", " ")))
		require.True(t, ok, text)
		require.Equal(t, want, n, text)
	}
	for _, text := range []string{
		"one " + strings.Repeat("hundred ", 12),
		"one hundred hundred",
		"one thousand thousand",
		"two thousand three thousand",
		"hundred",
		"one thousand hundred",
	} {
		_, ok := cardinal(strings.Fields(text))
		require.False(t, ok, "%q is not a number in words", text)
	}
}

// A count out of a count may be zero on top, never below: "zero out of
// four" is 0, and "three out of zero" divides by zero (not a negative
// count).
func TestWordShareOfZero(t *testing.T) {
	r, ok, err := wordNumber("zero out of four")
	require.NoError(t, err)
	require.True(t, ok)
	require.Zero(t, r.Sign())
	_, ok, err = wordNumber("three out of zero")
	require.True(t, ok)
	require.EqualError(t, err, `"three out of zero" divides by zero`)
}
