package proofs

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// The tests in this file each guard one way a proof checker goes quietly
// wrong; each names, when it fails, what broke.

// TestGuardIndependenceIsJudgedOnValues: tied coordinates give every
// combination of letter indices yet are not independent; a check that
// counted indices would pass them.
func TestGuardIndependenceIsJudgedOnValues(t *testing.T) {
	tr := prove(t, Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieQ}, 2)
	a, _, _, fails := tr.Runs[0].assertion("indep-coords")
	require.True(t, fails, "independence is not judged on values: q_2 = q_1 always, yet (q_1, k_1) and (q_2, k_2) pass as independent")
	require.Equal(t, "P(q_1 = -1, q_2 = -1) = 1/2 ≠ 1/4 = P(q_1 = -1)·P(q_2 = -1)", a.Detail)
	a, _, _, fails = tr.Runs[0].assertion("indep-all")
	require.True(t, fails, "independence of all entries is not judged on values")
	requireValue(t, rational.NewFrac(1, 8), a.LeftValue, "P(q = (-1, -1), k = (-1, -1)) with q tied: 1/2·1/4")
	requireValue(t, rational.NewFrac(1, 16), a.RightValue, "the product of the four entries' probabilities")

	tr = prove(t, Model{Pairs: SamePairs(rational.Signs())}, 1)
	_, _, _, fails = tr.Runs[0].assertion("indep-qk")
	require.True(t, fails, "independence is not judged on values: k = q, yet q_1 and k_1 pass as independent")

	s := space(t, Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieBoth}, 3)
	in, err := s.Independent(t.Context(), K(1), K(3))
	require.NoError(t, err)
	require.False(t, in.Holds, "Space.Independent does not judge values: k_3 = k_1 always")
	require.Equal(t, "P(k_1 = -1, k_3 = -1) = 1/2 ≠ 1/4 = P(k_1 = -1)·P(k_3 = -1)", in.Witness())
	in, err = s.Independent(t.Context(), Q(2), K(3))
	require.NoError(t, err)
	require.True(t, in.Holds, "q_2 and k_3 are independent when both vectors are tied")
	require.Equal(t, "", in.Witness())
	require.Zero(t, in.combinations.Cmp(big.NewInt(4)))
}

// TestGuardEngineAgreesWithListing: the law of q·k the proof uses comes
// from enumerate, and on every listed space it must agree with the proof's
// own listing count for count; one extra count in the engine shows here.
func TestGuardEngineAgreesWithListing(t *testing.T) {
	for _, m := range []Model{
		iid(t, "-1,1", "-1,1"),
		iid(t, "0,1", "-1,2"),
		iid(t, "-2,1/2:4", "-1,0,1"),
		{Q: rational.Signs(), K: alphabet(t, "-3,1/3:9"), Tie: TieQ},
		{Pairs: OppositePairs(alphabet(t, "-1,0:2,1"))},
	} {
		for d := 1; d <= 4; d++ {
			s := space(t, m, d)
			require.True(t, s.listed)
			engine, err := s.scoreLaw(t.Context())
			require.NoError(t, err)
			l, err := s.listing(t.Context())
			require.NoError(t, err)
			mismatch := compareLaws(l.scoreLaw(), engine)
			require.Nil(t, mismatch, "%s, d_k = %d: enumerate's law of q·k differs from the proof's listing: %v", m, d, mismatch)
			total := new(big.Int)
			for _, w := range engine.weights {
				total.Add(total, w)
			}
			require.Zero(t, total.Cmp(s.total), "%s, d_k = %d: enumerate counts %s pairs, the space weighs %s", m, d, total, s.total)
		}
	}
	// One extra count in the engine's law: the proof must say so.
	s := space(t, iid(t, "-1,1", "-1,1"), 2)
	ev, err := gather(t.Context(), s, big.NewRat(1, 2))
	require.NoError(t, err)
	ev.score.weights[0] = new(big.Int).Add(ev.score.weights[0], big.NewInt(1))
	st := ev.step4()
	a, ok := findAssertion(st, "engine")
	require.True(t, ok)
	require.False(t, a.Holds, "an extra count in enumerate's law of q·k went unnoticed")
	require.Equal(t, "at q·k = -2 the listing counts 4 and enumerate 5", a.Detail)
	sum, _ := findAssertion(st, "var-sum")
	require.Contains(t, sum.Because, "the law of q·k and the laws of the terms disagree")
	reasons := reason([]Run{{D: 2, Steps: []Step{st}}}, "engine")
	require.Contains(t, reasons, "the engine and the listing disagree, so one of them is wrong")

	// A score that only one of the laws has: the first such score, in
	// increasing order, with a count of 0 on the side that lacks it.
	law := func(pairs ...int64) *scoreLaw {
		sl := &scoreLaw{}
		for n := 0; n < len(pairs); n += 2 {
			sl.scores = append(sl.scores, big.NewRat(pairs[n], 1))
			sl.weights = append(sl.weights, big.NewInt(pairs[n+1]))
		}
		return sl
	}
	listed := law(-2, 4, 0, 8, 2, 4)
	for _, c := range []struct {
		engine *scoreLaw
		want   string
	}{
		{law(-2, 4, 0, 8, 2, 4), ""},
		{law(-2, 4, 2, 4), "at q·k = 0 the listing counts 8 and enumerate 0"},
		{law(-2, 4, 0, 8), "at q·k = 2 the listing counts 4 and enumerate 0"},
		{law(-2, 4, -1, 1, 0, 8, 2, 4), "at q·k = -1 the listing counts 0 and enumerate 1"},
		{law(-2, 4, 0, 8, 2, 4, 3, 1), "at q·k = 3 the listing counts 0 and enumerate 1"},
		{law(-3, 1, -2, 4, 0, 8, 2, 4), "at q·k = -3 the listing counts 0 and enumerate 1"},
		{law(-2, 4, 0, 7, 2, 4), "at q·k = 0 the listing counts 8 and enumerate 7"},
		{law(), "at q·k = -2 the listing counts 4 and enumerate 0"},
	} {
		m := compareLaws(listed, c.engine)
		if c.want == "" {
			require.Nil(t, m, "equal laws reported different: %v", m)
			continue
		}
		require.NotNil(t, m, "enumerate's law %v %v differs from the listing's, unnoticed", c.engine.scores, c.engine.weights)
		require.Equal(t, c.want, m.String())
	}
	require.Equal(t, "at q·k = 0 the listing counts 0 and enumerate 8", compareLaws(law(), law(0, 8)).String())
}

