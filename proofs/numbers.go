package proofs

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

// intValue returns the exact integer n.
func intValue(n int64) rational.Value { return rational.NewRat(big.NewRat(n, 1)) }

// ratOfInt returns n as a rational.
func ratOfInt(n *big.Int) *big.Rat { return new(big.Rat).SetInt(n) }

// sumValues returns the exact sum of values that are rational multiples of
// one unit (all rational, or all multiples of one surd such as √2): the
// only sums a proof needs. It fails on values of two different units.
func sumValues(vs ...rational.Value) (rational.Value, error) {
	var unit *rational.Value
	total := new(big.Rat)
	for _, v := range vs {
		if v.Sign() == 0 {
			continue
		}
		u := rational.NewSurd(big.NewRat(1, 1), v.Radicand, v.Index)
		if unit == nil {
			unit = &u
		} else if unit.Cmp(u) != 0 {
			return rational.Value{}, fmt.Errorf("%s and %s are not multiples of one unit", *unit, u)
		}
		total.Add(total, v.Coef)
	}
	if unit == nil {
		return rational.NewRat(total), nil
	}
	return unit.MulRat(total), nil
}

// mustRat returns the rational value of v, which the caller knows is
// rational (a mean or variance of rational variables).
func mustRat(v rational.Value) *big.Rat {
	r, ok := v.Rat()
	if !ok {
		panic(fmt.Sprintf("proofs: %s is not rational", v))
	}
	return r
}
