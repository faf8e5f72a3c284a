package proofs

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A scoreLaw is the exact law of q·k: each score with its weight, in the
// units of the space's outcome weights, in increasing order of score.
type scoreLaw struct {
	scores  []*big.Rat
	weights []*big.Int
	// method says how it was computed, for transcripts: "brute force",
	// "closed form", "both", or "listing" for a joint law.
	method string
	// pairs is the number of pairs enumerate counted one by one (0 for the
	// closed form).
	pairs *big.Int
}

// engineProblems returns the problems whose laws, weighted, make up the law
// of q·k: one per component. Independent alphabets go to enumerate as they
// are, so the proof uses the very engine the tables use; any other
// component is a sum of d_k independent terms drawn from its choices, the
// dot product of a vector of terms with a vector of ones.
func (s *Space) engineProblems() ([]enumerate.Problem, []*big.Int, error) {
	if s.model.Joint != nil {
		return nil, nil, nil
	}
	if s.model.independentAlphabets() && s.model.Tie == Untied {
		return []enumerate.Problem{{Q: s.model.Q, K: s.model.K, D: s.d}}, []*big.Int{big.NewInt(1)}, nil
	}
	ones, err := rational.NewAlphabet(rational.Letter{Value: big.NewRat(1, 1), Mult: 1})
	if err != nil {
		return nil, nil, err
	}
	var probs []enumerate.Problem
	var factors []*big.Int
	for _, c := range s.comps {
		mult := map[string]*rational.Letter{}
		for _, ch := range c.choices {
			t := s.pairs[ch.code].term
			l := mult[t.RatString()]
			if l == nil {
				l = &rational.Letter{Value: t}
				mult[t.RatString()] = l
			}
			l.Mult += ch.mult
		}
		// Multiplicities with a common factor g enumerate g^d times
		// as many pairs for the same law: divide it out and weight by g^d.
		g := int64(0)
		for _, l := range mult {
			g = gcd64(g, l.Mult)
		}
		var letters []rational.Letter
		for _, l := range mult {
			letters = append(letters, rational.Letter{Value: l.Value, Mult: l.Mult / g})
		}
		terms, err := rational.NewAlphabet(letters...)
		if err != nil {
			return nil, nil, fmt.Errorf("d_k = %d: the terms q_i·k_i: %v", s.d, err)
		}
		probs = append(probs, enumerate.Problem{Q: terms, K: ones, D: s.d})
		f := new(big.Int).Exp(big.NewInt(g), big.NewInt(int64(s.d)), nil)
		factors = append(factors, f.Mul(f, c.factor))
	}
	return probs, factors, nil
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// maxMixtureBrutePairs bounds the pairs enumerate counts one by one, all
// problems of a tied space together, when the method is Auto: each
// problem alone would be allowed seconds, and there may be many.
const maxMixtureBrutePairs = 1 << 26

// plans makes and checks enumerate's plans before any work.
func (s *Space) plans() ([]*enumerate.Plan, []*big.Int, error) {
	probs, factors, err := s.engineProblems()
	if err != nil {
		return nil, nil, err
	}
	pls, brute, err := s.makePlans(probs, s.opt.Method)
	if err != nil || s.opt.Method != enumerate.Auto || len(probs) == 1 || brute.Cmp(big.NewInt(maxMixtureBrutePairs)) <= 0 {
		return pls, factors, err
	}
	pls, _, err = s.makePlans(probs, enumerate.ClosedForm)
	return pls, factors, err
}

// makePlans plans every problem with method m and returns the pairs the
// plans will enumerate one by one.
func (s *Space) makePlans(probs []enumerate.Problem, m enumerate.Method) ([]*enumerate.Plan, *big.Int, error) {
	var out []*enumerate.Plan
	brute := new(big.Int)
	for _, p := range probs {
		pl, err := enumerate.NewPlan(p, m, s.opt.engine())
		if err != nil {
			return nil, nil, err
		}
		if err := pl.Check(enumerate.NeedCounts); err != nil {
			return nil, nil, err
		}
		if pl.Method() != enumerate.ClosedForm {
			brute.Add(brute, pl.Problem().Cases())
		}
		out = append(out, pl)
	}
	return out, brute, nil
}

// enginePairs returns the number of pairs enumerate will count one by one.
func (s *Space) enginePairs() *big.Int {
	n := new(big.Int)
	pls, _, err := s.plans()
	if err != nil {
		return n
	}
	for _, pl := range pls {
		if pl.Method() != enumerate.ClosedForm {
			n.Add(n, pl.Problem().Cases())
		}
	}
	return n
}

// scoreLaw returns the law of q·k from enumerate, weighted component by
// component; for a joint law, which enumerate has no model of, from the
// listing.
func (s *Space) scoreLaw(ctx context.Context) (*scoreLaw, error) {
	s.mu.Lock()
	cached := s.scores
	s.mu.Unlock()
	if cached != nil {
		return cached, nil
	}
	var sl *scoreLaw
	if s.model.Joint != nil {
		l, err := s.listing(ctx)
		if err != nil {
			return nil, err
		}
		sl = l.scoreLaw()
	} else {
		var err error
		if sl, err = s.engineScoreLaw(ctx); err != nil {
			return nil, err
		}
	}
	s.mu.Lock()
	s.scores = sl
	s.mu.Unlock()
	return sl, nil
}

func (s *Space) engineScoreLaw(ctx context.Context) (*scoreLaw, error) {
	pls, factors, err := s.plans()
	if err != nil {
		return nil, err
	}
	weights := map[string]*big.Int{}
	values := map[string]*big.Rat{}
	methods := map[string]bool{}
	pairs := new(big.Int)
	for n, pl := range pls {
		h, err := pl.Distribution(ctx)
		if err != nil {
			return nil, err
		}
		methods[pl.Method().String()] = true
		if pl.Method() != enumerate.ClosedForm {
			pairs.Add(pairs, pl.Problem().Cases())
		}
		for t, c := range h.Counts {
			if c.Sign() == 0 {
				continue
			}
			x := h.Score(t)
			k := x.RatString()
			if weights[k] == nil {
				weights[k], values[k] = new(big.Int), x
			}
			weights[k].Add(weights[k], new(big.Int).Mul(c, factors[n]))
		}
	}
	sl := &scoreLaw{pairs: pairs}
	var ms []string
	for m := range methods {
		ms = append(ms, methodName(m))
	}
	sort.Strings(ms)
	sl.method = strings.Join(ms, " and ")
	for k, x := range values {
		sl.scores = append(sl.scores, x)
		sl.weights = append(sl.weights, weights[k])
	}
	sl.sort()
	return sl, nil
}

func methodName(m string) string {
	switch m {
	case "brute":
		return "brute force"
	case "closed":
		return "closed form"
	}
	return "brute force and closed form"
}

func (sl *scoreLaw) sort() {
	idx := make([]int, len(sl.scores))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return sl.scores[a].Cmp(sl.scores[b]) })
	scores, weights := make([]*big.Rat, len(idx)), make([]*big.Int, len(idx))
	for n, i := range idx {
		scores[n], weights[n] = sl.scores[i], sl.weights[i]
	}
	sl.scores, sl.weights = scores, weights
}

