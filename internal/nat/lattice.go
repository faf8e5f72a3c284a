package nat

import (
	"math/big"
	"math/bits"
)

// LatticeSums accumulates, over the counts c_t of a distribution on the
// lattice Base + Step·t, the sums N = Σ c_t, S1 = Σ t·c_t and
// S2 = Σ t²·c_t, from which the exact mean and population variance follow.
// The zero value is empty and ready to use; counts may come one at a time,
// so a distribution too large to hold can be summed as it streams.
type LatticeSums struct {
	n, s1, s2 big.Int // N, S1 and S2
	tc, tw    big.Int
}

// Count returns a copy of N = Σ c_t, the number of cases summed.
func (s *LatticeSums) Count() *big.Int { return new(big.Int).Set(&s.n) }

// Add adds count c at lattice index t.
func (s *LatticeSums) Add(t int, c *big.Int) {
	if c.Sign() == 0 {
		return
	}
	if s.inWords(t, c) {
		// Three passes over c's words, without allocating: the sums of a
		// closed form at d_k = 10⁵ add 10⁵ counts of thousands of words.
		s.n.Add(&s.n, c)
		MulAddWord(&s.s1, c, uint(t))
		MulAddWord(&s.s2, c, uint(t)*uint(t))
		return
	}
	s.n.Add(&s.n, c)
	s.tw.SetInt64(int64(t))
	s.tc.Mul(c, &s.tw)
	s.s1.Add(&s.s1, &s.tc)
	s.tc.Mul(&s.tc, &s.tw)
	s.s2.Add(&s.s2, &s.tc)
}

// AddPair adds count c at lattice indices t and u (the two halves of a
// symmetric distribution).
func (s *LatticeSums) AddPair(t, u int, c *big.Int) {
	if c.Sign() == 0 {
		return
	}
	squares, carry := bits.Add(uint(t)*uint(t), uint(u)*uint(u), 0)
	if !s.inWords(t, c) || !s.inWords(u, c) || carry != 0 {
		s.Add(t, c)
		s.Add(u, c)
		return
	}
	MulAddWord(&s.n, c, 2)
	MulAddWord(&s.s1, c, uint(t)+uint(u))
	MulAddWord(&s.s2, c, squares)
}

// inWords reports whether adding c at t can run on words: c and the sums
// are non-negative and t is below 2^(word size/2), so that t² fits in a
// word.
func (s *LatticeSums) inWords(t int, c *big.Int) bool {
	return t >= 0 && uint(t)>>(bits.UintSize/2) == 0 && c.Sign() >= 0 && s.s1.Sign() >= 0 && s.s2.Sign() >= 0
}

// Mean returns E[Base + Step·t] = Base + Step·S1/N, or 0 when N = 0.
func (s *LatticeSums) Mean(base, step *big.Rat) *big.Rat {
	if s.n.Sign() == 0 {
		return new(big.Rat)
	}
	m := new(big.Rat).SetFrac(&s.s1, &s.n)
	m.Mul(m, step)
	return m.Add(m, base)
}

// Variance returns the population variance Var(Base + Step·t) =
// Step²·(N·S2 − S1²)/N², or 0 when N = 0.
func (s *LatticeSums) Variance(step *big.Rat) *big.Rat {
	if s.n.Sign() == 0 {
		return new(big.Rat)
	}
	num := new(big.Int).Mul(&s.n, &s.s2)
	num.Sub(num, new(big.Int).Mul(&s.s1, &s.s1))
	v := new(big.Rat).SetFrac(num, new(big.Int).Mul(&s.n, &s.n))
	v.Mul(v, step)
	return v.Mul(v, step)
}

// SumOfSquares returns Σ (Base + Step·t)²·c_t = Base²·N + 2·Base·Step·S1 +
// Step²·S2, the sum of the squared scores over every case.
func (s *LatticeSums) SumOfSquares(base, step *big.Rat) *big.Rat {
	sum := new(big.Rat).Mul(base, base)
	sum.Mul(sum, new(big.Rat).SetInt(&s.n))
	cross := new(big.Rat).Mul(base, step)
	cross.Mul(cross, new(big.Rat).SetInt(&s.s1))
	sum.Add(sum, cross.Add(cross, cross))
	squares := new(big.Rat).Mul(step, step)
	return sum.Add(sum, squares.Mul(squares, new(big.Rat).SetInt(&s.s2)))
}
