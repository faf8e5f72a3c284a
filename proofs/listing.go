package proofs

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"
)

// maxTermsJoint bounds the outcomes of a listing whose terms' joint law is
// kept, to judge whether all d_k terms are independent at once: the law
// may have as many distinct values as there are outcomes.
const maxTermsJoint = 1 << 18

// A listing is what one pass over every outcome of a listed space tallies:
// the law of each coordinate and of each pair of coordinates, the law of
// q·k and, for small spaces, the joint law of the terms; and the verdict
// of a second pass on the independence of all 2·d_k entries.
type listing struct {
	outcomes, total uint64
	one             [][]uint64 // one[i][code]: weight of coordinate i+1 taking pair code
	two             []*pairTally
	scores          map[int64]uint64 // q·k times den → weight
	den             *big.Int
	terms           map[string]uint64 // term values' indices, one byte pair per coordinate → weight
	termValues      []*big.Rat
	termIndex       []int // term value index of each code
	entries         Independence
}

// denseCodes is the most codes whose pairs a pairTally holds densely.
const denseCodes = 22

// A pairTally holds the weights of the pairs of codes of two coordinates,
// densely when the codes are few.
type pairTally struct {
	n     int
	dense []uint64
	tally map[int]uint64
}

func newPairTally(n int) *pairTally {
	if n <= denseCodes {
		return &pairTally{n: n, dense: make([]uint64, n*n)}
	}
	return &pairTally{n: n, tally: map[int]uint64{}}
}

func (t *pairTally) add(a, b int, w uint64) {
	if t.dense != nil {
		t.dense[a*t.n+b] += w
		return
	}
	t.tally[a*t.n+b] += w
}

// each calls fn with the weight of every (a, b) with positive weight, in
// order of a then b.
func (t *pairTally) each(fn func(a, b int, w uint64)) {
	if t.dense != nil {
		for x, w := range t.dense {
			if w > 0 {
				fn(x/t.n, x%t.n, w)
			}
		}
		return
	}
	keys := make([]int, 0, len(t.tally))
	for k := range t.tally {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		fn(k/t.n, k%t.n, t.tally[k])
	}
}

// pairIndex numbers the pairs i < j of coordinates counted from 0.
func pairIndex(i, j, d int) int { return i*(2*d-i-1)/2 + (j - i - 1) }

// each calls fn for every outcome of a listed space with its codes and
// weight, in a fixed order; fn must not keep codes. It checks ctx every
// few thousand outcomes and adds them to the progress counter.
func (s *Space) each(ctx context.Context, fn func(codes []int, w uint64) bool) error {
	const batch = 1 << 12
	n := 0
	tick := func() error {
		n++
		if n == batch {
			n = 0
			if s.opt.Progress != nil {
				s.opt.Progress.Add(batch)
			}
			return ctx.Err()
		}
		return nil
	}
	if j := s.model.Joint; j != nil {
		codes := make([]int, j.D)
		for o, w := range j.weights {
			qk := j.outcome(o)
			for i := range codes {
				codes[i] = s.jointPair[[2]int32{qk[i], qk[j.D+i]}]
			}
			if !fn(codes, w) {
				return nil
			}
			if err := tick(); err != nil {
				return err
			}
		}
		return nil
	}
	d := s.d
	codes := make([]int, d)
	digits := make([]int, d)
	for _, c := range s.comps {
		factor := c.factor.Uint64()
		for i := range digits {
			digits[i] = 0
		}
		for {
			w := factor
			for i, dg := range digits {
				ch := c.choices[dg]
				codes[i] = ch.code
				w *= uint64(ch.mult)
			}
			if !fn(codes, w) {
				return nil
			}
			if err := tick(); err != nil {
				return err
			}
			// Odometer: coordinate d_k changes fastest.
			i := d - 1
			for ; i >= 0; i-- {
				digits[i]++
				if digits[i] < len(c.choices) {
					break
				}
				digits[i] = 0
			}
			if i < 0 {
				break
			}
		}
	}
	return nil
}

