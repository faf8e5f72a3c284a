package proofs

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// unitAlphabets are zero-mean, unit-variance alphabets, skewed ones
// included: the proof must hold for all of them, not only for ±1.
var unitAlphabets = []string{
	"-1,1",
	"-2:1,1/2:4", // skewed: E[x³] = -3/2
	"-3:1,1/3:9", // skewed the other way round, with fractions
	"-1:3,1:3",   // multiplicities that cancel
	"-2,0:6,2",   // kurtosis 4: most entries are 0
}

// widths returns the widths a test checks: fewer in -short mode.
func widths(t *testing.T) []int {
	if testing.Short() {
		return []int{1, 2, 3}
	}
	return []int{1, 2, 3, 4, 5}
}

func space(t *testing.T, q, k string, d int) *Space {
	t.Helper()
	qa, err := rational.ParseAlphabet(q)
	require.NoError(t, err)
	ka, err := rational.ParseAlphabet(k)
	require.NoError(t, err)
	s, err := NewSpace(qa, ka, d)
	require.NoError(t, err)
	return s
}

// requireStep runs one step on every unit-variance alphabet (q and k from
// the same one and from two different ones) at every width, logs each
// equality with both sides and requires all of them to hold.
func requireStep(t *testing.T, step func(*Space) Step) {
	for _, q := range unitAlphabets {
		ks := []string{q}
		if q != "-1,1" {
			ks = append(ks, "-1,1")
		}
		for _, k := range ks {
			for _, d := range widths(t) {
				st := step(space(t, q, k, d))
				t.Logf("q from {%s}, k from {%s}, d_k = %d: Step %d, %s: %s", q, k, d, st.Number, st.Title, st.Statement)
				for _, c := range st.Equalities {
					t.Log("    " + c.String())
					require.True(t, c.Holds, "q from {%s}, k from {%s}, d_k = %d: %s", q, k, d, c)
				}
			}
		}
	}
}

// requireFails requires the step to fail for alphabet a at width d with the
// equality named by template, and that equality's left side to be want.
func requireFails(t *testing.T, step func(*Space) Step, a string, d int, template string, want rational.Value) {
	t.Helper()
	st := step(space(t, a, a, d))
	for _, c := range st.Equalities {
		if c.Template == template && !c.Holds {
			t.Logf("entries {%s}, d_k = %d, as expected: %s", a, d, c)
			require.Zero(t, c.LeftValue.Cmp(want), "%s: left side %s, want %s", c.Statement, c.LeftValue, want)
			return
		}
	}
	t.Fatalf("entries {%s}, d_k = %d: Step %d did not fail on %q; equalities: %v", a, d, st.Number, template, st.Equalities)
}

func TestStep1(t *testing.T) {
	requireStep(t, Step1)
	requireFails(t, Step1, "0,1", 2, "E[q_i] = 0", rational.NewFrac(1, 2))
	requireFails(t, Step1, "-2,2", 2, "E[q_i²] = 1", rational.NewInt(4))
}

func TestStep2(t *testing.T) {
	requireStep(t, Step2)
	// Entries 0 or 1 have mean ½, so one term has mean ¼, not 0.
	requireFails(t, Step2, "0,1", 1, "E[q_i·k_i] = 0", rational.NewFrac(1, 4))
}

func TestStep3(t *testing.T) {
	requireStep(t, Step3)
	// Entries ±2: one product has variance 2²·2² = 16.
	requireFails(t, Step3, "-2,2", 1, "Var(q_i·k_i) = 1", rational.NewInt(16))
}

func TestStep4(t *testing.T) {
	requireStep(t, Step4)
	requireFails(t, Step4, "-2,2", 3, "Var(q·k) = d_k", rational.NewInt(48))
}

func TestStep5(t *testing.T) {
	requireStep(t, Step5)
	// Entries ±2: the scaled score still has variance 16, std 4.
	requireFails(t, Step5, "-2,2", 4, "Var(q·k/√d_k) = 1", rational.NewInt(16))
}
