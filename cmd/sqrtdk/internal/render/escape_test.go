package render

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"bad\nname.claims":                `bad\nname.claims`,
		"\x1b[2J\x1b[31mred\x07":          `\x1b[2J\x1b[31mred\x07`,
		"tab\tcr\rdel\x7f":                `tab\tcr\rdel\x7f`,
		"bidi \u202eevil\u202c c1 \u009b": `bidi \u202eevil\u202c c1 \u009b`,
		"not utf-8 \xff\xfe":              `not utf-8 \xff\xfe`,
		"√d_k ≈ 4096 ±":                   "√d_k ≈ 4096 ±",
	} {
		assert.Equal(t, want, Escape(in))
		assert.Equal(t, want, Escape(Escape(in)), "Escape is idempotent")
	}
}

// A cell holding a newline (a file named so) stays one line of its row;
// it crashed grid (index out of range) when it split the column.
func TestGridEscapesCells(t *testing.T) {
	lines := grid([][]string{{"holds", "new\nline.claims:2", "x"}, {"fails", "b.claims:1", "y"}}, "  ")
	assert.Equal(t, []string{`holds  new\nline.claims:2  x`, `fails  b.claims:1          y`}, lines)
}
