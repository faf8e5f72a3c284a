package rational

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"sync"

	"github.com/sqrtdk/sqrtdk/internal/nat"
)

// A Value is the exact real number c·n^(1/r), kept in canonical form (see
// the package doc), so equal numbers have equal forms: r = 1 means the
// value is the rational c (and n is 1). The zero Value is the number 0;
// other values are made by NewRat, NewSurd and the functions built on
// them, and no method changes a Value, so none can be edited out of its
// canonical form.
type Value struct {
	coef     *big.Rat
	radicand *big.Int
	index    int
}

// Parts returns copies of the canonical c, n and r of the value c·n^(1/r).
func (v Value) Parts() (c *big.Rat, n *big.Int, r int) {
	v = v.orZero()
	return new(big.Rat).Set(v.coef), new(big.Int).Set(v.radicand), v.index
}

// orZero returns v, or the canonical form of 0 for the zero Value.
func (v Value) orZero() Value {
	if v.coef == nil {
		return NewRat(new(big.Rat))
	}
	return v
}

// trialDivisionLimit bounds the primes tried when a radicand is put in
// canonical form; larger factors are detected only as perfect powers.
const trialDivisionLimit = 100_000

// NewRat returns the rational value r.
func NewRat(r *big.Rat) Value {
	return Value{coef: new(big.Rat).Set(r), radicand: big.NewInt(1), index: 1}
}

// NewInt returns the integer n as a Value.
func NewInt(n int64) Value { return NewRat(big.NewRat(n, 1)) }

// NewFrac returns the rational a/b as a Value; it panics when b is 0.
func NewFrac(a, b int64) Value { return NewRat(big.NewRat(a, b)) }

// NewSqrt returns √n for an integer n ≥ 0.
func NewSqrt(n int64) Value { return NewSurd(big.NewRat(1, 1), big.NewInt(n), 2) }

// Sum returns the exact sum of values that are rational multiples of one
// root n^(1/r) (for example all rational), and false when two are not, as
// such a sum is not a Value. The sum of no values is 0.
func Sum(vs ...Value) (Value, bool) {
	var root *Value
	total := new(big.Rat)
	for _, v := range vs {
		v = v.orZero()
		if v.Sign() == 0 {
			continue
		}
		r := Value{coef: big.NewRat(1, 1), radicand: v.radicand, index: v.index}
		if root == nil {
			root = &r
		} else if root.index != r.index || root.radicand.Cmp(r.radicand) != 0 {
			return Value{}, false
		}
		total.Add(total, v.coef)
	}
	if root == nil {
		return NewRat(total), true
	}
	return root.MulRat(total), true
}

// NewSurd returns the canonical form of c·n^(1/r) for an integer n ≥ 0 and r ≥ 1.
func NewSurd(c *big.Rat, n *big.Int, r int) Value {
	if r < 1 || n.Sign() < 0 {
		panic(fmt.Sprintf("rational.NewSurd: bad root %d of %s", r, n))
	}
	if c.Sign() == 0 || n.Sign() == 0 {
		return NewRat(new(big.Rat))
	}
	coef := new(big.Rat).Set(c)
	out := big.NewInt(1)
	factors := factor(n)
	// Pull r-th powers out of the radicand.
	g := r
	for i := range factors {
		q, rem := factors[i].exp/r, factors[i].exp%r
		out.Mul(out, new(big.Int).Exp(factors[i].p, big.NewInt(int64(q)), nil))
		factors[i].exp = rem
		g = gcd(g, rem)
	}
	coef.Mul(coef, new(big.Rat).SetInt(out))
	// Lower the index when every exponent shares a factor with it.
	rad := big.NewInt(1)
	for _, f := range factors {
		rad.Mul(rad, new(big.Int).Exp(f.p, big.NewInt(int64(f.exp/g)), nil))
	}
	if rad.Cmp(big.NewInt(1)) == 0 {
		return NewRat(coef)
	}
	return Value{coef: coef, radicand: rad, index: r / g}
}

// PowerOf returns d^e exactly, for an integer d ≥ 1 and a rational exponent e.
func PowerOf(d int64, e *big.Rat) Value {
	a, b := e.Num(), e.Denom()
	// d^(a/b) = d^q · d^(s/b) with q = ⌊a/b⌋ and 0 ≤ s < b.
	q, s := new(big.Int).DivMod(a, b, new(big.Int))
	base := big.NewInt(d)
	// d^q = d^max(q, 0) / d^max(−q, 0), as big.Int gives x^y = 1 for y ≤ 0.
	whole := new(big.Rat).SetFrac(new(big.Int).Exp(base, q, nil), new(big.Int).Exp(base, new(big.Int).Neg(q), nil))
	if s.Sign() == 0 {
		return NewRat(whole)
	}
	return NewSurd(whole, new(big.Int).Exp(base, s, nil), int(b.Int64()))
}

