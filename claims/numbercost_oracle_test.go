package claims

import (
	"fmt"
	"maps"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// The oracle for exprEstimate: evaluate an expression with the same
// rational arithmetic evalAt uses, and record, from the actual values, the
// size of every radicand that arithmetic puts in canonical form
// (rational.NewSurd factors it). exprEstimate must bound the value's size
// and, for values built from distinct large primes (no cancellation to
// make the values smaller than the bounds), count the same factorings of
// radicands of about the same size.

// log2Floor returns ⌊log₂ x⌋ for x ≥ 1, 0 for 0.
func log2Floor(x *big.Int) float64 { return float64(max(x.BitLen()-1, 0)) }

// tracedEval returns e's value, log₂ of every radicand factored on the
// way, in the order evaluation factors them, whether a factoring found a
// perfect power and lowered the index, which no bound on sizes can
// foresee (√4 is 2; √p·√p is p, foreseen, is not counted), and whether
// one pulled a factor out of the radicand (√(p³) is p·√p) or an inverse
// cancelled (1/(√p/p) is √p), which makes the value smaller than the
// bounds.
func tracedEval(e expr) (v rational.Value, bits []float64, lowered, pulled bool, err error) {
	// record notes the factoring of n under the given index that gave
	// out; samePower says out is a power of one canonical value, whose
	// lower index exprSize.power foresees.
	record := func(n *big.Int, index int, samePower bool, out rational.Value) rational.Value {
		bits = append(bits, log2Floor(n))
		_, m, r := out.Parts()
		if r < index && n.BitLen() > 1 && !samePower {
			lowered = true
		}
		if new(big.Int).Exp(m, big.NewInt(int64(index/r)), nil).Cmp(n) != 0 {
			pulled = true
		}
		return out
	}
	mul := func(v, w rational.Value) rational.Value {
		_, vn, vr := v.Parts()
		_, wn, wr := w.Parts()
		l := lcm(vr, wr)
		n := new(big.Int).Exp(vn, big.NewInt(int64(l/vr)), nil)
		n.Mul(n, new(big.Int).Exp(wn, big.NewInt(int64(l/wr)), nil))
		return record(n, l, vn.Cmp(wn) == 0 && vr == wr, v.Mul(w))
	}
	inv := func(v rational.Value) rational.Value {
		c, n, r := v.Parts()
		if new(big.Int).GCD(nil, nil, c.Denom(), n).Cmp(big.NewInt(1)) != 0 {
			// 1/(c·n) cancels: 1/(√p/p) is √p
			pulled = true
		}
		return record(new(big.Int).Exp(n, big.NewInt(int64(r-1)), nil), r, false, v.Inv())
	}
	root := func(v rational.Value, k int) rational.Value {
		c, n, r := v.Parts()
		pq := new(big.Rat).SetInt(n)
		pq.Mul(pq, new(big.Rat).SetFrac(new(big.Int).Exp(c.Num(), big.NewInt(int64(r)), nil), new(big.Int).Exp(c.Denom(), big.NewInt(int64(r)), nil)))
		rad := new(big.Int).Exp(pq.Denom(), big.NewInt(int64(r*k-1)), nil)
		return record(rad.Mul(rad, pq.Num()), r*k, false, v.Root(k))
	}
	var walk func(e expr) (rational.Value, error)
	walk = func(e expr) (rational.Value, error) {
		switch e := e.(type) {
		case constant:
			return e.v, nil
		case negation:
			x, err := walk(e.x)
			return x.MulRat(big.NewRat(-1, 1)), err
		case sum:
			l, err := walk(e.left)
			if err != nil {
				return l, err
			}
			r, err := walk(e.right)
			if err != nil {
				return r, err
			}
			if e.subtract {
				r = r.MulRat(big.NewRat(-1, 1))
			}
			s, ok := rational.Sum(l, r)
			if !ok {
				return s, errNotOneSurd
			}
			return checkSize(s)
		case product:
			l, err := walk(e.left)
			if err != nil {
				return l, err
			}
			r, err := walk(e.right)
			if err != nil {
				return r, err
			}
			if e.divide {
				if r.Sign() == 0 {
					return r, fmt.Errorf("division by zero")
				}
				r = inv(r)
			}
			return checkSize(mul(l, r))
		case power:
			b, err := walk(e.base)
			if err != nil {
				return b, err
			}
			x, err := walk(e.exp)
			if err != nil {
				return x, err
			}
			q, ok := x.Rat()
			if !ok || b.Sign() < 0 || new(big.Int).Abs(q.Num()).Cmp(big.NewInt(maxValueBits)) > 0 || q.Denom().Cmp(big.NewInt(maxPowerTerm)) > 0 {
				return b, fmt.Errorf("not an exponent raise takes")
			}
			if b, err = checkSize(b); err != nil {
				return b, err
			}
			num, den := q.Num().Int64(), int(q.Denom().Int64())
			if _, _, r := b.Parts(); den > 1 && r*den > maxPowerTerm {
				return b, fmt.Errorf("too deep a root")
			}
			if den > 1 {
				b = root(b, den)
			}
			if num < 0 {
				if b.Sign() == 0 {
					return b, fmt.Errorf("division by zero")
				}
				b, num = inv(b), -num
			}
			out, one := rational.NewInt(1), true
			for ; num > 0; num >>= 1 {
				if num&1 == 1 {
					next := b
					if !one {
						next = mul(out, b)
					}
					if out, err = checkSize(next); err != nil {
						return out, err
					}
					one = false
				}
				if num > 1 {
					if b, err = checkSize(mul(b, b)); err != nil {
						return b, err
					}
				}
			}
			return out, nil
		}
		return rational.Value{}, fmt.Errorf("not an expression this oracle takes: %T", e)
	}
	v, err = walk(e)
	return v, bits, lowered, pulled, err
}

// costTerm is a small random expression over large primes (and a few
// small numbers), with every operation exprEstimate plans for.
func costTerm(rng *rand.Rand, depth int) (expr, string) {
	if depth == 0 || rng.IntN(4) == 0 {
		switch rng.IntN(6) {
		case 0:
			n := []int{2, 3, 5, 7}[rng.IntN(4)]
			return constant{rational.NewInt(int64(n))}, fmt.Sprint(n)
		default:
			p := randomPrime(rng, 40+rng.IntN(120))
			return constant{rational.NewRat(new(big.Rat).SetInt(p))}, p.String()
		}
	}
	l, ls := costTerm(rng, depth-1)
	switch rng.IntN(6) { // 4 and 5: a power
	case 0:
		r, rs := costTerm(rng, depth-1)
		return sum{left: l, right: r, subtract: rng.IntN(2) == 0}, "(" + ls + " ± " + rs + ")"
	case 1:
		r, rs := costTerm(rng, depth-1)
		return product{left: l, right: r}, "(" + ls + " · " + rs + ")"
	case 2:
		r, rs := costTerm(rng, depth-1)
		return product{left: l, right: r, divide: true}, "(" + ls + " / " + rs + ")"
	case 3:
		return negation{l}, "−" + ls
	}
	exps := []*big.Rat{big.NewRat(2, 1), big.NewRat(3, 1), big.NewRat(-1, 1), big.NewRat(-2, 1), big.NewRat(1, 2), big.NewRat(1, 3), big.NewRat(3, 2), big.NewRat(-1, 2), big.NewRat(0, 1)}
	switch i := rng.IntN(len(exps) + 2); {
	case i < len(exps):
		x := exps[i]
		return power{base: l, exp: constant{rational.NewRat(x)}}, "(" + ls + ")^(" + x.RatString() + ")"
	case i == len(exps):
		// an exponent with arithmetic of its own: √4 = 2
		return power{base: l, exp: power{base: constant{rational.NewInt(4)}, exp: constant{rational.NewFrac(1, 2)}}}, "(" + ls + ")^√4"
	}
	return power{base: l, exp: product{left: constant{rational.NewInt(1)}, right: power{base: constant{rational.NewInt(9)}, exp: constant{rational.NewFrac(1, 2)}}, divide: true}}, "(" + ls + ")^(1/√9)"
}

func randomPrime(rng *rand.Rand, bits int) *big.Int {
	for {
		n := new(big.Int).Lsh(big.NewInt(1), uint(bits-1))
		n.Add(n, new(big.Int).SetUint64(rng.Uint64()>>1))
		n.SetBit(n, 0, 1)
		if n.ProbablyPrime(20) {
			return n
		}
	}
}

// TestExprEstimateAgainstTheOracle: on generated expressions over large
// primes, exprEstimate's cost is at least the factorings evaluation does,
// priced by factorCost, and its size bounds the value's. Where no
// factoring found a perfect power or pulled a factor out of a radicand,
// which sizes alone cannot foresee, the cost is at most a quarter above
// the oracle's and the sizes at most 60 % above the value's (the bounds
// round up, and c·n in an inverse may cancel).
func TestExprEstimateAgainstTheOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	n := 1200
	if testing.Short() {
		n = 700
	}
	p := constant{rational.NewRat(new(big.Rat).SetInt(randomPrime(rng, 100)))}
	root2 := power{base: constant{rational.NewInt(2)}, exp: constant{rational.NewFrac(1, 2)}}
	// Exponents at raise's limits, which evaluation takes.
	edges := map[string]expr{
		"(√2)^4096":  power{base: root2, exp: constant{rational.NewInt(maxValueBits)}},
		"(√2)^-4096": power{base: root2, exp: constant{rational.NewInt(-maxValueBits)}},
		"p^(1/64)":   power{base: p, exp: constant{rational.NewFrac(1, maxPowerTerm)}},
		"3^(-1/64)":  power{base: constant{rational.NewInt(3)}, exp: constant{rational.NewFrac(-1, maxPowerTerm)}},
		// a power that lowers the index: (p^(1/4))² is √p
		"(p^(1/4))^2": power{base: power{base: p, exp: constant{rational.NewFrac(1, 4)}}, exp: constant{rational.NewInt(2)}},
	}
	checked, tight := 0, 0
	for i := range n + len(edges) {
		var e expr
		var text string
		if i < len(edges) {
			text = slices.Sorted(maps.Keys(edges))[i]
			e = edges[text]
		} else {
			e, text = costTerm(rng, 3)
		}
		v, bits, lowered, pulled, err := tracedEval(e)
		if i < len(edges) {
			require.NoError(t, err, text)
		}
		if err != nil {
			continue
		}
		checked++
		size, cost := exprEstimate(e)
		want := 0.0
		for _, b := range bits {
			want += factorCost(b)
		}
		c, n, r := v.Parts()
		actual := exprSize{num: log2Floor(new(big.Int).Abs(c.Num())), den: log2Floor(c.Denom()), rad: log2Floor(n), index: r}
		assert.GreaterOrEqual(t, cost, want, "%s: factorings %v", text, bits)
		assert.LessOrEqual(t, actual.num+actual.rad, size.num+size.rad, "%s: numerator and radicand", text)
		assert.LessOrEqual(t, actual.den, size.den, "%s: denominator", text)
		assert.LessOrEqual(t, actual.index, size.index, "%s: index", text)
		if lowered || pulled || want == 0 {
			continue
		}
		tight++
		assert.LessOrEqual(t, cost, 1.25*want, "%s: factorings %v", text, bits)
		near := func(bound, value float64) bool { return bound <= 1.6*value+8 }
		assert.True(t, near(size.num+size.rad, actual.num+actual.rad), "%s: numerator and radicand %v, estimated %v", text, actual, size)
		assert.True(t, near(size.rad, actual.rad), "%s: radicand %v, estimated %v", text, actual, size)
		assert.True(t, near(size.den, actual.den), "%s: denominator %v, estimated %v", text, actual, size)
		assert.Equal(t, actual.index, size.index, "%s: index", text)
	}
	// The generator reaches the cases that matter: most values are
	// computed, and many factor radicands that stay as they are.
	require.Greater(t, checked, n*3/4)
	require.Greater(t, tight, n/20, "of %d", checked)
}

// TestFactorCostSteps: a factoring is cheap while trial division stops
// early (log₂ n ≤ smallRadicandBits), then costs the full trial division
// and a little more for each 64-bit word of the radicand.
func TestFactorCostSteps(t *testing.T) {
	for _, c := range []struct {
		bits float64
		want float64
	}{
		{0, 0},
		{1, factorSmallSeconds},
		{smallRadicandBits, factorSmallSeconds},
		{smallRadicandBits + 1, factorSeconds + factorWordSeconds},
		{64, factorSeconds + factorWordSeconds},
		{65, factorSeconds + 2*factorWordSeconds},
		{4096, factorSeconds + 64*factorWordSeconds},
	} {
		assert.InDelta(t, c.want, factorCost(c.bits), 1e-12, "%v bits (seconds, a float estimate)", c.bits)
	}
}
