package proofs

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// The proof for every width.
//
// Every model but a joint law draws its coordinate pairs alike: the law of
// one pair (q_i, k_i) is the same for every i, and the law of two,
// (q_i, k_i, q_j, k_j), the same for every i ≠ j, whatever d_k. Then
// E[q·k] = Σ E[q_i·k_i] = d_k·m and
// Var(q·k) = Σ_i Var(q_i·k_i) + Σ_{i≠j} Cov(q_i·k_i, q_j·k_j) = d_k·v + d_k(d_k−1)·c
// with m, v and c read off those two laws, and the proof's five steps can
// be checked once for all widths. The two laws are built here from the
// model's definition alone, not from a Space, so that the formula and
// enumerate's law of q·k, which comes from the space's components, are two
// independent computations; the sweep compares them at every width it can
// afford.

// DefaultCheckTime is how long, estimated, the formula in d_k is checked
// against enumerate unless Options.CheckTime says otherwise: width after
// width from d_k = 1 while the estimated total stays within it.
const DefaultCheckTime = 250 * time.Millisecond

// planOverheadSeconds is the cost of planning one problem beyond what
// enumerate estimates for computing it (its lattice and plan), measured at
// 10–40 µs here and rounded up.
const planOverheadSeconds = 1e-4

// The reasons an assertion holds by construction of the model.
const (
	byIndependentAlphabets = "the model draws q_i and k_i from their alphabets independently"
	byIndependentPairs     = "the model draws the coordinate pairs independently, so the law of two is the product of two copies of the law of one"
)

// modelLaws returns the exact laws of one coordinate pair and of two, as
// the model defines them, with the reasons either is a product by
// construction ("" when it is not).
func modelLaws(m Model) (one, two *law, oneProduct, twoProduct string) {
	pairs := m.coordinateLaw().pairs
	one = newLaw()
	for _, p := range pairs {
		one.add(&Outcome{Q: []*big.Rat{p.Q}, K: []*big.Rat{p.K}, at: []int{1}}, big.NewInt(p.Weight))
	}
	if m.independentAlphabets() {
		oneProduct = byIndependentAlphabets
	}
	two = newLaw()
	add := func(a, b Pair, w *big.Int) {
		two.add(&Outcome{Q: []*big.Rat{a.Q, b.Q}, K: []*big.Rat{a.K, b.K}, at: []int{1, 2}}, w)
	}
	switch m.Tie {
	case Untied:
		twoProduct = byIndependentPairs
		for _, a := range pairs {
			for _, b := range pairs {
				add(a, b, weightProduct(a, b))
			}
		}
	case TieBoth:
		for _, a := range pairs {
			add(a, a, big.NewInt(a.Weight))
		}
	case TieQ, TieK:
		// Both pairs share the tied value x, each other entry drawn given
		// x: P = w(x, y)·w(x, y')/w_x over the total weight, made integer
		// by the lcm L of the w_x.
		tied := func(p Pair) *big.Rat {
			if m.Tie == TieQ {
				return p.Q
			}
			return p.K
		}
		wx := map[string]*big.Int{}
		for _, p := range pairs {
			k := tied(p).RatString()
			if wx[k] == nil {
				wx[k] = new(big.Int)
			}
			wx[k].Add(wx[k], big.NewInt(p.Weight))
		}
		lcm := big.NewInt(1)
		for _, bw := range wx {
			lcm.Mul(lcm, new(big.Int).Quo(bw, new(big.Int).GCD(nil, nil, lcm, bw)))
		}
		for _, a := range pairs {
			for _, b := range pairs {
				if tied(a).Cmp(tied(b)) != 0 {
					continue
				}
				w := new(big.Int).Quo(lcm, wx[tied(a).RatString()])
				add(a, b, w.Mul(w, weightProduct(a, b)))
			}
		}
	}
	return one, two, oneProduct, twoProduct
}

// weightProduct returns a.Weight·b.Weight exactly: two pair weights of
// up to 10¹² each (ProductPairs of two alphabets) pass 2⁶³.
func weightProduct(a, b Pair) *big.Int {
	return new(big.Int).Mul(big.NewInt(a.Weight), big.NewInt(b.Weight))
}

