package prooftest

import (
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

// recorder is a test that records what a helper reports; Fatalf stops the
// helper, as testing.T's does, by a panic the caller recovers.
type recorder struct {
	testing.TB
	errors, fatals []string
}

type fatal struct{}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, a...))
}
func (r *recorder) Fatalf(format string, a ...any) {
	r.fatals = append(r.fatals, fmt.Sprintf(format, a...))
	panic(fatal{})
}

// run calls f with a recorder, stopping where a helper calls Fatalf.
func run(t *testing.T, f func(r *recorder)) *recorder {
	r := &recorder{TB: t}
	func() {
		defer func() {
			if p := recover(); p != nil && p != (fatal{}) {
				panic(p)
			}
		}()
		f(r)
	}()
	return r
}

// TestHelpersFail: every helper reports what breaks, with the values.
func TestHelpersFail(t *testing.T) {
	signs := rational.Signs()
	m := proofs.Model{Q: signs, K: signs}
	r := run(t, func(r *recorder) {
		require.True(t, Equal(r, "x", rational.NewInt(1), rational.NewInt(1)))
		require.False(t, Equal(r, "Var(q·k)", rational.NewInt(3), rational.NewInt(2)))
	})
	require.Equal(t, []string{"Var(q·k): got 3, want 2"}, r.errors)

	r = run(t, func(r *recorder) { NewSpace(r, m, 0) })
	require.Len(t, r.fatals, 1)
	require.Contains(t, r.fatals[0], "the space at d_k = 0")

	s := NewSpace(t, m, 40) // not listed: a variable of the whole outcome cannot be computed
	whole := proofs.Func("f", nil)
	for name, f := range map[string]func(r *recorder){
		"E":           func(r *recorder) { s.t = r; s.E(whole) },
		"Var":         func(r *recorder) { s.t = r; s.Var(whole) },
		"Cov":         func(r *recorder) { s.t = r; s.Cov(whole, proofs.Q(1)) },
		"Independent": func(r *recorder) { s.t = r; s.Independent(whole, proofs.Q(1)) },
		"IndependentGroups": func(r *recorder) {
			s.t = r
			s.IndependentGroups([]proofs.RV{whole}, []proofs.RV{proofs.Q(1)})
		},
	} {
		r = run(t, f)
		require.Len(t, r.fatals, 1, name)
		require.Contains(t, r.fatals[0], "at d_k = 40", name)
	}

	g := *ProveFails(t, proofs.Model{Pairs: proofs.SamePairs(signs)}).General
	r = run(t, func(r *recorder) {
		Holds(r, g, "mean-q")
		Fails(r, g, "indep-qk")
		Holds(r, g, "indep-qk")
		Fails(r, g, "mean-q")
	})
	require.Len(t, r.errors, 2)
	require.Contains(t, r.errors[0], "indep-qk fails: q_i and k_i independent (every i)")
	require.Contains(t, r.errors[1], "mean-q holds: E[q_i] = 0 (every i): both 0: holds")
	r = run(t, func(r *recorder) { Holds(r, g, "no-such") })
	require.Equal(t, []string{`prooftest: the run has no assertion "no-such"`}, r.fatals)
	r = run(t, func(r *recorder) { Prove(r, proofs.Model{}) })
	require.Len(t, r.fatals, 1)
	r = run(t, func(r *recorder) { ProveFails(r, proofs.Model{}) })
	require.Len(t, r.fatals, 1)
	r = run(t, func(r *recorder) { Alphabet(r, "1:0") })
	require.Len(t, r.fatals, 1)
	require.Contains(t, r.fatals[0], `prooftest: alphabet "1:0"`)
	r = run(t, func(r *recorder) { Formula(r, Prove(t, m, 2).Runs[0], proofs.IDVarScore) })
	require.Len(t, r.fatals, 1)
	require.Contains(t, r.fatals[0], "prooftest: var-score is not a formula in d_k")

	// Prove fails the test on a failing proof, saying where it breaks;
	// ProveFails on a proof that holds.
	r = run(t, func(r *recorder) { Prove(r, proofs.Model{Pairs: proofs.SamePairs(signs)}) })
	require.Len(t, r.errors, 1)
	require.Contains(t, r.errors[0], "prooftest: the proof fails for (q_i, k_i) from the pairs")
	require.Contains(t, r.errors[0], "hypothesis broken: independent, for every d_k: q_i and k_i independent is false")
	require.Contains(t, r.errors[0], "the reasoning breaks at Step 2: E[q_i·k_i] = E[q_i]·E[k_i]")
	// A diagnosis with a broken hypothesis and no step of the reasoning
	// broken names no step.
	msg := diagnosis(&proofs.Transcript{Diagnosis: &proofs.Diagnosis{Broken: []string{"h"}}})
	require.Equal(t, "\n\thypothesis broken: h", msg)
	r = run(t, func(r *recorder) { Prove(r, m, 2) })
	require.Empty(t, r.errors)
	r = run(t, func(r *recorder) { ProveFails(r, m, 2) })
	require.Equal(t, []string{"prooftest: the proof holds for q_i from {-1,1}, k_i from {-1,1}, independently; coordinates independent, but was expected to fail"}, r.errors)
	r = run(t, func(r *recorder) { ProveFails(r, proofs.Model{Pairs: proofs.SamePairs(signs)}) })
	require.Empty(t, r.errors)

	sixteen := proofs.Polynomial(nil, big.NewRat(16, 1))
	r = run(t, func(r *recorder) {
		require.True(t, EqualFormula(r, "Var(q·k)", sixteen, proofs.Polynomial(big.NewRat(0, 1), big.NewRat(16, 1))))
		require.False(t, EqualFormula(r, "Var(q·k)", sixteen, proofs.Polynomial(nil, big.NewRat(1, 1))))
	})
	require.Equal(t, []string{"Var(q·k): got 16·d_k, want d_k"}, r.errors)
	require.True(t, Formula(t, *Prove(t, m).General, proofs.IDVarScore).Equal(proofs.Polynomial(nil, big.NewRat(1, 1))))
}