// listing returns the space's listing, tallied once.
func (s *Space) listing(ctx context.Context) (*listing, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.list != nil {
		return s.list, nil
	}
	if !s.listed {
		return nil, fmt.Errorf("the space at d_k = %d is not listed outcome by outcome (%s outcomes)", s.d, s.outcomes)
	}
	l, err := s.tally(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.checkEntries(ctx, l); err != nil {
		return nil, err
	}
	s.list = l
	return l, nil
}

// tally makes the first pass.
func (s *Space) tally(ctx context.Context) (*listing, error) {
	d, p := s.d, len(s.pairs)
	den, nums := s.scoreDen()
	l := &listing{one: make([][]uint64, d), scores: map[int64]uint64{}, den: den}
	for i := range l.one {
		l.one[i] = make([]uint64, p)
		for range d - 1 - i { // the pairs (i, j) for j > i, in pairIndex order
			l.two = append(l.two, newPairTally(p))
		}
	}
	num := make([]int64, p)
	for c, n := range nums {
		num[c] = n.Int64()
	}
	// Term values are numbered in increasing order, so that the bytes of
	// a tuple of indices sort as the tuple of values does.
	index := map[string]int{}
	for _, pv := range s.pairs {
		if _, ok := index[pv.term.RatString()]; !ok {
			index[pv.term.RatString()] = len(l.termValues)
			l.termValues = append(l.termValues, pv.term)
		}
	}
	slices.SortFunc(l.termValues, (*big.Rat).Cmp)
	for t, v := range l.termValues {
		index[v.RatString()] = t
	}
	l.termIndex = make([]int, p)
	for c, pv := range s.pairs {
		l.termIndex[c] = index[pv.term.RatString()]
	}
	var key []byte
	if s.outcomes.Cmp(big.NewInt(maxTermsJoint)) <= 0 {
		l.terms = map[string]uint64{}
		key = make([]byte, 2*d)
	}
	err := s.each(ctx, func(codes []int, w uint64) bool {
		l.outcomes++
		l.total += w
		var score int64
		for i, c := range codes {
			l.one[i][c] += w
			score += num[c]
			for j := i + 1; j < d; j++ {
				l.two[pairIndex(i, j, d)].add(c, codes[j], w)
			}
		}
		l.scores[score] += w
		if key != nil {
			for i, c := range codes {
				t := l.termIndex[c]
				key[2*i], key[2*i+1] = byte(t>>8), byte(t)
			}
			l.terms[string(key)] += w
		}
		return true
	})
	return l, err
}

// checkEntries makes the second pass: all 2·d_k entries are independent
// exactly when every outcome's weight w satisfies
// w·N^(2d−1) = Π_i m(q_i)·m(k_i), with N the total weight and m the
// weights of each entry's values. The first outcome that does not is the
// witness.
func (s *Space) checkEntries(ctx context.Context, l *listing) error {
	d := s.d
	qIdx, qVals := valueIndex(s.pairs, func(p pairValue) *big.Rat { return p.q })
	kIdx, kVals := valueIndex(s.pairs, func(p pairValue) *big.Rat { return p.k })
	// prod[i][c] = m(q_i = q of c)·m(k_i = k of c).
	prod := make([][]*big.Int, d)
	qm := make([][]uint64, d)
	km := make([][]uint64, d)
	combos := big.NewInt(1)
	for i := range d {
		qm[i], km[i] = make([]uint64, len(qVals)), make([]uint64, len(kVals))
		for c, w := range l.one[i] {
			qm[i][qIdx[c]] += w
			km[i][kIdx[c]] += w
		}
		combos.Mul(combos, big.NewInt(int64(countPositive(qm[i])*countPositive(km[i]))))
		prod[i] = make([]*big.Int, len(s.pairs))
		for c := range s.pairs {
			prod[i][c] = new(big.Int).Mul(new(big.Int).SetUint64(qm[i][qIdx[c]]), new(big.Int).SetUint64(km[i][kIdx[c]]))
		}
	}
	n := new(big.Int).SetUint64(l.total)
	scale := new(big.Int).Exp(n, big.NewInt(int64(2*d-1)), nil)
	lhs, rhs := new(big.Int), new(big.Int)
	var witness []int
	var witnessW uint64
	err := s.each(ctx, func(codes []int, w uint64) bool {
		lhs.Mul(scale, new(big.Int).SetUint64(w))
		rhs.SetInt64(1)
		for i, c := range codes {
			rhs.Mul(rhs, prod[i][c])
		}
		if lhs.Cmp(rhs) != 0 {
			witness, witnessW = append([]int(nil), codes...), w
			return false
		}
		return true
	})
	if err != nil {
		return err
	}
	l.entries = Independence{Holds: witness == nil, combinations: combos, present: new(big.Int).SetUint64(l.outcomes)}
	if witness != nil {
		var event []string
		product := big.NewRat(1, 1)
		nr := new(big.Rat).SetInt(n)
		for i, c := range witness {
			event = append(event, fmt.Sprintf("q_%d = %s", i+1, s.pairs[c].q.RatString()))
			product.Mul(product, new(big.Rat).Quo(new(big.Rat).SetInt(new(big.Int).SetUint64(qm[i][qIdx[c]])), nr))
		}
		for i, c := range witness {
			event = append(event, fmt.Sprintf("k_%d = %s", i+1, s.pairs[c].k.RatString()))
			product.Mul(product, new(big.Rat).Quo(new(big.Rat).SetInt(new(big.Int).SetUint64(km[i][kIdx[c]])), nr))
		}
		l.entries.event = event
		l.entries.joint = new(big.Rat).Quo(new(big.Rat).SetInt(new(big.Int).SetUint64(witnessW)), nr)
		l.entries.product = product
	}
	return nil
}

func countPositive(xs []uint64) int {
	n := 0
	for _, x := range xs {
		if x > 0 {
			n++
		}
	}
	return n
}

// valueIndex numbers the distinct values f takes on the pairs.
func valueIndex(pairs []pairValue, f func(pairValue) *big.Rat) ([]int, []*big.Rat) {
	idx := make([]int, len(pairs))
	seen := map[string]int{}
	var vals []*big.Rat
	for c, p := range pairs {
		v := f(p)
		k := v.RatString()
		n, ok := seen[k]
		if !ok {
			n = len(vals)
			seen[k] = n
			vals = append(vals, v)
		}
		idx[c] = n
	}
	return idx, vals
}

// termsIndependent judges whether all d_k terms are independent at once,
// from their joint law; ok is false when the listing has too many
// outcomes to keep that law.
func (s *Space) termsIndependent(l *listing) (in Independence, ok bool) {
	if l.terms == nil {
		return Independence{}, false
	}
	d := s.d
	tm := make([][]uint64, d)
	combos := big.NewInt(1)
	for i := range d {
		tm[i] = make([]uint64, len(l.termValues))
		for c, w := range l.one[i] {
			tm[i][l.termIndex[c]] += w
		}
		combos.Mul(combos, big.NewInt(int64(countPositive(tm[i]))))
	}
	decode := func(k string) []int {
		out := make([]int, d)
		for i := range out {
			out[i] = int(k[2*i])<<8 | int(k[2*i+1])
		}
		return out
	}
	n := new(big.Int).SetUint64(l.total)
	scale := new(big.Int).Exp(n, big.NewInt(int64(d-1)), nil)
	// The witness is the failing tuple of smallest values: its bytes
	// are the smallest, as term indices follow the values' order.
	lhs, rhs := new(big.Int), new(big.Int)
	var failures []string
	for k, w := range l.terms {
		lhs.Mul(scale, new(big.Int).SetUint64(w))
		rhs.SetInt64(1)
		for i := range d {
			rhs.Mul(rhs, new(big.Int).SetUint64(tm[i][int(k[2*i])<<8|int(k[2*i+1])]))
		}
		if lhs.Cmp(rhs) != 0 {
			failures = append(failures, k)
		}
	}
	if len(failures) > 0 {
		witness := slices.Min(failures)
		nr := new(big.Rat).SetInt(n)
		in := Independence{combinations: combos, joint: new(big.Rat).Quo(new(big.Rat).SetInt(new(big.Int).SetUint64(l.terms[witness])), nr), product: big.NewRat(1, 1)}
		for i, t := range decode(witness) {
			in.event = append(in.event, fmt.Sprintf("q_%d·k_%d = %s", i+1, i+1, l.termValues[t].RatString()))
			in.product.Mul(in.product, new(big.Rat).Quo(new(big.Rat).SetInt(new(big.Int).SetUint64(tm[i][t])), nr))
		}
		return in, true
	}
	return Independence{Holds: true, combinations: combos, present: big.NewInt(int64(len(l.terms)))}, true
}

// listedMarginal returns the law of the given coordinates summed from the
// listing: from its tallies for one or two coordinates, else by a pass.
func (s *Space) listedMarginal(ctx context.Context, coords []int) (*law, error) {
	l, err := s.listing(ctx)
	if err != nil {
		return nil, err
	}
	out := newLaw()
	row := func(codes []int) *Outcome {
		o := &Outcome{Q: make([]*big.Rat, len(coords)), K: make([]*big.Rat, len(coords)), at: coords}
		for n := range coords {
			o.Q[n], o.K[n] = s.pairs[codes[n]].q, s.pairs[codes[n]].k
		}
		return o
	}
	switch len(coords) {
	case 1:
		for c, w := range l.one[coords[0]-1] {
			if w > 0 {
				out.add(row([]int{c}), new(big.Int).SetUint64(w))
			}
		}
		return out, nil
	case 2:
		l.two[pairIndex(coords[0]-1, coords[1]-1, s.d)].each(func(a, b int, w uint64) {
			out.add(row([]int{a, b}), new(big.Int).SetUint64(w))
		})
		return out, nil
	}
	tally := map[string]uint64{}
	var keys []string
	tooMany := false
	err = s.each(ctx, func(codes []int, w uint64) bool {
		parts := make([]string, len(coords))
		for n, c := range coords {
			parts[n] = fmt.Sprint(codes[c-1])
		}
		k := strings.Join(parts, " ")
		if _, ok := tally[k]; !ok {
			if len(keys) == maxMarginalOutcomes {
				tooMany = true
				return false
			}
			keys = append(keys, k)
		}
		tally[k] += w
		return true
	})
	if err != nil {
		return nil, err
	}
	if tooMany {
		return nil, fmt.Errorf("the law of %d coordinates has more than the %d outcomes a marginal law may have", len(coords), maxMarginalOutcomes)
	}
	for _, k := range keys {
		var codes []int
		for _, f := range strings.Fields(k) {
			var c int
			fmt.Sscan(f, &c)
			codes = append(codes, c)
		}
		out.add(row(codes), new(big.Int).SetUint64(tally[k]))
	}
	return out, nil
}

// wholeLaw returns the listed space as a law over whole outcomes, for
// variables that read all of an outcome.
func (s *Space) wholeLaw(ctx context.Context) (*law, error) {
	if !s.listed {
		return nil, fmt.Errorf("the space at d_k = %d is not listed outcome by outcome (%s outcomes): a variable of the whole outcome cannot be computed", s.d, s.outcomes)
	}
	if s.outcomes.Cmp(big.NewInt(maxMarginalOutcomes)) > 0 {
		return nil, fmt.Errorf("the space at d_k = %d has %s outcomes, more than the %d a variable of the whole outcome is summed over", s.d, s.outcomes, maxMarginalOutcomes)
	}
	out := newLaw()
	err := s.each(ctx, func(codes []int, w uint64) bool {
		out.add(s.outcomeOf(codes), new(big.Int).SetUint64(w))
		return true
	})
	return out, err
}

// outcomeOf returns the outcome with the given codes.
func (s *Space) outcomeOf(codes []int) *Outcome {
	o := &Outcome{Q: make([]*big.Rat, s.d), K: make([]*big.Rat, s.d), Score: new(big.Rat)}
	for i, c := range codes {
		o.Q[i], o.K[i] = s.pairs[c].q, s.pairs[c].k
		o.Score.Add(o.Score, s.pairs[c].term)
	}
	return o
}
