package proofs

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"slices"
	"sync"
	"time"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/nat"
	"github.com/sqrtdk/sqrtdk/rational"
)

// The limits of a Space.
const (
	// maxListedProduct bounds the outcomes of a space with independent
	// coordinates that is also listed outcome by outcome, to check the
	// engine's law of q·k count for count and the independence of all
	// entries at once. Larger ones take each coordinate and each pair of
	// coordinates from its exact law and q·k from the engine.
	maxListedProduct = 1 << 16
	// maxMarginalOutcomes bounds a marginal law built for a variable.
	maxMarginalOutcomes = 1 << 16
	// maxWeightBits bounds the total weight of a listed space, as a power
	// of two, so that every sum of weights fits a uint64.
	maxWeightBits = 62
)

// Options tune how a space is computed; the zero Options is ready to use.
type Options struct {
	// Options are the engine's, with the same meaning here: Workers
	// goroutines (0 means GOMAXPROCS; results do not depend on it);
	// Progress, when not nil, increased by the outcomes listed as well as
	// the pairs enumerated (Proof.Work says how many in all); Limits
	// bounding the estimated time and memory of each computation, the
	// listing of a dependent space included (the zero Limits are
	// enumerate's defaults).
	enumerate.Options
	// Method is how enumerate computes the law of q·k: enumerate.Auto
	// (the default) enumerates every pair when that takes seconds and uses
	// the exact closed form beyond.
	Method enumerate.Method
	// Scale is what Step 5 divides q·k by; nil means √d_k, the lesson's.
	Scale *rational.Scale
	// CheckTime bounds the estimated time of checking the formula for
	// every width against enumerate, width after width from d_k = 1;
	// 0 means DefaultCheckTime.
	CheckTime time.Duration
}

// engine returns the options enumerate runs with.
func (o Options) engine() enumerate.Options { return o.Options }

// A Space is the finite sample space of pairs (q, k) of width D that a
// Model describes, with its probabilities. It computes, exactly, means,
// variances, covariances and independence of random variables, each on the
// smallest law that knows the variables: the law of one or two
// coordinates, the law of q·k from enumerate, or the whole space listed
// outcome by outcome. A Space is safe for concurrent use.
type Space struct {
	model Model
	d     int
	opt   Options

	// pairs are the distinct values of a coordinate pair (q_i, k_i) the
	// space uses; an outcome is a code, an index into pairs, per coordinate.
	pairs []pairValue
	// comps generate the outcomes of a model's space (nil for a joint law):
	// each is the d-th Cartesian power of its choices.
	comps []component
	// jointPair is the code of each pair (q_i, k_i) of a joint law's
	// entries, by their indices among its values (pairs' codes are made
	// from the law's outcomes as each listing walks them).
	jointPair map[[2]int32]int

	outcomes, total *big.Int
	listed          bool
	// listable is false when the weights or scores do not fit the listing's
	// 64-bit arithmetic; why says why.
	listable bool
	why      string

	mu        sync.Mutex
	list      *listing
	scores    *scoreLaw
	marginals map[string]*law
}

type pairValue struct {
	q, k *big.Rat
	term *big.Rat
}

// A component is a part of a space built by a model: the outcomes whose
// coordinate i takes the pair choices[c_i] for every i, each with weight
// factor·Π mult. An untied space is one component; a tied one has one per
// value of what is tied.
type component struct {
	factor  *big.Int
	choices []choice
	// label names the component in a transcript ("q_1 = 2"), "" for an
	// untied space.
	label string
}

type choice struct {
	code int
	mult int64
}

