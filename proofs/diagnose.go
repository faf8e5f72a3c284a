package proofs

import (
	"context"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Diagnosis explains a failed proof: the hypotheses that broke, why each
// step fails or holds without them, what holds instead, whether the
// conclusion survives, and the smallest counterexample.
type Diagnosis struct {
	// Broken lists the failed hypotheses, named as the lesson names them.
	Broken []string
	// Reasons says, for every step's assertion that fails or that holds
	// although something it rests on fails, the true reason: the identity
	// that holds whatever the hypotheses, with this space's values.
	Reasons []string
	// Instead lists what the space gives in place of the lesson's values.
	Instead []string
	// Smallest is the smallest width at which a step fails, Step that
	// step and Failure its first failing assertion; Smallest is 0 when no
	// width's steps fail although the proof for every width does (the
	// formula and enumerate disagree).
	Smallest int
	Step     int       // the step that fails at Smallest
	Failure  Assertion // the step's first failing assertion there
	// Pair is a pair of vectors that illustrates the failure of step
	// PairStep, when one does, described in words.
	Pair     string
	PairStep int // the step Pair shows failing
	// ReasoningStep is the step at which the lesson's reasoning, rather
	// than one of its hypotheses, first fails, and ReasoningFailure the
	// assertion that fails there: the first failing assertion, in the
	// proof's order, that is not a hypothesis, in the proof for every
	// width, else at the smallest width asked for where one fails. With
	// k = q, Step 1's hypothesis q_i and k_i independent fails, and the
	// reasoning first breaks at Step 2, E[q_i·k_i] = E[q_i]·E[k_i].
	// ReasoningStep is 0 when only hypotheses fail.
	ReasoningStep    int
	ReasoningFailure Assertion // the reasoning's first failing assertion
}

// hypotheses and reasoning list the assertion IDs in the order of the proof.
var (
	hypotheses = []string{"mean-q", "mean-k", "var-q", "var-k", "indep-qk", "indep-coords", "indep-all", "divisor"}
	reasoning  = []string{"square-q", "square-k", "mean-term-product", "mean-term", "var-term-square", "square-term-product", "var-term",
		"indep-terms-pair", "indep-terms", "cov-terms", "engine", "formula", "var-sum", "var-score", "scaling", "var-scaled"}
)

// holdsAlthough says, for an assertion that holds although something it
// rests on fails, what it needs instead.
var holdsAlthough = map[string]string{
	"mean-term-product":   "q_i and k_i are uncorrelated, which is all E[q_i·k_i] = E[q_i]·E[k_i] needs",
	"square-term-product": "q_i² and k_i² are uncorrelated, which is all E[(q_i·k_i)²] = E[q_i²]·E[k_i²] needs",
	"indep-terms-pair":    "the terms are independent although the entries are not",
	"indep-terms":         "the terms are independent although the entries are not",
	"cov-terms":           "the terms are dependent but uncorrelated, and adding variances needs only uncorrelated terms",
}

// where says which widths a run is about: "for every d_k" or "at d_k = 3".
func where(r Run) string {
	if r.D == 0 {
		return "for every d_k"
	}
	return fmt.Sprintf("at d_k = %d", r.D)
}

// stepAt writes "Step 2, d_k = 3" or, for every width, "Step 2, every d_k".
func stepAt(step int, r Run) string {
	if r.D == 0 {
		return fmt.Sprintf("Step %d, every d_k", step)
	}
	return fmt.Sprintf("Step %d, d_k = %d", step, r.D)
}

func (p *Proof) diagnose(ctx context.Context, t *Transcript) (*Diagnosis, error) {
	dg := &Diagnosis{}
	runs := t.all()
	for _, id := range hypotheses {
		for _, r := range runs {
			if a, _, _, fails := r.assertion(id); fails {
				dg.Broken = append(dg.Broken, fmt.Sprintf("%s, %s: %s is false: %s", a.Hypothesis, where(r), a.Statement, a.valuesText()))
				break
			}
		}
	}
	for _, id := range reasoning {
		if line := reason(runs, id); line != "" {
			dg.Reasons = append(dg.Reasons, line)
		}
	}
	dg.Instead = instead(t)
	dg.ReasoningStep, dg.ReasoningFailure = firstReasoningFailure(runs)
	if err := p.smallest(ctx, t, dg); err != nil {
		return nil, err
	}
	return dg, nil
}

// firstReasoningFailure returns the first failing assertion, in the
// order of the proof, that is not a hypothesis, and its step, in the
// first run that has one.
func firstReasoningFailure(runs []Run) (int, Assertion) {
	for _, r := range runs {
		for _, st := range r.Steps {
			for _, a := range st.Assertions {
				if !a.Holds && !slices.Contains(hypotheses, a.ID) {
					return st.Number, a
				}
			}
		}
	}
	return 0, Assertion{}
}

// reason explains assertion id at the first width where it fails or, if
// it never does, where it holds although something it rests on fails.
func reason(runs []Run, id string) string {
	for _, r := range runs {
		a, step, found, fails := r.assertion(id)
		if !found || !fails {
			continue
		}
		a, broken := sameIndices(a, brokenPremises(r, a))
		line := fmt.Sprintf("%s: %s fails (%s)", stepAt(step, r), a.Statement, a.valuesText())
		if a.Because != "" {
			line += ": " + a.Because
		}
		if len(broken) > 0 {
			return line + "; it rests on " + statements(broken) + ", which fail" + pluralS(len(broken) == 1) + "."
		}
		if a.ID == "engine" {
			return line + "; the engine and the listing disagree, so one of them is wrong and no verdict here can be trusted."
		}
		return line + "; everything it rests on holds, so a computation is wrong and no verdict here can be trusted."
	}
	for _, r := range runs {
		a, step, found, _ := r.assertion(id)
		if !found {
			continue
		}
		a, broken := sameIndices(a, brokenPremises(r, a))
		if len(broken) == 0 {
			continue
		}
		line := fmt.Sprintf("%s: %s holds although %s fail%s", stepAt(step, r), a.Statement, statements(broken), pluralS(len(broken) == 1))
		if why := holdsAlthough[id]; why != "" {
			line += ": " + why
			if a.Because != "" {
				line += "; " + a.Because
			}
		} else if a.Because != "" {
			line += ": " + a.Because
		}
		return line + "."
	}
	return ""
}

// pluralS returns "s" for a singular subject, "" for a plural one.
func pluralS(singular bool) string {
	if singular {
		return "s"
	}
	return ""
}

// brokenPremises returns the assertions a rests on that fail in the run:
// for a numbered assertion, the instance at its index when the premise
// has one there (a premise that fails only at other indices is not
// broken for it), else the first that fails.
func brokenPremises(r Run, a Assertion) []Assertion {
	var out []Assertion
	ij, numbered := a.index()
	for _, id := range a.RestsOn {
		p, _, found, fails := r.assertion(id)
		if !found || !fails {
			continue
		}
		if numbered {
			if q, ok := r.instanceAt(id, ij); ok {
				if q.Holds {
					continue
				}
				p = q
			}
		}
		out = append(out, p)
	}
	return out
}

// instanceAt returns the instance of id that covers the index ij.
func (r Run) instanceAt(id string, ij [2]int) (Assertion, bool) {
	for _, st := range r.Steps {
		for _, x := range st.Assertions {
			if x.ID == id && slices.Contains(x.at, ij) {
				return x, true
			}
		}
	}
	return Assertion{}, false
}

// statements joins the assertions' statements with "and".
func statements(as []Assertion) string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Statement
	}
	return strings.Join(out, " and ")
}

