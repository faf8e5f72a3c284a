package enumerate

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/sqrtdk/sqrtdk/rational"
)

// The cost model. Every computation sqrtdk runs is estimated before any
// work as a Cost, its time and its peak memory; a run adds its costs in a
// Budget and holds the total against its Limits, and whatever passes them
// is refused with a *LimitError carrying the numbers. Times are estimated
// at nominal rates measured on the reference machine (the kernels' rates,
// the word operations of big-integer arithmetic below), so a verdict does
// not depend on timing noise; memory counts what the computation holds at
// once, so a refused run allocates nothing large.

// The default limits, the values of the zero Limits.
const (
	// DefaultMaxTime is the longest estimated work a run accepts.
	DefaultMaxTime = time.Hour
	// DefaultMaxMemory is the largest estimated peak memory a run
	// accepts, in bytes (1 GiB).
	DefaultMaxMemory = 1 << 30
)

// Limits bound the estimated cost of a run; a zero field takes its
// default (DefaultMaxTime, DefaultMaxMemory).
type Limits struct {
	// MaxTime bounds the estimated time of the run's work on this
	// machine's cores.
	MaxTime time.Duration
	// MaxMemory bounds, in bytes, the estimated memory the run holds at
	// once.
	MaxMemory int64
}

// timeLimit returns the time limit, the default when MaxTime is zero.
func (l Limits) timeLimit() time.Duration {
	if l.MaxTime > 0 {
		return l.MaxTime
	}
	return DefaultMaxTime
}

// Memory returns the memory limit in bytes, the default when MaxMemory
// is zero.
func (l Limits) Memory() int64 {
	if l.MaxMemory > 0 {
		return l.MaxMemory
	}
	return DefaultMaxMemory
}

// resolved returns l with its defaults filled in.
func (l Limits) resolved() Limits { return Limits{MaxTime: l.timeLimit(), MaxMemory: l.Memory()} }

// validate refuses negative limits.
func (l Limits) validate() error {
	if l.MaxTime < 0 || l.MaxMemory < 0 {
		return fmt.Errorf("the time and memory limits must not be negative")
	}
	return nil
}

// A Cost is the estimate, made before any work, of one computation.
type Cost struct {
	// Seconds is the time of the work on this machine's cores; +Inf means
	// beyond any machine.
	Seconds float64
	// Bytes is the memory the work holds at once.
	Bytes float64
}

// Then returns the cost of c followed by d: the times add, and the memory
// is the larger of the two (what c holds is freed before d starts).
func (c Cost) Then(d Cost) Cost {
	return Cost{Seconds: c.Seconds + d.Seconds, Bytes: math.Max(c.Bytes, d.Bytes)}
}

// fits reports whether c is within l.
func fits(c Cost, l Limits) bool {
	return c.Bytes <= float64(l.Memory()) && c.Seconds <= l.timeLimit().Seconds()
}

// Machine figures of the cost model that are not a kernel's rate.
const (
	// wordOpSeconds is one word operation of big-integer arithmetic
	// (math/big's multiply-add and divide loops): the closed form's
	// recurrence measured at 2.5 ns per word operation, CPU time (±1 at
	// d_k = 10⁵ 0.45 s, {-1,0,1} at d_k = 2·10⁴ 0.2 s).
	wordOpSeconds = 2.5e-9
	// bigIntBytes is the memory of one *big.Int beyond its words: the
	// pointer to it, its header and the allocator's rounding.
	bigIntBytes = 48
	// rootSecondsAtMaxWork is the time of one correctly rounded decimal
	// of an irrational value at rational.MaxRootWork (places × root
	// index): an exact root of an integer of about places·index digits,
	// half a second on an idle core of the reference machine.
	rootSecondsAtMaxWork = 0.5
)

// RoundingCost estimates, before any work, printing n values under scale
// s to places correctly rounded decimals: nothing for a rational value;
// for one that may be a root of index r (see rational.Scale.CheckPlaces),
// with w = places·r / rational.MaxRootWork, rootSecondsAtMaxWork·w each up
// to w = 1 and rootSecondsAtMaxWork·w^1.5 beyond, as measured (the work
// grows with the digits of the integer rooted, linearly at first and a
// little faster beyond: 11 ms at 20 places of index 999, half a second at
// 10⁶), holding a few integers of places·r digits.
func RoundingCost(s rational.Scale, places, n int) Cost {
	p := new(big.Rat)
	if s.P != nil {
		p.Set(s.P)
	}
	index := p.Mul(p, big.NewRat(2, 1)).Denom()
	if !index.IsInt64() || index.Int64() == 1 || n == 0 {
		return Cost{}
	}
	work := float64(places) * float64(index.Int64())
	w := work / rational.MaxRootWork
	if w > 1 {
		w = math.Pow(w, 1.5)
	}
	return Cost{Seconds: float64(n) * rootSecondsAtMaxWork * w, Bytes: 4 * work * math.Log2(10) / 8}
}