// NewSpace returns the space the model describes at width d (for a joint
// law, d must be its width). Before any work it refuses, with a
// *enumerate.LimitError, a dependent space whose listing would pass the
// time or memory limit.
func NewSpace(m Model, d int, opt Options) (*Space, error) {
	if err := m.validate(); err != nil {
		return nil, err
	}
	if m.Joint != nil {
		if d != m.Joint.D {
			return nil, fmt.Errorf("the joint law has width d_k = %d, not %d", m.Joint.D, d)
		}
	} else if d < 1 || d > enumerate.MaxD {
		return nil, fmt.Errorf("d_k must be from 1 to %d, not %d", enumerate.MaxD, d)
	}
	s := &Space{model: m, d: d, opt: opt, marginals: map[string]*law{}}
	if m.Joint != nil {
		s.buildJoint()
	} else {
		s.buildComponents()
	}
	s.checkListable()
	s.listed = m.Joint != nil || m.Tie != Untied || (s.outcomes.Cmp(big.NewInt(maxListedProduct)) <= 0 && s.listable)
	if s.listed && s.dependent() {
		if err := s.checkListTime(); err != nil {
			return nil, err
		}
	}
	if s.listed && !s.listable {
		return nil, fmt.Errorf("d_k = %d: %s; choose a smaller d_k or smaller weights", d, s.why)
	}
	return s, nil
}

// dependent reports whether the space's coordinates may depend on each
// other, so that it can only be checked outcome by outcome.
func (s *Space) dependent() bool { return s.model.Joint != nil || s.model.Tie != Untied }

// Width returns d_k.
func (s *Space) Width() int { return s.d }

// code returns the index of the pair (q, k), adding it if new.
func (s *Space) code(index map[string]int, q, k *big.Rat) int {
	key := q.RatString() + " " + k.RatString()
	if c, ok := index[key]; ok {
		return c
	}
	index[key] = len(s.pairs)
	s.pairs = append(s.pairs, pairValue{q: q, k: k, term: new(big.Rat).Mul(q, k)})
	return len(s.pairs) - 1
}

// buildComponents turns a model into components (see component).
func (s *Space) buildComponents() {
	m := s.model
	index := map[string]int{}
	law := m.coordinateLaw()
	for _, p := range law.pairs {
		s.code(index, p.Q, p.K)
	}
	codeOf := func(p Pair) int { return s.code(index, p.Q, p.K) }
	switch m.Tie {
	case Untied:
		c := component{factor: big.NewInt(1)}
		for _, p := range law.pairs {
			c.choices = append(c.choices, choice{codeOf(p), p.Weight})
		}
		s.comps = []component{c}
	case TieBoth:
		for _, p := range law.pairs {
			s.comps = append(s.comps, component{factor: big.NewInt(p.Weight), choices: []choice{{codeOf(p), 1}},
				label: fmt.Sprintf("(q_1, k_1) = (%s, %s)", p.Q.RatString(), p.K.RatString())})
		}
	case TieQ, TieK:
		s.comps = s.tiedComponents(law, codeOf)
	}
	s.outcomes, s.total = new(big.Int), new(big.Int)
	d := big.NewInt(int64(s.d))
	for _, c := range s.comps {
		s.outcomes.Add(s.outcomes, new(big.Int).Exp(big.NewInt(int64(len(c.choices))), d, nil))
		w := new(big.Int).Exp(big.NewInt(c.weight()), d, nil)
		s.total.Add(s.total, w.Mul(w, c.factor))
	}
}

// weight returns Σ mult over the choices.
func (c component) weight() int64 {
	var n int64
	for _, ch := range c.choices {
		n += ch.mult
	}
	return n
}

