package render

import (
	"math"
	"math/big"
	"strconv"
)

// MaxCountDigits is the most digits a count takes in text and Markdown
// output; longer counts are written compactly there (see compactCases and
// countFormat), while CSV, JSON and LaTeX keep every digit.
const MaxCountDigits = 20

// compactCases writes the number of cases, which is n^d for n the product
// of the alphabets' sizes: in full up to MaxCountDigits digits, else
// exactly as the power, such as 9^10000.
func compactCases(cases *big.Int, n int64, d int) string {
	var f countFormat
	s := f.compact(cases)
	if !f.compacted {
		return s
	}
	if isPower(cases, n, d) {
		return strconv.FormatInt(n, 10) + "^" + strconv.Itoa(d)
	}
	return s
}

// isPower reports whether c = n^d; text, Markdown and LaTeX write a long
// number of cases as the power only when it is one.
func isPower(c *big.Int, n int64, d int) bool {
	return new(big.Int).Exp(big.NewInt(n), big.NewInt(int64(d)), nil).Cmp(c) == 0
}

// maxFullCount is 10^MaxCountDigits, the least count written compactly.
var maxFullCount = new(big.Int).Exp(big.NewInt(10), big.NewInt(MaxCountDigits), nil)

// A countFormat writes counts compactly without converting them to
// decimal, which took three quarters of the time of a closed-form
// distribution's text at d_k = 10^4: a count of thousands of digits is
// divided once by a power of ten, and that power is kept, because a
// distribution's neighbouring counts have neighbouring magnitudes. The
// zero value is ready to use; it is not safe for concurrent use.
type countFormat struct {
	t         int      // the exponent of pow, while pow is not nil
	pow       *big.Int // 10^t, the power kept
	compacted bool     // whether the last count was written compactly
	q, r      big.Int
}

// compact writes a count of at most MaxCountDigits digits in full, and a
// longer one to three significant digits as m·10^e, correctly rounded with
// ties to even, such as 1.29·10^6020.
func (f *countFormat) compact(c *big.Int) string {
	f.compacted = c.CmpAbs(maxFullCount) >= 0
	if !f.compacted {
		return c.String()
	}
	// c has e+1 digits for e = ⌊log10 c⌋, and ⌊(bitlen−1)·log10 2⌋ is e
	// or e−1: divide by 10^(e−2) so that three digits are left, and by
	// one power of ten more when four are.
	// The float product may round across an integer at billions of
	// bits, so the quotient is checked both ways.
	t := int(float64(c.BitLen()-1)*math.Log10(2)) - 2
	for f.divide(c, t); ; f.divide(c, t) {
		if f.q.Cmp(big.NewInt(1000)) >= 0 {
			t++
		} else if f.q.Cmp(big.NewInt(100)) < 0 {
			t--
		} else {
			break
		}
	}
	lead := f.q.Int64() // 100 ≤ lead ≤ 999
	// Round to nearest, ties to even: compare the remainder with half of
	// 10^t.
	f.r.Lsh(&f.r, 1)
	switch f.r.Cmp(f.pow) {
	case 1:
		lead++
	case 0:
		lead += lead % 2
	}
	exp := t + 2
	if lead == 1000 {
		lead, exp = 100, exp+1
	}
	m := strconv.FormatInt(lead, 10)
	return m[:1] + "." + m[1:] + "·10^" + strconv.Itoa(exp)
}

// divide sets f.q and f.r to the quotient and remainder of c by 10^t,
// moving the kept power there by steps of ten when it is near.
func (f *countFormat) divide(c *big.Int, t int) {
	const nearSteps = 32
	switch {
	case f.pow == nil || t < f.t-nearSteps || t > f.t+nearSteps:
		f.pow = new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t)), nil)
	case t > f.t:
		f.pow.Mul(f.pow, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t-f.t)), nil))
	case t < f.t:
		f.pow.Quo(f.pow, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(f.t-t)), nil))
	}
	f.t = t
	f.q.QuoRem(c, f.pow, &f.r)
}
