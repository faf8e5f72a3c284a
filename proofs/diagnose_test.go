package proofs

import (
	"context"
	"math/big"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// TestDiagnosisWitnesses pins the smallest counterexample and the outcome
// shown for it: the smallest |q·k| whose score outweighs its opposite for
// a mean, the outcome furthest from the mean for a variance too large.
func TestDiagnosisWitnesses(t *testing.T) {
	for _, c := range []struct {
		name     string
		model    Model
		ds       []int
		smallest int
		step     int
		pair     string
		pairStep int
		instead  []string
	}{
		{"entries 0 or 1", iid(t, "0,1", "0,1"), []int{2}, 1, 1,
			"q = (1), k = (1) has q·k = 1; P(q·k = 1) = 1/4 but P(q·k = -1) = 0, so the scores do not cancel on average", 2,
			[]string{"one term has E[q_i·k_i] = 1/4 and Var(q_i·k_i) = 3/16, two have Cov(q_i·k_i, q_j·k_j) = 0, so for every d_k: E[q·k] = 1/4·d_k and Var(q·k) = 3/16·d_k",
				"q·k/√d_k has mean 1/4·√d_k, which grows like √d_k as d_k grows: dividing fixes the spread, not the mean"}},
		{"entries ±2", iid(t, "±2", "±2"), []int{3, 2}, 1, 1,
			"q = (-2), k = (2) has q·k = -4: its squared distance from the mean is 16, where the claim needs an average of 1", 4,
			[]string{"one term has E[q_i·k_i] = 0 and Var(q_i·k_i) = 16, two have Cov(q_i·k_i, q_j·k_j) = 0, so for every d_k: E[q·k] = 0 and Var(q·k) = 16·d_k"}},
		{"k = 1", iid(t, "0,2", "1"), []int{2}, 1, 1,
			"q = (2), k = (1) has q·k = 2; P(q·k = 2) = 1/2 but P(q·k = -2) = 0, so the scores do not cancel on average", 2,
			[]string{"one term has E[q_i·k_i] = 1 and Var(q_i·k_i) = 1, two have Cov(q_i·k_i, q_j·k_j) = 0, so for every d_k: E[q·k] = d_k and Var(q·k) = d_k",
				"q·k/√d_k has mean √d_k, which grows like √d_k as d_k grows: dividing fixes the spread, not the mean"}},
		{"both tied, widths given downwards", Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieBoth}, []int{3, 2}, 2, 1,
			"q = (-1, -1), k = (1, 1) has q·k = -2: its squared distance from the mean is 4, where the claim needs an average of 2", 4,
			[]string{"one term has E[q_i·k_i] = 0 and Var(q_i·k_i) = 1, two have Cov(q_i·k_i, q_j·k_j) = 1, so for every d_k: E[q·k] = 0 and Var(q·k) = d_k²"}},
		// Scores 0, 1 and 2, one outcome each: 1 and 2 outweigh −1 and −2;
		// the smaller is shown.
		{"a joint law with two lopsided scores", joint(t, "1 0 0\n1 1 1\n1 2 1\n"), nil, 1, 1,
			"q = (1), k = (1) has q·k = 1; P(q·k = 1) = 1/3 but P(q·k = -1) = 0, so the scores do not cancel on average", 2,
			[]string{"Var(q·k) = 2/3 at d_k = 1"}},
		// k = −q, both tied: the smallest counterexample is d_k = 1, where
		// q·k = −1 always.
		{"k = −q, tied", Model{Pairs: OppositePairs(alphabet(t, "-1,1")), Tie: TieBoth}, []int{2}, 1, 1,
			"q = (-1), k = (1) has q·k = -1; P(q·k = -1) = 1 but P(q·k = 1) = 0, so the scores do not cancel on average", 2,
			[]string{"one term has E[q_i·k_i] = -1 and Var(q_i·k_i) = 0, two have Cov(q_i·k_i, q_j·k_j) = 0, so for every d_k: E[q·k] = -d_k and Var(q·k) = 0",
				"q·k/√d_k has mean -√d_k, which falls like -√d_k as d_k grows: dividing fixes the spread, not the mean"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := prove(t, c.model, c.ds...)
			dg := tr.Diagnosis
			require.NotNil(t, dg)
			require.Equal(t, c.smallest, dg.Smallest)
			require.Equal(t, c.step, dg.Step)
			require.False(t, dg.Failure.Holds)
			require.Equal(t, c.pair, dg.Pair)
			require.Equal(t, c.pairStep, dg.PairStep)
			for _, s := range c.instead {
				require.Contains(t, dg.Instead, s)
			}
		})
	}
}