// Rat returns the value as a rational and true, or nil and false when it is irrational.
func (v Value) Rat() (*big.Rat, bool) {
	v = v.orZero()
	if v.index != 1 {
		return nil, false
	}
	return new(big.Rat).Set(v.coef), true
}

// Sign returns -1, 0 or +1 according to the sign of the value.
func (v Value) Sign() int { return v.orZero().coef.Sign() }

// Add returns v + w for values that are rational multiples of one root
// (both rational, or both multiples of the same root), and panics for any
// other two, whose sum is not a Value; Sum reports that case with false.
func (v Value) Add(w Value) Value {
	s, ok := Sum(v, w)
	if !ok {
		panic(fmt.Sprintf("rational.Value.Add: %s + %s is not a rational multiple of one root", v, w))
	}
	return s
}

// Sub returns v − w, on the terms of Add: both rational, or both multiples
// of the same root; it panics for any other two.
func (v Value) Sub(w Value) Value { return v.Add(w.MulRat(big.NewRat(-1, 1))) }

// MulRat returns v·r.
func (v Value) MulRat(r *big.Rat) Value {
	v = v.orZero()
	c := new(big.Rat).Mul(v.coef, r)
	if c.Sign() == 0 {
		return NewRat(c)
	}
	// v's radicand and index are already canonical, and the canonical
	// form does not depend on the coefficient: no second factoring (a
	// sum of like roots made one per term).
	return Value{coef: c, radicand: v.radicand, index: v.index}
}

// Mul returns v·w.
func (v Value) Mul(w Value) Value {
	v, w = v.orZero(), w.orZero()
	l := lcm(v.index, w.index)
	n := new(big.Int).Exp(v.radicand, big.NewInt(int64(l/v.index)), nil)
	n.Mul(n, new(big.Int).Exp(w.radicand, big.NewInt(int64(l/w.index)), nil))
	return NewSurd(new(big.Rat).Mul(v.coef, w.coef), n, l)
}

// Inv returns 1/v; it panics when v is zero.
func (v Value) Inv() Value {
	v = v.orZero()
	if v.Sign() == 0 {
		panic("rational.Value.Inv: division by zero")
	}
	// 1/(c·n^(1/r)) = (1/(c·n))·(n^(r−1))^(1/r).
	c := new(big.Rat).Mul(v.coef, new(big.Rat).SetInt(v.radicand))
	return NewSurd(c.Inv(c), new(big.Int).Exp(v.radicand, big.NewInt(int64(v.index-1)), nil), v.index)
}

// Root returns the principal k-th root of a non-negative value.
func (v Value) Root(k int) Value {
	v = v.orZero()
	if v.Sign() < 0 {
		panic("rational.Value.Root: negative value")
	}
	// (c·n^(1/r))^(1/k) = (c^r·n)^(1/(rk)); with c^r·n = P/Q that is
	// (P·Q^(rk−1))^(1/(rk)) / Q.
	rk := v.index * k
	c := new(big.Rat).SetInt(v.radicand)
	c.Mul(c, ratPow(v.coef, v.index))
	p, q := c.Num(), c.Denom()
	n := new(big.Int).Exp(q, big.NewInt(int64(rk-1)), nil)
	n.Mul(n, p)
	return NewSurd(new(big.Rat).SetFrac(big.NewInt(1), q), n, rk)
}

// Cmp compares v and w exactly and returns -1, 0 or +1.
func (v Value) Cmp(w Value) int {
	v, w = v.orZero(), w.orZero()
	sv, sw := v.Sign(), w.Sign()
	if sv != sw {
		return cmp.Compare(sv, sw)
	}
	if sv == 0 {
		return 0
	}
	// Same sign: compare |v|^L and |w|^L, which are rational.
	l := lcm(v.index, w.index)
	pv := ratPow(new(big.Rat).Abs(v.coef), l)
	pv.Mul(pv, new(big.Rat).SetInt(new(big.Int).Exp(v.radicand, big.NewInt(int64(l/v.index)), nil)))
	pw := ratPow(new(big.Rat).Abs(w.coef), l)
	pw.Mul(pw, new(big.Rat).SetInt(new(big.Int).Exp(w.radicand, big.NewInt(int64(l/w.index)), nil)))
	return sv * pv.Cmp(pw)
}

