package render

import (
	"math"
	"math/big"

	"github.com/sqrtdk/sqrtdk/internal/nat"
)

// A fractionReducer writes count/total in lowest terms for one fixed total
// whose prime factors are known and small, as the number of cases of a
// Problem (|Q|^d·|K|^d) always is. It finds gcd(count, total) one prime at a
// time (nat.DivideOut, O(log e) divisions for e factors): a general
// big-integer gcd per row made printing the distribution of d_k = 10⁴
// take seconds, and one division per factor made a CSV at d_k = 10⁵ take
// two minutes.
type fractionReducer struct {
	total  *big.Int
	primes []primeExp // total = Π p^e exactly
}

type primeExp struct {
	p *big.Int
	e int
}

// newFractionReducer factors total over the primes of the given small
// integers; it returns nil when they do not account for all of total.
func newFractionReducer(total *big.Int, factorsOf ...int64) *fractionReducer {
	r := &fractionReducer{total: total}
	rest := new(big.Int).Set(total)
	seen := map[int64]bool{}
	for _, n := range factorsOf {
		for p := int64(2); n > 1; p++ {
			if p*p > n {
				p = n
			}
			if n%p != 0 {
				continue
			}
			for n%p == 0 {
				n /= p
			}
			if seen[p] {
				continue
			}
			seen[p] = true
			bp := big.NewInt(p)
			r.primes = append(r.primes, primeExp{p: bp, e: nat.DivideOut(rest, bp, math.MaxInt)})
		}
	}
	if rest.Cmp(big.NewInt(1)) != 0 {
		return nil
	}
	return r
}

// ratString returns count/total in lowest terms, as big.Rat.RatString would.
func (r *fractionReducer) ratString(count *big.Int) string {
	num, den := new(big.Int).Set(count), new(big.Int).Set(r.total)
	for _, pe := range r.primes {
		if e := nat.DivideOut(num, pe.p, pe.e); e > 0 {
			den.Quo(den, new(big.Int).Exp(pe.p, big.NewInt(int64(e)), nil))
		}
	}
	if den.Cmp(big.NewInt(1)) == 0 {
		return num.String()
	}
	return num.String() + "/" + den.String()
}
