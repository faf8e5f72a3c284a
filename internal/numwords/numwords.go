// Package numwords words numbers for the people who read them: a count
// with its noun ("1 claim", "3 claims") and the verb that agrees with it,
// and the precision of a number ("1 decimal place", "3 significant
// digits", "60 digits"), one singular and one plural each. Every message,
// reading, feedback line, sheet and page says them through here, and so
// alike (internal/repotest's TestNumberWordsHaveOneHome holds that).
package numwords

import "fmt"

// Count words n of a regular noun, given in the singular: "1 claim",
// "0 claims", "2 answer files".
func Count[N Integer](n N, noun string) string {
	return fmt.Sprintf("%d %s", n, Agree(n, noun, noun+"s"))
}

// Integer is the types of a count.
type Integer interface{ ~int | ~int64 | ~uint64 }

// Agree returns one when n is 1 and many otherwise: the verb or noun that
// agrees with a count ("1 holds", "2 hold").
func Agree[N Integer](n N, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Places words n decimal places: "1 decimal place", "2 decimal places".
func Places(n int) string {
	if n == 1 {
		return "1 decimal place"
	}
	return fmt.Sprintf("%d decimal places", n)
}

// Digits words n digits: "1 digit", "60 digits".
func Digits(n int) string {
	if n == 1 {
		return "1 digit"
	}
	return fmt.Sprintf("%d digits", n)
}

// SignificantDigits words n significant digits: "1 significant digit",
// "3 significant digits".
func SignificantDigits(n int) string {
	if n == 1 {
		return "1 significant digit"
	}
	return fmt.Sprintf("%d significant digits", n)
}
