package enumerate

import (
	"fmt"
	"math/big"
)

// A TooLargeError refuses a brute-force run that would take too long and
// names the alternative.
type TooLargeError struct {
	Pairs   *big.Int
	Seconds float64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("brute force over %s pairs would take about %s here; use --method closed for the exact distribution without enumerating",
		e.Pairs, humanDuration(e.Seconds))
}

// A MismatchError reports that brute force and the closed form disagree.
type MismatchError struct {
	D     int
	Index int // first lattice index where the counts differ
	Brute *big.Int
	Close *big.Int
	Score string
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("brute force and closed form disagree at d_k = %d: score %s has %s pairs by enumeration and %s by the closed form",
		e.D, e.Score, e.Brute, e.Close)
}

func errTooWide(d int) error {
	return fmt.Errorf("d_k = %d is beyond the closed form's limit of %d", d, MaxClosedD)
}

func humanDuration(s float64) string {
	switch {
	case s >= 2*365*86400:
		return fmt.Sprintf("%.2g years", s/(365*86400))
	case s >= 2*86400:
		return fmt.Sprintf("%.0f days", s/86400)
	case s >= 2*3600:
		return fmt.Sprintf("%.0f hours", s/3600)
	case s >= 120:
		return fmt.Sprintf("%.0f minutes", s/60)
	}
	return fmt.Sprintf("%.0f seconds", s)
}
