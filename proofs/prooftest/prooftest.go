// Package prooftest lets a teacher write the lesson's proof, or a proof of
// their own, as a Go test: a Space whose exact values come without errors
// to handle (an error fails the test at once), checks that report both
// values when they fail, and the verdicts of the proof for every width
// looked up by assertion ID.
//
//	func TestStep3(t *testing.T) {
//		s := prooftest.NewSpace(t, proofs.Model{Q: rational.Signs(), K: rational.Signs()}, 4)
//		q, k := proofs.Q(1), proofs.K(1)
//		prooftest.Equal(t, "Var(q_1·k_1)", s.Var(proofs.Times(q, k)), s.E(proofs.Times(q, q)).Mul(s.E(proofs.Times(k, k))))
//	}
//
// Prove fails the test when the proof fails; ProveFails, for a model whose
// proof must fail, when it holds. Holds and Fails check one assertion by
// its ID (proofs.IDVarScaled, …), Formula and EqualFormula the formulas in
// d_k of the proof for every width.
//
// lesson_test.go holds the lesson's whole proof for d_k = 4, 64 and every
// d_k, and a student's wrong assumption (k = q) failing at the step it
// breaks; teacher_test.go (shown in docs/teacher-proof-test.md) three
// proofs in 40 lines: the lesson at d_k = 8, entries ±2 giving 16·d_k for
// every d_k, and k = q, whose reasoning breaks at Step 2.
package prooftest

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A Space is a proofs.Space inside a test: each method returns its exact
// value, and fails the test when the value cannot be computed.
type Space struct {
	t testing.TB
	s *proofs.Space
}

// NewSpace returns the space the model describes at width d, or fails
// the test.
func NewSpace(t testing.TB, m proofs.Model, d int) *Space {
	t.Helper()
	s, err := proofs.NewSpace(m, d, proofs.Options{})
	if err != nil {
		t.Fatalf("prooftest: the space at d_k = %d: %v", d, err)
	}
	return &Space{t: t, s: s}
}

// ctx is the test's context, cancelled when the test ends.
func (s *Space) ctx() context.Context { return s.t.Context() }

// value returns v, or fails the test with what was being computed.
func (s *Space) value(what string, v rational.Value, err error) rational.Value {
	s.t.Helper()
	if err != nil {
		s.t.Fatalf("prooftest: %s at d_k = %d: %v", what, s.s.Width(), err)
	}
	return v
}

// E returns the exact mean E[x].
func (s *Space) E(x proofs.RV) rational.Value {
	s.t.Helper()
	v, err := s.s.E(s.ctx(), x)
	return s.value("E["+x.Name+"]", v, err)
}

// Var returns the exact variance Var(x).
func (s *Space) Var(x proofs.RV) rational.Value {
	s.t.Helper()
	v, err := s.s.Var(s.ctx(), x)
	return s.value("Var("+x.Name+")", v, err)
}

// Cov returns the exact covariance Cov(x, y).
func (s *Space) Cov(x, y proofs.RV) rational.Value {
	s.t.Helper()
	v, err := s.s.Cov(s.ctx(), x, y)
	return s.value("Cov("+x.Name+", "+y.Name+")", v, err)
}

// Independent returns whether the variables are independent
// (proofs.Space.Independent), such as q_1 and k_1.
func (s *Space) Independent(xs ...proofs.RV) proofs.Independence {
	s.t.Helper()
	in, err := s.s.Independent(s.ctx(), xs...)
	if err != nil {
		s.t.Fatalf("prooftest: independence at d_k = %d: %v", s.s.Width(), err)
	}
	return in
}

// IndependentGroups returns whether the groups of variables are
// independent (proofs.Space.IndependentGroups), such as {q_1, k_1}
// against {q_2, k_2}.
func (s *Space) IndependentGroups(groups ...[]proofs.RV) proofs.Independence {
	s.t.Helper()
	in, err := s.s.IndependentGroups(s.ctx(), groups...)
	if err != nil {
		s.t.Fatalf("prooftest: independence at d_k = %d: %v", s.s.Width(), err)
	}
	return in
}

