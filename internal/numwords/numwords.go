// Package numwords words the precision of a number for the people who
// read it: "1 decimal place", "3 significant digits", "60 digits", one
// singular and one plural each. Every message, reading, feedback line,
// sheet and page says it through here, and so alike
// (internal/repotest's TestPrecisionWordsHaveOneHome holds that).
package numwords

import "fmt"

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