// A sweepWidth is one width of the sweep: enumerate's plans for the law of
// q·k and each plan's weight in the mixture.
type sweepWidth struct {
	d       int
	plans   []*enumerate.Plan
	factors []*big.Int
}

// planSweep plans, before any work, the widths at which the formula is
// checked against enumerate: d_k = 1, 2, … while the estimated total
// stays within the check time and enumerate accepts the width. It returns
// the widths and why the sweep stops.
func planSweep(m Model, opt Options) ([]sweepWidth, string) {
	budget := opt.CheckTime
	if budget <= 0 {
		budget = DefaultCheckTime
	}
	var out []sweepWidth
	var total time.Duration
	for d := 1; ; d++ {
		s := &Space{model: m, d: d, opt: opt}
		s.buildComponents()
		probs, factors, err := s.engineProblems()
		if err != nil {
			return out, fmt.Sprintf("at d_k = %d enumerate cannot take the terms: %v", d, err)
		}
		pls, cost, err := sweepPlans(probs, opt)
		if err != nil {
			return out, fmt.Sprintf("enumerate refuses d_k = %d: %v", d, err)
		}
		if total+cost > budget {
			return out, fmt.Sprintf("the next width, d_k = %d, would pass the %s the check may take", d, budget)
		}
		total += cost
		out = append(out, sweepWidth{d: d, plans: pls, factors: factors})
	}
}

// sweepPlans plans each problem of one width with the closed form, whose
// cost estimate, unlike enumeration's, is the same on every machine, so
// that the widths checked are too; it returns the plans' estimated time,
// in whole microseconds, so that sums are exact and a last-place
// difference of a machine's logarithm cannot move the sweep's end.
func sweepPlans(probs []enumerate.Problem, opt Options) ([]*enumerate.Plan, time.Duration, error) {
	// The sweep is not counted in Options.Progress: it is bounded by the
	// check time, a fraction of a second, and would only move the count
	// past what Proof.Work says.
	eopt := opt.engine()
	eopt.Progress = nil
	var out []*enumerate.Plan
	var cost time.Duration
	for _, p := range probs {
		pl, err := enumerate.NewPlan(p, enumerate.ClosedForm, eopt)
		if err == nil {
			err = pl.Check(enumerate.NeedMoments)
		}
		if err != nil {
			return nil, 0, err
		}
		out = append(out, pl)
		cost += time.Duration(math.Round((pl.Cost(enumerate.NeedMoments).Seconds+planOverheadSeconds)*1e6)) * time.Microsecond
	}
	return out, cost, nil
}

// moments returns the exact mean and variance of q·k at the width, from
// enumerate's moments of each problem weighted by its factor.
func (w sweepWidth) moments(ctx context.Context) (mean, variance *big.Rat, err error) {
	total, sum, squares := new(big.Rat), new(big.Rat), new(big.Rat)
	for n, pl := range w.plans {
		mo, err := pl.Moments(ctx)
		if err != nil {
			return nil, nil, err
		}
		weight := new(big.Rat).SetInt(new(big.Int).Mul(mo.Pairs, w.factors[n]))
		total.Add(total, weight)
		sum.Add(sum, new(big.Rat).Mul(weight, mo.Mean))
		second := new(big.Rat).Mul(mo.Mean, mo.Mean)
		squares.Add(squares, second.Mul(second.Add(second, mo.Variance), weight))
	}
	mean = new(big.Rat).Quo(sum, total)
	variance = new(big.Rat).Quo(squares, total)
	return mean, variance.Sub(variance, new(big.Rat).Mul(mean, mean)), nil
}

// A sweepResult is what the sweep found: the widths checked and the first
// at which enumerate and the formula differ.
type sweepResult struct {
	checked   int // widths 1..checked
	agreed    int // widths at which both agree
	stop      string
	mismatch  string // "" when every width agrees
	at        int
	got, want rational.Value
}