// TestDiagnosisVarianceWitness: the outcome furthest from the mean is
// shown when the variance exceeds d_k, the nearest when it falls short.
func TestDiagnosisVarianceWitness(t *testing.T) {
	tr := prove(t, iid(t, "±1/2", "±1"), 1)
	require.Equal(t, "q = (-1/2), k = (1) has q·k = -1/2: its squared distance from the mean is 1/4, where the claim needs an average of 1", tr.Diagnosis.Pair)
	require.Equal(t, 4, tr.Diagnosis.PairStep)
	// q·k ∈ {-2, 0, 2}: variance 8/3, too large; the furthest is ±2.
	tr = prove(t, iid(t, "±2", "-1,0,1"), 1)
	require.Equal(t, "q = (-2), k = (1) has q·k = -2: its squared distance from the mean is 4, where the claim needs an average of 1", tr.Diagnosis.Pair)
	// q·k ∈ {-1/2, 0, 1/2}: variance 1/6, too small; the nearest is 0.
	tr = prove(t, iid(t, "±1/2", "-1,0,1"), 1)
	require.Equal(t, "q = (-1/2), k = (0) has q·k = 0: its squared distance from the mean is 0, where the claim needs an average of 1", tr.Diagnosis.Pair)
}

func TestReasonsOrderAndPlurals(t *testing.T) {
	require.Equal(t, "s", pluralS(true))
	require.Equal(t, "", pluralS(false))
	require.Equal(t, "the only score", all("1", "score"))
	require.Equal(t, "all 3 scores", all("3", "score"))
	require.Equal(t, "(1/2)", fraction(rational.NewFrac(1, 2)))
	require.Equal(t, "(sqrt(2))", fraction(rational.NewSqrt(2)))
	require.Equal(t, "4", fraction(rational.NewInt(4)))
	require.Equal(t, "(-1)", paren(rational.NewInt(-1)))
	require.Equal(t, "0", paren(rational.NewInt(0)))
	require.Equal(t, "q_1, q_2", allName("q_%d", 2))
	require.Equal(t, "q_1·k_1, q_2·k_2, q_3·k_3", allName("q_%[1]d·k_%[1]d", 3))
	require.Equal(t, "k_1, …, k_4", allName("k_%d", 4))
	require.Equal(t, "Var(q_1·k_1)", sumName("Var(q_%d·k_%d)", 1))
	require.Equal(t, "Var(q_1·k_1) + … + Var(q_3·k_3)", sumName("Var(q_%d·k_%d)", 3))
	// Hypotheses come first, then each assertion of the reasoning once.
	dg := prove(t, iid(t, "±2", "0,1"), 1, 2).Diagnosis
	require.Equal(t, []string{
		"mean 0, for every d_k: E[k_i] = 0 is false: 1/2 ≠ 0",
		"variance 1, for every d_k: Var(q_i) = 1 is false: 4 ≠ 1",
		"variance 1, for every d_k: Var(k_i) = 1 is false: 1/4 ≠ 1",
	}, dg.Broken)
	require.Len(t, dg.Reasons, 6)
	require.Contains(t, dg.Reasons[0], "Step 1, every d_k: E[q_i²] = 1 fails (4 ≠ 1)")
	require.Contains(t, dg.Reasons[1], "Step 1, every d_k: E[k_i²] = 1 fails (1/2 ≠ 1)")
	require.Contains(t, dg.Reasons[2], "Step 2, every d_k: E[q_i·k_i] = 0 holds although E[k_i] = 0 fails")
	require.Contains(t, dg.Reasons[3], "Step 3, every d_k: Var(q_i·k_i) = 1 fails (2 ≠ 1)")
	require.Contains(t, dg.Reasons[3], "it rests on E[q_i²] = 1 and E[k_i²] = 1, which fail.")
	require.Contains(t, dg.Reasons[4], "Step 4, every d_k: Var(q·k) = d_k fails (2·d_k ≠ d_k)")
	require.Contains(t, dg.Reasons[5], "Step 5, every d_k: Var(q·k/√d_k) = 1 fails (2 ≠ 1)")
	require.Equal(t, "the conclusion Var(q·k/√d_k) = 1 fails at every width: Var(q_i·k_i) = 2 and Cov(q_i·k_i, q_j·k_j) = 0 "+
		"(by construction: the model draws the coordinate pairs independently, so the law of two is the product of two copies of the law of one), "+
		"so Var(q·k) = 2·d_k and Var(q·k/√d_k) = 2 for every d_k ≥ 1, never 1", prove(t, iid(t, "±2", "0,1"), 1, 2).Conclusion)
}

