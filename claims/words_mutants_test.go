package claims

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestWordNumberBoundaries: numbers in words at the edges of their
// grammar's ranges: "hundred" after a group of exactly 1 or 99, "thousand"
// after a group of exactly 1, "N out of M" with N equal to M (all of them)
// or one more, and 0 out of M; capitals read as
// lowercase letters.
func TestWordNumberBoundaries(t *testing.T) {
	for _, c := range []struct {
		text, reading, err string
	}{
		{"one hundred", "100", ""},
		{"ninety-nine hundred", "9900", ""},
		{"one hundred hundred", "", "is not a number"},
		{"one thousand", "1000", ""},
		{"one thousand one hundred", "1100", ""},
		{"four out of four", "1", ""},
		{"4 in 4", "1", ""},
		{"five out of four", "", "more than all of them"},
		{"0 out of 4", "0", ""},
		{"zero in four", "0", ""},
		// A minus sign is not a hyphen between words: no share is negative.
		{"-3 out of 4", "", "not negative"},
		{"three out of -4", "", "not negative"},
		{"twenty-five out of thirty-two", "25/32", ""},
		// Letters are read lowercased, A to Z included.
		{"ZERO", "0", ""},
		{"A Quarter", "1/4", ""},
	} {
		a, err := readAnswer("share", c.text, 0, false, false)
		if c.err != "" {
			if assert.Error(t, err, c.text) {
				assert.Contains(t, err.Error(), c.err, c.text)
			}
			continue
		}
		if assert.NoError(t, err, c.text) {
			assert.Equal(t, c.reading, a.Reading(), c.text)
		}
	}
}