// String returns the canonical form: "p/q", "c*sqrt(n)" or "c*n^(1/r)".
func (v Value) String() string {
	v = v.orZero()
	if v.index == 1 {
		return v.coef.RatString()
	}
	var root string
	if v.index == 2 {
		root = "sqrt(" + v.radicand.String() + ")"
	} else {
		root = fmt.Sprintf("%s^(1/%d)", v.radicand, v.index)
	}
	if v.coef.Cmp(big.NewRat(1, 1)) == 0 {
		return root
	}
	if v.coef.Cmp(big.NewRat(-1, 1)) == 0 {
		return "-" + root
	}
	return v.coef.RatString() + "*" + root
}

// Float64 returns an approximation for plotting only: a rational value
// rounded to 80 bits and then to a float64, an irrational one rounded to 20
// decimal places and then to a float64 (so below 10^-20 in magnitude it is 0).
func (v Value) Float64() float64 {
	v = v.orZero()
	f, _ := new(big.Float).SetPrec(80).SetRat(v.coef).Float64()
	if v.index == 1 {
		return f
	}
	s, _ := strconv.ParseFloat(v.Decimal(20, RoundHalfEven), 64)
	return s
}

func ratPow(r *big.Rat, k int) *big.Rat {
	e := big.NewInt(int64(k))
	return new(big.Rat).SetFrac(new(big.Int).Exp(r.Num(), e, nil), new(big.Int).Exp(r.Denom(), e, nil))
}

type primePower struct {
	p   *big.Int
	exp int
}

// factor returns n's prime factors below trialDivisionLimit; a cofactor
// left over is listed once, as the base of the highest perfect power it is.
func factor(n *big.Int) []primePower {
	var out []primePower
	m := new(big.Int).Set(n)
	rem := new(big.Int)
	// The primes are tried in groups whose product fits in a word: one
	// pass over m gives its remainder by the group's product, and only the
	// primes dividing that remainder are divided out.
	for _, g := range primeGroups() {
		if bp := big.NewInt(g.primes[0]); new(big.Int).Mul(bp, bp).Cmp(m) > 0 {
			break
		}
		rem.Rem(m, new(big.Int).SetUint64(g.product))
		for _, p := range g.primes {
			if rem.Uint64()%uint64(p) != 0 {
				continue
			}
			bp := big.NewInt(p)
			out = append(out, primePower{bp, nat.DivideOut(m, bp, math.MaxInt)})
		}
	}
	if m.Cmp(big.NewInt(1)) > 0 {
		base, k := perfectPower(m, trialDivisionLimit)
		out = append(out, primePower{base, k})
	}
	return out
}

// A primeGroup is consecutive primes whose product fits in 64 bits.
type primeGroup struct {
	primes  []int64
	product uint64
}

var (
	primeGroupsOnce sync.Once
	primeGroupList  []primeGroup
)

// primeGroups returns the primes up to trialDivisionLimit in groups.
func primeGroups() []primeGroup {
	primeGroupsOnce.Do(func() {
		g := primeGroup{product: 1}
		for _, p := range primesUpTo(trialDivisionLimit) {
			if hi, _ := bits.Mul64(g.product, uint64(p)); hi != 0 {
				primeGroupList = append(primeGroupList, g)
				g = primeGroup{product: 1}
			}
			g.primes = append(g.primes, int64(p))
			g.product *= uint64(p)
		}
		primeGroupList = append(primeGroupList, g)
	})
	return primeGroupList
}

// perfectPower returns the smallest base b and largest k with b^k = m,
// for an m > 1 without prime factors below minBase. Then b ≥ minBase, so
// k ≤ maxPowerExponent(m's bit length, minBase), and k is found prime by
// prime: while m is a perfect p-th power, m becomes its p-th root and k
// gains the factor p. That is some hundreds of roots for a radicand of
// thousands of digits, where trying every k up to its bit length took
// seconds.
func perfectPower(m *big.Int, minBase int64) (*big.Int, int) {
	b, k := new(big.Int).Set(m), 1
	for _, p := range primesUpTo(maxPowerExponent(m.BitLen(), minBase)) {
		for mayBePower(b, p) {
			r := RootFloor(b, p)
			if new(big.Int).Exp(r, big.NewInt(int64(p)), nil).Cmp(b) != 0 {
				break
			}
			b, k = r, k*p
		}
	}
	return b, k
}

