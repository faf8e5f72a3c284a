package proofs_test

import (
	"context"
	"fmt"

	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A teacher's own proof: dividing by √d_k twice (once by hand, once inside
// a library) leaves the score with variance 1/d_k, not 1; and with every
// coordinate of q equal to the first, the terms are dependent but
// uncorrelated, so the variances still add.
func Example() {
	ctx := context.Background()
	signs := rational.Signs()
	skewed, _ := rational.ParseAlphabet("-2,1/2:4")
	for _, d := range []int{2, 4} {
		s, _ := proofs.NewSpace(proofs.Model{Q: skewed, K: signs, Tie: proofs.TieQ}, d, proofs.Options{})
		root := rational.NewSqrt(int64(d))
		twice := proofs.DividedBy(proofs.DividedBy(proofs.Score(), root, "√d_k"), root, "√d_k")

		v, _ := s.Var(ctx, twice)
		cov, _ := s.Cov(ctx, proofs.Term(1), proofs.Term(2))
		in, _ := s.Independent(ctx, proofs.Term(1), proofs.Term(2))
		fmt.Printf("d_k = %d\n", d)
		fmt.Println("  " + proofs.Equal("Var(q·k/√d_k/√d_k)", v, "1/d_k", rational.NewFrac(1, int64(d))).String())
		fmt.Println("  " + proofs.Equal("Cov(q_1·k_1, q_2·k_2)", cov, "0", rational.NewInt(0)).String())
		fmt.Println("  q_1·k_1 and q_2·k_2 independent:", in.Holds, in.Witness())
	}
	// Output:
	// d_k = 2
	//   Var(q·k/√d_k/√d_k) = 1/d_k: both 1/2: holds
	//   Cov(q_1·k_1, q_2·k_2) = 0: both 0: holds
	//   q_1·k_1 and q_2·k_2 independent: false P(q_1·k_1 = -2, q_2·k_2 = -2) = 1/20 ≠ 1/100 = P(q_1·k_1 = -2)·P(q_2·k_2 = -2)
	// d_k = 4
	//   Var(q·k/√d_k/√d_k) = 1/d_k: both 1/4: holds
	//   Cov(q_1·k_1, q_2·k_2) = 0: both 0: holds
	//   q_1·k_1 and q_2·k_2 independent: false P(q_1·k_1 = -2, q_2·k_2 = -2) = 1/20 ≠ 1/100 = P(q_1·k_1 = -2)·P(q_2·k_2 = -2)
}

// The lesson's proof on a space where k = q: the first broken hypothesis
// and whether the conclusion survives.
func ExampleProve() {
	q, _ := rational.ParseAlphabet("-1,1")
	t, _ := proofs.Prove(context.Background(), proofs.Model{Pairs: proofs.SamePairs(q)}, []int{1, 2}, proofs.Options{})
	fmt.Println("holds:", t.Holds())
	for _, b := range t.Diagnosis.Broken {
		fmt.Println("broken:", b)
	}
	fmt.Println(t.Conclusion)
	// Output:
	// holds: false
	// broken: independent, for every d_k: q_i and k_i independent is false: P(q_i = -1, k_i = -1) = 1/2 ≠ 1/4 = P(q_i = -1)·P(k_i = -1)
	// broken: independent, at d_k = 2: q_1, q_2, k_1, k_2 independent is false: P(q_1 = -1, q_2 = -1, k_1 = -1, k_2 = -1) = 1/4 ≠ 1/16 = P(q_1 = -1)·P(q_2 = -1)·P(k_1 = -1)·P(k_2 = -1)
	// the conclusion Var(q·k/√d_k) = 1 fails at every width: Var(q_i·k_i) = 0 and Cov(q_i·k_i, q_j·k_j) = 0 (by construction: the model draws the coordinate pairs independently, so the law of two is the product of two copies of the law of one), so Var(q·k) = 0 and Var(q·k/√d_k) = 0 for every d_k ≥ 1, never 1
}
