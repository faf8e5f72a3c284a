package claims

import (
	"math"
	"math/big"
)

// The cost of a number's arithmetic. Every root, and every product of
// surds, puts its radicand in canonical form (rational.NewSurd), which
// factors it: trial division by every prime below 10⁵, whatever the
// radicand's size, then a search for a perfect power. An expression's
// cost is the sum of those factorings, estimated before any work from
// bounds on the sizes of the values (exprSize): a c·n^(1/r) whose
// coefficient and radicand have at most so many bits.
//
// Fitted on 2026-12-03 to the least CPU time of three runs: a factoring
// costs 3 µs at 16 bits, 8 µs at 40, 0.4 ms from 64 to 256 bits (trial
// division by the ~3,200 groups of primes whose product fits a word),
// then grows with the words of the radicand; refitted on one P
// (costtest.Measure; load 1) to claims nested one to six roots deep over
// fractions of 40 and 150 digits (TestClaimCostCalibrated): 0.36-0.5 ms a
// root, 0.45 ms and 5 µs a word. A root of a root keeps its argument's
// P/Q (exprSize.powKnown), so those radicands are P·Q^(rk−1), a power of
// a small denominator, which the factoring passes over faster than random
// radicands of that size (2-4 ms at 4096 bits, 28 ms at 40,000, which this
// model underestimates up to 8x: the run's own watch stops them).
const (
	factorSmallSeconds = 5e-6    // a radicand below smallRadicandBits
	factorSeconds      = 0.45e-3 // trial division by every prime group
	factorWordSeconds  = 5e-6    // a word of the radicand
	// smallRadicandBits is where trial division stops early: the square
	// of the primes tried passes the radicand (10⁵² ≈ 2³⁴).
	smallRadicandBits = 34
)

// factorCost estimates putting a radicand n with log₂ n = bits in
// canonical form.
func factorCost(bits float64) float64 {
	switch {
	case bits < 1:
		return 0
	case bits <= smallRadicandBits:
		return factorSmallSeconds
	}
	return factorSeconds + factorWordSeconds*math.Ceil(bits/64)
}

// An exprSize bounds a value c·n^(1/r) an expression computes: upper
// bounds on log₂ of c's numerator, of its denominator and of n (0 for 1:
// a rational value has n = 1), and on the index r. Bounds on log₂, not
// bit lengths, add under products and scale under powers.
type exprSize struct {
	num, den, rad float64
	index         int
	// powNum and powDen, when powKnown, bound log₂ of P and Q with P/Q =
	// c^r·n in lowest terms, tighter than r·num+rad and r·den: a root's
	// value keeps its argument's P/Q, so that roots of roots factor
	// radicands that grow by Q^(rk−1), not by ever larger powers of it.
	powNum, powDen float64
	powKnown       bool
}

// inverse returns the size of 1/v for a v of size s: 1/(c·n^(1/r)) =
// (1/(c·n))·(n^(r−1))^(1/r), as rational.Value.Inv computes it, whose
// radicand n^(r−1) is factored; c^r·n inverts, so P and Q swap.
func (s exprSize) inverse() exprSize {
	inv := exprSize{num: s.den, den: s.num + s.rad, rad: s.rad * float64(s.index-1), index: s.index,
		powNum: s.powDen, powDen: s.powNum, powKnown: s.powKnown}
	return inv.capped()
}

// power returns the size of v^e (e ≥ 1) for a v of size s in canonical
// form: with v = c·n^(1/r) and e = qr + m, v^e = c^e·n^q·(n^(m/g))^(g/r)
// with g = gcd(r, m), a rational for m = 0.
func (s exprSize) power(e int64) exprSize {
	if e == 1 {
		return s
	}
	r := int64(max(s.index, 1))
	q, m := e/r, e%r
	g := int64(gcdInt(int(r), int(m))) // r for m = 0
	out := exprSize{num: float64(e)*s.num + float64(q)*s.rad, den: float64(e) * s.den, rad: s.rad * float64(m) / float64(g), index: int(r / g)}
	return out.capped()
}

// sizeOf returns a bound on the size of v.
func sizeOf(c *big.Rat, n *big.Int, r int) exprSize {
	return exprSize{num: log2Bound(new(big.Int).Abs(c.Num())), den: log2Bound(c.Denom()), rad: log2Bound(n), index: r}
}

// log2Bound returns a bound b ≥ log₂ x for x ≥ 1, exact for 1 (b = 0),
// and 0 for 0: x's bit length, as x < 2^(bit length).
func log2Bound(x *big.Int) float64 {
	if x.Cmp(big.NewInt(1)) <= 0 {
		return 0
	}
	return float64(x.BitLen())
}

// capped bounds a size by maxValueBits, past which evaluation stops with
// an error (checkSize): no value the arithmetic goes on with is larger.
func (s exprSize) capped() exprSize {
	s.num, s.den, s.rad = math.Min(s.num, maxValueBits), math.Min(s.den, maxValueBits), math.Min(s.rad, maxValueBits)
	s.powNum, s.powDen = math.Min(s.powNum, maxValueBits), math.Min(s.powDen, maxValueBits)
	s.index = min(max(s.index, 1), maxPowerTerm)
	return s
}

