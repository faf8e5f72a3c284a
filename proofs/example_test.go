package proofs_test

import (
	"fmt"

	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A teacher's own short proof: dividing by √d_k twice (once by hand, once
// inside a library) leaves the score with std 1/√d_k, not 1. Every value
// below is summed over all pairs of the space.
func Example_scalingTwice() {
	signs, _ := rational.ParseAlphabet("-1,1")
	for _, d := range []int{1, 4, 6} {
		s, _ := proofs.NewSpace(signs, signs, d)
		root := rational.NewSqrt(int64(d))
		once := proofs.DividedBy(proofs.Score(), root, "√d_k")
		twice := proofs.DividedBy(once, root, "√d_k")

		checks := []proofs.Equality{
			proofs.Equal(proofs.AboutVariance, "", "Var(q·k/√d_k)", s.Var(once), "1", rational.NewInt(1)),
			proofs.Equal(proofs.AboutVariance, "", "Var(q·k/√d_k/√d_k)", s.Var(twice), "1/d_k", rational.NewFrac(1, int64(d))),
			proofs.Equal(proofs.AboutVariance, "", "std(q·k/√d_k/√d_k)", s.Var(twice).Root(2), "1/√d_k", root.Inv()),
		}
		fmt.Printf("d_k = %d\n", d)
		for _, c := range checks {
			fmt.Println("  " + c.String())
		}
	}
	// Output:
	// d_k = 1
	//   Var(q·k/√d_k) = 1: Var(q·k/√d_k) = 1, 1 = 1: holds
	//   Var(q·k/√d_k/√d_k) = 1/d_k: Var(q·k/√d_k/√d_k) = 1, 1/d_k = 1: holds
	//   std(q·k/√d_k/√d_k) = 1/√d_k: std(q·k/√d_k/√d_k) = 1, 1/√d_k = 1: holds
	// d_k = 4
	//   Var(q·k/√d_k) = 1: Var(q·k/√d_k) = 1, 1 = 1: holds
	//   Var(q·k/√d_k/√d_k) = 1/d_k: Var(q·k/√d_k/√d_k) = 1/4, 1/d_k = 1/4: holds
	//   std(q·k/√d_k/√d_k) = 1/√d_k: std(q·k/√d_k/√d_k) = 1/2, 1/√d_k = 1/2: holds
	// d_k = 6
	//   Var(q·k/√d_k) = 1: Var(q·k/√d_k) = 1, 1 = 1: holds
	//   Var(q·k/√d_k/√d_k) = 1/d_k: Var(q·k/√d_k/√d_k) = 1/6, 1/d_k = 1/6: holds
	//   std(q·k/√d_k/√d_k) = 1/√d_k: std(q·k/√d_k/√d_k) = 1/6*sqrt(6), 1/√d_k = 1/6*sqrt(6): holds
}
