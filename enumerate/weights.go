package enumerate

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// maxBruteLattice bounds the histogram a brute-force worker keeps: with
// multiset alphabets it holds one count per index and weight code.
const maxBruteLattice = 1 << 20

// A bruteLattice is the lattice brute force tallies on. Brute force visits
// every pair of vectors over the alphabets' distinct letters once; such a
// pair stands for the product of its letters' multiplicities many pairs of
// the multisets. That weight is a product of prime powers whose exponents
// add up coordinate by coordinate, just as the index does, so the kernels
// tally a pair at index + base·code, where code encodes the exponents
// (weight dimensions in mixed radix), and reduce weighs each code's counts
// exactly at the end. Alphabets without multiplicities have no dimension
// and code 0.
type bruteLattice struct {
	t    [][]int // t[a][b]: what distinct letters a of q and b of k add
	size int     // the histogram's length, base·Π radix
	base int     // the index lattice's size: x is index x mod base, code x div base
	dims []weightDim
	// constant is the factor common to every pair's weight.
	constant *big.Int
}

// A weightDim is one factor of the weights: a pair whose code has digit e
// in this dimension weighs factor^e.
type weightDim struct {
	factor *big.Int
	radix  int // D·(largest step) + 1
}

// newBruteLattice extends l with the weight codes of p's multiplicities.
func newBruteLattice(p Problem, l *lattice) (*bruteLattice, error) {
	nq, nk := p.Q.Distinct(), p.K.Distinct()
	qf, kf := make([]map[int64]int, nq), make([]map[int64]int, nk)
	primes := map[int64]bool{}
	for a, x := range p.Q.Letters() {
		qf[a] = factorize(x.Mult, primes)
	}
	for b, x := range p.K.Letters() {
		kf[b] = factorize(x.Mult, primes)
	}
	ordered := make([]int64, 0, len(primes))
	for pr := range primes {
		ordered = append(ordered, pr)
	}
	slices.Sort(ordered)
	bl := &bruteLattice{base: l.size(p.D), constant: big.NewInt(1)}
	// Primes whose exponents vary alike over the letter pairs share one
	// dimension: the weight needs a code per independent pattern only.
	codes := map[string]int{} // pattern -> dimension
	var steps [][][]int       // steps[dim][a][b]
	pow := func(pr int64, e int) *big.Int {
		return new(big.Int).Exp(big.NewInt(pr), big.NewInt(int64(e)), nil)
	}
	for _, pr := range ordered {
		x := make([][]int, nq)
		lo := -1
		for a := range x {
			x[a] = make([]int, nk)
			for b := range x[a] {
				x[a][b] = qf[a][pr] + kf[b][pr]
				if lo < 0 || x[a][b] < lo {
					lo = x[a][b]
				}
			}
		}
		g := 0
		for a := range x {
			for b := range x[a] {
				x[a][b] -= lo
				g = gcdInt(g, x[a][b])
			}
		}
		bl.constant.Mul(bl.constant, pow(pr, lo*p.D))
		if g == 0 {
			continue // the same exponent in every pair: part of the constant
		}
		var key strings.Builder
		for a := range x {
			for b := range x[a] {
				x[a][b] /= g
				fmt.Fprintf(&key, "%d,", x[a][b])
			}
		}
		dim, ok := codes[key.String()]
		if !ok {
			dim = len(bl.dims)
			codes[key.String()] = dim
			most := 0
			for a := range x {
				most = max(most, slices.Max(x[a]))
			}
			if most > maxBruteLattice || int64(most)*int64(p.D)+1 > maxBruteLattice {
				return nil, bruteLatticeError(p, float64(bl.base)*(float64(most)*float64(p.D)+1))
			}
			bl.dims = append(bl.dims, weightDim{factor: big.NewInt(1), radix: most*p.D + 1})
			steps = append(steps, x)
		}
		bl.dims[dim].factor.Mul(bl.dims[dim].factor, pow(pr, g))
	}
	size, stride := int64(bl.base), make([]int, len(bl.dims))
	for i, dim := range bl.dims {
		stride[i] = int(size)
		size *= int64(dim.radix)
		if size > maxBruteLattice {
			need := float64(bl.base)
			for _, dim := range bl.dims {
				need *= float64(dim.radix)
			}
			return nil, bruteLatticeError(p, need)
		}
	}
	bl.size = int(size)
	bl.t = make([][]int, nq)
	for a := range bl.t {
		bl.t[a] = make([]int, nk)
		for b := range bl.t[a] {
			bl.t[a][b] = l.t[a][b]
			for i := range bl.dims {
				bl.t[a][b] += steps[i][a][b] * stride[i]
			}
		}
	}
	return bl, nil
}

// bruteLatticeError refuses a weighted lattice of counts entries.
func bruteLatticeError(p Problem, counts float64) error {
	return &TooLargeError{Method: BruteForce, D: p.D, Counts: counts, MaxCounts: maxBruteLattice}
}

// reduce adds the workers' histograms in order, each count weighed by its
// code, into counts per index.
func (bl *bruteLattice) reduce(partial [][]uint64) []*big.Int {
	counts := make([]*big.Int, bl.base)
	for t := range counts {
		counts[t] = new(big.Int)
	}
	weights := make([]*big.Int, bl.size/bl.base)
	weighed := len(bl.dims) > 0 || bl.constant.Cmp(big.NewInt(1)) != 0
	c := new(big.Int)
	for _, part := range partial { // fixed order: slice 0 first
		for x, n := range part {
			if n == 0 {
				continue
			}
			c.SetUint64(n)
			if weighed {
				code := x / bl.base
				if weights[code] == nil {
					weights[code] = bl.weight(code)
				}
				c.Mul(c, weights[code])
			}
			counts[x%bl.base].Add(counts[x%bl.base], c)
		}
	}
	return counts
}

// weight returns the number of pairs of the multisets one visit with
// weight code stands for.
func (bl *bruteLattice) weight(code int) *big.Int {
	w := new(big.Int).Set(bl.constant)
	for _, dim := range bl.dims {
		e := code % dim.radix
		code /= dim.radix
		w.Mul(w, new(big.Int).Exp(dim.factor, big.NewInt(int64(e)), nil))
	}
	return w
}

// factorize returns the prime factorisation of m ≥ 1 (at most
// rational.MaxMultiplicity, so trial division is quick) and adds its primes
// to primes.
func factorize(m int64, primes map[int64]bool) map[int64]int {
	f := map[int64]int{}
	for pr := int64(2); pr*pr <= m; pr++ {
		for m%pr == 0 {
			f[pr]++
			m /= pr
			primes[pr] = true
		}
	}
	if m > 1 {
		f[m]++
		primes[m] = true
	}
	return f
}

func gcdInt(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