// symbolic reports whether the assertion is written with the symbolic
// indices i and j.
func (a Assertion) symbolic() bool {
	return strings.Contains(a.Statement, "_i") || strings.Contains(a.Statement, "_j")
}

// index returns the one index (i, j) a numbered assertion is about.
func (a Assertion) index() ([2]int, bool) {
	if len(a.at) != 1 || a.at[0] == [2]int{} || a.symbolic() {
		return [2]int{}, false
	}
	return a.at[0], true
}

// instance returns a symbolic assertion written for the index ij.
func (a Assertion) instance(ij [2]int) Assertion {
	if !a.symbolic() {
		return a
	}
	i, j := ij[0], ij[1]
	a.Statement, a.Left, a.Right = indexed(a.Statement, i, j), indexed(a.Left, i, j), indexed(a.Right, i, j)
	a.Because, a.Detail, a.Scope, a.at = indexed(a.Because, i, j), indexed(a.Detail, i, j), "", [][2]int{ij}
	return a
}

// sameIndices writes an assertion and the premises it names in one
// sentence with the same kind of indices: when any of them is numbered,
// the symbolic ones are written for its index (a line covering several
// indices holds at each of them).
func sameIndices(a Assertion, premises []Assertion) (Assertion, []Assertion) {
	ij, numbered := a.index()
	for _, p := range premises {
		if numbered {
			break
		}
		ij, numbered = p.index()
	}
	if !numbered {
		if !numberedText.MatchString(a.Statement) {
			return a, premises
		}
		// A statement about the whole space written with numbered terms
		// (Var(q_1·k_1) + Var(q_2·k_2)): its premises are written for the
		// first index they fail at.
		out := make([]Assertion, len(premises))
		for n, p := range premises {
			out[n] = p
			if len(p.at) > 0 {
				out[n] = p.instance(p.at[0])
			}
		}
		return a, out
	}
	out := make([]Assertion, len(premises))
	for n, p := range premises {
		out[n] = p
		if _, ok := p.index(); !ok && len(p.at) > 0 {
			out[n] = p.instance(nearest(p.at, ij))
		}
	}
	if len(a.at) > 0 {
		a = a.instance(nearest(a.at, ij))
	}
	return a, out
}