// tiedComponents returns one component per value x of the tied entry: its
// choices are the pairs with that value, weighted by the conditional law
// of the other entry given x. With P(x) = a_x/Σa and P(y | x) =
// mult(x, y)/w_x, an outcome's probability is a_x·Π mult(x, y_i)/w_x^d,
// so the factor is a_x·L/w_x^d for L = lcm of the w_x^d.
func (s *Space) tiedComponents(law PairLaw, codeOf func(Pair) int) []component {
	m := s.model
	tiedQ := m.Tie == TieQ
	type group struct {
		x       *big.Rat
		a       int64
		choices []choice
	}
	var groups []*group
	byX := map[string]*group{}
	for _, p := range law.pairs {
		x := p.Q
		if !tiedQ {
			x = p.K
		}
		g := byX[x.RatString()]
		if g == nil {
			g = &group{x: x}
			byX[x.RatString()] = g
			groups = append(groups, g)
		}
		g.choices = append(g.choices, choice{codeOf(p), p.Weight})
	}
	slices.SortFunc(groups, func(a, b *group) int { return a.x.Cmp(b.x) })
	name := "q_1"
	if !tiedQ {
		name = "k_1"
	}
	d := big.NewInt(int64(s.d))
	var out []component
	if m.independentAlphabets() {
		// The conditional law is the other alphabet whatever x is, and
		// x has its own multiplicity: the factor is mult(x).
		tiedAlphabet := m.Q
		if !tiedQ {
			tiedAlphabet = m.K
		}
		for _, g := range groups {
			var a int64
			for _, l := range tiedAlphabet.Letters() {
				if l.Value.Cmp(g.x) == 0 {
					a = l.Mult
				}
			}
			cs := make([]choice, len(g.choices))
			for i, ch := range g.choices {
				cs[i] = choice{ch.code, ch.mult / a}
			}
			out = append(out, component{factor: big.NewInt(a), choices: cs, label: name + " = " + g.x.RatString()})
		}
		return out
	}
	lcm := big.NewInt(1)
	for _, g := range groups {
		var w int64
		for _, ch := range g.choices {
			w += ch.mult
		}
		g.a = w
		p := new(big.Int).Exp(big.NewInt(w), d, nil)
		lcm.Mul(lcm, new(big.Int).Quo(p, new(big.Int).GCD(nil, nil, lcm, p)))
	}
	for _, g := range groups {
		f := new(big.Int).Quo(lcm, new(big.Int).Exp(big.NewInt(g.a), d, nil))
		out = append(out, component{factor: f.Mul(f, big.NewInt(g.a)), choices: g.choices, label: name + " = " + g.x.RatString()})
	}
	return out
}

// buildJoint codes a joint law's outcomes.
func (s *Space) buildJoint() {
	j := s.model.Joint
	index := map[string]int{}
	s.jointPair = map[[2]int32]int{}
	n := j.outcomes()
	s.outcomes = big.NewInt(int64(n))
	s.total = new(big.Int)
	for o := range n {
		qk := j.outcome(o)
		for i := range j.D {
			key := [2]int32{qk[i], qk[j.D+i]}
			if _, ok := s.jointPair[key]; !ok {
				s.jointPair[key] = s.code(index, j.values[key[0]], j.values[key[1]])
			}
		}
		s.total.Add(s.total, new(big.Int).SetUint64(j.weights[o]))
	}
}

// scoreDen returns the common denominator of the terms q_i·k_i and their
// numerators over it.
func (s *Space) scoreDen() (*big.Int, []*big.Int) {
	den := big.NewInt(1)
	for _, p := range s.pairs {
		d := p.term.Denom()
		den.Mul(den, new(big.Int).Quo(d, new(big.Int).GCD(nil, nil, den, d)))
	}
	nums := make([]*big.Int, len(s.pairs))
	for i, p := range s.pairs {
		n := new(big.Int).Mul(p.term.Num(), den)
		nums[i] = n.Quo(n, p.term.Denom())
	}
	return den, nums
}

// checkListable decides whether the listing's 64-bit arithmetic holds the
// space exactly: total weight below 2^63 and scores (as integers over the
// terms' common denominator) below 2^62 in size.
func (s *Space) checkListable() {
	s.listable = true
	if s.total.BitLen() > maxWeightBits {
		s.listable, s.why = false, fmt.Sprintf("the outcomes' weights add up to %s, more than the 2^%d the listing counts exactly", s.total, maxWeightBits)
		return
	}
	_, nums := s.scoreDen()
	bound := new(big.Int).Abs(slices.MaxFunc(nums, (*big.Int).CmpAbs))
	if bound.Mul(bound, big.NewInt(int64(s.d))).BitLen() > maxWeightBits {
		s.listable, s.why = false, "the values' numerators over their common denominator are too large to list exactly in 64-bit sums"
	}
}

// listNanos is the time one unit of the listing's work takes: one tally
// of one outcome, measured at about 1.7 ns on one core of the 2-vCPU EPYC
// this was written on, and 2.7 ns when it was shared with other work;
// rounded up so that an estimate errs on the long side.
const listNanos = 3.0