// TestReasonWhenNothingItRestsOnFails: an assertion that fails although
// everything it rests on holds is a wrong computation, and the diagnosis
// says so rather than blaming a hypothesis.
func TestReasonWhenNothingItRestsOnFails(t *testing.T) {
	holds := Equal("Cov(q_i·k_i, q_j·k_j)", rational.NewInt(0), "0", rational.NewInt(0))
	holds.ID = "cov-terms"
	wrong := Equal("Var(q·k)", rational.NewInt(3), "Var(q_1·k_1) + Var(q_2·k_2)", rational.NewInt(2))
	wrong.ID, wrong.RestsOn, wrong.Because = "var-sum", []string{"cov-terms"}, "Var(q·k) = 2 + 2·0 = 2"
	r := Run{D: 2, Steps: []Step{{Number: 4, Assertions: []Assertion{holds, wrong}}}}
	require.Equal(t, "Step 4, d_k = 2: Var(q·k) = Var(q_1·k_1) + Var(q_2·k_2) fails (3 ≠ 2): Var(q·k) = 2 + 2·0 = 2; "+
		"everything it rests on holds, so a computation is wrong and no verdict here can be trusted.", reason([]Run{r}, "var-sum"))
	require.Equal(t, "", reason([]Run{r}, "cov-terms"), "an assertion that holds on premises that hold needs no reason")
}

// TestAssertionString: one line per assertion, with the indices it covers.
func TestAssertionString(t *testing.T) {
	tr := prove(t, iid(t, "-1,1", "0,2"), 2)
	a, _, _, _ := tr.Runs[0].assertion("mean-k")
	require.Equal(t, "E[k_i] = 0 (i = 1..2): 1 ≠ 0: FAILS", a.String())
	a, _, _, _ = tr.Runs[0].assertion("cov-terms")
	require.Equal(t, "Cov(q_1·k_1, q_2·k_2) = 0: both 0: holds", a.String(), "one pair: no scope")
	wide := prove(t, iid(t, "-1,1", "-1,1"), 64)
	a, _, _, _ = wide.Runs[0].assertion("cov-terms")
	require.Equal(t, "Cov(q_i·k_i, q_j·k_j) = 0 (all 2016 pairs i < j, one law): both 0: by construction: "+
		"the model draws the coordinate pairs independently, so the law of two is the product of two copies of the law of one", a.String())
	require.Equal(t, "x = y: both 1: holds", Equal("x", rational.NewInt(1), "y", rational.NewInt(1)).String())
	require.Equal(t, "x = y: 1 ≠ 2: FAILS", Equal("x", rational.NewInt(1), "y", rational.NewInt(2)).String())
	a, _, _, _ = wide.General.assertion("var-scaled")
	require.Equal(t, "Var(q·k/√d_k) = 1 (every d_k): both 1: holds", a.String())
}

// TestDiagnosisPairProbabilitiesRecomputed: the probabilities the
// diagnosis quotes for a score and its opposite are recomputed on the
// space, as the mean of the event's indicator, for laws whose weights are
// not 1 and whose both scores are likely (a weight applied twice in these
// numbers once passed every test), and a law scaled is explained alike.
func TestDiagnosisPairProbabilitiesRecomputed(t *testing.T) {
	quoted := regexp.MustCompile(`P\(q·k = ([^)]+)\) = ([-0-9/]+)`)
	for _, m := range []Model{
		joint(t, "3 1 1\n1 -1 1\n"),
		joint(t, "6 1 1\n2 -1 1\n"),
		joint(t, "5 1 2\n2 -1 2\n1 0 0\n"),
		pairs(t, "1 1:3,-1 1,1 -1"),
		pairs(t, "1 1:300000,-1 1:100000,1 -1:100000"),
		iid(t, "-1:2,1:3", "1"),
	} {
		tr := prove(t, m, 1)
		require.NotNil(t, tr.Diagnosis, "%s", m)
		require.Equal(t, 2, tr.Diagnosis.PairStep, "%s", m)
		got := quoted.FindAllStringSubmatch(tr.Diagnosis.Pair, -1)
		require.Len(t, got, 2, tr.Diagnosis.Pair)
		s := space(t, m, 1)
		for _, q := range got {
			x, ok := new(big.Rat).SetString(q[1])
			require.True(t, ok)
			indicator := Func("1{q·k = "+q[1]+"}", func(o *Outcome) *big.Rat {
				if o.Score.Cmp(x) == 0 {
					return big.NewRat(1, 1)
				}
				return new(big.Rat)
			})
			p, err := s.E(context.Background(), indicator)
			require.NoError(t, err)
			require.Equal(t, p.String(), q[2], "%s: %s", m, tr.Diagnosis.Pair)
		}
		require.NotEqual(t, "0", got[1][2], "both scores likely: %s", tr.Diagnosis.Pair)
	}
	a, b := prove(t, pairs(t, "1 1:3,-1 1,1 -1")), prove(t, pairs(t, "1 1:300000,-1 1:100000,1 -1:100000"))
	require.Equal(t, a.Diagnosis.Pair, b.Diagnosis.Pair)
}