// numberedText matches an entry with a numbered index, such as q_2.
var numberedText = regexp.MustCompile(`[qk]_[0-9]`)

// nearest returns ij when the index list holds it, else its first index
// of the same kind (one index or a pair), else its first.
func nearest(at [][2]int, ij [2]int) [2]int {
	if slices.Contains(at, ij) {
		return ij
	}
	for _, x := range at {
		if (x[1] == 0) == (ij[1] == 0) {
			return x
		}
	}
	return at[0]
}

// instead states what the space gives in place of the lesson's values:
// for every width, the formulas and the terms' values they come from; for
// a joint law, the variance at its width.
func instead(t *Transcript) []string {
	g := t.General
	if g == nil {
		var parts []string
		for _, r := range t.Runs {
			parts = append(parts, fmt.Sprintf("%s at d_k = %d", r.variance, r.D))
		}
		return []string{"Var(q·k) = " + strings.Join(parts, ", ")}
	}
	m, v, c := generalValues(*g)
	out := []string{fmt.Sprintf("one term has E[q_i·k_i] = %s and Var(q_i·k_i) = %s, two have Cov(q_i·k_i, q_j·k_j) = %s, so for every d_k: E[q·k] = %s and Var(q·k) = %s",
		m, v, c, g.meanF, g.varF)}
	if words := meanWords(*g, m); words != "" {
		out = append(out, words)
	}
	return out
}

// generalValues returns E[q_i·k_i], Var(q_i·k_i) and Cov(q_i·k_i, q_j·k_j)
// as the proof for every width computed them.
func generalValues(g Run) (m, v, c rational.Value) {
	mt, _ := g.Assertion("mean-term")
	vt, _ := g.Assertion("var-term")
	ct, _ := g.Assertion("cov-terms")
	return mt.LeftValue, vt.LeftValue, ct.LeftValue
}

// meanWords says how the mean of the scaled score m·d_k^(1−p) moves with
// d_k, when it is not 0: dividing by d_k^p fixes the spread, not the mean.
func meanWords(g Run, m rational.Value) string {
	if m.Sign() == 0 {
		return ""
	}
	p := new(big.Rat)
	if r, ok := g.Assertion("divisor"); ok {
		// (d_k^p)² = d_k^(2p): the divisor's formula is its square.
		p.Quo(r.LeftFormula.terms[0].exp, big.NewRat(2, 1))
	}
	e := new(big.Rat).Sub(big.NewRat(1, 1), p)
	name := "q·k"
	if g.divisorName != "1" {
		name += "/" + g.divisorName
	}
	mean := powerFormula(mustRat(m), e)
	how := "which falls like -" + powerText(e) + " as d_k grows"
	if m.Sign() == 1 {
		how = "which grows like " + powerText(e) + " as d_k grows"
	}
	if e.Sign() == -1 {
		how = "which shrinks toward 0 as d_k grows"
	}
	if e.Sign() == 0 {
		how = "which stays at " + mean.String() + " whatever d_k is"
	}
	return fmt.Sprintf("%s has mean %s, %s: dividing fixes the spread, not the mean", name, mean, how)
}

