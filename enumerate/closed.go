package enumerate

import (
	"context"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

// MaxClosedD bounds d_k for the closed form; its output alone then holds
// millions of digits.
const MaxClosedD = 1_000_000

// coordinateWeights returns w with w[t] the number of (q_i, k_i) letter
// pairs, multiplicities counted, whose product has lattice index t.
func coordinateWeights(p Problem, l *lattice) []*big.Int {
	w := make([]*big.Int, l.tMax+1)
	for t := range w {
		w[t] = new(big.Int)
	}
	for a, ql := range p.Q.Letters {
		for b, kl := range p.K.Letters {
			w[l.t[a][b]].Add(w[l.t[a][b]], big.NewInt(ql.Mult*kl.Mult))
		}
	}
	return w
}

// Closed returns the exact distribution of q·k as the D-th power of the
// one-coordinate polynomial Σ w_t·x^t, by Miller's recurrence: with
// P(x)^D = Σ b_n·x^n, b_0 = w_0^D and
// b_n = Σ_{j=1}^{min(n,T)} ((D+1)·j − n)·w_j·b_{n−j} / (n·w_0),
// where every division is exact. It checks ctx between coefficients.
func Closed(ctx context.Context, p Problem) (*rational.Histogram, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if p.D > MaxClosedD {
		return nil, errTooWide(p.D)
	}
	l, _ := p.lattice()
	w := coordinateWeights(p, l)
	n := p.D * l.tMax
	b := make([]*big.Int, n+1)
	b[0] = new(big.Int).Exp(w[0], big.NewInt(int64(p.D)), nil)
	d1 := int64(p.D + 1)
	sum, term := new(big.Int), new(big.Int)
	for k := 1; k <= n; k++ {
		if k%256 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		sum.SetInt64(0)
		for j := 1; j <= min(k, l.tMax); j++ {
			if w[j].Sign() == 0 || b[k-j].Sign() == 0 {
				continue
			}
			term.Mul(w[j], b[k-j])
			term.Mul(term, big.NewInt(d1*int64(j)-int64(k)))
			sum.Add(sum, term)
		}
		b[k] = new(big.Int).Quo(sum, term.Mul(big.NewInt(int64(k)), w[0]))
	}
	return &rational.Histogram{Base: l.base, Step: l.step, Counts: b}, nil
}
