package render

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPadColumn(t *testing.T) {
	cells := []string{"a", "√d_k", "", "tab\there", "\xffx"}
	left := padColumn(cells, 0, false)
	right := padColumn(cells, 12, true)
	require.Len(t, left, len(cells))
	require.Len(t, right, len(cells))
	for i, c := range cells {
		// A cell's control characters and invalid bytes are escaped, so
		// that it stays one cell on one line.
		c = Escape(c)
		assert.Equal(t, 9, utf8.RuneCountInString(left[i]), "%q", left[i]) // `tab\there` is the widest
		assert.Equal(t, c, strings.TrimRight(left[i], " "), "left-aligned keeps the cell first")
		assert.Equal(t, 12, utf8.RuneCountInString(right[i]), "%q", right[i])
		assert.Equal(t, c, strings.TrimLeft(right[i], " "), "right-aligned keeps the cell last")
	}
	assert.Nil(t, padColumn(nil, 3, true))
}

func TestGrid(t *testing.T) {
	lines := grid([][]string{
		{"id", "points", "answer", "feedback"},
		{"1.raw", "1/1", "8", "Right."},
		{"2", "0.5/1", "", ""},
	}, "  ", false, true)
	assert.Equal(t, []string{
		"id     points  answer  feedback",
		"1.raw     1/1  8       Right.",
		"2       0.5/1",
	}, lines)
}

func TestMarkdownText(t *testing.T) {
	assert.Equal(t, "a\\|b \\*x\\* d\\_k \\`c\\` \\\\ two lines", markdownText("a|b *x* d_k `c` \\ two\nlines"))
	// A cell can never end a table cell early: every pipe is escaped.
	for _, s := range []string{"|", `\|`, `\\|`, "x|y|z"} {
		e := markdownText(s)
		for i := 0; i < len(e); i++ {
			if e[i] == '|' {
				backslashes := 0
				for j := i - 1; j >= 0 && e[j] == '\\'; j-- {
					backslashes++
				}
				assert.Equal(t, 1, backslashes%2, "an unescaped pipe in %q", e)
			}
		}
	}
}
