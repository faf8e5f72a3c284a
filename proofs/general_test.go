package proofs

import (
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// sweepCost returns the estimated cost of the sweep's width d, as
// planSweep computes it.
func sweepCost(t *testing.T, m Model, d int) time.Duration {
	t.Helper()
	s := &Space{model: m, d: d}
	s.buildComponents()
	probs, _, err := s.engineProblems()
	require.NoError(t, err)
	_, cost, err := sweepPlans(probs, Options{})
	require.NoError(t, err)
	return cost
}

// TestSweepReach: the widths checked against enumerate are every width
// from 1 whose estimated cost fits in the check time, exactly, whatever
// the machine; the zero check time is the default.
func TestSweepReach(t *testing.T) {
	signs := rational.Signs()
	m := Model{Q: signs, K: signs}
	var sum time.Duration
	for d := 1; d <= 3; d++ {
		sum += sweepCost(t, m, d)
	}
	widths, stop := planSweep(m, Options{CheckTime: sum})
	require.Len(t, widths, 3, "a check time of exactly three widths' cost checks three")
	require.Equal(t, []int{1, 2, 3}, []int{widths[0].d, widths[1].d, widths[2].d})
	require.Equal(t, "the next width, d_k = 4, would pass the "+sum.String()+" the check may take", stop)
	widths, _ = planSweep(m, Options{CheckTime: sum - 1})
	require.Len(t, widths, 2)
	byDefault, _ := planSweep(m, Options{})
	explicit, _ := planSweep(m, Options{CheckTime: DefaultCheckTime})
	require.Len(t, byDefault, len(explicit))
	require.Greater(t, len(byDefault), 1000, "a quarter of a second of closed forms reaches past d_k = 1000 for ±1")
	// Pinned: enumerate's closed-form cost model and the planning
	// overhead decide it (update when the cost model changes).
	quickWidths, _ := planSweep(m, quick)
	require.Len(t, quickWidths, quickReach)

	tr := prove(t, m)
	f, ok := tr.General.Assertion("formula")
	require.True(t, ok)
	n, _ := planSweep(m, quick)
	require.Equal(t, widthRange(len(n)), f.Scope)
	requireValue(t, rational.NewInt(int64(len(n))), f.LeftValue, "widths that agree")
	requireValue(t, rational.NewInt(int64(len(n))), f.RightValue, "widths checked")
	require.Equal(t, "all "+widthCount(len(n))+" widths", f.Values)

	require.Equal(t, "d_k = 1", widthRange(1))
	require.Equal(t, "d_k = 1, 2", widthRange(2))
	require.Equal(t, "d_k = 1..7", widthRange(7))
}

// quickReach is how many widths the sweep checks for ±1 in quick's 5 ms.
const quickReach = 49

func widthCount(n int) string { return big.NewInt(int64(n)).String() }

// TestSweepRefused: when enumerate refuses the first width, nothing is
// checked against it, and the proof for every width says so by leaving
// the comparison out rather than claiming it.
func TestSweepRefused(t *testing.T) {
	signs := rational.Signs()
	m := Model{Q: signs, K: signs}
	tiny := enumerate.Limits{MaxTime: 2 * time.Microsecond}
	widths, stop := planSweep(m, Options{Options: enumerate.Options{Limits: tiny}})
	require.NotEmpty(t, widths, "±1: the first closed forms take less than 2 µs, estimated")
	require.Contains(t, stop, fmt.Sprintf("enumerate refuses d_k = %d: ", len(widths)+1))
	// Terms ±1 and ±1000 span a lattice whose closed form at d_k = 1
	// (2001 coefficients) takes longer than 2 µs.
	m = iid(t, "-1,1000", "±1")
	widths, stop = planSweep(m, Options{Options: enumerate.Options{Limits: tiny}})
	require.Empty(t, widths)
	require.Contains(t, stop, "enumerate refuses d_k = 1: ")
	// The proof for every width alone: under one limit for every
	// computation, the diagnosis of its failure (at d_k = 1) is refused
	// as the sweep is, so Prove as a whole would be.
	p, err := NewProof(m, nil, Options{Options: enumerate.Options{Limits: enumerate.Limits{MaxTime: time.Nanosecond}}})
	require.NoError(t, err)
	g, err := p.runGeneral(t.Context())
	require.NoError(t, err)
	_, ok := g.Assertion("formula")
	require.False(t, ok)
	a, _ := g.Assertion("var-score")
	require.Equal(t, []string{"var-term", "cov-terms"}, a.RestsOn)
	for _, s := range g.Sources {
		require.NotEqual(t, fromScore, s.Name)
	}
	require.False(t, g.holds(), "E[q_i] is not 0, whatever enumerate says")
	_, err = p.Run(t.Context())
	var le *enumerate.LimitError
	require.ErrorAs(t, err, &le, "the diagnosis at d_k = 1 is refused by the same limit")
}

// TestSweepMismatch: a formula that differs from enumerate is caught at
// the first width it differs, for the mean and for the variance.
func TestSweepMismatch(t *testing.T) {
	signs := rational.Signs()
	widths, stop := planSweep(Model{Q: signs, K: signs}, quick)
	d := powerFormula(rat("1"), rat("1"))
	res, err := runSweep(t.Context(), widths, stop, Formula{}, d)
	require.NoError(t, err)
	require.Empty(t, res.mismatch)
	require.Equal(t, len(widths), res.agreed)
	require.Equal(t, len(widths), res.checked)
	res, err = runSweep(t.Context(), widths, stop, Formula{}, varianceFormula(rat("1"), rat("1/2")))
	require.NoError(t, err)
	require.Equal(t, "at d_k = 2 enumerate gives Var(q·k) = 2, the formula 1/2·d_k + 1/2·d_k² = 3", res.mismatch)
	require.Equal(t, 2, res.at)
	require.Equal(t, 2, res.checked)
	require.Equal(t, 1, res.agreed)
	requireValue(t, rational.NewInt(2), res.got, "enumerate")
	requireValue(t, rational.NewInt(3), res.want, "formula")
	res, err = runSweep(t.Context(), widths, stop, d, d)
	require.NoError(t, err)
	require.Equal(t, "at d_k = 1 enumerate gives E[q·k] = 0, the formula d_k = 1", res.mismatch)

	// A proof whose engine is wrong at d_k = 2 (it computes width 3
	// there): the comparison fails, and is the counterexample.
	p, err := NewProof(Model{Q: signs, K: signs}, nil, quick)
	require.NoError(t, err)
	p.sweep[1].plans = p.sweep[2].plans
	tr, err := p.Run(t.Context())
	require.NoError(t, err)
	require.Equal(t, []string{"formula"}, failing(*tr.General))
	f, _ := tr.General.Assertion("formula")
	require.Equal(t, "at d_k = 2 enumerate gives Var(q·k) = 3, the formula d_k = 2", f.Detail)
	require.Equal(t, "enumerate at d_k = 2", f.Left)
	require.Equal(t, "3 ≠ 2", f.Values)
	require.Equal(t, 2, tr.Diagnosis.Smallest)
	require.Equal(t, 4, tr.Diagnosis.Step)
	require.Equal(t, "formula", tr.Diagnosis.Failure.ID)
	require.True(t, containsLine(tr.Diagnosis.Reasons, "Step 4, every d_k: E[q·k] = d_k·E[q_i·k_i] and Var(q·k) = d_k·Var(q_i·k_i) + d_k(d_k−1)·Cov(q_i·k_i, q_j·k_j) fails (at d_k = 2 enumerate gives Var(q·k) = 3, the formula d_k = 2)"),
		"%v", tr.Diagnosis.Reasons)
}

// TestByConstructionWhereTheModelMakesIt: a fact is by construction only
// on a law built to make it true: a product of alphabets, or of two
// copies of a pair law at a width too large to list; on a listing it is
// checked.
func TestByConstructionWhereTheModelMakesIt(t *testing.T) {
	signs := rational.Signs()
	for _, c := range []struct {
		m                     Model
		d                     int
		indepQK, indepCoords  string
		general, generalPairs string
	}{
		{Model{Q: signs, K: signs}, 12, byIndependentAlphabets, byIndependentPairs, byIndependentAlphabets, byIndependentPairs},
		{Model{Pairs: ProductPairs(signs, signs)}, 12, "", byIndependentPairs, "", byIndependentPairs},
		{Model{Q: signs, K: signs}, 2, "", "", byIndependentAlphabets, byIndependentPairs},
		{Model{Q: signs, K: signs, Tie: TieK}, 2, "", "", byIndependentAlphabets, ""},
	} {
		tr := prove(t, c.m, c.d)
		a, _ := tr.Runs[0].Assertion("indep-qk")
		require.Equal(t, c.indepQK, a.ByConstruction, "%s at %d: indep-qk", c.m, c.d)
		require.True(t, a.Holds)
		for _, id := range []string{"indep-coords", "indep-terms-pair", "cov-terms"} {
			a, _ = tr.Runs[0].Assertion(id)
			if a.Holds {
				require.Equal(t, c.indepCoords, a.ByConstruction, "%s at %d: %s", c.m, c.d, id)
			}
		}
		a, _ = tr.General.Assertion("mean-term-product")
		require.Equal(t, c.general, a.ByConstruction, "%s: mean-term-product", c.m)
		a, _ = tr.General.Assertion("cov-terms")
		require.Equal(t, c.generalPairs, a.ByConstruction, "%s: cov-terms", c.m)
		for id, scope := range map[string]string{"mean-q": "every i", "indep-coords": "every i < j", "var-score": "every d_k", "divisor": "every d_k"} {
			a, _ = tr.General.Assertion(id)
			require.Equal(t, scope, a.Scope, id)
		}
	}
	require.Equal(t, "by construction: why", constructed(Equal("x", unit, "1", unit), "why").verdictText())
	require.Equal(t, "FAILS", constructed(Equal("x", zero, "1", unit), "why").verdictText(), "a failing assertion is never by construction")
	require.Equal(t, "holds", constructed(Equal("x", unit, "1", unit), "").verdictText())
}

// TestSameIndices: a reason's sentence writes the assertion and what it
// rests on with one kind of index.
func TestSameIndices(t *testing.T) {
	symbolic := Assertion{Statement: "E[q_i·k_i] = 0", Because: "E[q_i·k_i] = 1", Scope: "i = 1..3", at: [][2]int{{1, 0}, {2, 0}, {3, 0}}}
	numbered := Assertion{Statement: "q_2 and k_2 independent", at: [][2]int{{2, 0}}}
	pair := Assertion{Statement: "Cov(q_i·k_i, q_j·k_j) = 0", Scope: "all 3 pairs i < j", at: [][2]int{{1, 2}, {1, 3}, {2, 3}}}
	a, ps := sameIndices(symbolic, []Assertion{numbered})
	require.Equal(t, "E[q_2·k_2] = 0", a.Statement)
	require.Equal(t, "E[q_2·k_2] = 1", a.Because)
	require.Empty(t, a.Scope)
	require.Equal(t, "q_2 and k_2 independent", ps[0].Statement)
	a, ps = sameIndices(numbered, []Assertion{symbolic})
	require.Equal(t, "q_2 and k_2 independent", a.Statement)
	require.Equal(t, "E[q_2·k_2] = 0", ps[0].Statement)
	whole := Assertion{Statement: "Var(q·k) = Var(q_1·k_1) + Var(q_2·k_2)"}
	_, ps = sameIndices(whole, []Assertion{pair})
	require.Equal(t, "Cov(q_1·k_1, q_2·k_2) = 0", ps[0].Statement, "the first pair it fails at")
	a, ps = sameIndices(symbolic, []Assertion{pair})
	require.Equal(t, symbolic.Statement, a.Statement, "nothing numbered: as they are")
	require.Equal(t, pair.Statement, ps[0].Statement)
	general := Assertion{Statement: "Var(q·k) = d_k"}
	a, _ = sameIndices(general, []Assertion{{Statement: "Var(q_i·k_i) = 1"}})
	require.Equal(t, "Var(q·k) = d_k", a.Statement)
	require.Equal(t, [2]int{2, 0}, nearest([][2]int{{1, 0}, {2, 0}}, [2]int{2, 0}))
	require.Equal(t, [2]int{1, 0}, nearest([][2]int{{1, 0}, {2, 0}}, [2]int{3, 0}), "the first of the same kind")
	require.Equal(t, [2]int{1, 3}, nearest([][2]int{{1, 3}}, [2]int{2, 4}), "a pair for a pair")
	require.Equal(t, [2]int{1, 3}, nearest([][2]int{{1, 3}}, [2]int{2, 0}), "no index of that kind: the first")
	require.Equal(t, [2]int{2, 0}, nearest([][2]int{{1, 2}, {2, 0}}, [2]int{5, 0}))
}

// TestSmallestCounterexample: the smallest width whose steps fail, found
// from 1 whether or not widths were asked for.
func TestSmallestCounterexample(t *testing.T) {
	signs := rational.Signs()
	for _, c := range []struct {
		m        Model
		ds       []int
		smallest int
	}{
		{Model{Q: signs, K: signs, Tie: TieBoth}, []int{2}, 2},
		{Model{Q: signs, K: signs, Tie: TieBoth}, nil, 2},
		{iid(t, "0,2", "1"), nil, 1},
		{iid(t, "0,2", "1"), []int{3}, 1},
		{Model{Q: signs, K: signs, Tie: TieQ}, []int{4, 3}, 2},
	} {
		tr := prove(t, c.m, c.ds...)
		require.Equal(t, c.smallest, tr.Diagnosis.Smallest, "%s %v", c.m, c.ds)
	}
}

// TestPremiseAtTheSameIndex: a premise is named at the index of the
// assertion that rests on it, not at the first index it fails at: here
// E[q_1] and E[q_2] both fail, and only E[q_2²] = 1 does.
func TestPremiseAtTheSameIndex(t *testing.T) {
	// q_1 = ±1 with P(1) = 3/4, q_2 = 0 or 2, independent; k = (1, 1).
	tr := prove(t, joint(t, "1 -1,0 1,1\n1 -1,2 1,1\n3 1,0 1,1\n3 1,2 1,1\n"))
	r := tr.Runs[0]
	a, _ := r.Assertion("square-q")
	require.Equal(t, "E[q_2²] = 1", a.Statement)
	require.True(t, containsLine(tr.Diagnosis.Reasons, "Step 1, d_k = 2: E[q_2²] = 1 fails (2 ≠ 1): E[q_2²] = Var(q_2) + E[q_2]² = 1 + 1² = 2; it rests on E[q_2] = 0, which fails."),
		"Var(q_2) = 1 holds, whatever Var(q_1): %v", tr.Diagnosis.Reasons)
	require.True(t, containsLine(tr.Diagnosis.Reasons, "it rests on Var(q_1·k_1) = E[(q_1·k_1)²], which fails."),
		"E[q_1²] = 1 holds, whatever E[q_2²]: %v", tr.Diagnosis.Reasons)
}

// TestScoreLawSource: the law of q·k says how enumerate computed it, and
// how many pairs it counted one by one (none for the closed form).
func TestScoreLawSource(t *testing.T) {
	signs := rational.Signs()
	for _, c := range []struct {
		m      Model
		d      int
		source string
	}{
		{Model{Q: signs, K: signs}, 2, "the law of q·k from enumerate, brute force (16 pairs counted one by one)"},
		{Model{Q: signs, K: signs}, 1, "the law of q·k from enumerate, brute force (4 pairs counted one by one)"},
		{Model{Q: signs, K: signs}, 64, "the law of q·k from enumerate, closed form"},
		{Model{Q: signs, K: signs, Tie: TieQ}, 2, "the law of q·k from enumerate, brute force (8 pairs counted one by one), one problem per value of the tied entry (2), weighted by its probability"},
	} {
		tr := prove(t, c.m, c.d)
		var got string
		for _, s := range tr.Runs[0].Sources {
			if s.Name == fromScore {
				got = s.Description
			}
		}
		require.Equal(t, c.source, got, "%s at %d", c.m, c.d)
	}
}
