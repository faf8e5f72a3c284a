package proofs

import (
	"context"
	"fmt"
	"math/big"
	"sort"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Run is the five steps checked at one width.
type Run struct {
	D     int    `json:"d_k"`
	Pairs string `json:"pairs"`
	Steps []Step `json:"steps"`
}

// Holds reports whether every step of the run holds.
func (r Run) Holds() bool {
	for _, st := range r.Steps {
		if !st.Holds() {
			return false
		}
	}
	return true
}

// A Transcript is the proof checked for two alphabets at several widths,
// with a Diagnosis when a step fails.
type Transcript struct {
	Q, K      rational.Alphabet
	Runs      []Run
	Diagnosis *Diagnosis
}

// Holds reports whether every step holds at every width.
func (t *Transcript) Holds() bool {
	for _, r := range t.Runs {
		if !r.Holds() {
			return false
		}
	}
	return true
}

// Prove checks the five steps for entries of q from qa and of k from ka at
// each width in ds and, if any step fails, diagnoses why.
func Prove(ctx context.Context, qa, ka rational.Alphabet, ds []int) (*Transcript, error) {
	spaces := make([]*Space, len(ds))
	for i, d := range ds {
		s, err := NewSpace(qa, ka, d)
		if err != nil {
			return nil, err
		}
		spaces[i] = s
	}
	t := &Transcript{Q: qa, K: ka}
	for _, s := range spaces {
		r, err := runSteps(ctx, s)
		if err != nil {
			return nil, err
		}
		t.Runs = append(t.Runs, r)
	}
	if !t.Holds() {
		dg, err := diagnose(ctx, qa, ka, ds)
		if err != nil {
			return nil, err
		}
		t.Diagnosis = dg
	}
	return t, nil
}

func runSteps(ctx context.Context, s *Space) (Run, error) {
	r := Run{D: s.D, Pairs: s.Pairs().String()}
	for _, step := range Steps {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		r.Steps = append(r.Steps, step(s))
	}
	return r, nil
}

// A Diagnosis explains a failed proof: the hypotheses that broke, what
// holds instead and the smallest counterexample.
type Diagnosis struct {
	// Broken lists the failed hypotheses of Step 1, one per template,
	// with the value found, e.g. "E[q_i] = 0 is false: E[q_i] = 1/2".
	Broken []string `json:"broken_hypotheses"`
	// Instead lists what the space gives in place of the lesson's values.
	Instead []string `json:"what_holds_instead"`
	// Smallest is the smallest width at which a step fails.
	Smallest int `json:"smallest_d_k"`
	// Failure is the first failing equality at that width and its step.
	Step    int      `json:"step"`
	Failure Equality `json:"failure"`
	// Pair is a pair of vectors that illustrates the failure, when one
	// applies, described in words.
	Pair string `json:"pair,omitempty"`
	// PairStep is the step whose failing equality Pair illustrates.
	PairStep int `json:"pair_step,omitempty"`
}

func diagnose(ctx context.Context, qa, ka rational.Alphabet, ds []int) (*Diagnosis, error) {
	dg := &Diagnosis{}
	one, err := NewSpace(qa, ka, 1)
	if err != nil {
		return nil, err
	}
	// Hypotheses are about single entries, so width 1 shows them all.
	st1 := Step1(one)
	seen := map[string]bool{}
	for _, c := range st1.Equalities {
		if !c.Holds && !seen[c.Template] {
			seen[c.Template] = true
			dg.Broken = append(dg.Broken, fmt.Sprintf("%s is false: %s = %s", generic(c.Template), generic(c.Left), c.LeftValue))
		}
	}
	dg.Instead = instead(one, qa, ka)
	// The smallest failing width: every width up to the largest asked for.
	maxD := 0
	for _, d := range ds {
		maxD = max(maxD, d)
	}
	for d := 1; d <= maxD; d++ {
		s, err := NewSpace(qa, ka, d)
		if err != nil {
			return nil, err
		}
		r, err := runSteps(ctx, s)
		if err != nil {
			return nil, err
		}
		for _, st := range r.Steps {
			c, failed := st.FirstFailure()
			if !failed {
				continue
			}
			if dg.Smallest == 0 {
				dg.Smallest, dg.Step, dg.Failure = d, st.Number, c
			}
			// A pair illustrates a claim about scores, which step 1's
			// claims about single entries are not.
			if st.Number > 1 {
				dg.Pair = witness(s, c)
				if dg.Pair != "" {
					dg.PairStep = st.Number
				}
				break
			}
		}
		if dg.Smallest != 0 {
			return dg, nil
		}
	}
	return dg, nil
}

// generic writes a one-index statement with the symbolic index i.
func generic(s string) string {
	out := []rune{}
	rs := []rune(s)
	for n, r := range rs {
		if n > 0 && rs[n-1] == '_' && r == '1' {
			r = 'i'
		}
		out = append(out, r)
	}
	return string(out)
}

// instead states the exact moments of one entry and one term and what they
// imply for q·k and q·k/√d_k at every width (the per-term law is exact: a
// sum of d_k independent copies).
func instead(s *Space, qa, ka rational.Alphabet) []string {
	eq, ek := s.E(Q(1)), s.E(K(1))
	eq2, ek2 := s.E(Times(Q(1), Q(1))), s.E(Times(K(1), K(1)))
	mt, vt := s.E(Term(1)), s.Var(Term(1))
	out := []string{
		fmt.Sprintf("entries of q: E[q_i] = %s, E[q_i²] = %s; entries of k: E[k_i] = %s, E[k_i²] = %s", eq, eq2, ek, ek2),
		fmt.Sprintf("one term: E[q_i·k_i] = %s, Var(q_i·k_i) = %s", mt, vt),
	}
	mean := "0"
	if mt.Sign() != 0 {
		mean = linear(mt)
	}
	out = append(out, fmt.Sprintf("so for every d_k: E[q·k] = %s and Var(q·k) = %s", mean, linear(vt)))
	if mt.Sign() != 0 {
		out = append(out, fmt.Sprintf("q·k/√d_k has mean %s·√d_k, which grows with d_k", mt))
	}
	std := vt.Root(2)
	if std.Cmp(rational.NewInt(1)) == 0 && mt.Sign() == 0 {
		out = append(out, "the conclusion Var(q·k/√d_k) = 1 still holds, because E[q_i²]·E[k_i²] = 1 although each factor differs from 1")
	} else {
		out = append(out, fmt.Sprintf("the std of q·k/√d_k is %s at every d_k, not 1", std))
	}
	return out
}

// linear writes c·d_k.
func linear(c rational.Value) string {
	if c.Cmp(rational.NewInt(1)) == 0 {
		return "d_k"
	}
	return c.String() + "·d_k"
}

// witness describes a pair of vectors that shows the failure of c at the
// space's width, or returns "" when no single pair says anything.
func witness(s *Space, c Equality) string {
	switch c.Kind {
	case AboutMean:
		return asymmetricPair(s)
	case AboutVariance:
		return extremePair(s, c)
	}
	return ""
}

// asymmetricPair finds a pair whose score x is more likely than −x: a
// zero mean by the lesson's symmetry argument needs P(x) = P(−x).
func asymmetricPair(s *Space) string {
	counts := map[string]*big.Int{}
	values := map[string]*big.Rat{}
	score := Score()
	s.Each(func(o *Outcome) {
		v := score.Coef(o)
		k := v.RatString()
		if counts[k] == nil {
			counts[k] = new(big.Int)
			values[k] = v
		}
		counts[k].Add(counts[k], o.Weight)
	})
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := values[keys[i]], values[keys[j]]
		if c := new(big.Rat).Abs(a).Cmp(new(big.Rat).Abs(b)); c != 0 {
			return c < 0
		}
		return a.Cmp(b) > 0
	})
	for _, k := range keys {
		x := values[k]
		neg := new(big.Rat).Neg(x).RatString()
		nx, nneg := counts[k], counts[neg]
		if nneg == nil {
			nneg = new(big.Int)
		}
		if nx.Cmp(nneg) > 0 {
			var pair string
			s.Each(func(o *Outcome) {
				if pair == "" && score.Coef(o).Cmp(x) == 0 {
					pair = fmt.Sprintf("q = %s, k = %s", vector(o.Q), vector(o.K))
				}
			})
			return fmt.Sprintf("%s has q·k = %s; %s pairs score %s but %s score %s, so the scores do not cancel on average",
				pair, x.RatString(), nx, x.RatString(), nneg, neg)
		}
	}
	return ""
}

// extremePair finds the pair whose squared deviation from the mean is
// furthest from the claimed variance on the side the variance errs.
func extremePair(s *Space, c Equality) string {
	score := Score()
	mean := s.coefMean(score)
	if _, ok := c.RightValue.Rat(); !ok {
		return ""
	}
	tooBig := c.LeftValue.Cmp(c.RightValue) > 0
	var best *big.Rat
	var pair string
	s.Each(func(o *Outcome) {
		dev := new(big.Rat).Sub(score.Coef(o), mean)
		dev.Mul(dev, dev)
		if best == nil || (tooBig && dev.Cmp(best) > 0) || (!tooBig && dev.Cmp(best) < 0) {
			best = dev
			pair = fmt.Sprintf("q = %s, k = %s has q·k = %s", vector(o.Q), vector(o.K), score.Coef(o).RatString())
		}
	})
	return fmt.Sprintf("%s: its squared distance from the mean is %s, where the claim needs an average of %s",
		pair, best.RatString(), c.RightValue)
}

func vector(xs []*big.Rat) string {
	out := "("
	for i, x := range xs {
		if i > 0 {
			out += ", "
		}
		out += x.RatString()
	}
	return out + ")"
}
