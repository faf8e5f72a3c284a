package render

import (
	"math/big"
)

// A fractionReducer writes count/total in lowest terms for one fixed total
// whose prime factors are known and small, as the number of cases of a
// Problem (|Q|^d·|K|^d) always is. It finds gcd(count, total) one prime at a
// time: a general big-integer gcd per row made printing the distribution of
// d_k = 10⁴ take seconds.
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
	q, m := new(big.Int), new(big.Int)
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
			pe := primeExp{p: bp}
			if p == 2 {
				pe.e = int(rest.TrailingZeroBits())
				rest.Rsh(rest, uint(pe.e))
			} else {
				for q.QuoRem(rest, bp, m); m.Sign() == 0; q.QuoRem(rest, bp, m) {
					rest.Set(q)
					pe.e++
				}
			}
			r.primes = append(r.primes, pe)
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
	q, m := new(big.Int), new(big.Int)
	for _, pe := range r.primes {
		if pe.p.Cmp(big.NewInt(2)) == 0 {
			v := uint(min(int(num.TrailingZeroBits()), pe.e))
			num.Rsh(num, v)
			den.Rsh(den, v)
			continue
		}
		for range pe.e {
			if q.QuoRem(num, pe.p, m); m.Sign() != 0 {
				break
			}
			num.Set(q)
			den.Quo(den, pe.p)
		}
	}
	if den.Cmp(big.NewInt(1)) == 0 {
		return num.String()
	}
	return num.String() + "/" + den.String()
}