// runSweep compares enumerate's mean and variance of q·k with the formulas
// at every planned width.
func runSweep(ctx context.Context, widths []sweepWidth, stop string, meanF, varF Formula) (sweepResult, error) {
	res := sweepResult{checked: len(widths), stop: stop}
	for _, w := range widths {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		mean, variance, err := w.moments(ctx)
		if err != nil {
			return res, err
		}
		for _, c := range []struct {
			name string
			got  *big.Rat
			f    Formula
		}{{"E[q·k]", mean, meanF}, {"Var(q·k)", variance, varF}} {
			if want := c.f.At(w.d); want.Cmp(rational.NewRat(c.got)) != 0 {
				res.mismatch = fmt.Sprintf("at d_k = %d enumerate gives %s = %s, the formula %s = %s", w.d, c.name, c.got.RatString(), c.f, want)
				res.at, res.got, res.want = w.d, rational.NewRat(c.got), want
				res.checked = w.d
				return res, nil
			}
		}
		res.agreed++
	}
	return res, nil
}

// widthRange writes 1..n as "d_k = 1", "d_k = 1, 2" or "d_k = 1..n".
func widthRange(n int) string {
	switch n {
	case 1:
		return "d_k = 1"
	case 2:
		return "d_k = 1, 2"
	}
	return fmt.Sprintf("d_k = 1..%d", n)
}

// gatherGeneral computes the evidence for every width: the laws of one and
// two coordinate pairs from the model, and the sweep against enumerate.
func gatherGeneral(ctx context.Context, m Model, p *big.Rat, widths []sweepWidth, stop string) (*evidence, error) {
	ev := &evidence{general: true, covSum: new(big.Rat), sources: map[string]string{}, p: p}
	ev.divisorName = divisorName(p)
	one, two, oneProduct, twoProduct := modelLaws(m)
	ev.coords, ev.two, ev.oneProduct, ev.twoProduct = []*law{one}, two, oneProduct, twoProduct
	if err := ev.pairPass(ctx); err != nil {
		return nil, err
	}
	mean, v, c := ev.termLaws()
	ev.meanF, ev.varF = powerFormula(mustRat(mean), big.NewRat(1, 1)), varianceFormula(mustRat(v), mustRat(c))
	var err error
	if ev.sweep, err = runSweep(ctx, widths, stop, ev.meanF, ev.varF); err != nil {
		return nil, err
	}
	ev.sources[fromCoordinate] = fmt.Sprintf("the law of one coordinate pair, {%s}, which the model gives every i at every width", m.coordinateLaw())
	switch m.Tie {
	case Untied:
		ev.sources[fromPair] = "the law of two coordinate pairs, two independent copies of the law of one, the same for every i < j at every width"
	case TieQ:
		ev.sources[fromPair] = "the law of two coordinate pairs with q_j = q_i, each k drawn given it, the same for every i < j at every width"
	case TieK:
		ev.sources[fromPair] = "the law of two coordinate pairs with k_j = k_i, each q drawn given it, the same for every i < j at every width"
	case TieBoth:
		ev.sources[fromPair] = "the law of two coordinate pairs with (q_j, k_j) = (q_i, k_i), the same for every i < j at every width"
	}
	// Listed only when an assertion comes from it: not when no width was
	// checked.
	ev.sources[fromScore] = fmt.Sprintf("the law of q·k from enumerate at %s, every width from 1 it reaches within the check's time limit (%s)",
		widthRange(ev.sweep.checked), stop)
	return ev, nil
}

// divisorName names d_k^p: "√d_k", "d_k", "1" or "d_k^(p)".
func divisorName(p *big.Rat) string {
	if name, ok := divisorNames[p.RatString()]; ok {
		return name
	}
	return "d_k^(" + p.RatString() + ")"
}

// divisorNames are the divisors d_k^p written by name.
var divisorNames = map[string]string{"0": "1", "1/2": "√d_k", "1": "d_k"}

// termLaws returns E[q_i·k_i], Var(q_i·k_i) and Cov(q_i·k_i, q_j·k_j) on
// the laws of one and two pairs.
func (ev *evidence) termLaws() (m, v, c rational.Value) {
	t1, t2 := Times(Q(1), K(1)), Times(Q(2), K(2))
	return ev.coords[0].mean(t1), ev.coords[0].cov(t1, t1), ev.two.cov(t1, t2)
}

