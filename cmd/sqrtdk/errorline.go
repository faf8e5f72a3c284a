package main

import (
	"strings"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
)

// maxLineRunes bounds an error line, in characters: every line sqrtdk
// prints on stderr about a failure (the one line of a failed run, and
// each line of a class run's unreadable files) fits a terminal's width
// twice and a log viewer's line.
const maxLineRunes = 200

// maxPieceRunes is the most an error line quotes of one piece (a run
// without spaces: a file name, a flag's value): a longer one is cut in its
// middle, keeping a file's own name when it fits.
const maxPieceRunes = 60

// errorLine makes a message one safe line of at most maxLineRunes
// characters. Control characters (a newline in a file name, a terminal
// escape in an answer file), bidirectional controls and bytes that are
// not UTF-8 are written as Go escapes (\n, \x1b, \u202e), so that nothing
// a file holds can split the line, move the cursor or reorder what the
// terminal shows. A piece longer than maxPieceRunes is cut in its middle
// to an ellipsis; a line still too long loses its middle, so that it keeps
// what is wrong (its start, which names the file or flag) and what to do
// instead (its end). Before that, paths lose their folders ("…/a.key"),
// which matter less than the words after them.
func errorLine(s string) string {
	s = render.Escape(s)
	if utf8.RuneCountInString(s) <= maxLineRunes {
		return s
	}
	fields := strings.SplitAfter(s, " ")
	for i, f := range fields {
		if utf8.RuneCountInString(f) > maxPieceRunes {
			fields[i] = cutMiddle(f, maxPieceRunes)
		}
	}
	if line := strings.Join(fields, ""); utf8.RuneCountInString(line) <= maxLineRunes {
		return line
	}
	// Then the folders of paths: a file's own name says which file, and
	// the message after it (a refusal's numbers and advice) stays whole.
	for i, f := range fields {
		fields[i] = withoutFolders(f)
	}
	r := []rune(strings.Join(fields, ""))
	if len(r) <= maxLineRunes {
		return string(r)
	}
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

// withoutFolders writes a piece that is a path (it starts with / or ., or
// has two slashes: not a fraction such as 1/8 or d^1/4) as "…/" and its
// file's own name, when that is shorter.
func withoutFolders(piece string) string {
	// A quoted or bracketed path keeps its opening mark.
	open := len(piece) - len(strings.TrimLeft(piece, `"'([<`))
	mark, path := piece[:open], piece[open:]
	slash := strings.LastIndex(path, "/")
	if slash < 0 || !strings.HasPrefix(path, "/") && !strings.HasPrefix(path, ".") && strings.Count(path, "/") < 2 {
		return piece
	}
	if utf8.RuneCountInString(path[:slash]) <= 1 {
		return piece
	}
	return mark + "…" + path[slash:]
}