// conclusion says at which widths Var(q·k/√d_k) = 1, and why: for every
// width from the formula, which shows any width where it holds to be a
// coincidence; for a joint law at its one width, from its Steps 4 and 5.
// It says "still holds" when some step fails.
func conclusion(t *Transcript) string {
	holds := "holds"
	if !t.Holds() {
		holds = "still holds"
	}
	if g := t.General; g != nil {
		return generalConclusion(*g, holds)
	}
	var out []string
	for _, r := range t.Runs {
		name := "Var(q·k/" + r.divisorName + ")"
		verdict := holds
		if _, _, _, fails := r.assertion("var-scaled"); fails {
			verdict = "fails"
		}
		sum, _ := r.Assertion("var-sum")
		scaled, _ := r.Assertion("var-scaled")
		out = append(out, fmt.Sprintf("the conclusion %s = 1 %s at d_k = %d, the one width a joint law has: %s, and %s",
			name, verdict, r.D, sum.Because, scaled.Because))
	}
	return strings.Join(out, "; ")
}

// generalConclusion words the conclusion for every width.
func generalConclusion(g Run, holds string) string {
	name := "Var(q·k/" + g.divisorName + ")"
	_, v, c := generalValues(g)
	why := fmt.Sprintf("Var(q_i·k_i) = %s and Cov(q_i·k_i, q_j·k_j) = %s", v, c)
	if ct, _ := g.Assertion("cov-terms"); ct.ByConstruction != "" {
		why += " (by construction: " + ct.ByConstruction + ")"
	} else if it, _ := g.Assertion("indep-terms-pair"); !it.Holds && c.Sign() == 0 {
		why += " (the terms are dependent but uncorrelated, which is all adding variances needs)"
	}
	why += fmt.Sprintf(", so Var(q·k) = %s and %s = %s", g.varF, name, g.scaledF)
	ds, always := g.scaledF.widthsWhere(big.NewRat(1, 1))
	if always {
		return fmt.Sprintf("the conclusion %s = 1 %s for every d_k ≥ 1: %s", name, holds, why)
	}
	if _, ok := g.scaledF.constant(); ok {
		return fmt.Sprintf("the conclusion %s = 1 fails at every width: %s for every d_k ≥ 1, never 1", name, why)
	}
	if len(ds) == 0 {
		return fmt.Sprintf("the conclusion %s = 1 fails at every width: %s, which is 1 at no width d_k ≥ 1", name, why)
	}
	widths := make([]string, len(ds))
	for i, d := range ds {
		widths[i] = fmt.Sprint(d)
	}
	those := "that width"
	if len(ds) > 1 {
		those = "those widths"
	}
	return fmt.Sprintf("the conclusion %s = 1 holds only at d_k = %s, a coincidence of %s: %s, which is 1 there and at no other width",
		name, strings.Join(widths, " and "), those, why)
}

// smallest finds the smallest failing width (a joint law has one width)
// and, when the space there is listed, a pair of vectors that shows the
// failure. A failure of the proof for every width shows by d_k = 3 (the
// laws of one and two pairs, and formulas that differ, as a variance
// over a power of d_k does, at one of three widths), except a
// disagreement of the formula with enumerate, which is itself the
// counterexample; a width asked for that fails ends the search at the
// latest.
func (p *Proof) smallest(ctx context.Context, t *Transcript, dg *Diagnosis) error {
	runs := map[int]Run{}
	limit := 0 // a width at which a step fails, 0 while none is known
	for _, r := range t.Runs {
		runs[r.D] = r
		if !r.holds() && limit == 0 {
			limit = r.D
		}
	}
	if g := t.General; g != nil && !g.holds() {
		if only, at := onlyFormulaFails(*g); only && limit == 0 {
			a, _ := g.Assertion("formula")
			dg.Smallest, dg.Step, dg.Failure = at, 4, a
			return nil
		}
		if limit == 0 {
			limit = 3
		}
		limit = min(limit, 3)
	}
	d := 1
	if p.model.Joint != nil {
		d = p.model.Joint.D
	}
	var found *Run
	for ; found == nil && d <= limit; d++ {
		r, ok := runs[d]
		if !ok {
			s, err := NewSpace(p.model, d, p.opt)
			if err != nil {
				return err
			}
			if r, err = p.runSpace(ctx, s); err != nil {
				return err
			}
		}
		if !r.holds() {
			found = &r
		}
	}
	if found == nil {
		return nil
	}
	dg.Smallest = found.D
	for _, st := range found.Steps {
		if a, fails := st.FirstFailure(); fails {
			dg.Step, dg.Failure = st.Number, a
			break
		}
	}
	s := found.space
	if !s.listed {
		return nil
	}
	if _, _, _, fails := found.assertion("mean-term"); fails {
		pair, err := asymmetricPair(ctx, s)
		if err != nil || pair == "" {
			return err
		}
		dg.Pair, dg.PairStep = pair, 2
		return nil
	}
	if a, step, _, fails := found.assertion("var-score"); fails {
		pair, err := extremePair(ctx, s, a)
		if err != nil {
			return err
		}
		dg.Pair, dg.PairStep = pair, step
	}
	return nil
}