// generalStep4 adds the terms for every width: their laws give the
// formula, which enumerate's law of q·k must match at every width checked.
func (ev *evidence) generalStep4() Step {
	st := Step{Number: 4, Title: "add d_k terms",
		Statement: "every term has the law of (q_i, k_i) and every two the law of (q_i, k_i, q_j, k_j), so Var(q·k) = d_k·Var(q_i·k_i) + d_k(d_k−1)·Cov(q_i·k_i, q_j·k_j) = d_k"}
	st.Assertions = append(st.Assertions, ev.group("indep-terms-pair", "", fromPair, []string{"indep-coords"}, ev.termsIndep, true)...)
	st.Assertions = append(st.Assertions, ev.group("cov-terms", "", fromPair, []string{"indep-terms-pair"}, ev.covs, true)...)
	m, v, c := ev.termLaws()
	derivation := fmt.Sprintf("E[q·k] = d_k·E[q_i·k_i] = d_k·%s = %s and Var(q·k) = d_k·Var(q_i·k_i) + d_k(d_k−1)·Cov(q_i·k_i, q_j·k_j) = d_k·%s + d_k(d_k−1)·%s = %s",
		paren(m), ev.meanF, paren(v), paren(c), ev.varF)
	restsOn := []string{"var-term", "cov-terms"}
	if sw := ev.sweep; sw.checked > 0 {
		a := Assertion{ID: "formula", Source: fromScore, Scope: widthRange(sw.checked), Because: derivation,
			Statement: "E[q·k] = d_k·E[q_i·k_i] and Var(q·k) = d_k·Var(q_i·k_i) + d_k(d_k−1)·Cov(q_i·k_i, q_j·k_j)"}
		if sw.mismatch != "" {
			a.Left, a.Right = fmt.Sprintf("enumerate at d_k = %d", sw.at), "the formula"
			a.LeftValue, a.RightValue = sw.got, sw.want
			a.Values, a.Detail = equalityValues(sw.got, sw.want), sw.mismatch
		} else {
			a.Left, a.Right = "widths where enumerate's law of q·k has that mean and variance", "widths checked"
			a.LeftValue, a.RightValue = rational.NewInt(int64(sw.agreed)), rational.NewInt(int64(sw.checked))
			a.Values = all(fmt.Sprint(sw.checked), "width")
			a.Holds = sw.agreed == sw.checked
		}
		st.Assertions = append(st.Assertions, a)
		restsOn = append([]string{"formula"}, restsOn...)
	}
	b := equalFormulas("Var(q·k)", ev.varF, "d_k", powerFormula(big.NewRat(1, 1), big.NewRat(1, 1)), derivation)
	b.ID, b.Source, b.RestsOn = "var-score", fromPair, restsOn
	st.Assertions = append(st.Assertions, b)
	return st
}

// generalStep5 scales for every width: Var(q·k/d_k^p) = Var(q·k)/d_k^(2p).
func (ev *evidence) generalStep5() Step {
	c := ev.divisorName
	st := Step{Number: 5, Title: "scale by 1/" + c,
		Statement: "Var(q·k/" + c + ") = Var(q·k)/d_k = 1, as Var(x·X) = x²·Var(X)"}
	two := new(big.Rat).Mul(ev.p, big.NewRat(2, 1))
	square := powerFormula(big.NewRat(1, 1), two)
	div := equalFormulas("("+c+")²", square, "d_k", powerFormula(big.NewRat(1, 1), big.NewRat(1, 1)), "")
	div.ID, div.Hypothesis = "divisor", "the divisor's square is d_k"
	scaled := ev.varF.times(big.NewRat(1, 1), new(big.Rat).Neg(two))
	because := fmt.Sprintf("Var(q·k/%s) = Var(q·k)/(%s)² = (%s)/(%s) = %s", c, c, ev.varF, square, scaled)
	a := equalFormulas("Var(q·k/"+c+")", scaled, "1", constantFormula(big.NewRat(1, 1)), because)
	a.ID, a.Source, a.RestsOn = "var-scaled", fromPair, []string{"var-score", "divisor"}
	st.Assertions = append(st.Assertions, div, a)
	return st
}
