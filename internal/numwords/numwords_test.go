package numwords

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSingularOnlyForOne: one is singular; zero, two and many plural.
func TestSingularOnlyForOne(t *testing.T) {
	for n, want := range map[int]string{0: "0 decimal places", 1: "1 decimal place", 2: "2 decimal places", 12: "12 decimal places"} {
		assert.Equal(t, want, Places(n))
	}
	for n, want := range map[int]string{0: "0 significant digits", 1: "1 significant digit", 2: "2 significant digits", 21: "21 significant digits"} {
		assert.Equal(t, want, SignificantDigits(n))
	}
	for n, want := range map[int]string{0: "0 claims", 1: "1 claim", 2: "2 claims", 84: "84 claims"} {
		assert.Equal(t, want, Count(n, "claim"))
	}
	assert.Equal(t, "1 answer file", Count(1, "answer file"))
	assert.Equal(t, "fails", Agree(1, "fails", "fail"))
	assert.Equal(t, "fail", Agree(0, "fails", "fail"))
	assert.Equal(t, "fail", Agree(2, "fails", "fail"))
	for n, want := range map[int]string{0: "0 digits", 1: "1 digit", 2: "2 digits", 60: "60 digits"} {
		assert.Equal(t, want, Digits(n))
	}
}
