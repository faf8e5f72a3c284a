package proofs

import (
	"context"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// short reports whether to run only the quick cases: in -short mode, and
// with the quick build tag (mutation testing sets it), which runs the tests
// once per mutant.
func short() bool { return testing.Short() || quickOnly }

func alphabet(t testing.TB, s string) rational.Alphabet {
	t.Helper()
	a, err := rational.ParseAlphabet(s)
	require.NoError(t, err)
	return a
}

// iid is the model of q_i from q and k_i from k, all independent.
func iid(t testing.TB, q, k string) Model {
	return Model{Q: alphabet(t, q), K: alphabet(t, k)}
}

func pairs(t testing.TB, s string) Model {
	t.Helper()
	l, err := ParsePairLaw(s)
	require.NoError(t, err)
	return Model{Pairs: l}
}

func joint(t testing.TB, text string) Model {
	t.Helper()
	j, err := ReadJointLaw("", strings.NewReader(text))
	require.NoError(t, err)
	return Model{Joint: j}
}

// quick are the options of most tests: the formula for every width is
// checked against enumerate for a few milliseconds, enough for a few
// dozen widths.
var quick = Options{CheckTime: 5 * time.Millisecond}

func prove(t testing.TB, m Model, ds ...int) *Transcript {
	t.Helper()
	tr, err := Prove(context.Background(), m, ds, quick)
	require.NoError(t, err)
	return tr
}

func space(t testing.TB, m Model, d int) *Space {
	t.Helper()
	s, err := NewSpace(m, d, Options{})
	require.NoError(t, err)
	return s
}

// failing returns the IDs of the run's assertions that fail, sorted.
func failing(r Run) []string {
	seen := map[string]bool{}
	for _, st := range r.Steps {
		for _, a := range st.Assertions {
			if !a.Holds {
				seen[a.ID] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for id := range seen {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// value returns the left value of the first failing instance of id, or of
// its first instance.
func value(t testing.TB, r Run, id string) rational.Value {
	t.Helper()
	a, _, found, _ := r.assertion(id)
	require.True(t, found, "d_k = %d has no assertion %q", r.D, id)
	return a.LeftValue
}

// requireValue requires the exact value v, printing both on failure.
func requireValue(t testing.TB, want, got rational.Value, what string) {
	t.Helper()
	require.Zero(t, want.Cmp(got), "%s: got %s, want %s", what, got, want)
}