// maxPowerExponent returns ⌊bits / log2(minBase)⌋ for minBase ≥ 2: the
// largest k with minBase^k ≤ 2^bits, so no number of that many bits is a
// k-th power of a base ≥ minBase for any larger k.
func maxPowerExponent(bits int, minBase int64) int {
	return int(float64(bits) / math.Log2(float64(minBase)))
}

// mayBePower reports false when m is surely not a perfect p-th power,
// by residues: modulo a prime q = 2jp + 1, a p-th power not divisible by
// q has m^((q−1)/p) ≡ 1, which other residues fail with probability
// 1 − 1/p. The three smallest such q turn most roots into a few word
// operations. (Such primes exist for every p, by Dirichlet's theorem; for
// every p below 10⁵ the third is below 200p.)
func mayBePower(m *big.Int, p int) bool {
	r, e := new(big.Int), new(big.Int)
	found := 0
	for j := int64(1); found < 3; j++ {
		q := 2*j*int64(p) + 1
		if !big.NewInt(q).ProbablyPrime(0) {
			continue
		}
		found++
		bq := big.NewInt(q)
		r.Mod(m, bq)
		if r.Sign() == 0 {
			continue
		}
		if e.Exp(r, big.NewInt((q-1)/int64(p)), bq).Cmp(big.NewInt(1)) != 0 {
			return false
		}
	}
	return true
}

// primesUpTo returns the primes up to n, ascending.
func primesUpTo(n int) []int {
	composite := make([]bool, max(n+1, 2))
	var out []int
	for i := 2; i <= n; i++ {
		if composite[i] {
			continue
		}
		out = append(out, i)
		for j := i * i; j <= n; j += i {
			composite[j] = true
		}
	}
	return out
}

// RootFloor returns ⌊x^(1/k)⌋ for x ≥ 0 and k ≥ 1.
func RootFloor(x *big.Int, k int) *big.Int {
	r, _ := rootFloor(context.Background(), x, k)
	return r
}

// rootFloor is RootFloor that returns ctx's error, between two Newton
// steps, once ctx is done.
func rootFloor(ctx context.Context, x *big.Int, k int) (*big.Int, error) {
	if x.Sign() < 0 || k < 1 {
		panic("rational.RootFloor: bad argument")
	}
	if k == 1 || x.Sign() == 0 {
		return new(big.Int).Set(x), nil
	}
	if k == 2 {
		return new(big.Int).Sqrt(x), nil
	}
	// Newton's method from above: y = ⌊((k−1)·y + ⌊x/y^(k−1)⌋)/k⌋ decreases
	// to ⌊x^(1/k)⌋ from any start at or above it. The start is a
	// floating-point estimate raised a little so it is surely above: from
	// a power of two, up to 2× too large, a big k needed about k·ln 2 slow
	// linear steps on numbers as long as x; from below, the first step
	// overshoots by a factor of up to x/k.
	bk := big.NewInt(int64(k))
	bk1 := big.NewInt(int64(k - 1))
	y := rootAbove(x, k)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t := new(big.Int).Exp(y, bk1, nil)
		t.Quo(x, t)
		t.Add(t, new(big.Int).Mul(bk1, y))
		t.Quo(t, bk)
		if t.Cmp(y) >= 0 {
			return y, nil
		}
		y = t
	}
}

// rootAbove returns an integer y > x^(1/k) for x ≥ 1, within a relative
// 2^-15 of the root plus one: from the 64 leading bits of x, x = top·2^shift
// with shift = a·k + b, so x^(1/k) = 2^a·2^((log2(top) + b)/k), whose
// exponent after 2^a is below 64/k + 1 and so held by a float64 to a
// relative 10^-14, well inside the 2^-16 margin added.
func rootAbove(x *big.Int, k int) *big.Int {
	shift := max(x.BitLen()-64, 0)
	top, _ := new(big.Float).SetInt(new(big.Int).Rsh(x, uint(shift))).Float64()
	e := (math.Log2(top) + float64(shift%k)) / float64(k)
	whole := math.Floor(e)
	f := new(big.Float).SetFloat64(math.Exp2(e-whole) * (1 + 1.0/(1<<16)))
	f.SetMantExp(f, shift/k+int(whole))
	y, _ := f.Int(nil)
	return y.Add(y, big.NewInt(1))
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func lcm(a, b int) int { return a / gcd(a, b) * b }
