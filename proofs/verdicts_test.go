package proofs

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// verdictCorpus are transcripts whose every assertion kind appears, failing
// and holding: the lesson's law, k = q, a tie, a pair law and a joint law.
func verdictCorpus(t *testing.T) []*Transcript {
	return []*Transcript{
		prove(t, iid(t, "-1,1", "-1,1"), 1, 2),
		prove(t, Model{Pairs: SamePairs(alphabet(t, "-1,1"))}, 1, 2),
		prove(t, Model{Q: alphabet(t, "-1,1"), K: alphabet(t, "-1:4,1:5"), Tie: TieQ}, 2),
		prove(t, pairs(t, "1 1/5,1 -1/5,-1 7/5,-1 -7/5"), 1, 2),
		prove(t, joint(t, "1 1 1\n1 -1 -1\n")),
	}
}

// TestEveryAssertionDecidesItsStep: for every assertion of every step of
// the corpus, a transcript in which that assertion alone fails is a
// failing step, run and transcript, whatever its place in the step (a
// verdict that skipped the last assertion once passed every test).
func TestEveryAssertionDecidesItsStep(t *testing.T) {
	for _, tr := range verdictCorpus(t) {
		runs := tr.all()
		for r := range runs {
			for s := range runs[r].Steps {
				for a := range runs[r].Steps[s].Assertions {
					c := holdingCopy(tr)
					cr := c.all()
					require.True(t, c.Holds())
					cr[r].Steps[s].Assertions[a].Holds = false
					if r == 0 && c.General != nil {
						c.General = &cr[0]
					} else if c.General != nil {
						c.Runs[r-1] = cr[r]
					} else {
						c.Runs[r] = cr[r]
					}
					id := cr[r].Steps[s].Assertions[a].ID
					require.False(t, cr[r].Steps[s].holds(), "step %d, %s", s+1, id)
					f, fails := cr[r].Steps[s].FirstFailure()
					require.True(t, fails)
					require.Equal(t, id, f.ID)
					require.False(t, cr[r].holds(), "%s", id)
					require.False(t, c.Holds(), "%s in step %d of %d", id, s+1, len(cr[r].Steps[s].Assertions))
				}
			}
		}
	}
}

// holdingCopy returns a deep copy of the transcript's runs with every
// assertion holding.
func holdingCopy(tr *Transcript) *Transcript {
	c := *tr
	cp := func(r Run) Run {
		steps := make([]Step, len(r.Steps))
		for i, st := range r.Steps {
			st.Assertions = append([]Assertion(nil), st.Assertions...)
			for n := range st.Assertions {
				st.Assertions[n].Holds = true
			}
			steps[i] = st
		}
		r.Steps = steps
		return r
	}
	if tr.General != nil {
		g := cp(*tr.General)
		c.General = &g
	}
	c.Runs = nil
	for _, r := range tr.Runs {
		c.Runs = append(c.Runs, cp(r))
	}
	return &c
}

// TestDependentWidthOneFailsOnlyIndependence: a joint law at d_k = 1 with
// q = ±1 and k = ±1/5 or ±7/5 as q is 1 or −1 has every moment of the
// lesson (E = 0, E[q²] = E[k²] = 1, E[q·k] = 0, E[(q·k)²] = 1), so its
// only failing assertion is q_1 and k_1 independent, the last of Step 1:
// the proof fails, and the diagnosis says why.
func TestDependentWidthOneFailsOnlyIndependence(t *testing.T) {
	tr := prove(t, joint(t, "1 1 1/5\n1 1 -1/5\n1 -1 7/5\n1 -1 -7/5\n"))
	require.Len(t, tr.Runs, 1)
	r := tr.Runs[0]
	require.Equal(t, []string{"indep-qk"}, failing(r))
	st := r.Steps[0]
	require.Equal(t, "indep-qk", st.Assertions[len(st.Assertions)-1].ID, "the failing assertion is the step's last")
	require.False(t, tr.Holds())
	require.NotNil(t, tr.Diagnosis)
	require.True(t, tr.ConclusionHolds(), "Var(q·k) = 1 all the same")
}
