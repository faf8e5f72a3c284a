package proofs

import (
	"fmt"
	"math/big"
	"sync"

	"github.com/sqrtdk/sqrtdk/rational"
)

// MaxOutcomes bounds the number of distinct outcomes a Space may enumerate;
// the proof checker sums over every one of them, so it is meant for small
// widths.
const MaxOutcomes = 1 << 16

// A Space is the finite sample space of all pairs (q, k) of width D with
// entries of q from Q and of k from K, under the uniform measure.
type Space struct {
	Q, K rational.Alphabet
	D    int

	mu    sync.Mutex
	means map[string]*big.Rat // coefficient means by variable name
}

// An Outcome is one pair of vectors together with the number of pairs of
// the multiset space it stands for (the product of its letters'
// multiplicities).
type Outcome struct {
	Q, K   []*big.Rat
	Weight *big.Int
	// QLetter and KLetter are the positions of the entries among their
	// alphabet's distinct values.
	QLetter, KLetter []int
	// unitWeight is set when Weight is 1, to skip multiplying by it.
	unitWeight bool
}

// NewSpace returns the space of pairs of width d, or an error when d is not
// positive, an alphabet is empty or the space has more than MaxOutcomes
// distinct outcomes.
func NewSpace(q, k rational.Alphabet, d int) (*Space, error) {
	if d < 1 {
		return nil, fmt.Errorf("d_k must be a positive integer, not %d", d)
	}
	if len(q.Letters) == 0 || len(k.Letters) == 0 {
		return nil, fmt.Errorf("an alphabet is empty")
	}
	s := &Space{Q: q, K: k, D: d, means: map[string]*big.Rat{}}
	n := s.Outcomes()
	if n.Cmp(big.NewInt(MaxOutcomes)) > 0 {
		return nil, fmt.Errorf("the proof checker sums over every pair: d_k = %d has %s distinct pairs, more than the %d it enumerates; use a smaller d_k", d, n, MaxOutcomes)
	}
	return s, nil
}

// Outcomes returns the number of distinct pairs of vectors in the space.
func (s *Space) Outcomes() *big.Int {
	n := new(big.Int).Exp(big.NewInt(int64(len(s.Q.Letters))), big.NewInt(int64(s.D)), nil)
	return n.Mul(n, new(big.Int).Exp(big.NewInt(int64(len(s.K.Letters))), big.NewInt(int64(s.D)), nil))
}

// Pairs returns the number of pairs counted with multiplicity, the total
// weight of the space.
func (s *Space) Pairs() *big.Int {
	n := new(big.Int).Exp(big.NewInt(s.Q.Size()), big.NewInt(int64(s.D)), nil)
	return n.Mul(n, new(big.Int).Exp(big.NewInt(s.K.Size()), big.NewInt(int64(s.D)), nil))
}

// Each calls fn once for every outcome, in a fixed order: k's letters
// change fastest, coordinate 1 first. fn must not keep o after it returns.
func (s *Space) Each(fn func(o *Outcome)) {
	d := s.D
	qi := make([]int, d)
	ki := make([]int, d)
	o := &Outcome{Q: make([]*big.Rat, d), K: make([]*big.Rat, d), Weight: new(big.Int), QLetter: qi, KLetter: ki}
	// Odometer over 2d digits: k's coordinates are the low digits.
	digits := make([]*int, 0, 2*d)
	radix := make([]int, 0, 2*d)
	for i := range d {
		digits = append(digits, &ki[i])
		radix = append(radix, len(s.K.Letters))
	}
	for i := range d {
		digits = append(digits, &qi[i])
		radix = append(radix, len(s.Q.Letters))
	}
	unitWeights := allOnes(s.Q) && allOnes(s.K)
	o.unitWeight = unitWeights
	for {
		o.Weight.SetInt64(1)
		for i := range d {
			lq, lk := s.Q.Letters[qi[i]], s.K.Letters[ki[i]]
			o.Q[i], o.K[i] = lq.Value, lk.Value
			if !unitWeights {
				o.Weight.Mul(o.Weight, big.NewInt(lq.Mult))
				o.Weight.Mul(o.Weight, big.NewInt(lk.Mult))
			}
		}
		fn(o)
		j := 0
		for ; j < len(digits); j++ {
			*digits[j]++
			if *digits[j] < radix[j] {
				break
			}
			*digits[j] = 0
		}
		if j == len(digits) {
			return
		}
	}
}

func allOnes(a rational.Alphabet) bool {
	for _, l := range a.Letters {
		if l.Mult != 1 {
			return false
		}
	}
	return true
}
