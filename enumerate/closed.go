package enumerate

import (
	"context"
	"errors"
	"math"
	"math/big"
	"math/bits"

	"github.com/sqrtdk/sqrtdk/internal/nat"
	"github.com/sqrtdk/sqrtdk/rational"
)

// coordinateWeights returns w with w[t] the number of (q_i, k_i) letter
// pairs, multiplicities counted, whose product has lattice index t.
func coordinateWeights(p Problem, l *lattice) []*big.Int {
	w := make([]*big.Int, l.tMax+1)
	for t := range w {
		w[t] = new(big.Int)
	}
	for a, ql := range p.Q.Letters() {
		for b, kl := range p.K.Letters() {
			w[l.t[a][b]].Add(w[l.t[a][b]], new(big.Int).Mul(big.NewInt(ql.Mult), big.NewInt(kl.Mult)))
		}
	}
	return w
}

// closed returns the exact distribution of q·k as the D-th power of the
// one-coordinate polynomial Σ w_t·x^t, by Miller's recurrence: with
// P(x)^D = Σ b_n·x^n, b_0 = w_0^D and
// b_n = Σ_{j=1}^{min(n,T)} ((D+1)·j − n)·w_j·b_{n−j} / (n·w_0),
// where every division is exact (and checked to be); for two-letter
// alphabets (T = 1) this is the ratio recurrence of binomial
// coefficients. When P is a palindrome so is P^D, and only the first half
// is computed. It checks ctx between coefficients.
func (pl *Plan) closed(ctx context.Context) (*rational.Histogram, error) {
	if err := pl.checkClosed(NeedCounts); err != nil {
		return nil, err
	}
	var counts []*big.Int
	var shift uint
	n, symmetric := pl.lat.size(pl.problem.D), pl.symmetric()
	last := n - 1
	if symmetric {
		last /= 2
	}
	l, err := pl.closedWalk(ctx, &shift, last, func(t int, c *big.Int) error {
		counts = append(counts, new(big.Int).Lsh(c, shift))
		return nil
	})
	if err != nil {
		return nil, err
	}
	for t := len(counts); t < n; t++ { // the mirrored half
		counts = append(counts, new(big.Int).Set(counts[n-1-t]))
	}
	return &rational.Histogram{Base: l.base, Step: l.step, Counts: counts}, nil
}

// closedEach streams the exact distribution of q·k without holding it: it
// calls visit for the lattice indices t = 0, 1, …, D·tMax in order with
// their counts (the score of t is base + step·t), keeping only the last
// few counts in memory; visit must not keep or change count, and an error
// from visit stops the walk and is returned.
func (pl *Plan) closedEach(ctx context.Context, visit func(t int, count *big.Int) error) (base, step *big.Rat, err error) {
	if err := pl.checkClosed(NeedMoments); err != nil {
		return nil, nil, err
	}
	var shift uint
	count := new(big.Int)
	l, err := pl.closedWalk(ctx, &shift, pl.lat.size(pl.problem.D)-1, func(t int, c *big.Int) error {
		return visit(t, count.Lsh(c, shift))
	})
	if err != nil {
		return nil, nil, err
	}
	return l.base, l.step, nil
}

