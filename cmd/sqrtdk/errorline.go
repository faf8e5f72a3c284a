package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxLineRunes bounds an error line, in characters: every line sqrtdk
// prints on stderr about a failure (the one line of a failed run, and
// each line of a class run's unreadable files) fits a terminal's width
// twice and a log viewer's line.
const maxLineRunes = 200

// minQuotedRunes is the least a long piece of a line (a file name, a
// flag's value) is cut to: its start and end stay readable.
const minQuotedRunes = 24

// errorLine makes a message one safe line of at most maxLineRunes
// characters. Control characters (a newline in a file name, a terminal
// escape in an answer file), bidirectional controls and bytes that are
// not UTF-8 are written as Go escapes (\n, \x1b, \u202e), so that nothing
// a file holds can split the line, move the cursor or reorder what the
// terminal shows. A line still too long has its longest pieces (runs
// without spaces: a file name, a value) cut in the middle to an ellipsis,
// longest first, and as a last resort its middle.
func errorLine(s string) string {
	s = escapeControls(s)
	if utf8.RuneCountInString(s) <= maxLineRunes {
		return s
	}
	fields := strings.SplitAfter(s, " ")
	for {
		total := 0
		longest, at := 0, -1
		for i, f := range fields {
			n := utf8.RuneCountInString(f)
			total += n
			if n > longest {
				longest, at = n, i
			}
		}
		excess := total - maxLineRunes
		if excess <= 0 {
			return strings.Join(fields, "")
		}
		if longest <= minQuotedRunes {
			break
		}
		fields[at] = cutMiddle(fields[at], max(minQuotedRunes, longest-excess))
	}
	// Many short pieces: the middle goes, so that the line keeps what
	// is wrong (its start) and what to do instead (its end).
	r := []rune(strings.Join(fields, ""))
	head := (maxLineRunes - 1) * 3 / 5
	return string(r[:head]) + "…" + string(r[len(r)-(maxLineRunes-1-head):])
}

// cutMiddle shortens s to n characters by putting "…" in place of its
// middle: for a path, the middle of its folders, so that the file's own
// name stays whole when it fits (a trailing space, which separates s from
// the next piece, is kept).
func cutMiddle(s string, n int) string {
	space := strings.HasSuffix(s, " ")
	r := []rune(strings.TrimSuffix(s, " "))
	if space {
		n--
	}
	if len(r) <= n || n < 3 {
		return s
	}
	var out string
	slash := strings.LastIndex(string(r), "/")
	if base := []rune(string(r)[slash+1:]); slash >= 0 && len(base)+3 <= n {
		out = string(r[:n-len(base)-2]) + "…/" + string(base)
	} else {
		head := (n - 1) / 3
		out = string(r[:head]) + "…" + string(r[len(r)-(n-1-head):])
	}
	if space {
		out += " "
	}
	return out
}

// escapeControls writes control characters, bidirectional controls and
// invalid bytes as Go escapes.
func escapeControls(s string) string {
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
