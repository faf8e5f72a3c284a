package proofs

import (
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

// coefMean returns Σ weight·coef / total over the space: the mean of x's
// coefficient.
func (s *Space) coefMean(x RV) *big.Rat {
	// Steps ask for the same means many times; a variable's name
	// identifies it within a space, so the sum is done once per name.
	s.mu.Lock()
	cached, ok := s.means[x.Name]
	s.mu.Unlock()
	if ok {
		return cached
	}
	num := new(big.Rat)
	t := new(big.Rat)
	s.Each(func(o *Outcome) {
		c := x.Coef(o)
		if o.unitWeight {
			num.Add(num, c)
		} else {
			num.Add(num, t.Mul(c, t.SetInt(o.Weight)))
		}
	})
	num.Quo(num, new(big.Rat).SetInt(s.Pairs()))
	s.mu.Lock()
	s.means[x.Name] = num
	s.mu.Unlock()
	return num
}

// E returns the exact mean of x over the space.
func (s *Space) E(x RV) rational.Value {
	return rational.NewRat(s.coefMean(x)).Mul(x.Unit)
}

// Var returns the exact variance E[(x − E[x])²] of x over the space,
// computed from the squared deviations of every outcome.
func (s *Space) Var(x RV) rational.Value {
	return s.Cov(x, x)
}

// Cov returns the exact covariance E[(x − E[x])·(y − E[y])] over the space.
func (s *Space) Cov(x, y RV) rational.Value {
	mx, my := s.coefMean(x), s.coefMean(y)
	num := new(big.Rat)
	dx, dy := new(big.Rat), new(big.Rat)
	s.Each(func(o *Outcome) {
		dx.Sub(x.Coef(o), mx)
		dy.Sub(y.Coef(o), my)
		dx.Mul(dx, dy)
		if !o.unitWeight {
			dx.Mul(dx, dy.SetInt(o.Weight))
		}
		num.Add(num, dx)
	})
	num.Quo(num, new(big.Rat).SetInt(s.Pairs()))
	return rational.NewRat(num).Mul(x.Unit.Mul(y.Unit))
}

// P returns the exact probability of the event.
func (s *Space) P(event func(o *Outcome) bool) *big.Rat {
	n := new(big.Int)
	s.Each(func(o *Outcome) {
		if event(o) {
			n.Add(n, o.Weight)
		}
	})
	return new(big.Rat).SetFrac(n, s.Pairs())
}

// Factorises counts the outcomes whose probability equals the product of
// the 2·D one-coordinate marginal probabilities, each marginal found by
// counting over the space; the joint law factorises (q and k independent,
// coordinates independent) exactly when every outcome does.
func (s *Space) Factorises() (holding, outcomes int64) {
	d := s.D
	// qMarg[i][a] is the weight of the outcomes whose q_(i+1) is the a-th
	// distinct letter of Q; kMarg likewise for k.
	qMarg, kMarg := make([][]*big.Int, d), make([][]*big.Int, d)
	for i := range d {
		qMarg[i], kMarg[i] = zeros(len(s.Q.Letters)), zeros(len(s.K.Letters))
	}
	s.Each(func(o *Outcome) {
		for i := range d {
			qMarg[i][o.QLetter[i]].Add(qMarg[i][o.QLetter[i]], o.Weight)
			kMarg[i][o.KLetter[i]].Add(kMarg[i][o.KLetter[i]], o.Weight)
		}
	})
	// Each visits every outcome once, so an outcome's probability is its
	// weight over the total.
	total := new(big.Rat).SetInt(s.Pairs())
	s.Each(func(o *Outcome) {
		outcomes++
		product := big.NewRat(1, 1)
		for i := range d {
			product.Mul(product, new(big.Rat).Quo(new(big.Rat).SetInt(qMarg[i][o.QLetter[i]]), total))
			product.Mul(product, new(big.Rat).Quo(new(big.Rat).SetInt(kMarg[i][o.KLetter[i]]), total))
		}
		joint := new(big.Rat).SetInt(o.Weight)
		if joint.Quo(joint, total).Cmp(product) == 0 {
			holding++
		}
	})
	return holding, outcomes
}

func zeros(n int) []*big.Int {
	out := make([]*big.Int, n)
	for i := range out {
		out[i] = new(big.Int)
	}
	return out
}