func findAssertion(st Step, id string) (Assertion, bool) {
	for _, a := range st.Assertions {
		if a.ID == id {
			return a, true
		}
	}
	return Assertion{}, false
}

// TestGuardExactComparison: values that differ by 10⁻²⁰ are different; a
// tolerance anywhere would call them equal.
func TestGuardExactComparison(t *testing.T) {
	tiny := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(20), nil))
	a := Equal("x", rational.NewFrac(1, 1), "y", rational.NewRat(new(big.Rat).Add(big.NewRat(1, 1), tiny)))
	require.False(t, a.Holds, "1 and 1 + 10⁻²⁰ compared equal: a tolerance crept into the comparison")
	require.Equal(t, "1 ≠ 100000000000000000001/100000000000000000000", a.Values)
	tr := prove(t, iid(t, "-1,1", "±10000000001/10000000000"), 1, 2)
	_, _, _, fails := tr.Runs[0].assertion("var-k")
	require.True(t, fails, "Var(k_i) = 1 + 2·10⁻¹⁰ + 10⁻²⁰ passed as 1: a tolerance crept into the comparison")
	require.False(t, tr.ConclusionHolds(), "Var(q·k/√d_k) = 1 + 2·10⁻¹⁰ + 10⁻²⁰ passed as 1")
}

// TestGuardVarianceOfScoreFromItsLaw: Var(q·k) must be computed from the
// law of q·k, not from d_k·Var(q_i·k_i), which is what is to be shown.
func TestGuardVarianceOfScoreFromItsLaw(t *testing.T) {
	tr := prove(t, Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieBoth}, 2, 3)
	for _, r := range tr.Runs {
		d := int64(r.D)
		requireValue(t, rational.NewInt(d*d), value(t, r, "var-score"),
			"Var(q·k) with both vectors tied is d_k², from the law of q·k; d_k·Var(q_i·k_i) = d_k would mean it came from the formula under test")
		requireValue(t, rational.NewInt(d), value(t, r, "scaling"),
			"Var(q·k/√d_k) from the scaled values themselves")
		a, _, _, _ := r.assertion("var-sum")
		requireValue(t, rational.NewInt(d), a.RightValue, "Σ Var(q_i·k_i) from the terms")
	}
}

