package enumerate

import (
	"fmt"
	"math"
	"math/big"
)

// A LimitError refuses, before any work, a computation or a whole run
// whose estimated Cost passes its Limits, memory first.
type LimitError struct {
	// What names what was refused, in words, such as "brute force over
	// 68719476736 pairs" or "slice 3/8 at d_k = 40"; when the work is
	// beyond any machine (Unreachable) it is the whole reason.
	What string
	// Method is the engine's method refused (BruteForce or ClosedForm),
	// Auto when the refused work is not the engine's.
	Method Method
	// Cost is the estimate.
	Cost Cost
	// Limits are the limits it passes, defaults filled in.
	Limits Limits
	// MinSlices, for a refused slice of a sharded run, is how many slices
	// would each fit the time limit: -1 when no split into split.MaxSlices
	// slices or fewer would, 0 when the refused work is not a slice.
	MinSlices int
	// parts are a run's items, costliest first, when a Budget refused
	// the run as a whole.
	parts []budgetPart
}

// Memory reports whether memory, not time, is over its limit.
func (e *LimitError) Memory() bool { return e.Cost.Bytes > float64(e.Limits.Memory()) }

// Unreachable reports whether the work is beyond any machine, whatever
// the limits allowed; then What is the whole reason.
func (e *LimitError) Unreachable() bool { return math.IsInf(e.Cost.Seconds, 1) }

// Error says what was refused, its estimate against the limit, and for a
// run its largest part.
func (e *LimitError) Error() string {
	if e.Unreachable() {
		return e.What // the whole reason: no limit would allow it
	}
	size, limit, verb := humanDuration(e.Cost.Seconds)+" here", humanDuration(e.Limits.timeLimit().Seconds()), "take"
	part := func(p budgetPart) string { return humanDuration(p.cost.Seconds) }
	if e.Memory() {
		size, limit, verb = humanBytes(e.Cost.Bytes), humanBytes(float64(e.Limits.Memory())), "hold"
		part = func(p budgetPart) string { return humanBytes(p.cost.Bytes) }
	}
	over := fmt.Sprintf("%s would %s about %s (limit %s)", e.What, verb, size, limit)
	switch len(e.parts) {
	case 0:
		return over
	case 1:
		return fmt.Sprintf("%s: %s, %s", over, e.parts[0].what, part(e.parts[0]))
	}
	// The costliest part only, so that the refusal stays one short line.
	return fmt.Sprintf("%s: %d parts, largest %s, %s", over, len(e.parts), e.parts[0].what, part(e.parts[0]))
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
