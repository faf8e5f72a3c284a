package claims

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A # starts a comment at the start of a line or after a space or tab, and
// is refused inside a figure; a word without its key is refused; a scale's
// exponents add up to a denominator of at most 64 and a numerator of at
// most 1000.
func TestClaimLineEdges(t *testing.T) {
	for _, c := range []struct{ line, figure, err string }{
		{"cases d=2 is 16 # a note", "16", ""},
		{"cases d=2 is 16\t# a note", "16", ""},
		{"cases d=2 is 16 #", "16", ""},
		{"cases d=2 is 16#x", "", `unexpected "#x"`},
		{"# only a comment", "", "no claims"},
		{"variance d=4 =5 is 1", "", `variance: "=5" is not key=value`},
		{"variance d=4 scale=d^1/64 is 1", "1", ""},
		{"variance d=4 scale=d^1/32,d^1/64 is 1", "1", ""},
		{"variance d=4 scale=d^1/65 is 1", "", "scale=d^1/65 is too complex"},
		{"variance d=4 scale=d^500,d^500 is 1", "1", ""},
		{"variance d=4 scale=d^500,d^501 is 1", "", "scale=d^500,d^501 is too complex"},
		{"variance d=4 scale=d^-500,d^-500 is 1", "1", ""},
		{"variance d=4 scale=d^-500,d^-501 is 1", "", "is too complex"},
	} {
		f, err := Parse("p.claims", strings.NewReader(c.line+"\n"))
		if c.err != "" {
			assert.ErrorContains(t, err, c.err, c.line)
			continue
		}
		if assert.NoError(t, err, c.line) && assert.Len(t, f, 1) {
			assert.Equal(t, c.figure, f[0].figure, c.line)
		}
	}
}