// TestSpaceValues: the helpers return the space's own values.
func TestSpaceValues(t *testing.T) {
	s := NewSpace(t, proofs.Model{Q: rational.Signs(), K: rational.Signs()}, 3)
	require.Zero(t, s.Var(proofs.Score()).Cmp(rational.NewInt(3)))
	require.Zero(t, s.E(proofs.Times(proofs.Q(1), proofs.Q(1))).Cmp(rational.NewInt(1)))
	require.Zero(t, s.Cov(proofs.Term(1), proofs.Score()).Cmp(rational.NewInt(1)))
	require.True(t, s.IndependentGroups([]proofs.RV{proofs.Q(1), proofs.K(1)}, []proofs.RV{proofs.Q(2)}).Holds)
	require.True(t, s.Independent(proofs.Q(1), proofs.K(1), proofs.Term(2)).Holds)
	require.False(t, s.Independent(proofs.Term(1), proofs.Score()).Holds)
}

// TestLessonProofIsShort: the teacher's whole proof, for d_k = 4, 64 and
// every d_k, fits in 40 lines.
func TestLessonProofIsShort(t *testing.T) {
	src, err := os.ReadFile("lesson_test.go")
	require.NoError(t, err)
	_, body, ok := strings.Cut(string(src), "func TestLessonProof(t *testing.T) {\n")
	require.True(t, ok)
	body, _, ok = strings.Cut(body, "\n}\n")
	require.True(t, ok)
	lines := strings.Count(body, "\n") + 3 // with its first and last lines
	require.LessOrEqual(t, lines, 40, "the teacher's proof has %d lines", lines)
}

// TestTeacherProofIsTheDoc: docs/teacher-proof-test.md shows
// teacher_test.go exactly, and its test fits in 40 lines.
func TestTeacherProofIsTheDoc(t *testing.T) {
	src, err := os.ReadFile("teacher_test.go")
	require.NoError(t, err)
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "teacher-proof-test.md"))
	require.NoError(t, err)
	_, block, ok := strings.Cut(string(doc), "```go\n")
	require.True(t, ok)
	block, _, ok = strings.Cut(block, "```\n")
	require.True(t, ok)
	require.Equal(t, string(src), block, "docs/teacher-proof-test.md must show teacher_test.go as it is")
	_, body, ok := strings.Cut(string(src), "func TestTeacherProofs(t *testing.T) {\n")
	require.True(t, ok)
	body, _, ok = strings.Cut(body, "\n}\n")
	require.True(t, ok)
	lines := strings.Count(body, "\n") + 3
	require.LessOrEqual(t, lines, 40, "the teacher's three proofs take %d lines", lines)
}
