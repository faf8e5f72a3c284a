// Package numwords words the precision of a number for the people who
// read the feedback: "1 decimal place", "3 significant digits", one
// singular and one plural each. Claims' readings and grade's feedback
// both say it, and say it alike.
package numwords

import "fmt"

// Places words n decimal places: "1 decimal place", "2 decimal places".
func Places(n int) string {
	if n == 1 {
		return "1 decimal place"
	}
	return fmt.Sprintf("%d decimal places", n)
}

// SignificantDigits words n significant digits: "1 significant digit",
// "3 significant digits".
func SignificantDigits(n int) string {
	if n == 1 {
		return "1 significant digit"
	}
	return fmt.Sprintf("%d significant digits", n)
}