// law returns the law of q·k as a law on which variables of the score are
// evaluated.
func (sl *scoreLaw) law() *law {
	l := newLaw()
	for n, x := range sl.scores {
		l.add(&Outcome{Score: x}, sl.weights[n])
	}
	return l
}

// scoreLaw returns the law of q·k that the listing tallied.
func (l *listing) scoreLaw() *scoreLaw {
	sl := &scoreLaw{method: "listing", pairs: new(big.Int)}
	den := new(big.Rat).SetInt(l.den)
	for num, w := range l.scores {
		if w == 0 {
			continue
		}
		x := new(big.Rat).SetInt64(num)
		sl.scores = append(sl.scores, x.Quo(x, den))
		sl.weights = append(sl.weights, new(big.Int).SetUint64(w))
	}
	sl.sort()
	return sl
}

// A lawMismatch is the first score at which two laws of q·k differ.
type lawMismatch struct {
	score        *big.Rat
	listed, engd *big.Int
}

// compareLaws compares the listing's law of q·k with the engine's count
// for count; it returns nil when they agree at every score.
func compareLaws(listed, engine *scoreLaw) *lawMismatch {
	i, j := 0, 0
	zero := new(big.Int)
	for i < len(listed.scores) || j < len(engine.scores) {
		// A score only one law has is the first mismatch: both lists
		// are in increasing order.
		var order int
		if i == len(listed.scores) {
			order = 1
		} else if j == len(engine.scores) {
			order = -1
		} else {
			order = listed.scores[i].Cmp(engine.scores[j])
		}
		if order < 0 {
			return &lawMismatch{listed.scores[i], listed.weights[i], zero}
		}
		if order > 0 {
			return &lawMismatch{engine.scores[j], zero, engine.weights[j]}
		}
		if listed.weights[i].Cmp(engine.weights[j]) != 0 {
			return &lawMismatch{listed.scores[i], listed.weights[i], engine.weights[j]}
		}
		i++
		j++
	}
	return nil
}

func (m *lawMismatch) String() string {
	return fmt.Sprintf("at q·k = %s the listing counts %s and enumerate %s", m.score.RatString(), m.listed, m.engd)
}
