package softmax_test

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/internal/softmax"
	"github.com/sqrtdk/sqrtdk/rational"
)

// Prints correctly rounded softmax outputs for the lesson's three score
// vectors, then checks a printed Jacobian figure against printed inputs.
func Example() {
	for _, zs := range [][]string{{"1", "2", "3"}, {"8", "16", "24"}, {"0.01", "0.02", "0.03"}} {
		z := make([]*big.Rat, len(zs))
		for i, s := range zs {
			z[i], _ = new(big.Rat).SetString(s)
		}
		cols := make([]string, len(z))
		for i := range z {
			cols[i], _ = softmax.EnclosedDecimal(func(prec uint) (lo, hi *big.Rat, err error) {
				iv := softmax.Enclose(z, z, prec)[i]
				return iv.Lo, iv.Hi, nil
			}, 4, rational.RoundHalfEven, 4096)
		}
		fmt.Printf("%-18s %s\n", "["+strings.Join(zs, " ")+"]", strings.Join(cols, "  "))
	}

	scores := []softmax.Printed{{Text: "22.8", Places: 1}, {Text: "-20.1", Places: 1},
		{Text: "1.9", Places: 1}, {Text: "41.1", Places: 1}, {Text: "-25.4", Places: 1}}
	box, _ := softmax.BoxFromPrinted(scores, big.NewRat(512, 1))
	for _, claim := range []string{"0.2446", "0.2450"} {
		rep, _ := softmax.CheckJacobianMaxAbs(context.Background(), box, softmax.Printed{Text: claim, Places: 4}, softmax.Options{})
		fmt.Printf("max|J| = %s: %s\n", claim, rep.Consistency)
	}
	// Output:
	// [1 2 3]            0.0900  0.2447  0.6652
	// [8 16 24]          0.0000  0.0003  0.9997
	// [0.01 0.02 0.03]   0.3300  0.3333  0.3367
	// max|J| = 0.2446: consistent
	// max|J| = 0.2450: inconsistent
}

// Prints e^(−1) correctly rounded to 30 places from enclosures of rising precision.
func ExampleExpNegEnclosure() {
	one := big.NewRat(1, 1)
	s, _ := softmax.EnclosedDecimal(func(prec uint) (lo, hi *big.Rat, err error) {
		iv := softmax.ExpNegEnclosure(softmax.Interval{Lo: one, Hi: one}, prec)
		return iv.Lo, iv.Hi, nil
	}, 30, rational.RoundHalfEven, 4096)
	fmt.Println(s)
	// Output:
	// 0.367879441171442321595523770161
}
