package softmax

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"

	"github.com/ALTree/bigfloat"
)

// bigfloatMu serialises every call into github.com/ALTree/bigfloat.
//
// bigfloat.Exp calls bigfloat.Log, which asks bigfloat's internal pi(prec)
// for π; pi reads and, when prec exceeds the cached precision, overwrites the
// package-level piCache/piCachePrec without any synchronisation. Two
// goroutines evaluating exp at rising precisions therefore race (and can read
// a half-written π). One package-level mutex around each bigfloat call rules
// that out; it must not be split per call site or per precision.
var bigfloatMu sync.Mutex

// expBigfloat returns bigfloat.Exp(x) while holding bigfloatMu.
func expBigfloat(x *big.Float) *big.Float {
	bigfloatMu.Lock()
	defer bigfloatMu.Unlock()
	return bigfloat.Exp(x)
}

// precOrDefault maps the precision 0 to 64 bits.
func precOrDefault(prec uint) uint {
	if prec == 0 {
		return 64
	}
	return prec
}

// guardBits is the number of extra bits approx works with beyond the requested precision.
const guardBits = 64

// approx returns softmax(z) rounded to prec bits, evaluated after
// subtracting max(z) with bigfloat.Exp at prec plus guard bits: accurate, but
// not a rigorous enclosure. It shares no code with the enclosures (which use
// their own directed-rounding series in rexp.go), so CrossCheck can set one
// against the other.
func approx(z []*big.Rat, prec uint) []*big.Float {
	prec = precOrDefault(prec)
	out := make([]*big.Float, len(z))
	if len(z) == 0 {
		return out
	}
	wp := prec + guardBits + uint(big.NewInt(int64(len(z))).BitLen())
	m := z[0]
	for _, v := range z[1:] {
		if v.Cmp(m) > 0 {
			m = v
		}
	}
	cut := big.NewRat(-expCutoff, 1)
	e := make([]*big.Float, len(z))
	sum := new(big.Float).SetPrec(wp)
	for i, v := range z {
		d := new(big.Rat).Sub(v, m) // d ≤ 0, exact
		if d.Cmp(cut) < 0 {
			// exp(d) < 2^−2^20 is far below 2^−wp relative to the sum (≥ 1).
			e[i] = new(big.Float).SetPrec(wp)
		} else {
			e[i] = expBigfloat(new(big.Float).SetPrec(wp).SetRat(d))
		}
		sum.Add(sum, e[i])
	}
	for i := range e {
		out[i] = new(big.Float).SetPrec(prec).Quo(e[i], sum)
	}
	return out
}

// softmaxBounds returns, for the rational box W = [wlo, whi], lo[i] ≤ min_W p_i and hi[i] ≥ max_W p_i.
//
// p_i increases in w_i and decreases in every w_j (j ≠ i), so
// min_W p_i = x/(x + S) with x = exp(wlo_i − m), S = Σ_{j≠i} exp(whi_j − m)
// and max_W p_i = x'/(x' + S') with x' = exp(whi_i − m), S' = Σ_{j≠i} exp(wlo_j − m),
// where m = max_j whi_j makes every exponent ≤ 0. The map (x, S) ↦ x/(x+S)
// increases in x and decreases in S, so a lower bound uses the lower bound of
// x, the upper bound of S (sums rounded up) and a quotient rounded down, and
// symmetrically for the upper bound.
func softmaxBounds(wlo, whi []*big.Rat, prec uint) (lo, hi []*big.Float) {
	n := len(wlo)
	if n == 1 {
		return combine(make([]*big.Float, 1), make([]*big.Float, 1), 0)
	}
	m := whi[0]
	for _, v := range whi[1:] {
		if v.Cmp(m) > 0 {
			m = v
		}
	}
	wp := workPrec(prec, n)
	// eHi[j] bounds exp(whi_j − m), eLo[j] bounds exp(wlo_j − m).
	// Only the upper bounds of the former and lower bounds of the latter are needed.
	eHiHi, eLoLo := make([]*big.Float, n), make([]*big.Float, n)
	for j := 0; j < n; j++ {
		_, eHiHi[j] = expNegBounds(new(big.Rat).Sub(m, whi[j]), wp)
		eLoLo[j], _ = expNegBounds(new(big.Rat).Sub(m, wlo[j]), wp)
	}
	return combine(eLoLo, eHiHi, wp)
}

// workPrec is the working precision of softmaxBounds for n scores.
func workPrec(prec uint, n int) uint { return prec + 32 + uint(big.NewInt(int64(n)).BitLen()) }