// Alphabet returns the alphabet rational.ParseAlphabet reads from s, such
// as "±2" or "-1,0:2,1", or fails the test.
func Alphabet(t testing.TB, s string) rational.Alphabet {
	t.Helper()
	a, err := rational.ParseAlphabet(s)
	if err != nil {
		t.Fatalf("prooftest: alphabet %q: %v", s, err)
	}
	return a
}

// Equal checks the step got = want exactly, and reports a failure with
// both values; it returns whether they are equal.
func Equal(t testing.TB, step string, got, want rational.Value) bool {
	t.Helper()
	if got.Cmp(want) != 0 {
		t.Errorf("%s: got %s, want %s", step, got, want)
		return false
	}
	return true
}

// Prove checks the proof for every width, and at the widths ds, and
// returns its transcript. It fails the test when the proof cannot be
// computed (at once) or when any step fails (reporting the diagnosis and
// going on): for a model whose proof must fail, use ProveFails.
func Prove(t testing.TB, m proofs.Model, ds ...int) *proofs.Transcript {
	t.Helper()
	tr := prove(t, m, ds)
	if !tr.Holds() {
		t.Errorf("prooftest: the proof fails for %s%s", m, diagnosis(tr))
	}
	return tr
}

// ProveFails checks the proof for every width, and at the widths ds, of a
// model whose proof must fail, and returns its transcript (whose
// Diagnosis says why). It fails the test when the proof cannot be
// computed (at once) or when every step holds.
func ProveFails(t testing.TB, m proofs.Model, ds ...int) *proofs.Transcript {
	t.Helper()
	tr := prove(t, m, ds)
	if tr.Holds() {
		t.Errorf("prooftest: the proof holds for %s, but was expected to fail", m)
	}
	return tr
}

func prove(t testing.TB, m proofs.Model, ds []int) *proofs.Transcript {
	t.Helper()
	tr, err := proofs.Prove(t.Context(), m, ds, proofs.Options{})
	if err != nil {
		t.Fatalf("prooftest: %v", err)
	}
	return tr
}

// diagnosis writes where a failed proof breaks, for a test's message.
func diagnosis(tr *proofs.Transcript) string {
	dg := tr.Diagnosis
	if dg == nil {
		return ""
	}
	var b strings.Builder
	for _, h := range dg.Broken {
		b.WriteString("\n\thypothesis broken: " + h)
	}
	if dg.ReasoningStep > 0 {
		fmt.Fprintf(&b, "\n\tthe reasoning breaks at Step %d: %s", dg.ReasoningStep, dg.ReasoningFailure)
	}
	return b.String()
}

// EqualFormula checks got = want as functions of d_k (proofs.Formula.Equal),
// and reports a failure with both formulas; it returns whether they are
// equal.
func EqualFormula(t testing.TB, what string, got, want proofs.Formula) bool {
	t.Helper()
	if !got.Equal(want) {
		t.Errorf("%s: got %s, want %s", what, got, want)
		return false
	}
	return true
}

// Formula returns the formula in d_k of the left side of the run's
// assertion id (an assertion of Steps 4 and 5 for every width, such as
// proofs.IDVarScore), or fails the test.
func Formula(t testing.TB, r proofs.Run, id string) proofs.Formula {
	t.Helper()
	a := assertion(t, r, id)
	if a.LeftFormula == nil {
		t.Fatalf("prooftest: %s is not a formula in d_k: %s", id, a)
	}
	return *a.LeftFormula
}

// Holds checks that the run's assertion id holds (checked or by
// construction) and returns it.
func Holds(t testing.TB, r proofs.Run, id string) proofs.Assertion {
	t.Helper()
	a := assertion(t, r, id)
	if !a.Holds {
		t.Errorf("%s fails: %s", id, a)
	}
	return a
}

// Fails checks that the run's assertion id fails and returns it.
func Fails(t testing.TB, r proofs.Run, id string) proofs.Assertion {
	t.Helper()
	a := assertion(t, r, id)
	if a.Holds {
		t.Errorf("%s holds: %s", id, a)
	}
	return a
}

func assertion(t testing.TB, r proofs.Run, id string) proofs.Assertion {
	t.Helper()
	a, ok := r.Assertion(id)
	if !ok {
		t.Fatalf("prooftest: the run has no assertion %q", id)
	}
	return a
}
