package proofs

import (
	"math/big"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// allIDs are the exported assertion IDs, in the order ids.go lists them.
var allIDs = []string{IDMeanQ, IDMeanK, IDVarQ, IDVarK, IDSquareQ, IDSquareK, IDIndepQK, IDIndepCoords, IDIndepAll,
	IDMeanTermProduct, IDMeanTerm, IDVarTermSquare, IDSquareTermProduct, IDVarTerm,
	IDIndepTermsPair, IDIndepTerms, IDCovTerms, IDEngine, IDFormula, IDVarSum, IDVarScore,
	IDDivisor, IDScaling, IDVarScaled}

// TestAssertionIDsExported: the exported IDs are exactly the diagnosis's
// hypotheses and reasoning, and every assertion of a corpus of proofs
// (every step, every width, listed or not) has one of them.
func TestAssertionIDsExported(t *testing.T) {
	want := append(slices.Clone(hypotheses), reasoning...)
	require.ElementsMatch(t, want, allIDs)
	seen := map[string]bool{}
	for _, tr := range append(verdictCorpus(t), prove(t, iid(t, "-1,1", "-1,1"), 3, 40)) {
		for _, r := range tr.all() {
			for _, st := range r.Steps {
				for _, a := range st.Assertions {
					require.Contains(t, allIDs, a.ID)
					seen[a.ID] = true
				}
			}
		}
	}
	require.Len(t, seen, len(allIDs), "every ID appears in the corpus")
}

// TestPolynomialAndEqual: Polynomial builds the formulas the proof
// prints, and Equal compares them as functions of d_k.
func TestPolynomialAndEqual(t *testing.T) {
	r := func(a, b int64) *big.Rat { return big.NewRat(a, b) }
	require.Equal(t, "16·d_k", Polynomial(nil, r(16, 1)).String())
	require.Equal(t, "80/81·d_k + 1/81·d_k²", Polynomial(r(0, 1), r(80, 81), r(1, 81)).String())
	require.True(t, Polynomial(r(0, 1), r(1, 1)).Equal(powerFormula(r(1, 1), r(1, 1))))
	require.True(t, Polynomial().Equal(Formula{}))
	require.True(t, Polynomial(r(0, 1)).Equal(Formula{}))
	require.False(t, Polynomial(r(1, 1)).Equal(Polynomial(nil, r(1, 1))), "1 and d_k differ, though equal at d_k = 1")
	require.False(t, Polynomial(r(0, 1), r(16, 1)).Equal(Polynomial(r(0, 1), r(16, 1), r(1, 1000000))))
	g := prove(t, iid(t, "±2", "±2")).General
	a, ok := g.Assertion(IDVarScore)
	require.True(t, ok)
	require.True(t, a.LeftFormula.Equal(Polynomial(nil, r(16, 1))), "%s", a.LeftFormula)
	require.Equal(t, Polynomial(nil, r(16, 1)).At(5).String(), "80")
}

// TestDiagnosisReasoningStep: with k = q the hypothesis fails in Step 1
// and the reasoning first breaks at Step 2 (E[q_i·k_i] = E[q_i]·E[k_i]);
// with entries ±2 at Step 1's E[q_i²] = 1; a law that breaks only a
// hypothesis whose failure the reasoning survives has none.
func TestDiagnosisReasoningStep(t *testing.T) {
	same := prove(t, Model{Pairs: SamePairs(alphabet(t, "-1,1"))})
	require.Equal(t, 1, same.Diagnosis.Step)
	require.Equal(t, IDIndepQK, same.Diagnosis.Failure.ID)
	require.Equal(t, 2, same.Diagnosis.ReasoningStep)
	require.Equal(t, IDMeanTermProduct, same.Diagnosis.ReasoningFailure.ID)
	twos := prove(t, iid(t, "±2", "±2"))
	require.Equal(t, 1, twos.Diagnosis.ReasoningStep)
	require.Equal(t, IDSquareQ, twos.Diagnosis.ReasoningFailure.ID)
	dep := prove(t, joint(t, "1 1 1/5\n1 1 -1/5\n1 -1 7/5\n1 -1 -7/5\n"))
	require.Equal(t, 0, dep.Diagnosis.ReasoningStep, "only q_1 and k_1 independent fails")
	require.Equal(t, "", dep.Diagnosis.ReasoningFailure.ID)
}
