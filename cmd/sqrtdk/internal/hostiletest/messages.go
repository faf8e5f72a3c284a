package hostiletest

import (
	"regexp"
	"strings"
)

// A message must not repeat a prefix ("d_k = 8: d_k = 8: …", "-o: -o:")
// nor name line 0 of a file; lineZero finds the second.
var lineZero = regexp.MustCompile(`:0:|\bline 0\b`)

// repeatedPrefix returns the piece of msg that one layer of wrapping
// added twice in a row, or "".
func repeatedPrefix(msg string) string {
	parts := strings.Split(msg, ": ")
	for i := 1; i < len(parts)-1; i++ {
		if parts[i] == parts[i-1] {
			return parts[i]
		}
	}
	return ""
}

// MessageFaults lists what is wrong with an error line's wording.
func MessageFaults(line string) []string {
	var out []string
	if p := repeatedPrefix(line); p != "" {
		out = append(out, "repeats the prefix "+p)
	}
	if lineZero.MatchString(line) {
		out = append(out, "names line 0")
	}
	return out
}
