package figures_test

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/figures"
)

func ExampleWeights() {
	scores := []*big.Rat{big.NewRat(8, 1), big.NewRat(16, 1), big.NewRat(24, 1)}
	ws, _ := figures.Weights(scores, 4)
	for _, w := range ws {
		fmt.Println(w.Decimal, w.Exact)
	}
	// Output:
	// 0.0000 1/(exp(16) + exp(8) + 1)
	// 0.0003 1/(exp(8) + 1 + exp(-8))
	// 0.9997 1/(1 + exp(-8) + exp(-16))
}
