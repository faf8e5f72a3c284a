package proofs

import (
	"context"
	"fmt"
	"math/big"
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
	// Conclusion says whether Var(q·k/√d_k) = 1 holds all the same.
	Conclusion string
	// Smallest is the smallest width at which a step fails, Step that
	// step and Failure its first failing assertion.
	Smallest int
	Step     int       // the step that fails at Smallest
	Failure  Assertion // the step's first failing assertion there
	// Pair is a pair of vectors that illustrates the failure of step
	// PairStep, when one does, described in words.
	Pair     string
	PairStep int // the step Pair shows failing
}

// hypotheses and reasoning list the assertion IDs in the order of the proof.
var (
	hypotheses = []string{"mean-q", "mean-k", "var-q", "var-k", "indep-qk", "indep-coords", "indep-all", "divisor"}
	reasoning  = []string{"square-q", "square-k", "mean-term-product", "mean-term", "var-term-square", "square-term-product", "var-term",
		"indep-terms-pair", "indep-terms", "cov-terms", "engine", "var-sum", "var-score", "scaling", "var-scaled"}
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

func (p *Proof) diagnose(ctx context.Context, t *Transcript) (*Diagnosis, error) {
	dg := &Diagnosis{}
	for _, id := range hypotheses {
		for _, r := range t.Runs {
			if a, _, _, fails := r.assertion(id); fails {
				dg.Broken = append(dg.Broken, fmt.Sprintf("%s, at d_k = %d: %s is false: %s", a.Hypothesis, r.D, a.Statement, a.valuesText()))
				break
			}
		}
	}
	for _, id := range reasoning {
		if line := reason(t.Runs, id); line != "" {
			dg.Reasons = append(dg.Reasons, line)
		}
	}
	dg.Instead = instead(t)
	dg.Conclusion = conclusion(t)
	if err := p.smallest(ctx, t, dg); err != nil {
		return nil, err
	}
	return dg, nil
}

// reason explains assertion id at the first width where it fails or, if
// it never does, where it holds although something it rests on fails.
func reason(runs []Run, id string) string {
	for _, r := range runs {
		a, step, found, fails := r.assertion(id)
		if !found || !fails {
			continue
		}
		line := fmt.Sprintf("Step %d, d_k = %d: %s fails (%s)", step, r.D, a.Statement, a.valuesText())
		if a.Because != "" {
			line += ": " + a.Because
		}
		if broken := brokenPremises(r, a); len(broken) > 0 {
			return line + "; it rests on " + strings.Join(broken, " and ") + ", which fail" + pluralS(len(broken) == 1) + "."
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
		broken := brokenPremises(r, a)
		if len(broken) == 0 {
			continue
		}
		line := fmt.Sprintf("Step %d, d_k = %d: %s holds although %s fail%s", step, r.D, a.Statement, strings.Join(broken, " and "), pluralS(len(broken) == 1))
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

// brokenPremises returns the statements of the assertions a rests on that
// fail in the run.
func brokenPremises(r Run, a Assertion) []string {
	var out []string
	for _, id := range a.RestsOn {
		if p, _, found, fails := r.assertion(id); found && fails {
			out = append(out, p.Statement)
		}
	}
	return out
}

// instead states what the space gives in place of the lesson's values.
func instead(t *Transcript) []string {
	var out []string
	first := t.Runs[0]
	if t.Model.Joint == nil && t.Model.Tie == Untied {
		mt, _, _, _ := first.assertion("mean-term")
		vt, _, _, _ := first.assertion("var-term")
		m, v := mt.LeftValue, vt.LeftValue
		out = append(out, fmt.Sprintf("one term has E[q_i·k_i] = %s and Var(q_i·k_i) = %s; the coordinates are independent, so for every d_k: E[q·k] = %s and Var(q·k) = %s",
			m, v, linear(m), linear(v)))
		if m.Sign() != 0 {
			out = append(out, fmt.Sprintf("q·k/√d_k has mean %s, which grows with d_k: dividing fixes the spread, not the mean", times(m, "√d_k")))
		}
		return out
	}
	var parts []string
	for _, r := range t.Runs {
		parts = append(parts, fmt.Sprintf("%s at d_k = %d", r.variance, r.D))
	}
	return append(out, "Var(q·k) = "+strings.Join(parts, ", "))
}

// linear writes c·d_k.
func linear(c rational.Value) string {
	if c.Sign() == 0 {
		return "0"
	}
	return times(c, "d_k")
}

// times writes c·x, or x when c is 1.
func times(c rational.Value, x string) string {
	if c.Cmp(unit) == 0 {
		return x
	}
	return c.String() + "·" + x
}

// conclusion says whether Var(q·k/√d_k) = 1 at every width.
func conclusion(t *Transcript) string {
	name := "Var(q·k/" + t.Runs[0].divisorName + ")"
	var ds, vs []string
	for _, r := range t.Runs {
		ds = append(ds, fmt.Sprint(r.D))
		vs = append(vs, r.scaled.String())
	}
	if t.ConclusionHolds() {
		return fmt.Sprintf("the conclusion %s = 1 still holds at d_k = %s, for the reasons above", name, strings.Join(ds, ", "))
	}
	return fmt.Sprintf("the conclusion %s = 1 fails: %s = %s at d_k = %s", name, name, strings.Join(vs, ", "), strings.Join(ds, ", "))
}

// smallest finds the smallest failing width (a joint law has one width)
// and, when the space there is listed, a pair of vectors that shows the
// failure. Some width asked for fails, so the search ends by it at the
// latest.
func (p *Proof) smallest(ctx context.Context, t *Transcript, dg *Diagnosis) error {
	runs := map[int]Run{}
	for _, r := range t.Runs {
		runs[r.D] = r
	}
	d := 1
	if p.model.Joint != nil {
		d = p.model.Joint.D
	}
	var found *Run
	for ; found == nil; d++ {
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
		if !r.Holds() {
			found = &r
		}
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
	for n, x := range sl.scores {
		weight[x.RatString()] = sl.weights[n]
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
		return fmt.Sprintf("%s has q·k = %s; outcomes scoring %s weigh %s in all but those scoring %s weigh %s, so the scores do not cancel on average",
			describe(o), x.RatString(), x.RatString(), sl.weights[n], neg.RatString(), wn), nil
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
