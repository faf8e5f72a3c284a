package prooftest

import (
	"fmt"
	"os"
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
		"Independent": func(r *recorder) { s.t = r; s.Independent() },
	} {
		r = run(t, f)
		require.Len(t, r.fatals, 1, name)
		require.Contains(t, r.fatals[0], "at d_k = 40", name)
	}

	g := *Prove(t, proofs.Model{Pairs: proofs.SamePairs(signs)}).General
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
}

// TestSpaceValues: the helpers return the space's own values.
func TestSpaceValues(t *testing.T) {
	s := NewSpace(t, proofs.Model{Q: rational.Signs(), K: rational.Signs()}, 3)
	require.Zero(t, s.Var(proofs.Score()).Cmp(rational.NewInt(3)))
	require.Zero(t, s.E(proofs.Times(proofs.Q(1), proofs.Q(1))).Cmp(rational.NewInt(1)))
	require.Zero(t, s.Cov(proofs.Term(1), proofs.Score()).Cmp(rational.NewInt(1)))
	require.True(t, s.Independent([]proofs.RV{proofs.Q(1), proofs.K(1)}, []proofs.RV{proofs.Q(2)}).Holds)
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
