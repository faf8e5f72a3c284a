package proofs_test

import (
	"context"
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A teacher's three proofs, with the assertion IDs, Formulas and the
// Diagnosis (package prooftest turns the same into a Go test; see
// docs/teacher-proof-test.md): the lesson at d_k = 8 holds; entries ±2
// give Var(q·k) = 16·d_k for every d_k; with k = q the hypothesis of
// independence fails in Step 1 and the lesson's reasoning first breaks at
// Step 2.
func Example_teacher() {
	ctx := context.Background()
	signs := proofs.Model{Q: rational.Signs(), K: rational.Signs()}
	lesson, _ := proofs.Prove(ctx, signs, []int{8}, proofs.Options{})
	scaled, _ := lesson.Runs[0].Assertion(proofs.IDVarScaled)
	fmt.Println("1. every step holds at d_k = 8:", lesson.Holds(), "|", scaled)

	twos, _ := rational.ParseAlphabet("±2")
	tr, _ := proofs.Prove(ctx, proofs.Model{Q: twos, K: twos}, nil, proofs.Options{})
	v, _ := tr.General.Assertion(proofs.IDVarScore)
	fmt.Println("2. entries ±2: Var(q·k) =", v.LeftFormula, "for every d_k:", v.LeftFormula.Equal(proofs.Polynomial(nil, big.NewRat(16, 1))))

	same, _ := proofs.Prove(ctx, proofs.Model{Pairs: proofs.SamePairs(rational.Signs())}, nil, proofs.Options{})
	dg := same.Diagnosis
	fmt.Printf("3. k = q: Step %d's hypothesis fails (%s); the reasoning breaks at Step %d: %s\n", dg.Step, dg.Failure.Statement, dg.ReasoningStep, dg.ReasoningFailure)
	// Output:
	// 1. every step holds at d_k = 8: true | Var(q·k/√d_k) = 1: both 1: holds
	// 2. entries ±2: Var(q·k) = 16·d_k for every d_k: true
	// 3. k = q: Step 1's hypothesis fails (q_1 and k_1 independent); the reasoning breaks at Step 2: E[q_i·k_i] = E[q_i]·E[k_i] (every i): 1 ≠ 0: FAILS
}
