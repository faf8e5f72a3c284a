package enumerate

import "math"

// Seconds estimates, before any work and without timing anything, how long
// the plan's method takes on every core at the nominal rate: the figure
// Check compares with its limits when far from them (Both adds the two
// methods). A command that runs many computations adds these up to judge
// the whole run, and the sum does not depend on timing noise.
func (pl *Plan) Seconds() float64 {
	var s float64
	if pl.method == BruteForce || pl.method == Both {
		nq, ok := pl.problem.QCount()
		if !ok {
			return math.Inf(1)
		}
		s += pl.bruteSeconds(math.Log2(float64(nq)), pl.rate, pl.workers(nq))
	}
	if pl.method == ClosedForm || pl.method == Both {
		s += pl.closedSeconds()
	}
	return s
}
