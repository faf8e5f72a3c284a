package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits on what an error line quotes of the input that caused it: a run
// of text without spaces (a flag's value, a file name, a number) longer
// than maxQuotedRun is cut to its start and end, and the line as a whole
// to maxLineBytes; the line says how much was left out.
const (
	maxQuotedRun = 200
	maxLineBytes = 600
)

// errorLine makes an error message one readable line: control characters
// (a newline inside a quoted value) become spaces, and a message echoing a
// huge input quotes at most maxQuotedRun characters of any one piece of it.
func errorLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	fields := strings.SplitAfter(s, " ")
	for i, f := range fields {
		if n := utf8.RuneCountInString(f); n > maxQuotedRun {
			r := []rune(f)
			fields[i] = fmt.Sprintf("%s…(%d characters left out)…%s", string(r[:maxQuotedRun/2]), n-maxQuotedRun/2-20, string(r[n-20:]))
		}
	}
	s = strings.Join(fields, "")
	if len(s) > maxLineBytes {
		cut := maxLineBytes
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = fmt.Sprintf("%s… (%d more bytes)", s[:cut], len(s)-cut)
	}
	return s
}
