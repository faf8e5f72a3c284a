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

// A student assumes k = q. The proof for every width breaks where it uses
// independence: Step 1's hypothesis is false, and Step 2's product rule,
// Step 3's variance and everything after with it.
func ExampleProve() {
	q, _ := rational.ParseAlphabet("-1,1")
	t, _ := proofs.Prove(context.Background(), proofs.Model{Pairs: proofs.SamePairs(q)}, nil, proofs.Options{})
	for _, st := range t.General.Steps {
		if a, fails := st.FirstFailure(); fails {
			fmt.Printf("Step %d (%s) breaks: %s\n", st.Number, st.Title, a)
		}
	}
	fmt.Println(t.Conclusion)
	// Output:
	// Step 1 (assume) breaks: q_i and k_i independent (every i): P(q_i = -1, k_i = -1) = 1/2 ≠ 1/4 = P(q_i = -1)·P(k_i = -1): FAILS
	// Step 2 (mean of one term) breaks: E[q_i·k_i] = E[q_i]·E[k_i] (every i): 1 ≠ 0: FAILS
	// Step 3 (variance of one term) breaks: Var(q_i·k_i) = E[(q_i·k_i)²] (every i): 0 ≠ 1: FAILS
	// Step 4 (add d_k terms) breaks: Var(q·k) = d_k (every d_k): 0 ≠ d_k: FAILS
	// Step 5 (scale by 1/√d_k) breaks: Var(q·k/√d_k) = 1 (every d_k): 0 ≠ 1: FAILS
	// the conclusion Var(q·k/√d_k) = 1 fails at every width: Var(q_i·k_i) = 0 and Cov(q_i·k_i, q_j·k_j) = 0 (by construction: the model draws the coordinate pairs independently, so the law of two is the product of two copies of the law of one), so Var(q·k) = 0 and Var(q·k/√d_k) = 0 for every d_k ≥ 1, never 1
}
