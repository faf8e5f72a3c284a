package enumerate

import (
	"context"
	"math"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

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
// where every division is exact; for two-letter alphabets (T = 1) this is
// the ratio recurrence of binomial coefficients. It checks ctx between
// coefficients.
func (pl *Plan) Closed(ctx context.Context) (*rational.Histogram, error) {
	if err := pl.checkClosed(NeedCounts); err != nil {
		return nil, err
	}
	var counts []*big.Int
	var shift uint
	l, err := pl.closedWalk(ctx, &shift, func(t int, c *big.Int) error {
		counts = append(counts, new(big.Int).Lsh(c, shift))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &rational.Histogram{Base: l.base, Step: l.step, Counts: counts}, nil
}

// ClosedEach streams the exact distribution of q·k without holding it: it
// calls visit for the lattice indices t = 0, 1, …, D·tMax in order with
// their counts (the score of t is base + step·t), keeping only the last
// few counts in memory; visit must not keep or change count, and an error
// from visit stops the walk and is returned.
func (pl *Plan) ClosedEach(ctx context.Context, visit func(t int, count *big.Int) error) (base, step *big.Rat, err error) {
	if err := pl.checkClosed(NeedMoments); err != nil {
		return nil, nil, err
	}
	var shift uint
	count := new(big.Int)
	l, err := pl.closedWalk(ctx, &shift, func(t int, c *big.Int) error {
		return visit(t, count.Lsh(c, shift))
	})
	if err != nil {
		return nil, nil, err
	}
	return l.base, l.step, nil
}

// ClosedMoments returns the exact moments of q·k from the streamed closed
// form, in memory proportional to one count rather than all of them.
func (pl *Plan) ClosedMoments(ctx context.Context) (*Moments, error) {
	if err := pl.checkClosed(NeedMoments); err != nil {
		return nil, err
	}
	// The sums run on the counts without their common power-of-two factor
	// (the shift), which cancels in the mean and the variance.
	var sums rational.LatticeSums
	var shift uint
	l, err := pl.closedWalk(ctx, &shift, func(t int, c *big.Int) error {
		sums.Add(t, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	pairs := new(big.Int).Lsh(&sums.N, shift)
	return &Moments{Pairs: pairs, Mean: sums.Mean(l.base, l.step), Variance: sums.Variance(l.step)}, nil
}

// closedWalk computes the coefficients of P(x)^D one by one and hands each
// to visit shifted right by *shift bits (set before the first visit; the
// count is c·2^shift); it holds only the last T+1 of them.
func (pl *Plan) closedWalk(ctx context.Context, shift *uint, visit func(t int, c *big.Int) error) (*lattice, error) {
	p, l := pl.Problem, pl.lat
	w := coordinateWeights(p, l)
	if l.tMax == 1 {
		return l, binomialWalk(ctx, p.D, w[0], w[1], shift, visit)
	}
	return l, millerWalk(ctx, p.D, w, visit)
}

// binomialWalk handles the two-valued coordinate (two-letter alphabets,
// ±a among them): b_n = w_0^(D−n)·w_1^n·C(D, n). When w_0 = w_1 = 2^s it
// runs the ratio recurrence C(D, n) = C(D, n−1)·(D+1−n)/n on the binomial
// alone, half the size of the counts, and reports the shift s·D; otherwise
// b_n = b_(n−1)·(D+1−n)·w_1/(n·w_0), exactly.
func binomialWalk(ctx context.Context, d int, w0, w1 *big.Int, outShift *uint, visit func(t int, c *big.Int) error) error {
	shift := -1
	if w0.Cmp(w1) == 0 && w0.Sign() > 0 && w0.BitLen() < 32 && w0.Uint64()&(w0.Uint64()-1) == 0 {
		shift = (w0.BitLen() - 1) * d
		*outShift = uint(shift)
	}
	fits := w0.IsUint64() && w1.IsUint64() && w0.Uint64() < 1<<20 && w1.Uint64() < 1<<20
	if w0.Sign() == 0 || (shift < 0 && !fits) {
		return millerWalk(ctx, d, []*big.Int{w0, w1}, visit)
	}
	b := big.NewInt(1)
	if shift < 0 {
		b.Exp(w0, big.NewInt(int64(d)), nil)
	}
	num, den := new(big.Int), new(big.Int)
	for n := 0; n <= d; n++ {
		if n > 0 {
			if n%256 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			if shift >= 0 {
				num.SetUint64(uint64(d + 1 - n))
				den.SetUint64(uint64(n))
			} else {
				num.SetUint64(uint64(d+1-n) * w1.Uint64())
				den.SetUint64(uint64(n) * w0.Uint64())
			}
			b.Mul(b, num)
			b.Quo(b, den)
		}
		if err := visit(n, b); err != nil {
			return err
		}
	}
	return nil
}

// millerWalk runs Miller's recurrence for any weights, keeping the last
// T+1 coefficients in a ring.
func millerWalk(ctx context.Context, d int, w []*big.Int, visit func(t int, c *big.Int) error) error {
	tMax := len(w) - 1
	n := d * tMax
	ring := make([]*big.Int, tMax+1)
	for i := range ring {
		ring[i] = new(big.Int)
	}
	ring[0].Exp(w[0], big.NewInt(int64(d)), nil)
	if err := visit(0, ring[0]); err != nil {
		return err
	}
	small := true // every ((D+1)·j − n)·w_j fits in an int64
	for _, wj := range w {
		small = small && wj.IsInt64() && wj.Int64() < math.MaxInt64/int64(d+1)/int64(tMax+1)
	}
	d1 := int64(d + 1)
	sum, term, factor := new(big.Int), new(big.Int), new(big.Int)
	for k := 1; k <= n; k++ {
		if k%256 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		sum.SetInt64(0)
		for j := 1; j <= min(k, tMax); j++ {
			prev := ring[(k-j)%(tMax+1)]
			if w[j].Sign() == 0 || prev.Sign() == 0 {
				continue
			}
			if small {
				term.Mul(prev, factor.SetInt64((d1*int64(j)-int64(k))*w[j].Int64()))
			} else {
				term.Mul(w[j], prev)
				term.Mul(term, factor.SetInt64(d1*int64(j)-int64(k)))
			}
			sum.Add(sum, term)
		}
		bk := ring[k%(tMax+1)]
		bk.Quo(sum, factor.Mul(factor.SetInt64(int64(k)), w[0]))
		if err := visit(k, bk); err != nil {
			return err
		}
	}
	return nil
}
