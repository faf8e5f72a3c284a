// Package nat holds in-place word-level operations on non-negative
// big.Ints that math/big offers only with allocations or not at all: a
// multiply-add by one word, and an exact division by one word that checks
// its own exactness; the one wording of a large count in a message
// (CountText); and, built on them, LatticeSums, the streamed sums from
// which rational.Histogram and enumerate's closed form take exact means
// and variances.
//
// A word is a big.Word (uint): 64 bits on 64-bit platforms. The functions
// read and write an Int's words through Bits and SetBits.
package nat

import (
	"math/big"
	"math/bits"
)

// grow returns w extended to n words, the new ones zero, reusing w's
// array when it is large enough.
func grow(w []big.Word, n int) []big.Word {
	if n <= len(w) {
		return w
	}
	if n <= cap(w) {
		old := len(w)
		w = w[:n]
		clear(w[old:])
		return w
	}
	g := make([]big.Word, n, n+n/4+4)
	copy(g, w)
	return g
}

// MulAddWord sets z to z + x·m and returns z, for z, x ≥ 0 that are not
// the same Int; it allocates only when z must grow.
func MulAddWord(z, x *big.Int, m uint) *big.Int {
	xw := x.Bits()
	if m == 0 || len(xw) == 0 {
		return z
	}
	zw := z.Bits()
	n := max(len(zw), len(xw)) + 1
	zw = grow(zw, n)
	var carry uint
	for i, xi := range xw {
		hi, lo := bits.Mul(uint(xi), m)
		lo, c := bits.Add(lo, carry, 0)
		hi += c
		s, c := bits.Add(uint(zw[i]), lo, 0)
		zw[i] = big.Word(s)
		carry = hi + c
	}
	for i := len(xw); carry != 0; i++ {
		s, c := bits.Add(uint(zw[i]), carry, 0)
		zw[i] = big.Word(s)
		carry = c
	}
	return z.SetBits(zw)
}

// Combine sets z to Σ xs[i]·ms[i] in one pass over the words and returns
// z, for xs[i] ≥ 0 none of which is z, and factors whose sum is below
// 2^(word size − 1) (so that a word's carry fits in a word); it allocates
// only when z must grow.
func Combine(z *big.Int, xs []*big.Int, ms []uint) *big.Int {
	n := 0
	for _, x := range xs {
		n = max(n, len(x.Bits()))
	}
	zw := z.Bits()[:0]
	zw = grow(zw, n+1)
	var carry uint
	for i := range n {
		lo, hi := carry, uint(0)
		for j, x := range xs {
			xw := x.Bits()
			if i >= len(xw) {
				continue
			}
			h, l := bits.Mul(uint(xw[i]), ms[j])
			var c uint
			lo, c = bits.Add(lo, l, 0)
			hi += h + c
		}
		zw[i] = big.Word(lo)
		carry = hi
	}
	zw[n] = big.Word(carry)
	return z.SetBits(zw)
}

// DivExactWord sets z to z/d in place and reports whether d divides z
// exactly (z ≥ 0, d > 0); when it does not, z is left holding garbage. It
// divides by the odd part of d by Hensel's method, from the low word up,
// multiplying by the inverse of d modulo the word size instead of
// dividing, and by the power of two with a shift.
func DivExactWord(z *big.Int, d uint) bool {
	if d == 0 {
		panic("nat: division by zero")
	}
	if s := bits.TrailingZeros(d); s > 0 {
		if z.TrailingZeroBits() < uint(s) && z.Sign() != 0 {
			return false
		}
		z.Rsh(z, uint(s))
		d >>= s
	}
	if d == 1 {
		return true
	}
	inv := inverse(d)
	zw := z.Bits()
	var borrow uint
	for i, x := range zw {
		t, b := bits.Sub(uint(x), borrow, 0)
		q := t * inv
		zw[i] = big.Word(q)
		hi, _ := bits.Mul(q, d)
		borrow = hi + b
	}
	// q·d = z + borrow·2^(64·len): exact exactly when borrow is 0.
	z.SetBits(zw)
	return borrow == 0
}

// inverse returns the inverse of the odd d modulo 2^(word size), by
// Newton's iteration: each step doubles the correct low bits, from the 3
// that d·d ≡ 1 (mod 8) gives.
func inverse(d uint) uint {
	inv := d
	for range 5 {
		inv *= 2 - d*inv
	}
	return inv
}

// DivideOut divides z by p ≥ 2 as often as p divides it, at most max
// times, and returns how many times it did: by p, p², p⁴, … while they
// divide and back down, O(log e) divisions for e factors of p where one
// division per factor took minutes on numbers of millions of digits
// (issue 22: a radicand's canonical form, a distribution's probabilities).
func DivideOut(z, p *big.Int, max int) int {
	if max <= 0 || z.Sign() == 0 {
		return 0
	}
	if p.BitLen() <= 64 && p.Uint64() == 2 {
		e := min(int(z.TrailingZeroBits()), max)
		z.Rsh(z, uint(e))
		return e
	}
	q, r := new(big.Int), new(big.Int)
	divides := func(d *big.Int) bool {
		q.QuoRem(z, d, r)
		if r.Sign() != 0 {
			return false
		}
		z.Set(q)
		return true
	}
	e := 0
	pows := []*big.Int{p} // pows[k] = p^(2^k)
	for e+1<<(len(pows)-1) <= max && divides(pows[len(pows)-1]) {
		e += 1 << (len(pows) - 1)
		last := pows[len(pows)-1]
		if 2*last.BitLen()-1 > z.BitLen()+1 {
			break // its square cannot divide what is left
		}
		pows = append(pows, new(big.Int).Mul(last, last))
	}
	for k := len(pows) - 1; k >= 0; k-- {
		for e+1<<k <= max && divides(pows[k]) {
			e += 1 << k
		}
	}
	return e
}
