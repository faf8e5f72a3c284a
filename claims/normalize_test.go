package claims

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestNormalizeWritesNotationsOut: superscripts become a bracketed power
// and the next character is kept, a vulgar fraction after a digit is
// added to it and at the start of the text stands alone.
func TestNormalizeWritesNotationsOut(t *testing.T) {
	for in, want := range map[string]string{
		"d²":    "d^(2)",
		"d²x":   "d^(2)x",
		"2¹⁰+1": "2^(10)+1",
		"½":     "(1/2)",
		"2½":    "2+(1/2)",
		"x ½":   "x (1/2)",
		" x":    "x",
	} {
		assert.Equal(t, want, normalize(in), in)
	}
}
