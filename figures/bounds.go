package figures

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

// Transcendental values (softmax weights, E[p(1−p)]) are computed as rational
// intervals with directed rounding in fixed point with w fractional bits, so
// that the true value provably lies between the two ends; a decimal is
// printed only when both ends round to the same digits, which makes it the
// correctly rounded value. w grows until that happens. It does happen for
// every value computed here: a softmax weight with some nonzero exponent
// difference, and E[p(1−p)] with some nonzero score, are transcendental
// (Lindemann–Weierstrass), so they are never exactly on a rounding boundary;
// the exactly rational cases (all exponents equal) are handled before.

const (
	// startBits is the first working precision tried, in bits.
	startBits = 96
	// maxBits bounds the working precision; a value that needs more is
	// reported as an error instead of looping on.
	maxBits = 1 << 15
)

// An interval is a pair of rationals lo ≤ x ≤ hi known to hold a real x.
type interval struct{ lo, hi *big.Rat }

// roundInterval returns the value bracketed by bound(w), correctly rounded
// to places decimals, raising w until both ends of the bracket agree.
func roundInterval(places int, bound func(w uint) interval) (string, float64, error) {
	for w := uint(startBits + 4*places); w <= maxBits; w *= 2 {
		iv := bound(w)
		lo := rational.FormatRat(iv.lo, places, rational.RoundHalfEven)
		if lo == rational.FormatRat(iv.hi, places, rational.RoundHalfEven) {
			mid := new(big.Rat).Add(iv.lo, iv.hi)
			f, _ := mid.Quo(mid, big.NewRat(2, 1)).Float64()
			return lo, f, nil
		}
	}
	return "", 0, fmt.Errorf("a value lies too close to a rounding boundary to settle %d places within %d bits", places, maxBits)
}

// one returns 2^w, the fixed-point representation of 1.
func one(w uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), w) }

// floorFixed returns ⌊r·2^w⌋.
func floorFixed(r *big.Rat, w uint) *big.Int {
	n := new(big.Int).Lsh(r.Num(), w)
	q, _ := new(big.Int).DivMod(n, r.Denom(), new(big.Int))
	return q
}

// ceilFixed returns ⌈r·2^w⌉.
func ceilFixed(r *big.Rat, w uint) *big.Int {
	n := new(big.Int).Lsh(r.Num(), w)
	q, m := new(big.Int).DivMod(n, r.Denom(), new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// expNegBounds returns integers L, H with L/2^w ≤ e^(−thi) and
// e^(−tlo) ≤ H/2^w, for rationals 0 ≤ tlo ≤ thi; so every e^(−t) with t in
// [tlo, thi] lies in [L/2^w, H/2^w].
func expNegBounds(tlo, thi *big.Rat, w uint) (lo, hi *big.Int) {
	// Halve the argument k times so that y = t/2^k ≤ 1/2, where the alternating
	// Taylor series brackets e^(−y); then square k times.
	k := uint(0)
	for new(big.Rat).Mul(thi, big.NewRat(2, 1)).Cmp(new(big.Rat).SetInt(one(k))) > 0 {
		k++
	}
	div := new(big.Rat).SetInt(one(k))
	ylo := ceilFixed(new(big.Rat).Quo(thi, div), w) // larger y gives the lower bound
	yhi := floorFixed(new(big.Rat).Quo(tlo, div), w)
	lo = expNegSeries(ylo, w, false)
	hi = expNegSeries(yhi, w, true)
	for range k {
		lo.Mul(lo, lo)
		lo.Rsh(lo, w) // floor
		hi.Mul(hi, hi)
		hi = shiftCeil(hi, w)
	}
	if hi.Cmp(one(w)) > 0 {
		hi = one(w)
	}
	return lo, hi
}

// shiftCeil returns ⌈x/2^w⌉ for x ≥ 0.
func shiftCeil(x *big.Int, w uint) *big.Int {
	q := new(big.Int).Rsh(x, w)
	if new(big.Int).Lsh(q, w).Cmp(x) != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// expNegSeries bounds e^(−Y/2^w) for 0 ≤ Y ≤ 2^(w−1) from below (upper =
// false) or above (upper = true), in fixed point. The terms y^n/n! decrease,
// so partial sums ending on a subtracted term are below the limit and those
// ending on an added term are above it.
func expNegSeries(y *big.Int, w uint, upper bool) *big.Int {
	tl, th := one(w), one(w) // bounds on the n-th term y^n/n! · 2^w
	sumLo, sumHi := one(w), one(w)
	// lastLo ends on a subtracted term (odd n), evenHi on an added one.
	var lastLo *big.Int
	evenHi := new(big.Int).Set(sumHi)
	for n := int64(1); ; n++ {
		den := new(big.Int).Lsh(big.NewInt(n), w)
		tl.Mul(tl, y)
		tl.Quo(tl, den) // floor: every quantity is non-negative
		th.Mul(th, y)
		th = ceilDiv(th, den)
		if n%2 == 1 {
			sumLo.Sub(sumLo, th)
			sumHi.Sub(sumHi, tl)
			lastLo = new(big.Int).Set(sumLo)
		} else {
			sumLo.Add(sumLo, tl)
			sumHi.Add(sumHi, th)
			evenHi = new(big.Int).Set(sumHi)
		}
		if n >= 2 && th.Cmp(big.NewInt(1)) <= 0 {
			break
		}
	}
	if upper {
		return evenHi
	}
	if lastLo.Sign() < 0 {
		return new(big.Int)
	}
	return lastLo
}

// ceilDiv returns ⌈a/b⌉ for a ≥ 0, b > 0.
func ceilDiv(a, b *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// valueBounds returns rationals lo ≤ v ≤ hi for a non-negative Value, with
// hi − lo at most the coefficient times 2^−w.
func valueBounds(v rational.Value, w uint) interval {
	if r, ok := v.Rat(); ok {
		return interval{r, new(big.Rat).Set(r)}
	}
	// n^(1/r) lies in [R, R+1]/2^w with R = ⌊(n·2^(w·r))^(1/r)⌋.
	x := new(big.Int).Lsh(v.Radicand, w*uint(v.Index))
	root := rational.RootFloor(x, v.Index)
	den := one(w)
	lo := new(big.Rat).SetFrac(root, den)
	hi := new(big.Rat).SetFrac(new(big.Int).Add(root, big.NewInt(1)), den)
	lo.Mul(lo, v.Coef)
	hi.Mul(hi, v.Coef)
	return interval{lo, hi}
}