// exprCost estimates, before any work, the seconds evaluating e takes
// (d < 1: no width, as for a number claim); it follows the evaluation's
// steps over bounds on the values' sizes, so it costs microseconds.
func exprCost(e expr) float64 {
	_, s := exprEstimate(e)
	return s
}

// exprEstimate returns a bound on the size of e's value and the
// estimated seconds of computing it.
func exprEstimate(e expr) (exprSize, float64) {
	switch e := e.(type) {
	case constant:
		c, n, r := e.v.Parts()
		return sizeOf(c, n, r), 0
	case width:
		return exprSize{num: 64, index: 1}, 0
	case negation:
		return exprEstimate(e.x)
	case sum:
		l, ls := exprEstimate(e.left)
		r, rs := exprEstimate(e.right)
		// a/b + c/d over b·d, times the common root, which is already
		// canonical (rational.Value.MulRat): no factoring.
		out := exprSize{num: math.Max(l.num+r.den, r.num+l.den) + 1, den: l.den + r.den, rad: math.Max(l.rad, r.rad), index: max(l.index, r.index)}
		return out.capped(), ls + rs
	case product:
		l, ls := exprEstimate(e.left)
		r, rs := exprEstimate(e.right)
		cost := ls + rs
		if e.divide {
			r = r.inverse()
			cost += factorCost(r.rad)
		}
		return mulSize(l, r, cost)
	case power:
		b, bs := exprEstimate(e.base)
		_, xs := exprEstimate(e.exp)
		cost := bs + xs
		num, den := int64(maxValueBits), int64(maxPowerTerm)
		if x, err := evalAt(e.exp, nil); err == nil && xs < parseAllowance {
			if q, ok := x.Rat(); ok && q.Num().IsInt64() && q.Denom().IsInt64() {
				num, den = q.Num().Int64(), q.Denom().Int64()
			}
		}
		if num > maxValueBits || -num > maxValueBits || den > maxPowerTerm {
			return b, cost // refused before any work
		}
		if den > 1 {
			// (c·n^(1/r))^(1/k) = (P·Q^(rk−1))^(1/(rk)) / Q with
			// P/Q = c^r·n in lowest terms: the radicand factored is
			// P·Q^(rk−1), and the root's own c^(rk)·n is P/Q again.
			r := float64(b.index)
			p, q := r*b.num+b.rad, r*b.den
			if b.powKnown {
				p, q = b.powNum, b.powDen
			}
			rk := min(b.index*int(den), maxPowerTerm)
			rad := p + float64(rk-1)*q
			cost += factorCost(rad)
			b = exprSize{den: q, rad: rad, index: rk, powNum: p, powDen: q, powKnown: true}.capped()
		}
		// A negative exponent inverts the root, as raise does: after
		// the root, before the products.
		if num < 0 {
			num = -num
			b = b.inverse()
			cost += factorCost(b.rad)
		}
		// By squaring: a product for each bit of the exponent and for
		// each bit set but the first, which multiplies 1 and costs
		// nothing. Every factor is a power of the one canonical base,
		// and so is every product: its size is exprSize.power's, smaller
		// than mulSize's bound (√p·√p is p, not a root of p²).
		out, outExp := exprSize{index: 1}, int64(0)
		sq, sqExp := b, int64(1)
		for ; num > 0; num >>= 1 {
			if num&1 == 1 {
				if outExp == 0 {
					out, outExp = sq, sqExp
				} else {
					_, cost = mulSize(out, sq, cost)
					outExp += sqExp
					out = b.power(outExp)
				}
			}
			if num > 1 {
				_, cost = mulSize(sq, sq, cost)
				sqExp *= 2
				sq = b.power(sqExp)
			}
		}
		return out, cost
	}
	return exprSize{}, 0
}

// mulSize returns the size and cost of l·r after cost: the radicands
// raised to the common index, multiplied and put in canonical form.
func mulSize(l, r exprSize, cost float64) (exprSize, float64) {
	idx := lcm(max(l.index, 1), max(r.index, 1))
	rad := l.rad*float64(idx/max(l.index, 1)) + r.rad*float64(idx/max(r.index, 1))
	out := exprSize{num: l.num + r.num, den: l.den + r.den, rad: rad, index: idx}
	return out.capped(), cost + factorCost(rad)
}

// parseAllowance is the estimated arithmetic a number may take while its
// claim is read: below it the value is computed at once, so that a value
// out of range is reported with the file's other mistakes; above it the
// value is computed when the claim is checked, after Plan has accepted
// its cost. A tenth of a millisecond lets every root of a radicand below
// 2³⁴ through, and no root of a larger one.
const parseAllowance = 1e-4

func lcm(a, b int) int { return a / gcdInt(a, b) * b }

func gcdInt(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
