package enumerate

import (
	"fmt"
	"math"
	"math/big"
)

// A LimitError refuses, before any work, a computation or a whole run
// whose estimated Cost passes its Limits (defaults filled in), memory
// first: What names what was refused, in words. An engine's refusal says
// which Method it refused (BruteForce or ClosedForm; Auto otherwise) and
// whether its time was Measured by a timed probe on this machine; a
// refused slice of a sharded run says how many slices would each fit
// (MinSlices; -1 when no split into MaxShards slices or fewer would); a
// run's refusal lists its Parts, costliest first.
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

func (e *LimitError) Error() string {
	if e.Unreachable() {
		return e.What // the whole reason: no limit would allow it
	}
	size, limit, verb := humanDuration(e.Cost.Seconds)+" here", humanDuration(e.Limits.Time().Seconds()), "take"
	part := func(p BudgetPart) string { return humanDuration(p.Cost.Seconds) }
	if e.Memory() {
		size, limit, verb = humanBytes(e.Cost.Bytes), humanBytes(float64(e.Limits.Memory())), "hold"
		part = func(p BudgetPart) string { return humanBytes(p.Cost.Bytes) }
	}
	over := fmt.Sprintf("%s would %s about %s (limit %s)", e.What, verb, size, limit)
	switch len(e.Parts) {
	case 0:
		return over
	case 1:
		return fmt.Sprintf("%s: %s, %s", over, e.Parts[0].What, part(e.Parts[0]))
	}
	// The costliest part only, so that the refusal stays one short line.
	return fmt.Sprintf("%s: %d parts, largest %s, %s", over, len(e.Parts), e.Parts[0].What, part(e.Parts[0]))
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
