package softmax

import "math/big"

// An evaluator encloses softmax over sub-boxes of one box, as branch and
// bound asks for them, computing each exponential once. Every sub-box's
// end points are end points of the box or midpoints made by splitting
// it, shared by pointer, and softmax is unchanged by a common shift of
// its inputs; so with one shift M, the box's largest scaled upper end,
// each bound of exp(w − M) is computed once and kept by the score it
// comes from: a split costs two new exponentials instead of 2n.
type evaluator struct {
	s    scaler
	prec uint
	wp   uint
	// shift is M, or nil when the box spans so much that one shift would
	// push some exponentials past the series' range (see expCutoff);
	// then each sub-box is shifted by its own largest end, uncached.
	shift *big.Rat
	lows  map[*big.Rat]*big.Float // lower bound of exp(wlo(z) − M), by z
	highs map[*big.Rat]*big.Float // upper bound of exp(whi(z) − M), by z
	mids  map[[2]*big.Rat]*big.Rat
}

// maxSharedSpan bounds the span of scaled scores one shift serves.
const maxSharedSpan = 1 << 16

// newEvaluator prepares the evaluation of sub-boxes of b at prec bits.
func newEvaluator(b Box, prec uint) *evaluator {
	e := &evaluator{s: newScaler(b.DK, prec), prec: prec, wp: workPrec(prec, len(b.Lo)),
		lows: map[*big.Rat]*big.Float{}, highs: map[*big.Rat]*big.Float{}, mids: map[[2]*big.Rat]*big.Rat{}}
	wlo, whi := e.s.box(b.Lo, b.Hi)
	top, bottom := whi[0], wlo[0]
	for j := range whi {
		if whi[j].Cmp(top) > 0 {
			top = whi[j]
		}
		if wlo[j].Cmp(bottom) < 0 {
			bottom = wlo[j]
		}
	}
	if new(big.Rat).Sub(top, bottom).Cmp(big.NewRat(maxSharedSpan, 1)) <= 0 {
		e.shift = top
	}
	return e
}

// bounds returns softmaxBounds over the scaled box [lo, hi].
func (e *evaluator) bounds(lo, hi []*big.Rat) (pl, ph []*big.Float) {
	if e.shift == nil {
		wlo, whi := e.s.box(lo, hi)
		return softmaxBounds(wlo, whi, e.prec)
	}
	n := len(lo)
	eLoLo, eHiHi := make([]*big.Float, n), make([]*big.Float, n)
	for j := range n {
		eLoLo[j] = e.low(lo[j])
		eHiHi[j] = e.high(hi[j])
	}
	return combine(eLoLo, eHiHi, e.wp)
}

// point returns the bounds at the single score vector z.
func (e *evaluator) point(z []*big.Rat) (pl, ph []*big.Float) { return e.bounds(z, z) }

// low returns a lower bound of exp(wlo(z) − M), with wlo(z) the least
// scaled value of the score z.
func (e *evaluator) low(z *big.Rat) *big.Float {
	if v, ok := e.lows[z]; ok {
		return v
	}
	w, _ := e.s.box([]*big.Rat{z}, []*big.Rat{z})
	v, _ := expNegBounds(new(big.Rat).Sub(e.shift, w[0]), e.wp)
	e.lows[z] = v
	return v
}

// high returns an upper bound of exp(whi(z) − M).
func (e *evaluator) high(z *big.Rat) *big.Float {
	if v, ok := e.highs[z]; ok {
		return v
	}
	_, w := e.s.box([]*big.Rat{z}, []*big.Rat{z})
	_, v := expNegBounds(new(big.Rat).Sub(e.shift, w[0]), e.wp)
	e.highs[z] = v
	return v
}

// midpoint returns the midpoint of [lo, hi], each coordinate made once.
func (e *evaluator) midpoint(lo, hi []*big.Rat) []*big.Rat {
	mid := make([]*big.Rat, len(lo))
	for j := range mid {
		key := [2]*big.Rat{lo[j], hi[j]}
		m, ok := e.mids[key]
		if !ok {
			m = new(big.Rat).Add(lo[j], hi[j])
			m.Quo(m, big.NewRat(2, 1))
			e.mids[key] = m
		}
		mid[j] = m
	}
	return mid
}