// intBytes estimates the memory of a big.Int of the given bits.
func intBytes(bits float64) float64 { return math.Ceil(bits/64)*8 + bigIntBytes }

// DecimalCost estimates writing n integers of up to bits bits each in
// decimal: math/big's conversion divides recursively, about
// (words)^1.6 word operations each; the memory is one integer's text.
func DecimalCost(n, bits float64) Cost {
	words := math.Max(bits/64, 1)
	return Cost{Seconds: n * math.Pow(words, 1.6) * wordOpSeconds, Bytes: bits * math.Log10(2)}
}

// The time of a figure's data table, per the model ExactRowsCost
// states: a row (its score, count, probability and density, each exact
// and to a few decimals) takes rowSeconds, rowWordSeconds·words and
// rowWordSquaredSeconds·words² (words the 64-bit words of the count of
// pairs: converting, reducing and multiplying the row's fractions is
// linear in the words at these sizes, the reductions' gcd quadratic
// beyond), fractionOddFactor times that when the count of pairs is not a
// power of two, as the fractions then do not reduce by shifts. Fitted on
// 2026-12-03 to the least CPU time of three runs (load 2-3) of 29 figures
// of six alphabets, 4 to 149 words, 129 to 24,577 rows: per row 25-46 µs
// at 4-8 words, 51-70 at 32, 120-161 at 64, 287 at 128 (powers of two);
// 36-41 at 6-19, 149 at 51, 358 at 101, 510 at 149 (others);
// TestDistCostCalibrated holds it within 2x.
const (
	rowSeconds            = 15e-6
	rowWordSeconds        = 1.48e-6
	rowWordSquaredSeconds = 0.005e-6
	fractionOddFactor     = 1.4
)

// ExactRowsCost estimates writing n rows of exact values whose integers
// have up to bits bits, the count of pairs being a power of two or not
// (a figure's data table: the count, the probability and the density as
// reduced fractions, five such integers a row); the rows are held until
// the figure is written, their text 5·bits·log10(2) bytes a row and about
// 400 bytes of strings and slices.
func ExactRowsCost(n, bits float64, powerOfTwo bool) Cost {
	words := math.Max(bits/64, 1)
	s := n * (rowSeconds + rowWordSeconds*words + rowWordSquaredSeconds*words*words)
	if !powerOfTwo {
		s *= fractionOddFactor
	}
	return Cost{Seconds: s, Bytes: n * (5*bits*math.Log10(2) + 400)}
}

// humanDuration writes s seconds as a person says it: "0.4 seconds",
// "26 minutes", "3 hours", "12 days", "310 years", "2.4·10^7 years"; the one wording of
// durations in every refusal.
func humanDuration(s float64) string {
	switch {
	case math.IsInf(s, 1) || s > 1e30:
		return "longer than any machine runs"
	case s >= 1e6*365*86400:
		// Millions of years and more: a power of ten says it.
		y := s / (365 * 86400)
		e := math.Floor(math.Log10(y))
		return fmt.Sprintf("%.1f·10^%.0f years", y/math.Pow(10, e), e)
	case s >= 2*365*86400:
		return fmt.Sprintf("%.0f years", s/(365*86400))
	case s >= 2*86400:
		return fmt.Sprintf("%.0f days", s/86400)
	case s >= 2*3600:
		return fmt.Sprintf("%.0f hours", s/3600)
	case s >= 600:
		return fmt.Sprintf("%.0f minutes", s/60)
	case s >= 120:
		// Under ten minutes a tenth shows a total just over a limit.
		return strings.TrimSuffix(fmt.Sprintf("%.1f", s/60), ".0") + " minutes"
	case s < 1e-6:
		return fmt.Sprintf("%.3g ns", s*1e9)
	case s < 1e-3:
		return fmt.Sprintf("%.3g µs", s*1e6)
	case s < 0.01:
		return fmt.Sprintf("%.3g ms", s*1e3)
	case s == 1:
		return "1 second"
	case s < 10:
		return fmt.Sprintf("%.2g seconds", s)
	}
	return fmt.Sprintf("%.0f seconds", s)
}

// humanBytes writes b bytes as a person says it, in the binary units
// limits are given in: "512 MiB", "1 GiB", "2.79 GiB", "740 KiB".
func humanBytes(b float64) string {
	if math.IsInf(b, 1) || b > 1e30 {
		return "more than any machine holds"
	}
	unit, name := 1.0, "bytes"
	for _, u := range []struct {
		size float64
		name string
	}{{1 << 10, "KiB"}, {1 << 20, "MiB"}, {1 << 30, "GiB"}, {1 << 40, "TiB"}, {1 << 50, "PiB"}} {
		if b >= u.size {
			unit, name = u.size, u.name
		}
	}
	if v := b / unit; v < 100 {
		return fmt.Sprintf("%.3g %s", v, name)
	}
	return fmt.Sprintf("%.0f %s", b/unit, name)
}
