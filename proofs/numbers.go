package proofs

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

// ratOfInt returns n as a rational.
func ratOfInt(n *big.Int) *big.Rat { return new(big.Rat).SetInt(n) }

// sumValues returns the exact sum of values that are rational multiples of
// one root, or an error: the sums a proof takes (of scaled scores) are.
func sumValues(vs ...rational.Value) (rational.Value, error) {
	v, ok := rational.Sum(vs...)
	if !ok {
		return rational.Value{}, fmt.Errorf("the values %v are not multiples of one root", vs)
	}
	return v, nil
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