// combine returns the bounds of softmaxBounds from eLoLo[j] ≤ exp(wlo_j − m)
// and eHiHi[j] ≥ exp(whi_j − m), for any common shift m, which cancels.
func combine(eLoLo, eHiHi []*big.Float, wp uint) (lo, hi []*big.Float) {
	n := len(eLoLo)
	lo, hi = make([]*big.Float, n), make([]*big.Float, n)
	if n == 1 {
		lo[0] = new(big.Float).SetInt64(1)
		hi[0] = new(big.Float).SetInt64(1)
		return lo, hi
	}
	// Σ_{j≠i} is a prefix sum (j < i) plus a suffix sum (j > i), each
	// rounded outward: O(n) additions in all, and no cancellation.
	upBefore, upAfter := make([]*big.Float, n+1), make([]*big.Float, n+1)
	dnBefore, dnAfter := make([]*big.Float, n+1), make([]*big.Float, n+1)
	upBefore[0], dnBefore[0], upAfter[n], dnAfter[n] = newF(wp, up), newF(wp, down), newF(wp, up), newF(wp, down)
	for j := 0; j < n; j++ {
		upBefore[j+1] = addR(up, wp, upBefore[j], eHiHi[j])
		dnBefore[j+1] = addR(down, wp, dnBefore[j], eLoLo[j])
		upAfter[n-1-j] = addR(up, wp, upAfter[n-j], eHiHi[n-1-j])
		dnAfter[n-1-j] = addR(down, wp, dnAfter[n-j], eLoLo[n-1-j])
	}
	for i := 0; i < n; i++ {
		sUp := addR(up, wp, upBefore[i], upAfter[i+1]) // upper bound of Σ_{j≠i} exp(whi_j − m)
		sDn := addR(down, wp, dnBefore[i], dnAfter[i+1])
		x := eLoLo[i]
		lo[i] = quoR(down, wp, x, addR(up, wp, x, sUp))
		x = eHiHi[i]
		hi[i] = quoR(up, wp, x, addR(down, wp, x, sDn))
	}
	return lo, hi
}

func checkBox(lo, hi []*big.Rat) error {
	if len(lo) != len(hi) {
		return fmt.Errorf("softmax: box bounds have lengths %d and %d", len(lo), len(hi))
	}
	if len(lo) == 0 {
		return errors.New("softmax: empty score vector")
	}
	for i := range lo {
		if lo[i] == nil || hi[i] == nil {
			return fmt.Errorf("softmax: nil bound at %d", i)
		}
		if lo[i].Cmp(hi[i]) > 0 {
			return fmt.Errorf("softmax: lo[%d] > hi[%d]", i, i)
		}
	}
	return nil
}

func toRat(f *big.Float) *big.Rat {
	r, _ := f.Rat(nil)
	return r
}

// Enclose returns, for each i, an interval containing p_i(z) for every z with lo ≤ z ≤ hi componentwise, about prec bits tight, and panics if lo and hi differ in length, are empty or have lo[i] > hi[i].
func Enclose(lo, hi []*big.Rat, prec uint) []Interval {
	prec = precOrDefault(prec)
	if err := checkBox(lo, hi); err != nil {
		panic(err)
	}
	pl, ph := softmaxBounds(lo, hi, prec)
	out := make([]Interval, len(lo))
	for i := range out {
		out[i] = Interval{Lo: toRat(pl[i]), Hi: toRat(ph[i])}
	}
	return out
}

// Box is the set of score vectors z with Lo ≤ z ≤ Hi componentwise, to which softmax is applied after dividing by √DK (DK == nil means 1).
type Box struct {
	Lo, Hi []*big.Rat
	DK     *big.Rat
}

// Point returns the degenerate Box holding only z, scaled by 1/√dk (dk == nil means 1).
func Point(z []*big.Rat, dk *big.Rat) Box { return Box{Lo: z, Hi: z, DK: dk} }

// isPoint reports whether the box holds a single score vector.
func (b Box) isPoint() bool {
	for i := range b.Lo {
		if b.Lo[i].Cmp(b.Hi[i]) != 0 {
			return false
		}
	}
	return true
}

func (b Box) check() error {
	if err := checkBox(b.Lo, b.Hi); err != nil {
		return err
	}
	if b.DK != nil && b.DK.Sign() <= 0 {
		return errors.New("softmax: DK must be positive")
	}
	return nil
}

// scaler encloses c = 1/√DK by exact rationals clo ≤ c ≤ chi.
type scaler struct {
	exact    bool
	clo, chi *big.Rat
}

