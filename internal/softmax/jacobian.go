package softmax

import (
	"container/heap"
	"context"
	"errors"
	"math/big"
)

// Options bounds the work of JacobianMaxAbsRange and the Check functions; zero fields take the documented defaults.
type Options struct {
	// Prec is the (starting) working precision in bits; default 128.
	Prec uint
	// MaxPrec caps the precision the Check functions escalate to by doubling; default 2048.
	MaxPrec uint
	// MaxBoxes caps the number of boxes evaluated by branch and bound; default 4096.
	MaxBoxes int
	// Tol makes JacobianMaxAbsRange stop once Min and Max are both at most Tol wide, when Stop is nil; default 1/10^6.
	Tol *big.Rat
	// Stop, if non-nil, makes JacobianMaxAbsRange stop as soon as Stop returns true for the current Range.
	Stop func(Range) bool
	// Cache, if non-nil, keeps what Check computes for the next figures of the same scores.
	Cache *Cache
}

func (o Options) withDefaults() Options {
	if o.Prec == 0 {
		o.Prec = 128
	}
	if o.MaxPrec == 0 {
		o.MaxPrec = 2048
	}
	if o.MaxPrec < o.Prec {
		o.MaxPrec = o.Prec
	}
	if o.MaxBoxes <= 0 {
		o.MaxBoxes = 4096
	}
	if o.Tol == nil {
		o.Tol = big.NewRat(1, 1_000_000)
	}
	return o
}

// ErrBudget is returned when branch and bound reaches Options.MaxBoxes before its stopping rule holds; the accompanying Range is still rigorous.
var ErrBudget = errors.New("softmax: box budget exhausted before the range was tight enough")

var (
	fHalf    = big.NewFloat(0.5)
	fQuarter = big.NewFloat(0.25)
	fOne     = big.NewFloat(1)
)

// clamp01 returns t limited to [0, 1] (a no-op for the bounds produced here).
func clamp01(t *big.Float) *big.Float {
	if t.Sign() < 0 {
		return new(big.Float)
	}
	if t.Cmp(fOne) > 0 {
		return fOne
	}
	return t
}

// gBound returns a lower (mode down) or upper (mode up) bound of g(t) = t(1 − t) for 0 ≤ t ≤ 1.
func gBound(mode big.RoundingMode, wp uint, t *big.Float) *big.Float {
	t = clamp01(t)
	return mulR(mode, wp, t, subR(mode, wp, fOne, t))
}

func fmin(a, b *big.Float) *big.Float {
	if b.Cmp(a) < 0 {
		return b
	}
	return a
}

func fmax(a, b *big.Float) *big.Float {
	if b.Cmp(a) > 0 {
		return b
	}
	return a
}

// gRange returns lo ≤ min g and hi ≥ max g over [tlo, thi] (g is concave with its peak ¼ at ½).
func gRange(wp uint, tlo, thi *big.Float) (lo, hi *big.Float) {
	lo = fmin(gBound(down, wp, tlo), gBound(down, wp, thi))
	if tlo.Cmp(fHalf) <= 0 && fHalf.Cmp(thi) <= 0 {
		return lo, fQuarter
	}
	return lo, fmax(gBound(up, wp, tlo), gBound(up, wp, thi))
}

// fBounds encloses F = max_i g(p_i) given enclosures p_i ∈ [pl_i, ph_i] valid on a common set.
func fBounds(wp uint, pl, ph []*big.Float) (lo, hi *big.Float) {
	for i := range pl {
		l, h := gRange(wp, pl[i], ph[i])
		if i == 0 {
			lo, hi = l, h
			continue
		}
		lo, hi = fmax(lo, l), fmax(hi, h)
	}
	return lo, hi
}

// JacobianMaxAbs returns an interval, about prec bits tight, containing max_{i,j} |J_ij| of the softmax Jacobian J = diag(p) − p pᵀ at the exact point z, and panics if z is empty.
func JacobianMaxAbs(z []*big.Rat, prec uint) Interval {
	if len(z) == 0 {
		panic("softmax: empty score vector")
	}
	prec = precOrDefault(prec)
	pl, ph := softmaxBounds(z, z, prec)
	lo, hi := fBounds(prec+32, pl, ph)
	return Interval{Lo: toRat(lo), Hi: toRat(hi)}
}

type bbLeaf struct {
	lo, hi []*big.Rat
	flo    *big.Float // lower bound of F over the leaf
}

type leafHeap []*bbLeaf

