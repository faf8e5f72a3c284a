package enumerate

import (
	"fmt"
	"sort"
)

// A Budget is the plan of one run: it adds up, before any work, the
// estimated Cost of everything the run will compute, so that many
// computations, each within the limits, cannot together run for hours or
// hold more memory than allowed unannounced. Parts run one after another:
// their times add, and the run's peak memory is the largest part's (plus
// what Hold says stays held throughout). A Budget is made by NewBudget.
type Budget struct {
	limits Limits
	parts  []budgetPart
}

// A budgetPart is one item of a run.
type budgetPart struct {
	what string // the item in the caller's words; it names it in a refusal
	cost Cost   // the item's estimated cost
	held bool   // memory kept throughout the run (Hold)
}

// NewBudget returns an empty budget held against l.
func NewBudget(l Limits) *Budget { return &Budget{limits: l} }

// Add adds one item, run after the items before it.
func (b *Budget) Add(what string, c Cost) {
	b.parts = append(b.parts, budgetPart{what: what, cost: c})
}

// AddPlan adds a planned computation, named by its width and method, at
// its cost for what n asks (Plan.Cost).
func (b *Budget) AddPlan(pl *Plan, n Need) {
	b.Add(fmt.Sprintf("d_k = %d (%s)", pl.problem.D, methodWords[pl.method]), pl.Cost(n))
}

// methodWords names a plan's method in a budget's parts.
var methodWords = map[Method]string{BruteForce: "enumerated", ClosedForm: "closed form", Both: "both methods"}

// Hold adds memory that the run keeps from its start to its end, such as
// the results it prints at the end, on top of every part's own.
func (b *Budget) Hold(what string, bytes float64) {
	b.parts = append(b.parts, budgetPart{what: what, cost: Cost{Bytes: bytes}, held: true})
}

// cost returns the run's estimated total: the parts' times added, and
// the largest part's memory plus what is held.
func (b *Budget) cost() Cost {
	var c Cost
	var held float64
	for _, p := range b.parts {
		if p.held {
			held += p.cost.Bytes
		} else {
			c = c.Then(p.cost)
		}
	}
	c.Bytes += held
	return c
}

// Cost returns the run's estimated total: the parts' times added, and the
// largest part's memory plus what is held throughout.
func (b *Budget) Cost() Cost { return b.cost() }

// Check returns nil when the run fits its limits, and otherwise a
// *LimitError naming the costliest parts: by memory when memory is over
// its limit, else by time.
func (b *Budget) Check() error {
	c := b.cost()
	if fits(c, b.limits) {
		return nil
	}
	e := &LimitError{What: "this run", Cost: c, Limits: b.limits.resolved()}
	e.parts = append([]budgetPart(nil), b.parts...)
	key := func(p budgetPart) float64 { return p.cost.Seconds }
	if e.Memory() {
		key = func(p budgetPart) float64 { return p.cost.Bytes }
	}
	sort.SliceStable(e.parts, func(i, j int) bool { return key(e.parts[i]) > key(e.parts[j]) })
	for len(e.parts) > 0 && key(e.parts[len(e.parts)-1]) == 0 {
		e.parts = e.parts[:len(e.parts)-1]
	}
	if top := e.parts[0]; len(e.parts) == 1 || !fits(top.cost, b.limits) {
		// A part over the limits on its own is refused in its own words.
		e.What, e.Cost, e.parts = top.what, top.cost, nil
	}
	return e
}