// TestGuardEveryCovariancePair: with tied coordinates every pair i < j is
// correlated, and each must be asserted, once.
func TestGuardEveryCovariancePair(t *testing.T) {
	// A joint law at d_k = 4 whose pairs have different covariances:
	// k = (x, x, y, −x) for independent signs x, y, and q = (1, 1, 1, 1).
	law := "1 1,1,1,1 -1,-1,-1,1\n1 1,1,1,1 -1,-1,1,1\n1 1,1,1,1 1,1,-1,-1\n1 1,1,1,1 1,1,1,-1\n"
	tr := prove(t, joint(t, law), 4)
	want := map[[2]int]rational.Value{
		{1, 2}: rational.NewFrac(1, 1), {1, 3}: rational.NewFrac(0, 1), {1, 4}: rational.NewFrac(-1, 1),
		{2, 3}: rational.NewFrac(0, 1), {2, 4}: rational.NewFrac(-1, 1), {3, 4}: rational.NewFrac(0, 1),
	}
	got := map[[2]int]rational.Value{}
	for _, st := range tr.Runs[0].Steps {
		for _, a := range st.Assertions {
			if a.ID != "cov-terms" {
				continue
			}
			for _, ij := range a.at {
				_, dup := got[ij]
				require.False(t, dup, "Cov(q_%d·k_%d, q_%d·k_%d) asserted twice", ij[0], ij[0], ij[1], ij[1])
				got[ij] = a.LeftValue
			}
		}
	}
	for ij, v := range want {
		g, ok := got[ij]
		require.True(t, ok, "the covariance of the pair (%d, %d) was skipped", ij[0], ij[1])
		requireValue(t, v, g, "Cov of the pair")
	}
	require.Len(t, got, 6)
	// Var(q·k) = 4 + 2·(1 − 1 − 1) = 2.
	requireValue(t, rational.NewFrac(2, 1), value(t, tr.Runs[0], "var-score"), "Var(q·k)")
}

// TestGuardOneLawCoversEveryIndex: on a space too large to list, one law
// stands for every coordinate and one for every pair, and the line it
// gives covers each index and each pair i < j exactly once.
func TestGuardOneLawCoversEveryIndex(t *testing.T) {
	tr := prove(t, iid(t, "-1,1", "-1,1"), 9)
	r := tr.Runs[0]
	require.False(t, r.Listed)
	for id, want := range map[string]int{"mean-q": 9, "var-term": 9, "indep-coords": 36, "cov-terms": 36} {
		a, _, found, _ := r.assertion(id)
		require.True(t, found, id)
		seen := map[[2]int]bool{}
		for _, ij := range a.at {
			i, j := ij[0], ij[1]
			require.True(t, 1 <= i && i <= 9, "%s covers coordinate %d, outside 1..9", id, i)
			require.True(t, j == 0 || (i < j && j <= 9), "%s covers the pair (%d, %d), not one with i < j ≤ 9", id, i, j)
			require.False(t, seen[ij], "%s covers %v twice", id, ij)
			seen[ij] = true
		}
		require.Len(t, seen, want, "%s: the indices its one line covers", id)
	}
}

// TestSharedCovarianceCountsEveryPair: when one pair law stands for all
// d_k(d_k−1)/2 pairs, the sum of the covariances is that many times its
// covariance. A shared law is a product law, whose covariance is 0, so the
// count is checked here on the law of a tied pair standing for them all.
func TestSharedCovarianceCountsEveryPair(t *testing.T) {
	for d := 2; d <= 4; d++ {
		s := space(t, Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieBoth}, d)
		ev, err := gather(t.Context(), s, big.NewRat(1, 2))
		require.NoError(t, err)
		requireValue(t, rational.NewInt(int64(d*(d-1)/2)), rational.NewRat(ev.covSum), "Σ Cov over the pairs, each 1")
		ev.shared, ev.covSum, ev.coordsIndep, ev.termsIndep, ev.covs = true, new(big.Rat), nil, nil, nil
		require.NoError(t, ev.pairPass(t.Context()))
		require.Len(t, ev.covs, 1, "one law for every pair: one covariance computed")
		_, covs := ev.termSums()
		requireValue(t, rational.NewInt(int64(d*(d-1)/2)), rational.NewRat(covs), "d_k(d_k−1)/2 times the shared Cov(q_1·k_1, q_2·k_2) = 1")
	}
}

// TestVariablesAreIdentifiedByWhatTheyAre: a teacher's variable named like
// another is still itself.
func TestVariablesAreIdentifiedByWhatTheyAre(t *testing.T) {
	s := space(t, iid(t, "-1,1", "-1,1"), 2)
	ctx := t.Context()
	e, err := s.E(ctx, Score())
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(0, 1), e, "E[q·k]")
	square := Func("q·k", func(o *Outcome) *big.Rat { return new(big.Rat).Mul(o.Score, o.Score) })
	e, err = s.E(ctx, square)
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(2, 1), e, "E[(q·k)²] of a variable called q·k")
	v, err := s.Var(ctx, square)
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(4, 1), v, "Var((q·k)²) of a variable called q·k")
	v, err = s.Var(ctx, Score())
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(2, 1), v, "Var(q·k) after a variable of that name")
	twin := Func("q·k", func(o *Outcome) *big.Rat { return o.Score })
	require.False(t, twin.e.same(square.e), "two functions of one name are one variable")
	require.True(t, Times(Q(1), K(1)).e.same(Term(1).e), "q_1·k_1 built twice is two variables")
	require.False(t, Term(1).e.same(Term(2).e))
}