func (h leafHeap) Len() int           { return len(h) }
func (h leafHeap) Less(i, j int) bool { return h[i].flo.Cmp(h[j].flo) < 0 }
func (h leafHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *leafHeap) Push(x any)        { *h = append(*h, x.(*bbLeaf)) }
func (h *leafHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// JacobianMaxAbsRange returns a Range enclosing the minimum and the maximum over the Box of F(z) = max_{i,j} |J_ij(z/√DK)|, refining by branch and bound until opt's stopping rule holds, and returns ErrBudget with a still rigorous Range when opt.MaxBoxes runs out first, or ctx's error once it is done.
//
// Since F = max_i g(p_i) with g(t) = t(1 − t), the maximum is
// max_i sup g over [a_i, b_i], where a_i, b_i are p_i at its two extremal
// corners and p_i takes every value in between along the segment joining
// them, so it is enclosed from corner evaluations alone. The minimum is
// enclosed from below by interval evaluation over the leaves of a bisection
// (exact ranges of each p_i by monotonicity, then the exact range of g) and
// from above by exact-point evaluations at corners and leaf midpoints.
func JacobianMaxAbsRange(ctx context.Context, b Box, opt Options) (Range, error) {
	if err := b.check(); err != nil {
		return Range{}, err
	}
	opt = opt.withDefaults()
	stop := opt.Stop
	if stop == nil {
		tol := opt.Tol
		stop = func(r Range) bool {
			return r.Min.Width().Cmp(tol) <= 0 && r.Max.Width().Cmp(tol) <= 0
		}
	}
	r, _, err := jacRange(ctx, b, opt.Prec, opt.MaxBoxes, stop)
	return r, err
}

// jacRange implements JacobianMaxAbsRange and also returns the number of
// boxes evaluated; it checks ctx at every corner and every box.
func jacRange(ctx context.Context, b Box, prec uint, maxBoxes int, stop func(Range) bool) (Range, int, error) {
	ev := newEvaluator(b, prec)
	wp := prec + 32

	// Maximum: M = max_i sup_{t ∈ [a_i, b_i]} g(t).
	aLo, aHi, bLo, bHi, corners, err := vertexBounds(ctx, b, ev)
	if err != nil {
		return Range{}, 0, err
	}
	var mxLo, mxHi *big.Float
	for i := range aLo {
		_, gh := gRange(wp, aLo[i], bHi[i]) // [a_i, b_i] ⊆ [aLo, bHi]
		// a_i and b_i are attained, and so is all of [aHi, bLo] when aHi ≤ bLo.
		gl := fmax(fmin(gBound(down, wp, aLo[i]), gBound(down, wp, aHi[i])),
			fmin(gBound(down, wp, bLo[i]), gBound(down, wp, bHi[i])))
		if aHi[i].Cmp(bLo[i]) <= 0 {
			if aHi[i].Cmp(fHalf) <= 0 && fHalf.Cmp(bLo[i]) <= 0 {
				gl = fQuarter
			} else {
				gl = fmax(gl, fmax(gBound(down, wp, aHi[i]), gBound(down, wp, bLo[i])))
			}
		}
		if i == 0 {
			mxLo, mxHi = gl, gh
		} else {
			mxLo, mxHi = fmax(mxLo, gl), fmax(mxHi, gh)
		}
	}

	// Minimum: witnesses give upper bounds, leaves give lower bounds.
	var mnHi *big.Float
	witness := func(pl, ph []*big.Float) {
		_, h := fBounds(wp, pl, ph)
		if mnHi == nil || h.Cmp(mnHi) < 0 {
			mnHi = h
		}
	}
	for _, c := range corners {
		witness(c[0], c[1])
	}
	eval := func(lo, hi []*big.Rat) *bbLeaf {
		pl, ph := ev.bounds(lo, hi)
		flo, _ := fBounds(wp, pl, ph)
		flo = fmax(flo, simplexLowerBound(pl, ph, wp))
		witness(ev.point(ev.midpoint(lo, hi)))
		return &bbLeaf{lo: lo, hi: hi, flo: flo}
	}
	leaves := &leafHeap{eval(b.Lo, b.Hi)}
	boxes := 1
	var frozen *big.Float // least lower bound among leaves that cannot be split

	build := func() Range {
		mnLo := mnHi // leaves discarded for flo > mnHi cannot hold the minimum
		if leaves.Len() > 0 {
			mnLo = fmin(mnLo, (*leaves)[0].flo)
		}
		if frozen != nil {
			mnLo = fmin(mnLo, frozen)
		}
		return Range{
			Min: Interval{Lo: toRat(mnLo), Hi: toRat(mnHi)},
			Max: Interval{Lo: toRat(mxLo), Hi: toRat(mxHi)},
		}
	}
	for {
		r := build()
		if stop(r) || leaves.Len() == 0 {
			return r, boxes, nil
		}
		if err := ctx.Err(); err != nil {
			return r, boxes, err
		}
		if (*leaves)[0].flo.Cmp(mnHi) > 0 {
			*leaves = (*leaves)[:0]
			continue
		}
		if boxes+2 > maxBoxes {
			return r, boxes, ErrBudget
		}
		top := heap.Pop(leaves).(*bbLeaf)
		d, w := -1, new(big.Rat)
		for j := range top.lo {
			wj := new(big.Rat).Sub(top.hi[j], top.lo[j])
			if wj.Cmp(w) > 0 {
				d, w = j, wj
			}
		}
		if d < 0 { // a point: nothing to split
			if frozen == nil || top.flo.Cmp(frozen) < 0 {
				frozen = top.flo
			}
			continue
		}
		mid := ev.midpoint(top.lo[d:d+1], top.hi[d:d+1])[0]
		leftHi := append([]*big.Rat(nil), top.hi...)
		leftHi[d] = mid
		rightLo := append([]*big.Rat(nil), top.lo...)
		rightLo[d] = mid
		for _, c := range []*bbLeaf{eval(top.lo, leftHi), eval(rightLo, top.hi)} {
			boxes++
			if c.flo.Cmp(mnHi) <= 0 {
				heap.Push(leaves, c)
			}
		}
	}
}