// asymmetricPair finds a pair whose score x is more likely than −x: a zero
// mean by the lesson's symmetry argument needs P(x) = P(−x).
func asymmetricPair(ctx context.Context, s *Space) (string, error) {
	sl, err := s.scoreLaw(ctx)
	if err != nil {
		return "", err
	}
	weight := map[string]*big.Int{}
	total := new(big.Int)
	for n, x := range sl.scores {
		weight[x.RatString()] = sl.weights[n]
		total.Add(total, sl.weights[n])
	}
	order := make([]int, len(sl.scores))
	for i := range order {
		order[i] = i
	}
	// The smallest |x| first; of x and −x at most one outweighs the other.
	slices.SortStableFunc(order, func(a, b int) int {
		return new(big.Rat).Abs(sl.scores[a]).Cmp(new(big.Rat).Abs(sl.scores[b]))
	})
	for _, n := range order {
		x := sl.scores[n]
		neg := new(big.Rat).Neg(x)
		wn := weight[neg.RatString()]
		if wn == nil {
			wn = new(big.Int)
		}
		if sl.weights[n].Cmp(wn) <= 0 {
			continue
		}
		o, err := firstWithScore(ctx, s, func(v *big.Rat) bool { return v.Cmp(x) == 0 })
		if err != nil {
			return "", err
		}
		// Probabilities, not weights: a law and the same law with every
		// weight scaled are one law, and explained alike.
		p := new(big.Rat).SetFrac(sl.weights[n], total)
		pn := new(big.Rat).SetFrac(wn, total)
		return fmt.Sprintf("%s has q·k = %s; P(q·k = %s) = %s but P(q·k = %s) = %s, so the scores do not cancel on average",
			describe(o), x.RatString(), x.RatString(), p.RatString(), neg.RatString(), pn.RatString()), nil
	}
	return "", nil
}

// extremePair finds the outcome whose squared deviation from the mean is
// furthest from the claimed variance, on the side the variance errs.
func extremePair(ctx context.Context, s *Space, a Assertion) (string, error) {
	sl, err := s.scoreLaw(ctx)
	if err != nil {
		return "", err
	}
	mean := sl.law().coefMean(Score())
	tooBig := a.LeftValue.Cmp(a.RightValue) == 1
	var best, bestScore *big.Rat
	for _, x := range sl.scores {
		dev := new(big.Rat).Sub(x, mean)
		dev.Mul(dev, dev)
		if best == nil || (tooBig && dev.Cmp(best) > 0) || (!tooBig && dev.Cmp(best) < 0) {
			best, bestScore = dev, x
		}
	}
	o, err := firstWithScore(ctx, s, func(v *big.Rat) bool { return v.Cmp(bestScore) == 0 })
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s has q·k = %s: its squared distance from the mean is %s, where the claim needs an average of %s",
		describe(o), bestScore.RatString(), best.RatString(), a.RightValue), nil
}

// firstWithScore returns the first listed outcome whose score satisfies ok.
func firstWithScore(ctx context.Context, s *Space, ok func(*big.Rat) bool) (*Outcome, error) {
	var found *Outcome
	err := s.each(ctx, func(codes []int, _ uint64) bool {
		o := s.outcomeOf(codes)
		if ok(o.Score) {
			found = o
			return false
		}
		return true
	})
	return found, err
}

// describe writes an outcome as "q = (1, -1), k = (1, 1)".
func describe(o *Outcome) string {
	return "q = " + vector(o.Q) + ", k = " + vector(o.K)
}

func vector(xs []*big.Rat) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.RatString()
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// onlyFormulaFails reports whether the one assertion of the proof for every
// width that fails is the comparison with enumerate, and at which width.
func onlyFormulaFails(g Run) (bool, int) {
	for _, st := range g.Steps {
		for _, a := range st.Assertions {
			if !a.Holds && a.ID != "formula" {
				return false, 0
			}
		}
	}
	return true, g.mismatchAt
}
