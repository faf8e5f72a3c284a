package render

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape makes text one safe line for a terminal: control characters (a
// newline or a tab in a file name, a terminal escape in an answer file),
// bidirectional controls and bytes that are not UTF-8 are written as Go
// escapes (\n, \x1b, \u202e), so that nothing a file holds can split a
// line or a column, move the cursor or reorder what the terminal shows.
// It is the one sanitiser of the command's text: error lines and the
// cells of text tables.
func Escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x80 && unicode.IsControl(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case unicode.IsControl(r), unicode.Is(unicode.Bidi_Control, r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