// listSeconds estimates the listing's time in units of listNanos. Every
// outcome adds its weight to one tally per coordinate and per pair of
// coordinates and to the law of q·k, and to the terms' joint law when that
// is kept (about 300 units: a map insertion). The check that all entries
// are independent stops at the first outcome that is not, at once for a
// tie of a vector that takes two values or more; it runs through (about
// 60 units per coordinate: products of big integers) for a joint law or a
// tie of a vector that takes one value. Then every coordinate and every
// pair of coordinates has its assertions computed on its law, about 1500
// units per outcome of that law and 30000 more.
func (s *Space) listSeconds() float64 {
	n, _ := new(big.Float).SetInt(s.outcomes).Float64()
	d := float64(s.d)
	perOutcome := d*(d-1)/2 + 4*d + 16
	if s.outcomes.Cmp(big.NewInt(maxTermsJoint)) <= 0 {
		perOutcome += 300
	}
	if s.model.Joint != nil || len(s.comps) == 1 {
		perOutcome += 60 * d
	}
	p := float64(len(s.pairs))
	coordRows, pairRows := math.Min(p, n), math.Min(p*p, n)
	units := n*perOutcome + d*(coordRows*1500+30000) + d*(d-1)/2*(pairRows*1500+30000)
	return units * listNanos / 1e9
}

// listBytes estimates the memory of the listing's tallies: one table of
// codes per pair of coordinates (dense, or about 48 bytes per entry in a
// map), and the terms' joint law when it is kept.
func (s *Space) listBytes() float64 {
	n, _ := new(big.Float).SetInt(s.outcomes).Float64()
	d, p := float64(s.d), float64(len(s.pairs))
	perPair := p * p * 8
	if len(s.pairs) > denseCodes {
		perPair = math.Min(p*p, n) * 48
	}
	b := d * (d - 1) / 2 * perPair
	if s.outcomes.Cmp(big.NewInt(maxTermsJoint)) <= 0 {
		b += n * (2*d + 48)
	}
	return b
}

// checkListTime refuses, before any work, a listing that would pass the
// time or memory limit.
func (s *Space) checkListTime() error {
	held := s.listBytes()
	if s.model.Joint != nil {
		held += s.model.Joint.bytes() // held while it is listed
	}
	b := enumerate.NewBudget(s.opt.Limits)
	b.Add(fmt.Sprintf("listing the space at d_k = %d (%s outcomes) one by one", s.d, nat.CountText(s.outcomes)),
		enumerate.Cost{Seconds: s.listSeconds(), Bytes: held})
	return b.Check()
}

// marginal returns the exact law of the entries of the given coordinates
// (sorted, from 1): summed from the listing when the space is listed, else
// the product of copies of the coordinate law, which is what independent
// coordinates mean.
func (s *Space) marginal(ctx context.Context, coords []int) (*law, error) {
	key := fmt.Sprint(coords)
	s.mu.Lock()
	l := s.marginals[key]
	s.mu.Unlock()
	if l != nil {
		return l, nil
	}
	var err error
	if s.listed {
		l, err = s.listedMarginal(ctx, coords)
	} else {
		l, err = s.productMarginal(coords)
	}
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.marginals[key] = l
	s.mu.Unlock()
	return l, nil
}

// productMarginal builds the law of the coordinates of an untied space:
// each coordinate independently from the coordinate law.
func (s *Space) productMarginal(coords []int) (*law, error) {
	c := s.comps[0]
	n := math.Pow(float64(len(c.choices)), float64(len(coords)))
	if n > maxMarginalOutcomes {
		return nil, fmt.Errorf("the law of %d coordinates has %.0f outcomes, more than the %d a marginal law may have", len(coords), n, maxMarginalOutcomes)
	}
	l := newLaw()
	digits := make([]int, len(coords))
	for {
		o := &Outcome{Q: make([]*big.Rat, len(coords)), K: make([]*big.Rat, len(coords)), at: coords}
		w := big.NewInt(1)
		for n := range coords {
			ch := c.choices[digits[n]]
			p := s.pairs[ch.code]
			o.Q[n], o.K[n] = p.q, p.k
			w.Mul(w, big.NewInt(ch.mult))
		}
		l.add(o, w)
		n := len(digits) - 1
		for ; n >= 0; n-- {
			digits[n]++
			if digits[n] < len(c.choices) {
				break
			}
			digits[n] = 0
		}
		if n < 0 {
			return l, nil
		}
	}
}
