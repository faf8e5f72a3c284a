package enumerate

import (
	"fmt"
	"sort"
	"strings"
)

// A Budget adds up, before any work, the estimated time of everything one
// run will compute, so that many computations, each within its limit,
// cannot together run for hours unannounced. Enumerations count against
// the enumeration limit (DefaultMaxBruteTime) and all other exact work
// (closed forms, and what callers add, such as the roots behind rounded
// irrational values) against the closed form's (DefaultMaxClosedTime);
// with Options.MaxTime set, everything counts against it. Estimates come
// from nominal rates (Plan.Seconds), so a run's verdict does not depend
// on timing noise. The zero Budget uses the default limits.
type Budget struct {
	Options Options
	parts   []BudgetPart
}

// A BudgetPart is one item of a run: what it is, in the caller's words,
// and its estimated seconds.
type BudgetPart struct {
	What        string
	Seconds     float64
	Enumeration bool // counts against the enumeration limit
}

// Add adds one item.
func (b *Budget) Add(p BudgetPart) { b.parts = append(b.parts, p) }

// AddPlan adds a planned computation: an enumeration, a closed form or
// both, as the plan's method says.
func (b *Budget) AddPlan(what string, pl *Plan) {
	b.Add(BudgetPart{What: what, Seconds: pl.Seconds(), Enumeration: pl.method == BruteForce})
}

// Seconds returns the estimated total.
func (b *Budget) Seconds() float64 {
	var s float64
	for _, p := range b.parts {
		s += p.Seconds
	}
	return s
}

// Check returns nil when the run fits its limits, and otherwise a
// *BudgetError naming the largest items.
func (b *Budget) Check() error {
	var brute, other float64
	for _, p := range b.parts {
		if p.Enumeration {
			brute += p.Seconds
		} else {
			other += p.Seconds
		}
	}
	e := &BudgetError{}
	switch limit := b.Options.MaxTime.Seconds(); {
	case limit > 0 && brute+other > limit:
		e.Seconds, e.MaxSeconds = brute+other, limit
	case limit > 0:
		return nil
	case brute > DefaultMaxBruteTime.Seconds():
		e.Seconds, e.MaxSeconds, e.Enumeration = brute, DefaultMaxBruteTime.Seconds(), true
	case other > DefaultMaxClosedTime.Seconds():
		e.Seconds, e.MaxSeconds = other, DefaultMaxClosedTime.Seconds()
	default:
		return nil
	}
	for _, p := range b.parts {
		if limit := b.Options.MaxTime; limit > 0 || p.Enumeration == e.Enumeration {
			e.Parts = append(e.Parts, p)
		}
	}
	sort.SliceStable(e.Parts, func(i, j int) bool { return e.Parts[i].Seconds > e.Parts[j].Seconds })
	return e
}

// A BudgetError refuses, before any work, a run whose items together pass
// a limit: Seconds is their estimated total against MaxSeconds, counting
// enumerations only (Enumeration) or the other work only, or everything
// under an explicit limit; Parts lists the items counted, largest first.
type BudgetError struct {
	Seconds, MaxSeconds float64
	Enumeration         bool
	Parts               []BudgetPart
}

// maxPartsNamed bounds the items a BudgetError's message names.
const maxPartsNamed = 3

func (e *BudgetError) Error() string {
	var named []string
	for i, p := range e.Parts {
		if i == maxPartsNamed {
			named = append(named, fmt.Sprintf("and %d more", len(e.Parts)-maxPartsNamed))
			break
		}
		named = append(named, fmt.Sprintf("%s (about %s)", p.What, humanDuration(p.Seconds)))
	}
	what := "the computations"
	if e.Enumeration {
		what = "the enumerations"
	}
	return fmt.Sprintf("%s of this run would take about %s here together (limit %s): %s",
		what, humanDuration(e.Seconds), humanDuration(e.MaxSeconds), strings.Join(named, ", "))
}