func newScaler(dk *big.Rat, prec uint) scaler {
	if dk == nil {
		return scaler{exact: true}
	}
	// Perfect square p/q: c = √q/√p exactly.
	p, q := dk.Num(), dk.Denom()
	sp, sq := new(big.Int).Sqrt(p), new(big.Int).Sqrt(q)
	if new(big.Int).Mul(sp, sp).Cmp(p) == 0 && new(big.Int).Mul(sq, sq).Cmp(q) == 0 {
		c := new(big.Rat).SetFrac(sq, sp)
		if c.Cmp(big.NewRat(1, 1)) == 0 {
			return scaler{exact: true}
		}
		return scaler{clo: c, chi: c}
	}
	wp := prec + 32
	s := new(big.Float).SetPrec(wp).Sqrt(new(big.Float).SetPrec(wp).SetRat(dk))
	sr := toRat(s)
	// δ starts at 2^(exp(s) − wp + 1), about two ulps of s; the bounds are
	// then verified by exact rational squaring and δ doubled until they hold.
	delta := toRat(new(big.Float).SetMantExp(big.NewFloat(1), s.MantExp(nil)-int(wp)+1))
	for {
		slo := new(big.Rat).Sub(sr, delta)
		shi := new(big.Rat).Add(sr, delta)
		if slo.Sign() > 0 && new(big.Rat).Mul(slo, slo).Cmp(dk) <= 0 && new(big.Rat).Mul(shi, shi).Cmp(dk) >= 0 {
			return scaler{clo: new(big.Rat).Inv(shi), chi: new(big.Rat).Inv(slo)}
		}
		delta.Add(delta, delta)
	}
}

// box returns a rational box W ⊇ {c·z : lo ≤ z ≤ hi, clo ≤ c ≤ chi}.
func (s scaler) box(lo, hi []*big.Rat) (wlo, whi []*big.Rat) {
	if s.exact {
		return lo, hi
	}
	wlo = make([]*big.Rat, len(lo))
	whi = make([]*big.Rat, len(hi))
	for j := range lo {
		if lo[j].Sign() >= 0 {
			wlo[j] = new(big.Rat).Mul(s.clo, lo[j])
		} else {
			wlo[j] = new(big.Rat).Mul(s.chi, lo[j])
		}
		if hi[j].Sign() >= 0 {
			whi[j] = new(big.Rat).Mul(s.chi, hi[j])
		} else {
			whi[j] = new(big.Rat).Mul(s.clo, hi[j])
		}
	}
	return wlo, whi
}

// pointBounds encloses p(c·z) for the exact point z.
func (s scaler) pointBounds(z []*big.Rat, prec uint) (lo, hi []*big.Float) {
	wlo, whi := s.box(z, z)
	return softmaxBounds(wlo, whi, prec)
}

// vertex returns the corner of [lo, hi] with coordinate i at hi (up) or lo (!up) and all others opposite.
func vertex(lo, hi []*big.Rat, i int, upI bool) []*big.Rat {
	v := make([]*big.Rat, len(lo))
	for j := range v {
		if (j == i) == upI {
			v[j] = hi[j]
		} else {
			v[j] = lo[j]
		}
	}
	return v
}

// vertexBounds returns, for each i, enclosures of a_i = min_B p_i and b_i = max_B p_i, each evaluated at the extremal corner; it returns ctx's error once ctx is done.
func vertexBounds(ctx context.Context, b Box, ev *evaluator) (aLo, aHi, bLo, bHi []*big.Float, corners [][2][]*big.Float, err error) {
	n := len(b.Lo)
	aLo, aHi = make([]*big.Float, n), make([]*big.Float, n)
	bLo, bHi = make([]*big.Float, n), make([]*big.Float, n)
	corners = make([][2][]*big.Float, 0, 2*n)
	for i := 0; i < n; i++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, nil, nil, nil, err
		}
		l, h := ev.point(vertex(b.Lo, b.Hi, i, false))
		aLo[i], aHi[i] = l[i], h[i]
		corners = append(corners, [2][]*big.Float{l, h})
		l, h = ev.point(vertex(b.Lo, b.Hi, i, true))
		bLo[i], bHi[i] = l[i], h[i]
		corners = append(corners, [2][]*big.Float{l, h})
	}
	return aLo, aHi, bLo, bHi, corners, nil
}

// Ranges returns, for each output i, a Range enclosing min and max of p_i(z/√DK) over the Box, computed at the extremal corners with about prec bits.
func Ranges(b Box, prec uint) ([]Range, error) {
	return ranges(context.Background(), b, prec)
}

// ranges implements Ranges and returns ctx's error once ctx is done.
func ranges(ctx context.Context, b Box, prec uint) ([]Range, error) {
	if err := b.check(); err != nil {
		return nil, err
	}
	prec = precOrDefault(prec)
	aLo, aHi, bLo, bHi, _, err := vertexBounds(ctx, b, newEvaluator(b, prec))
	if err != nil {
		return nil, err
	}
	out := make([]Range, len(b.Lo))
	for i := range out {
		out[i] = Range{
			Min: Interval{Lo: toRat(aLo[i]), Hi: toRat(aHi[i])},
			Max: Interval{Lo: toRat(bLo[i]), Hi: toRat(bHi[i])},
		}
	}
	return out, nil
}
