package softmax

import (
	"math/big"
)

// expCutoff bounds the arguments handled by the Taylor series; for a larger
// argument a, exp(−a) < 2^−a ≤ 2^−expCutoff is used as an upper bound and 0
// as a lower bound.
const expCutoff = 1 << 20

const (
	down = big.ToNegativeInf
	up   = big.ToPositiveInf
)

// newF returns a zero Float with the given precision and rounding mode.
func newF(prec uint, mode big.RoundingMode) *big.Float {
	return new(big.Float).SetPrec(prec).SetMode(mode)
}

func addR(mode big.RoundingMode, prec uint, x, y *big.Float) *big.Float {
	return newF(prec, mode).Add(x, y)
}

func subR(mode big.RoundingMode, prec uint, x, y *big.Float) *big.Float {
	return newF(prec, mode).Sub(x, y)
}

func mulR(mode big.RoundingMode, prec uint, x, y *big.Float) *big.Float {
	return newF(prec, mode).Mul(x, y)
}

func quoR(mode big.RoundingMode, prec uint, x, y *big.Float) *big.Float {
	return newF(prec, mode).Quo(x, y)
}

// ratR rounds the rational x to prec bits in the given direction.
func ratR(mode big.RoundingMode, prec uint, x *big.Rat) *big.Float {
	return newF(prec, mode).SetRat(x)
}

func isqrt(n uint) uint {
	r := uint(0)
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// expNegBounds returns lo ≤ exp(−a) ≤ hi for a rational a ≥ 0.
//
// Rigour: y = a/2^s is rounded down and up; the Taylor sum of exp(y) is
// accumulated with every operation rounded down (a lower bound, since all
// terms are positive and truncation drops positive terms) and separately
// rounded up plus the tail bound Σ_{k>N} y^k/k! ≤ t_N (valid as y ≤ 1/16);
// squaring s times is monotone on positive numbers and is rounded in the same
// direction; finally exp(−a) = 1/exp(a) swaps and re-rounds the bounds.
// Relative width is about 2^−prec.
func expNegBounds(a *big.Rat, prec uint) (lo, hi *big.Float) {
	if a.Sign() < 0 {
		panic("softmax: expNegBounds of a negative argument")
	}
	if a.Sign() == 0 {
		return newF(prec, down).SetInt64(1), newF(prec, up).SetInt64(1)
	}
	if a.Cmp(big.NewRat(expCutoff, 1)) > 0 {
		one := new(big.Float).SetInt64(1)
		return newF(prec, down), newF(prec, up).SetMantExp(one, -expCutoff)
	}
	num, den := a.Num(), a.Denom()
	lg := num.BitLen() - den.BitLen() + 1 // a < 2^lg
	r := int(isqrt(prec))
	if r < 4 {
		r = 4
	}
	s := lg + r
	if s < 0 {
		s = 0
	}
	wp := prec + uint(s) + 32
	y := new(big.Rat).SetFrac(num, new(big.Int).Lsh(den, uint(s))) // y < 2^−r ≤ 1/16
	slo := taylorExp(ratR(down, wp, y), wp, down)
	shi := taylorExp(ratR(up, wp, y), wp, up)
	for k := 0; k < s; k++ {
		slo = mulR(down, wp, slo, slo)
		shi = mulR(up, wp, shi, shi)
	}
	one := new(big.Float).SetInt64(1)
	return quoR(down, wp, one, shi), quoR(up, wp, one, slo)
}

// taylorExp returns a lower (mode == down) or upper (mode == up) bound of
// exp(y) for 0 ≤ y ≤ 1/16, y exactly representable.
func taylorExp(y *big.Float, wp uint, mode big.RoundingMode) *big.Float {
	sum := newF(wp, mode).SetInt64(1)
	term := newF(wp, mode).SetInt64(1)
	n := new(big.Float)
	for k := int64(1); ; k++ {
		term = mulR(mode, wp, term, y)
		term = quoR(mode, wp, term, n.SetInt64(k))
		sum = addR(mode, wp, sum, term)
		if term.Sign() == 0 || term.MantExp(nil) < -int(wp)-8 {
			break
		}
	}
	if mode == up {
		// Tail: Σ_{k>N} y^k/k! ≤ t_N·q/(1−q) ≤ t_N with q = y/(N+1) ≤ 1/2.
		sum = addR(up, wp, sum, term)
	}
	return sum
}

// ExpNegEnclosure returns an interval containing e^(−t) for every t in the interval ts, about prec bits tight relative to its upper end (0 means 64), and panics if ts.Lo is negative or above ts.Hi.
//
// e^(−t) falls as t grows, so the lower end comes from ts.Hi and the upper
// end from ts.Lo; a point interval costs a single evaluation. The work is
// plain math/big arithmetic with directed rounding, not bigfloat, so it needs
// no lock.
func ExpNegEnclosure(ts Interval, prec uint) Interval {
	if ts.Lo.Sign() < 0 || ts.Lo.Cmp(ts.Hi) > 0 {
		panic("softmax: ExpNegEnclosure needs 0 ≤ Lo ≤ Hi, got " + ts.String())
	}
	prec = precOrDefault(prec)
	lo, hi := expNegBounds(ts.Hi, prec)
	if ts.Lo.Cmp(ts.Hi) != 0 {
		_, hi = expNegBounds(ts.Lo, prec)
	}
	return Interval{Lo: toRat(lo), Hi: toRat(hi)}
}
