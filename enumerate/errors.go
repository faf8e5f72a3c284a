package enumerate

import (
	"fmt"
	"math/big"
	"strings"
)

// A TooLargeError refuses, before any work, a computation beyond the
// plan's limits, with the numbers that decided it. Method says which
// engine refused. For BruteForce, Pairs is the number of pairs to
// enumerate (nil when it is beyond any machine: then PairsLog10 says how
// far), Seconds the estimated time against MaxSeconds, and for a slice of
// a sharded run Slice/Slices name it and MinSlices says how many slices
// would each fit. For ClosedForm, either the time (Seconds, MaxSeconds) or
// the memory of the counts (Bytes, MaxBytes) is over its limit. A
// brute-force refusal with Counts set is about memory too: the histogram
// each worker would keep to weigh the alphabets' multiplicities (Counts
// entries, at most MaxCounts).
type TooLargeError struct {
	Method     Method
	D          int
	Pairs      *big.Int
	PairsLog10 float64
	Seconds    float64
	Measured   bool // Seconds comes from a timed probe on this machine
	MaxSeconds float64
	Bytes      float64
	MaxBytes   float64
	Counts     float64
	MaxCounts  int
	Slice      int
	Slices     int
	MinSlices  int
}

// Memory reports whether memory, not time, is over its limit.
func (e *TooLargeError) Memory() bool { return e.Bytes > 0 }

// Unreachable reports whether the pairs are too many for any machine,
// whatever the time allowed.
func (e *TooLargeError) Unreachable() bool {
	return e.Method == BruteForce && e.Pairs == nil && e.Counts == 0
}

func (e *TooLargeError) Error() string {
	switch {
	case e.Unreachable():
		return fmt.Sprintf("brute force over about 10^%.0f pairs is beyond any machine", e.PairsLog10)
	case e.Method == BruteForce && e.Counts > 0:
		return fmt.Sprintf("brute force at d_k = %d would keep %.0f counts per worker to weigh these multiplicities (at most %d)",
			e.D, e.Counts, e.MaxCounts)
	case e.Method == BruteForce && e.Slices > 0:
		return fmt.Sprintf("slice %d/%d at d_k = %d has %s pairs, about %s here (limit %s)",
			e.Slice, e.Slices, e.D, e.Pairs, humanDuration(e.Seconds), humanDuration(e.MaxSeconds))
	case e.Method == BruteForce:
		return fmt.Sprintf("brute force over %s pairs would take about %s here (limit %s)",
			e.Pairs, humanDuration(e.Seconds), humanDuration(e.MaxSeconds))
	case e.Memory():
		return fmt.Sprintf("the closed form at d_k = %d would hold about %s of exact counts (at most %s)",
			e.D, humanBytes(e.Bytes), humanBytes(e.MaxBytes))
	}
	return fmt.Sprintf("the closed form at d_k = %d would take about %s here (limit %s)",
		e.D, humanDuration(e.Seconds), humanDuration(e.MaxSeconds))
}

// A MismatchError reports that brute force and the closed form disagree.
type MismatchError struct {
	d      int
	index  int // first lattice index where the counts differ
	brute  *big.Int
	closed *big.Int
	score  string
}

// Error says at which score the two methods disagree and by how much.
func (e *MismatchError) Error() string {
	return fmt.Sprintf("brute force and closed form disagree at d_k = %d: score %s has %s pairs by enumeration and %s by the closed form",
		e.d, e.score, e.brute, e.closed)
}

// humanDuration writes s seconds as a person says it: "0.4 seconds",
// "26 minutes", "3 hours", "12 days", "3.1e+04 years".
func humanDuration(s float64) string {
	switch {
	case s >= 2*365*86400:
		return fmt.Sprintf("%.2g years", s/(365*86400))
	case s >= 2*86400:
		return fmt.Sprintf("%.0f days", s/86400)
	case s >= 2*3600:
		return fmt.Sprintf("%.0f hours", s/3600)
	case s >= 600:
		return fmt.Sprintf("%.0f minutes", s/60)
	case s >= 120:
		// Under ten minutes a tenth shows a total just over a limit.
		return strings.TrimSuffix(fmt.Sprintf("%.1f", s/60), ".0") + " minutes"
	case s < 10:
		return fmt.Sprintf("%.2g seconds", s)
	}
	return fmt.Sprintf("%.0f seconds", s)
}

func humanBytes(b float64) string {
	switch {
	case b >= 1e12:
		return fmt.Sprintf("%.3g TB", b/1e12)
	case b >= 1e9:
		return fmt.Sprintf("%.3g GB", b/1e9)
	case b >= 1<<20 && b == float64(int64(b)) && int64(b)%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", int64(b)>>20)
	}
	return fmt.Sprintf("%.3g MB", b/1e6)
}
