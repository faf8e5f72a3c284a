package figures

import "github.com/sqrtdk/sqrtdk/rational"

// logDecimal writes a positive value for a logarithmic axis: correctly
// rounded (half-even) to places, or to more places when that rounds it to
// zero, so that every point of a log axis has a logarithm.
func logDecimal(v rational.Value, places int) string {
	for p := places; ; p++ {
		s := v.Decimal(p, rational.RoundHalfEven)
		if p >= places+60 || !isZeroDecimal(s) {
			return s
		}
	}
}

func isZeroDecimal(s string) bool {
	for _, r := range s {
		if r >= '1' && r <= '9' {
			return false
		}
	}
	return true
}