// closedMoments returns the exact moments of q·k from the streamed closed
// form, in memory proportional to one count rather than all of them; for
// a symmetric distribution it computes half the counts and adds each at
// both its indices.
func (pl *Plan) closedMoments(ctx context.Context) (*Moments, error) {
	if err := pl.checkClosed(NeedMoments); err != nil {
		return nil, err
	}
	// The sums run on the counts without their common power-of-two factor
	// (the shift), which cancels in the mean and the variance.
	var sums nat.LatticeSums
	var shift uint
	n, symmetric := pl.lat.size(pl.problem.D), pl.symmetric()
	last := n - 1
	if symmetric {
		last /= 2
	}
	l, err := pl.closedWalk(ctx, &shift, last, func(t int, c *big.Int) error {
		if mirror := n - 1 - t; symmetric && mirror != t {
			sums.AddPair(t, mirror, c)
		} else {
			sums.Add(t, c)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	pairs := new(big.Int).Lsh(sums.Count(), shift)
	return &Moments{Pairs: pairs, Mean: sums.Mean(l.base, l.step), Variance: sums.Variance(l.step)}, nil
}

// closedWalk computes the coefficients of P(x)^D for the lattice indices
// 0…last one by one and hands each to visit shifted right by *shift bits
// (set before the first visit; the count is c·2^shift); it holds only the
// last T+1 of them.
func (pl *Plan) closedWalk(ctx context.Context, shift *uint, last int, visit func(t int, c *big.Int) error) (*lattice, error) {
	p, l := pl.problem, pl.lat
	w := coordinateWeights(p, l)
	if l.tMax == 1 {
		return l, binomialWalk(ctx, p.D, last, w[0], w[1], shift, visit)
	}
	return l, millerWalk(ctx, p.D, last, w, visit)
}

// symmetric reports whether the distribution is symmetric about its
// middle index, count(N − t) = count(t): so it is when the one-coordinate
// weights read the same both ways (P is a palindrome, and so is P^D).
func (pl *Plan) symmetric() bool {
	w := coordinateWeights(pl.problem, pl.lat)
	for t := range w {
		if w[t].Cmp(w[len(w)-1-t]) != 0 {
			return false
		}
	}
	return true
}

// errInexact reports a division that the recurrences require to be exact
// and that was not: a bug, never a property of the input.
var errInexact = errors.New("closed form: a division that must be exact left a remainder")

// scaleStep sets b to b·num/den through spare (a second buffer, so that
// nothing is allocated once both are large) and returns the new b and
// spare; it reports errInexact when den does not divide b·num.
func scaleStep(b, spare *big.Int, num, den uint64) (*big.Int, *big.Int, error) {
	if num > math.MaxUint || den > math.MaxUint {
		spare.Mul(b, new(big.Int).SetUint64(num))
		var r big.Int
		b.QuoRem(spare, new(big.Int).SetUint64(den), &r)
		if r.Sign() != 0 {
			return b, spare, errInexact
		}
		return b, spare, nil
	}
	spare.Mul(b, spare.SetUint64(num))
	if !nat.DivExactWord(spare, uint(den)) {
		return b, spare, errInexact
	}
	return spare, b, nil
}

// binomialWalk handles the two-valued coordinate (two-letter alphabets,
// ±a among them): b_n = w_0^(D−n)·w_1^n·C(D, n), for n = 0…last. When
// w_0 = w_1 = 2^s it runs the ratio recurrence C(D, n) = C(D, n−1)·(D+1−n)/n
// on the binomial alone, half the size of the counts, and reports the shift
// s·D; otherwise b_n = b_(n−1)·(D+1−n)·w_1/(n·w_0), exactly.
func binomialWalk(ctx context.Context, d, last int, w0, w1 *big.Int, outShift *uint, visit func(t int, c *big.Int) error) error {
	shift := -1
	if w0.Cmp(w1) == 0 && w0.Sign() > 0 && w0.BitLen() < 32 && w0.Uint64()&(w0.Uint64()-1) == 0 {
		shift = (w0.BitLen() - 1) * d
		*outShift = uint(shift)
	}
	fits := w0.IsUint64() && w1.IsUint64() && w0.Uint64() < 1<<20 && w1.Uint64() < 1<<20
	if w0.Sign() == 0 || (shift < 0 && !fits) {
		return millerWalk(ctx, d, last, []*big.Int{w0, w1}, visit)
	}
	b, spare := big.NewInt(1), new(big.Int)
	if shift < 0 {
		b.Exp(w0, big.NewInt(int64(d)), nil)
	}
	for n := 0; n <= last; n++ {
		if n > 0 {
			if n%256 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			num, den := uint64(d+1-n), uint64(n)
			if shift < 0 {
				num, den = num*w1.Uint64(), den*w0.Uint64()
			}
			var err error
			if b, spare, err = scaleStep(b, spare, num, den); err != nil {
				return err
			}
		}
		if err := visit(n, b); err != nil {
			return err
		}
	}
	return nil
}

// millerWalk runs Miller's recurrence for any weights up to index last,
// keeping the last T+1 coefficients in a ring.
func millerWalk(ctx context.Context, d, last int, w []*big.Int, visit func(t int, c *big.Int) error) error {
	tMax := len(w) - 1
	ring := make([]*big.Int, tMax+1)
	for i := range ring {
		ring[i] = new(big.Int)
	}
	ring[0].Exp(w[0], big.NewInt(int64(d)), nil)
	if err := visit(0, ring[0]); err != nil {
		return err
	}
	small := true // every ((D+1)·j − n)·w_j and n·w_0 fits in an int64
	for _, wj := range w {
		small = small && wj.IsInt64() && wj.Int64() < math.MaxInt64/int64(d+1)/int64(tMax+1)
	}
	// The offsets j with w_j ≠ 0: a lattice of a wide span holds few
	// letters' products (0, 1 and 1000 span a thousand offsets and
	// weigh at three), and a pass over every offset for every
	// coefficient cost D·T² steps, seconds where the arithmetic took
	// milliseconds.
	var offsets []int
	for j := 1; j <= tMax; j++ {
		if w[j].Sign() != 0 {
			offsets = append(offsets, j)
		}
	}
	d1 := int64(d + 1)
	pos, neg := new(big.Int), new(big.Int)
	term, factor := new(big.Int), new(big.Int)
	var prevs []*big.Int // the terms' earlier coefficients and factors
	var fs []int64
	var words []uint
	for k := 1; k <= last; k++ {
		if k%256 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		bk := ring[k%(tMax+1)]
		if small {
			// The terms' factors are words. When they are all positive (as
			// in the first half of a symmetric distribution of few
			// letters), the sum is one pass over the words; otherwise the
			// positive and the negative terms are multiply-added apart.
			prevs, fs, words = prevs[:0], fs[:0], words[:0]
			var fsum uint64
			positive := true // and their sum below half a word
			for _, j := range offsets {
				if j > k {
					break
				}
				if f := (d1*int64(j) - int64(k)) * w[j].Int64(); f != 0 {
					prevs = append(prevs, ring[(k-j)%(tMax+1)])
					fs = append(fs, f)
					words = append(words, uint(f))
					fsum += uint64(f)
					positive = positive && f > 0 && fsum < 1<<(bits.UintSize-1)
				}
			}
			if positive {
				nat.Combine(bk, prevs, words)
			} else {
				pos.SetInt64(0)
				neg.SetInt64(0)
				for i, prev := range prevs {
					f := fs[i]
					switch {
					case f > 0 && uint64(f) <= math.MaxUint:
						nat.MulAddWord(pos, prev, uint(f))
					case f < 0 && uint64(-f) <= math.MaxUint:
						nat.MulAddWord(neg, prev, uint(-f))
					default:
						pos.Add(pos, term.Mul(prev, factor.SetInt64(f)))
					}
				}
				bk.Sub(pos, neg)
			}
			den := uint64(k) * w[0].Uint64()
			if den <= math.MaxUint && w[0].Uint64() <= math.MaxUint/uint64(k) {
				if !nat.DivExactWord(bk, uint(den)) {
					return errInexact
				}
			} else if bk.QuoRem(bk, factor.SetUint64(den), term); term.Sign() != 0 {
				return errInexact
			}
		} else {
			pos.SetInt64(0)
			for _, j := range offsets {
				if j > k {
					break
				}
				prev := ring[(k-j)%(tMax+1)]
				if prev.Sign() == 0 {
					continue
				}
				term.Mul(w[j], prev)
				term.Mul(term, factor.SetInt64(d1*int64(j)-int64(k)))
				pos.Add(pos, term)
			}
			if bk.QuoRem(pos, factor.Mul(factor.SetInt64(int64(k)), w[0]), term); term.Sign() != 0 {
				return errInexact
			}
		}
		if err := visit(k, bk); err != nil {
			return err
		}
	}
	return nil
}
