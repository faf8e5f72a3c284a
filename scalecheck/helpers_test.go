package scalecheck

import (
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

func rat(s string) *big.Rat {
	r, err := rational.ParseRat(s)
	if err != nil {
		panic(err)
	}
	return r
}

// tolerance is the command's default, ×1.5.
var tolerance = big.NewRat(3, 2)
