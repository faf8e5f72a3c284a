package prooftest_test

import (
	"math/big"
	"testing"

	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/proofs/prooftest"
	"github.com/sqrtdk/sqrtdk/rational"
)

// TestTeacherProofs is a teacher's three proofs, written from go doc alone:
// the lesson at d_k = 8, entries ±2 giving 16·d_k for every d_k, and k = q
// failing where the lesson's reasoning uses independence.
func TestTeacherProofs(t *testing.T) {
	signs := proofs.Model{Q: rational.Signs(), K: rational.Signs()}
	n := func(c int64) *big.Rat { return big.NewRat(c, 1) }

	// 1. The lesson at d_k = 8: every step holds (Prove fails the test
	// otherwise), with the lesson's numbers.
	run := prooftest.Prove(t, signs, 8).Runs[0]
	prooftest.Holds(t, run, proofs.IDIndepQK)
	prooftest.Holds(t, run, proofs.IDVarScaled)
	s := prooftest.NewSpace(t, signs, 8)
	prooftest.Equal(t, "Var(q_1·k_1)", s.Var(proofs.Term(1)), rational.NewInt(1))
	prooftest.Equal(t, "Var(q·k)", s.Var(proofs.Score()), rational.NewInt(8))
	if in := s.Independent(proofs.Term(1), proofs.Term(8)); !in.Holds {
		t.Errorf("the terms are dependent: %s", in.Witness())
	}

	// 2. Entries ±2: variance 4 breaks a hypothesis, and for every d_k
	// Var(q·k) = 16·d_k, so Var(q·k/√d_k) = 16.
	twos := prooftest.Alphabet(t, "±2")
	every := *prooftest.ProveFails(t, proofs.Model{Q: twos, K: twos}).General
	prooftest.Fails(t, every, proofs.IDVarQ)
	prooftest.EqualFormula(t, "Var(q·k)", prooftest.Formula(t, every, proofs.IDVarScore), proofs.Polynomial(nil, n(16)))
	prooftest.EqualFormula(t, "Var(q·k/√d_k)", prooftest.Formula(t, every, proofs.IDVarScaled), proofs.Polynomial(n(16)))

	// 3. k = q: the hypothesis "q_i and k_i independent" is false, and the
	// reasoning first breaks at Step 2: E[q_i·k_i] = E[q_i]·E[k_i].
	same := prooftest.ProveFails(t, proofs.Model{Pairs: proofs.SamePairs(rational.Signs())})
	prooftest.Fails(t, *same.General, proofs.IDIndepQK)
	if dg := same.Diagnosis; dg.ReasoningStep != 2 || dg.ReasoningFailure.ID != proofs.IDMeanTermProduct {
		t.Errorf("k = q breaks at Step %d (%s), not Step 2", dg.ReasoningStep, dg.ReasoningFailure)
	}
}
