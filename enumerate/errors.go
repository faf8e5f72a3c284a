package enumerate

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// A LimitError refuses, before any work, a computation or a whole run
// whose estimated Cost passes its Limits (defaults filled in), memory
// first: What names what was refused, in words. An engine's refusal says
// which Method it refused (BruteForce or ClosedForm; Auto otherwise) and
// whether its time was Measured by a timed probe on this machine; a
// refused slice of a sharded run says how many slices would each fit
// (MinSlices, 0 when none would); a run's refusal lists its costliest
// Parts, largest first.
type LimitError struct {
	What      string
	Method    Method
	Cost      Cost
	Limits    Limits
	Measured  bool
	MinSlices int
	Parts     []BudgetPart
}

// Memory reports whether memory, not time, is over its limit.
func (e *LimitError) Memory() bool { return e.Cost.Bytes > float64(e.Limits.Memory()) }

// Unreachable reports whether the work is beyond any machine, whatever
// the limits allowed; then What is the whole reason.
func (e *LimitError) Unreachable() bool { return math.IsInf(e.Cost.Seconds, 1) }

// maxPartsNamed bounds the parts a LimitError's message names.
const maxPartsNamed = 3

func (e *LimitError) Error() string {
	if e.Unreachable() {
		return e.What // the whole reason: no limit would allow it
	}
	together, over := "", ""
	if len(e.Parts) > 1 {
		together = " together"
	}
	if e.Memory() {
		over = fmt.Sprintf("%s would hold about %s at once%s (limit %s)", e.What, humanBytes(e.Cost.Bytes), together, humanBytes(float64(e.Limits.Memory())))
	} else {
		over = fmt.Sprintf("%s would take about %s here%s (limit %s)", e.What, humanDuration(e.Cost.Seconds), together, humanDuration(e.Limits.Time().Seconds()))
	}
	if len(e.Parts) == 0 {
		return over
	}
	var named []string
	for i, p := range e.Parts {
		if i == maxPartsNamed {
			named = append(named, fmt.Sprintf("and %d more", len(e.Parts)-maxPartsNamed))
			break
		}
		size := humanDuration(p.Cost.Seconds)
		if e.Memory() {
			size = humanBytes(p.Cost.Bytes)
		}
		named = append(named, fmt.Sprintf("%s (about %s)", p.What, size))
	}
	return over + ": " + strings.Join(named, ", ")
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
