package prooftest_test

import (
	"testing"

	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/proofs/prooftest"
	"github.com/sqrtdk/sqrtdk/rational"
)

// TestLessonProof is the lesson's proof as a teacher writes it: the five
// steps on ±1 entries at d_k = 4 and 64, then for every d_k.
func TestLessonProof(t *testing.T) {
	m := proofs.Model{Q: rational.Signs(), K: rational.Signs()}
	zero, one := rational.NewInt(0), rational.NewInt(1)
	q, k, qk := proofs.Q(1), proofs.K(1), proofs.Term(1)
	for _, d := range []int{4, 64} {
		s := prooftest.NewSpace(t, m, d)
		// Step 1: every entry has mean 0 and variance 1, q_i and k_i independent.
		prooftest.Equal(t, "E[q_1]", s.E(q), zero)
		prooftest.Equal(t, "Var(k_1)", s.Var(k), one)
		if in := s.Independent(q, k); !in.Holds {
			t.Errorf("q_1 and k_1 dependent: %s", in.Witness())
		}
		// Step 2: E[q_1·k_1] = E[q_1]·E[k_1] = 0. Step 3: Var(q_1·k_1) = E[q_1²]·E[k_1²] = 1.
		prooftest.Equal(t, "E[q_1·k_1]", s.E(qk), s.E(q).Mul(s.E(k)))
		prooftest.Equal(t, "Var(q_1·k_1)", s.Var(qk), s.E(proofs.Times(q, q)).Mul(s.E(proofs.Times(k, k))))
		// Step 4: the terms are independent, so their variances add up to d_k.
		if in := s.Independent(qk, proofs.Term(d)); !in.Holds {
			t.Errorf("terms dependent: %s", in.Witness())
		}
		prooftest.Equal(t, "Var(q·k)", s.Var(proofs.Score()), rational.NewInt(int64(d)))
		// Step 5: dividing by √d_k divides the variance by d_k.
		prooftest.Equal(t, "Var(q·k/√d_k)", s.Var(proofs.DividedBy(proofs.Score(), rational.NewSqrt(int64(d)), "√d_k")), one)
	}
	// Every d_k: one pair's law and two pairs' law are those at d_k = 2, so
	// Var(q·k) = d_k·Var(q_1·k_1) + d_k(d_k−1)·Cov(q_1·k_1, q_2·k_2) = d_k.
	s := prooftest.NewSpace(t, m, 2)
	prooftest.Equal(t, "Var(q_1·k_1)", s.Var(qk), one)
	prooftest.Equal(t, "Cov(q_1·k_1, q_2·k_2)", s.Cov(qk, proofs.Term(2)), zero)
	prooftest.Holds(t, *prooftest.Prove(t, m).General, "var-scaled") // the library's own proof agrees
}

// TestStudentAssumesKEqualsQ: with k = q the proof breaks where it uses
// independence, Step 2; Step 3's product rule survives, as q_i² and k_i²
// are constant.
func TestStudentAssumesKEqualsQ(t *testing.T) {
	g := *prooftest.ProveFails(t, proofs.Model{Pairs: proofs.SamePairs(rational.Signs())}).General
	prooftest.Fails(t, g, "indep-qk")
	a := prooftest.Fails(t, g, "mean-term-product")
	prooftest.Equal(t, "E[q_i·k_i] = E[q_i²]", a.LeftValue, rational.NewInt(1))
	prooftest.Equal(t, "E[q_i]·E[k_i]", a.RightValue, rational.NewInt(0))
	prooftest.Holds(t, g, "square-term-product")
	prooftest.Fails(t, g, "var-scaled")
}
