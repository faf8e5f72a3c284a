package proofs

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

func TestSpaceSizes(t *testing.T) {
	signs := rational.Signs()
	for _, c := range []struct {
		m                 Model
		d                 int
		outcomes, weight  int64
		listed, oneComp   bool
		components, pairs int
	}{
		// 2^d·2^d outcomes of weight 1.
		{Model{Q: signs, K: signs}, 3, 64, 64, true, true, 1, 4},
		// Multiplicities weigh: |{-1,0:2,1}| = 4 and |{1}| = 1.
		{Model{Q: alphabet(t, "-1,0:2,1"), K: alphabet(t, "1")}, 2, 9, 16, true, true, 1, 3},
		// Tied q: one value of q_1 and 2^d vectors k per component.
		{Model{Q: signs, K: signs, Tie: TieQ}, 3, 16, 16, true, false, 2, 4},
		{Model{Q: alphabet(t, "-2,1/2:4"), K: signs, Tie: TieK}, 3, 16, 250, true, false, 2, 4},
		{Model{Q: signs, K: signs, Tie: TieBoth}, 5, 4, 4, true, false, 4, 4},
		// k = q: each coordinate has two outcomes.
		{Model{Pairs: SamePairs(alphabet(t, "-1:2,1"))}, 3, 8, 27, true, true, 1, 2},
		// 2^17·2^17 outcomes: not listed.
		{Model{Q: signs, K: signs}, 17, 1 << 34, 1 << 34, false, true, 1, 4},
	} {
		s := space(t, c.m, c.d)
		require.Equal(t, c.d, s.Width())
		require.Equal(t, c.outcomes, s.outcomes.Int64(), "%s at %d", c.m, c.d)
		require.Equal(t, c.weight, s.total.Int64(), "%s at %d", c.m, c.d)
		require.Equal(t, c.listed, s.listed, "%s at %d", c.m, c.d)
		require.Equal(t, c.components, len(s.comps))
		require.Equal(t, c.pairs, len(s.pairs))
		if c.listed {
			l, err := s.listing(t.Context())
			require.NoError(t, err)
			require.Equal(t, uint64(c.outcomes), l.outcomes)
			require.Equal(t, uint64(c.weight), l.total)
		}
	}
	// maxListedProduct outcomes are listed, one more are not.
	require.True(t, space(t, Model{Q: signs, K: signs}, 8).listed)
	require.False(t, space(t, Model{Q: alphabet(t, "-1,0,1"), K: signs}, 7).listed)
}

// TestTiedProbabilities checks a tied space's weights against the law a
// reader writes down: with a pair law and q tied, P(q_1 = x, k) =
// P(x)·Π P(k_i | x).
func TestTiedProbabilities(t *testing.T) {
	// (q, k): (1, 1) weight 1, (1, 2) weight 2, (-1, 5) weight 3.
	m := pairs(t, "1 1, 1 2:2, -1 5:3")
	m.Tie = TieQ
	s := space(t, m, 2)
	got := map[string]*big.Rat{}
	total := new(big.Rat).SetInt(s.total)
	require.NoError(t, s.each(t.Context(), func(codes []int, w uint64) bool {
		o := s.outcomeOf(codes)
		got[describe(o)] = new(big.Rat).Quo(new(big.Rat).SetInt64(int64(w)), total)
		return true
	}))
	want := map[string]*big.Rat{
		// P(q_1 = 1) = 1/2, then k_i = 1 with 1/3 and 2 with 2/3.
		"q = (1, 1), k = (1, 1)": big.NewRat(1, 18),
		"q = (1, 1), k = (1, 2)": big.NewRat(2, 18),
		"q = (1, 1), k = (2, 1)": big.NewRat(2, 18),
		"q = (1, 1), k = (2, 2)": big.NewRat(4, 18),
		// P(q_1 = -1) = 1/2, and then k = (5, 5).
		"q = (-1, -1), k = (5, 5)": big.NewRat(1, 2),
	}
	require.Len(t, got, len(want))
	for k, p := range want {
		require.Zero(t, p.Cmp(got[k]), "%s: got %s, want %s", k, got[k], p)
	}
	tr := prove(t, m, 2)
	a, _, _, fails := tr.Runs[0].assertion("engine")
	require.False(t, fails, "a tied space's mixture of enumerate problems differs from its listing: %s", a.Detail)
}

// TestMarginalsFromListingAndConstruction: for independent coordinates
// the laws summed over the listing are those built from the coordinate
// law.
func TestMarginalsFromListingAndConstruction(t *testing.T) {
	for _, m := range []Model{iid(t, "-2,1/2:4", "0,1,3:2"), {Pairs: OppositePairs(alphabet(t, "-1,0:3,2"))}} {
		s := space(t, m, 3)
		require.True(t, s.listed)
		for _, coords := range [][]int{{2}, {1, 3}, {1, 2, 3}} {
			listed, err := s.listedMarginal(t.Context(), coords)
			require.NoError(t, err)
			built, err := s.productMarginal(coords)
			require.NoError(t, err)
			qs := []RV{}
			for _, c := range coords {
				qs = append(qs, Q(c), K(c))
			}
			for _, x := range qs {
				for _, y := range qs {
					requireValue(t, built.cov(x, y), listed.cov(x, y), "Cov("+x.Name+", "+y.Name+")")
				}
				requireValue(t, built.mean(x), listed.mean(x), "E["+x.Name+"]")
			}
			require.Len(t, listed.rows, len(built.rows))
		}
	}
	// A tied space's pair laws hold only the combinations that occur:
	// (x, y_1, x, y_2) for 2·2·2 of the 16 codes' pairs, each weight 1.
	tied := space(t, Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieQ}, 2)
	pl, err := tied.listedMarginal(t.Context(), []int{1, 2})
	require.NoError(t, err)
	require.Len(t, pl.rows, 8)
	for _, w := range pl.weights {
		require.Equal(t, int64(1), w.Int64())
	}
	// The marginal law of many coordinates is bounded.
	s := space(t, iid(t, "-1,0,1", "-1,0,1"), 9)
	_, err = s.marginal(t.Context(), []int{1, 2, 3, 4, 5, 6})
	require.ErrorContains(t, err, "the law of 6 coordinates has 531441 outcomes, more than the 65536 a marginal law may have")
	j := space(t, joint(t, "1 1,2,3 1,2,3\n1 4,5,6 4,5,6\n"), 3)
	l, err := j.marginal(t.Context(), []int{1, 2, 3})
	require.NoError(t, err)
	require.Len(t, l.rows, 2)
	requireValue(t, rational.NewFrac(9, 4), l.cov(Q(1), Q(3)), "Cov(q_1, q_3)")
}

func TestSpaceMoments(t *testing.T) {
	ctx := t.Context()
	s := space(t, iid(t, "-1,1", "0,2"), 2)
	for _, c := range []struct {
		x    RV
		mean rational.Value
	}{
		{Q(1), rational.NewFrac(0, 1)}, {K(2), rational.NewFrac(1, 1)}, {Score(), rational.NewFrac(0, 1)},
		{Times(K(1), K(2)), rational.NewFrac(1, 1)},
		{scaled(K(1), rational.NewFrac(3, 1), "3k_1"), rational.NewFrac(3, 1)},
	} {
		m, err := s.E(ctx, c.x)
		require.NoError(t, err)
		requireValue(t, c.mean, m, "E["+c.x.Name+"]")
	}
	sum, err := Plus(K(1), K(2))
	require.NoError(t, err)
	require.Equal(t, "k_1 + k_2", sum.Name)
	v, err := s.Var(ctx, sum)
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(2, 1), v, "Var(k_1 + k_2)")
	root := rational.PowerOf(2, big.NewRat(1, 2))
	scaled := DividedBy(Score(), root, "√2")
	require.Equal(t, "q·k/√2", scaled.Name)
	v, err = s.Var(ctx, scaled)
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(2, 1), v, "Var(q·k/√2): Var(q·k) = 2·E[k²] = 4")
	c, err := s.Cov(ctx, Score(), scaled)
	require.NoError(t, err)
	requireValue(t, rational.NewSurd(big.NewRat(2, 1), big.NewInt(2), 2), c, "Cov(q·k, q·k/√2) = 4/√2")
	_, err = Plus(Score(), scaled)
	require.ErrorContains(t, err, "q·k and q·k/√2 have units 1 and 1/2*sqrt(2), not rational multiples of each other")
	mixed, err := s.Cov(ctx, Score(), Q(1))
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(1, 1), mixed, "Cov(q·k, q_1) = E[q_1²·k_1] = E[k_1], from the whole listing")
	_, err = s.E(ctx, Q(3))
	require.ErrorContains(t, err, "coordinate 3 is outside 1..2")
	_, err = s.E(ctx, K(0))
	require.ErrorContains(t, err, "coordinate 0 is outside 1..2")
	constant := Func("one", func(*Outcome) *big.Rat { return big.NewRat(1, 1) })
	m, err := s.E(ctx, constant)
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(1, 1), m, "E[1]")
	require.Equal(t, "(q·k)²", Times(Score(), Score()).Name)
	require.Equal(t, "(k_1 + k_2)·q_1", Times(sum, Q(1)).Name)
	require.Equal(t, "q_1·(q·k/√2)", Times(Q(1), scaled).Name)
	require.Equal(t, "(q·k/√2)²", Times(scaled, scaled).Name)
	require.Equal(t, "q·k·(q·k/√2)", Times(Score(), scaled).Name)

	wide := space(t, iid(t, "-1,1", "-1,1"), 40)
	_, err = wide.E(ctx, Func("f", func(*Outcome) *big.Rat { return new(big.Rat) }))
	require.ErrorContains(t, err, "is not listed outcome by outcome")
	_, err = wide.listing(ctx)
	require.ErrorContains(t, err, "the space at d_k = 40 is not listed outcome by outcome")
	// The score alone comes from enumerate's law of q·k, which knows
	// a space too large to list.
	v, err = wide.Var(ctx, DividedBy(Score(), rational.NewSqrt(40), "√40"))
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(1, 1), v, "Var(q·k/√40) at d_k = 40, from enumerate's law of q·k")
	v, err = wide.Var(ctx, Term(40))
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(1, 1), v, "Var(q_40·k_40) from the coordinate law")
	in, err := wide.Independent(ctx, Term(3), Term(39))
	require.NoError(t, err)
	require.True(t, in.Holds)
	_, err = wide.Independent(ctx, Q(41))
	require.Error(t, err)
	_, err = wide.Independent(ctx)
	require.ErrorContains(t, err, "no variables to judge independent")
	mid := space(t, Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieQ}, 16)
	_, err = mid.wholeLaw(ctx)
	require.ErrorContains(t, err, "has 131072 outcomes, more than the 65536 a variable of the whole outcome is summed over")
	require.Panics(t, func() { (&Outcome{Q: []*big.Rat{nil}, at: []int{2}}).pos(1) })
}

func TestRefusals(t *testing.T) {
	signs := rational.Signs()
	_, err := NewSpace(Model{Q: signs, K: signs}, 0, Options{})
	require.ErrorContains(t, err, "d_k must be from 1 to 1000000, not 0")
	_, err = NewSpace(Model{Q: signs, K: signs}, enumerate.MaxD+1, Options{})
	require.ErrorContains(t, err, "not 1000001")
	_, err = NewSpace(joint(t, "1 1,1 1,1\n"), 3, Options{})
	require.ErrorContains(t, err, "the joint law has width d_k = 2, not 3")

	_, err = NewSpace(Model{Q: signs, K: signs, Tie: TieQ}, 40, Options{})
	var tl *enumerate.LimitError
	require.ErrorAs(t, err, &tl)
	require.Equal(t, enumerate.DefaultMaxTime, tl.Limits.MaxTime)
	require.Greater(t, tl.Cost.Seconds, 86400.0)
	require.Contains(t, err.Error(), "listing the space at d_k = 40 (2199023255552 outcomes) one by one would take about ")
	// A longer limit lets a listing through, a shorter one refuses it.
	_, err = NewSpace(Model{Q: signs, K: signs, Tie: TieQ}, 10, Options{Options: enumerate.Options{Limits: enumerate.Limits{MaxTime: time.Nanosecond}}})
	require.ErrorAs(t, err, &tl)
	require.Equal(t, time.Nanosecond, tl.Limits.MaxTime)
	_, err = NewSpace(Model{Q: signs, K: signs, Tie: TieQ}, 10, Options{Options: enumerate.Options{Limits: enumerate.Limits{MaxTime: time.Hour}}})
	require.NoError(t, err)
	// A joint law is dependent, so its listing is bounded too; a small
	// space with independent coordinates is listed whatever the limit.
	_, err = NewSpace(joint(t, equalTermsLaw), 2, Options{Options: enumerate.Options{Limits: enumerate.Limits{MaxTime: time.Nanosecond}}})
	require.ErrorAs(t, err, &tl)
	require.Equal(t, "listing the space at d_k = 2 (8 outcomes) one by one would take about 353 µs here (limit 1 ns)", err.Error())
	s, err := NewSpace(Model{Q: signs, K: signs}, 2, Options{Options: enumerate.Options{Limits: enumerate.Limits{MaxTime: time.Nanosecond}}})
	require.NoError(t, err)
	require.True(t, s.listed)
	// Memory: tie both keeps a table for every pair of coordinates.
	big8, err := rational.ParseAlphabet("1,2,3,4,5,6,7,8")
	require.NoError(t, err)
	_, err = NewSpace(Model{Q: big8, K: big8, Tie: TieBoth}, 1000, Options{})
	require.ErrorAs(t, err, &tl)
	require.True(t, tl.Memory())
	require.Contains(t, err.Error(), "would hold about")
	_, err = NewSpace(Model{Q: big8, K: big8, Tie: TieBoth}, 1000, Options{Options: enumerate.Options{Limits: enumerate.Limits{MaxMemory: 2 << 30}}})
	require.NoError(t, err, "more memory allowed")
	// Weights beyond 2^62.
	heavy, err := rational.ParseAlphabet("-1:1000000,1:999999")
	require.NoError(t, err)
	_, err = NewSpace(Model{Q: heavy, K: heavy, Tie: TieQ}, 4, Options{})
	require.ErrorContains(t, err, "d_k = 4: the outcomes' weights add up to 31999920000079999960000009999999, more than the 2^62 the listing counts exactly; choose a smaller d_k or smaller weights")
	// Independent coordinates with such weights are simply not listed.
	s, err = NewSpace(Model{Q: heavy, K: heavy}, 2, Options{})
	require.NoError(t, err)
	require.False(t, s.listed)
	// Values whose common denominator makes the scores too large.
	huge, err := rational.ParseAlphabet("1/1000000007,1/1000000009,1/1000000021")
	require.NoError(t, err)
	s, err = NewSpace(Model{Q: huge, K: huge}, 2, Options{})
	require.NoError(t, err)
	require.False(t, s.listed, "scores too large for 64-bit sums are not listed")
	_, err = NewSpace(Model{Q: huge, K: huge, Tie: TieBoth}, 2, Options{})
	require.ErrorContains(t, err, "the values' numerators over their common denominator are too large to list exactly in 64-bit sums")
}

func TestProofPlanAndProgress(t *testing.T) {
	signs := rational.Signs()
	var progress atomic.Uint64
	p, err := NewProof(Model{Q: signs, K: signs, Tie: TieQ}, []int{2, 3}, Options{Options: enumerate.Options{Progress: &progress}, CheckTime: quick.CheckTime})
	require.NoError(t, err)
	// Listed outcomes twice (two passes) and enumerate's pairs: 2·(8+16)
	// and 2·4 + 2·8 pairs for the two values of q_1.
	require.Equal(t, int64(2*(8+16)+(2*4+2*8)), p.Work().Int64())
	_, err = p.Run(t.Context())
	require.NoError(t, err)
	require.Positive(t, progress.Load())
	wide, err := NewProof(Model{Q: signs, K: signs}, []int{64}, quick)
	require.NoError(t, err)
	require.Zero(t, wide.Work().Sign(), "the closed form counts nothing one by one")
	require.Equal(t, big.NewRat(1, 2), wide.scale, "√d_k unless Options.Scale says otherwise")
	byD, err := NewProof(Model{Q: signs, K: signs}, []int{64}, Options{Scale: &rational.ByD})
	require.NoError(t, err)
	require.Equal(t, big.NewRat(1, 1), byD.scale)

	every, err := NewProof(Model{Q: signs, K: signs}, nil, quick)
	require.NoError(t, err, "no width: the proof for every width alone")
	require.Empty(t, every.spaces)
	require.NotEmpty(t, every.sweep)
	j, err := NewProof(joint(t, equalTermsLaw), nil, quick)
	require.NoError(t, err)
	require.Len(t, j.spaces, 1)
	require.Equal(t, 2, j.spaces[0].Width())
	_, err = NewProof(Model{Q: signs, K: signs}, []int{1, 2000}, Options{Options: enumerate.Options{Limits: enumerate.Limits{MaxTime: time.Second}}, Method: enumerate.BruteForce})
	var tl *enumerate.LimitError
	require.ErrorAs(t, err, &tl, "enumerate's refusal comes before any work")
	_, err = NewProof(Model{Q: signs, K: signs}, []int{1}, Options{Method: enumerate.Method(9)})
	require.ErrorContains(t, err, "unknown method")

	// Listing: 2·2^12 outcomes, two batches (the check of all entries
	// stops at the first); enumerate: two problems of 2^12 pairs, and of 2
	// and 4 pairs at the widths the diagnosis tries (1 and 2), whose
	// listings are shorter than a batch.
	progress.Store(0)
	p, err = NewProof(Model{Q: signs, K: signs, Tie: TieQ}, []int{12}, Options{Options: enumerate.Options{Progress: &progress}, CheckTime: quick.CheckTime})
	require.NoError(t, err)
	_, err = p.Run(t.Context())
	require.NoError(t, err)
	require.Equal(t, uint64(2*4096+2*4096+2*2+2*4), progress.Load())
	// A cancellation is seen within a batch of outcomes.
	_, err = Prove(&cancelAfter{Context: t.Context(), calls: 1}, Model{Q: signs, K: signs, Tie: TieQ}, []int{12}, quick)
	require.ErrorIs(t, err, context.Canceled)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Prove(ctx, Model{Q: signs, K: signs}, []int{2}, Options{})
	require.ErrorIs(t, err, context.Canceled)
	_, err = Prove(ctx, Model{Q: signs, K: signs, Tie: TieQ}, []int{16}, Options{})
	require.ErrorIs(t, err, context.Canceled)
	_, err = Prove(t.Context(), Model{Q: signs, K: signs}, []int{0}, Options{})
	require.Error(t, err)
}

// TestMixtureMethod: a tied space of many large problems is computed by
// the closed form rather than enumerated one problem at a time.
func TestMixtureMethod(t *testing.T) {
	a, err := rational.ParseAlphabet("-3:4,-1:4,1:4,3:4,0:9")
	require.NoError(t, err)
	s := space(t, Model{Q: a, K: a, Tie: TieQ}, 6)
	pls, factors, err := s.plans()
	require.NoError(t, err)
	require.Len(t, pls, 5)
	for n, pl := range pls {
		require.Equal(t, enumerate.ClosedForm, pl.Method(), "problem %d", n)
		require.Positive(t, factors[n].Sign())
	}
	small := space(t, Model{Q: a, K: a, Tie: TieQ}, 2)
	pls, _, err = small.plans()
	require.NoError(t, err)
	require.Equal(t, enumerate.BruteForce, pls[0].Method())
	tr := prove(t, Model{Q: a, K: a, Tie: TieQ}, 2, 4)
	for _, r := range tr.Runs {
		e, _, _, fails := r.assertion("engine")
		require.False(t, fails, e.Detail)
	}
	// Common multiplicities are divided out of enumerate's problems.
	doubled := space(t, Model{Q: alphabet(t, "-1:2,1:2"), K: alphabet(t, "-1:2,1:2"), Tie: TieK}, 3)
	probs, factors, err := doubled.engineProblems()
	require.NoError(t, err)
	for n, p := range probs {
		require.Equal(t, int64(2), p.Q.Size(), "problem %d: %s", n, p.Q)
		require.Equal(t, "-1,1", p.Q.String(), "problem %d: the terms' alphabet, ascending as an Alphabet's letters must be", n)
		require.Equal(t, int64(2*8), factors[n].Int64(), "factor: mult(k_1)·2^d")
	}
	require.Equal(t, "brute force and closed form", methodName("both"))
	// At exactly maxMixtureBrutePairs pairs a mixture is still enumerated:
	// q tied at d_k = 25 is two problems of 2^25 pairs each.
	tied := Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieQ}
	edge, err := NewSpace(tied, 25, Options{Options: enumerate.Options{Limits: enumerate.Limits{MaxTime: 24 * time.Hour}}})
	require.NoError(t, err)
	pls, _, err = edge.plans()
	require.NoError(t, err)
	require.Len(t, pls, 2)
	for _, pl := range pls {
		require.Equal(t, enumerate.BruteForce, pl.Method(), "2·2^25 pairs are enumerated")
	}
	over, err := NewSpace(tied, 26, Options{Options: enumerate.Options{Limits: enumerate.Limits{MaxTime: 24 * time.Hour}}})
	require.NoError(t, err)
	pls, _, err = over.plans()
	require.NoError(t, err)
	for _, pl := range pls {
		require.Equal(t, enumerate.ClosedForm, pl.Method(), "2·2^26 pairs are not")
	}
	// A method given is kept whatever the size.
	forced, err := NewSpace(tied, 26, Options{Options: enumerate.Options{Limits: enumerate.Limits{MaxTime: 24 * time.Hour}}, Method: enumerate.BruteForce})
	require.NoError(t, err)
	pls, _, err = forced.plans()
	require.NoError(t, err)
	require.Equal(t, enumerate.BruteForce, pls[0].Method())
	// Pair tallies are dense for few codes and maps beyond.
	require.NotNil(t, newPairTally(denseCodes).dense)
	require.Nil(t, newPairTally(denseCodes).tally)
	require.NotNil(t, newPairTally(denseCodes+1).tally)
	require.Nil(t, newPairTally(denseCodes+1).dense)
}

// cancelAfter is a context that is cancelled once Err has been asked
// calls times.
type cancelAfter struct {
	context.Context
	calls int
}

func (c *cancelAfter) Err() error {
	if c.calls == 0 {
		return context.Canceled
	}
	c.calls--
	return nil
}

// TestTermsJointKept: the terms' joint law is kept, and all d_k terms
// judged independent at once, up to maxTermsJoint outcomes.
func TestTermsJointKept(t *testing.T) {
	if testing.Short() {
		t.Skip("lists 2^18 and 2^19 outcomes")
	}
	tied := Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieQ}
	at := space(t, tied, 17) // 2·2^17 = maxTermsJoint outcomes
	l, err := at.listing(t.Context())
	require.NoError(t, err)
	in, ok := at.termsIndependent(l)
	require.True(t, ok)
	require.True(t, in.Holds, "q tied, k signs: the terms are independent signs")
	require.Equal(t, "131072", in.combinations.String())
	above := space(t, tied, 18)
	l, err = above.listing(t.Context())
	require.NoError(t, err)
	_, ok = above.termsIndependent(l)
	require.False(t, ok, "2^19 outcomes: the terms' joint law is not kept")
}

// TestListingShape: one tally per pair of coordinates, and value
// combinations counted over the values each coordinate takes.
func TestListingShape(t *testing.T) {
	for d := 1; d <= 5; d++ {
		s := space(t, Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieK}, d)
		l, err := s.listing(t.Context())
		require.NoError(t, err)
		require.Len(t, l.two, d*(d-1)/2, "d_k = %d", d)
	}
	// q_1 ∈ {0, 1}, q_2 ∈ {5, 6}, q_3 = 7 and k = (1, 1, 1): independent,
	// over 2·2·1 combinations, though the space knows 5 values of q.
	tr := prove(t, joint(t, "1 0,5,7 1,1,1\n1 0,6,7 1,1,1\n1 1,5,7 1,1,1\n1 1,6,7 1,1,1\n"), 3)
	for _, id := range []string{"indep-all", "indep-terms"} {
		a, _, found, fails := tr.Runs[0].assertion(id)
		require.True(t, found, id)
		require.False(t, fails, id)
		require.Equal(t, "all 4 value combinations", a.Values, id)
	}
	// The law of one coordinate knows only the values it takes: q_1 two
	// of the five, with k_1 = 1.
	a, _, _, _ := tr.Runs[0].assertion("indep-qk")
	require.Equal(t, "q_1 and k_1 independent", a.Statement)
	require.Equal(t, "all 2 value combinations", a.Values)
}

// TestLimitsAtTheirEdges: the largest weights and the estimate's terms.
func TestLimitsAtTheirEdges(t *testing.T) {
	_, err := ParsePairLaw("1 1:1000000")
	require.NoError(t, err, "a weight of exactly maxPairWeight")
	// A total weight of 2^62 − 1 is listed, exactly.
	tr := prove(t, joint(t, "4611686018427387902 1 1\n1 -1 -1\n"), 1)
	requireValue(t, rational.NewInt(0), value(t, tr.Runs[0], "var-score"), "q·k = 1 in both outcomes")
	require.True(t, tr.Runs[0].Listed)
	// The estimate: 2^21 outcomes at d_k = 20, (190 + 80 + 16) units each,
	// then 20 coordinates and 190 pairs of (codes·1500 + 30000) units with
	// 4 codes and 16 pairs of codes, at
	// listNanos each.
	s := space(t, Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieQ}, 20)
	units := float64(1<<21)*(190+80+16) + 20*(4*1500+30000) + 190*(16*1500+30000)
	require.InDelta(t, units*listNanos/1e9, s.listSeconds(), 1e-9)
	big8, err := rational.ParseAlphabet("1,2,3,4,5,6,7,8")
	require.NoError(t, err)
	_, err = NewSpace(Model{Q: big8, K: big8, Tie: TieBoth}, 1000, Options{})
	require.EqualError(t, err, "listing the space at d_k = 1000 (64 outcomes) one by one would hold about 1.43 GiB (limit 1 GiB)")
}

// TestListEstimateTerms: the listing's time and memory estimates, worked
// out by hand from their documented terms, on each side of each term's
// condition: a joint law and a tie of a one-value vector (the check of all
// entries runs through), the terms' joint law kept up to maxTermsJoint
// outcomes, and pair tallies dense up to denseCodes codes.
func TestListEstimateTerms(t *testing.T) {
	signs := rational.Signs()
	for _, c := range []struct {
		name  string
		m     Model
		d     int
		units float64 // listSeconds in units of listNanos
		bytes float64
	}{
		// 8 outcomes, 4 codes: (1 + 8 + 16 + 300 + 60·2) units each, then
		// 2 coordinates of 4 codes and 1 pair of 8 combinations; 16·8
		// bytes for the pair's table and 8·(2·2 + 48) for the terms.
		{"joint law", joint(t, equalTermsLaw), 2, 8*445 + 2*(4*1500+30000) + 1*(8*1500+30000), 128 + 8*52},
		// q = 1 tied: one component, so the check of all entries runs
		// through: (3 + 12 + 16 + 300 + 60·3) units for each of 8 outcomes.
		{"tie of a one-value q", Model{Q: alphabet(t, "1"), K: signs, Tie: TieQ}, 3, 8*511 + 3*(2*1500+30000) + 3*(4*1500+30000), 3*4*8 + 8*54},
		// 2^18 = maxTermsJoint outcomes: the terms' joint law is kept.
		{"q tied, 2^18 outcomes", Model{Q: signs, K: signs, Tie: TieQ}, 17, (1<<18)*520 + 17*36000 + 136*54000, 136*128 + (1<<18)*82},
		{"q tied, 2^19 outcomes", Model{Q: signs, K: signs, Tie: TieQ}, 18, (1<<19)*241 + 18*36000 + 153*54000, 153 * 128},
		// 22 codes: dense tables of 22·22 entries; 23: maps of at most
		// as many entries as outcomes, 48 bytes each.
		{"22 codes", Model{Q: alphabet(t, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22"), K: alphabet(t, "1"), Tie: TieBoth}, 2,
			22*325 + 2*(22*1500+30000) + 1*(22*1500+30000), 22*22*8 + 22*52},
		{"23 codes", Model{Q: alphabet(t, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23"), K: alphabet(t, "1"), Tie: TieBoth}, 2,
			23*325 + 2*(23*1500+30000) + 1*(23*1500+30000), 23*48 + 23*52},
	} {
		s := space(t, c.m, c.d)
		require.Equal(t, c.units*listNanos/1e9, s.listSeconds(), "%s: estimated seconds", c.name)
		require.Equal(t, c.bytes, s.listBytes(), "%s: estimated bytes", c.name)
	}
	// The time limit is inclusive: q tied at d_k = 3 is estimated at
	// 16·331 + 3·36000 + 3·54000 = 275296 units of 3 ns.
	tied := Model{Q: signs, K: signs, Tie: TieQ}
	_, err := NewSpace(tied, 3, Options{Options: enumerate.Options{Limits: enumerate.Limits{MaxTime: 825888 * time.Nanosecond}}})
	require.NoError(t, err, "a listing estimated at exactly the limit is accepted")
	_, err = NewSpace(tied, 3, Options{Options: enumerate.Options{Limits: enumerate.Limits{MaxTime: 825887 * time.Nanosecond}}})
	var tl *enumerate.LimitError
	require.ErrorAs(t, err, &tl, "a listing estimated 1 ns over the limit is refused")
}

// TestWidthAndValueLimits: the largest width, and the largest scores the
// listing's 64-bit sums hold.
func TestWidthAndValueLimits(t *testing.T) {
	s, err := NewSpace(Model{Q: rational.Signs(), K: rational.Signs()}, enumerate.MaxD, Options{})
	require.NoError(t, err, "d_k = enumerate.MaxD is a width like any other")
	require.False(t, s.listed)
	// q·k = 2^62 − 1 has 62 bits: listed exactly; 2^62 has 63.
	s, err = NewSpace(joint(t, "1 4611686018427387903 1\n"), 1, Options{})
	require.NoError(t, err)
	tr, err := Prove(t.Context(), s.model, nil, quick)
	require.NoError(t, err)
	requireValue(t, rational.NewInt(4611686018427387903), value(t, tr.Runs[0], "mean-term"), "E[q_1·k_1] = 2^62 − 1, exactly")
	_, err = NewSpace(joint(t, "1 4611686018427387904 1\n"), 1, Options{})
	require.ErrorContains(t, err, "the values' numerators over their common denominator are too large to list exactly in 64-bit sums")
	// A negative score counts by its size.
	_, err = NewSpace(joint(t, "1 1 1\n1 -4611686018427387904 1\n"), 1, Options{})
	require.ErrorContains(t, err, "too large to list exactly")
}

// TestMarginalLimit: the law of several coordinates of a space too large
// to list is built as a product, up to maxMarginalOutcomes outcomes.
func TestMarginalLimit(t *testing.T) {
	wide := space(t, iid(t, "-1,1", "-1,1"), 9)
	require.False(t, wide.listed)
	// 4^8 = 65536 outcomes: built, each of weight 1.
	l, err := wide.productMarginal([]int{1, 2, 3, 4, 5, 6, 7, 8})
	require.NoError(t, err)
	require.Len(t, l.rows, 65536)
	require.Equal(t, "65536", l.total.String())
	_, err = wide.productMarginal([]int{1, 2, 3, 4, 5, 6, 7, 8, 9})
	require.ErrorContains(t, err, "the law of 9 coordinates has 262144 outcomes, more than the 65536 a marginal law may have")
	sum := Q(1)
	for i := 2; i <= 9; i++ {
		sum, err = Plus(sum, Q(i))
		require.NoError(t, err)
	}
	_, err = wide.E(t.Context(), sum)
	require.ErrorContains(t, err, "the law of 9 coordinates has 262144 outcomes", "a variable of 9 coordinates is refused, not truncated")
}

// TestListedMarginalLimits: a variable of several coordinates of a listed
// space is summed over at most maxMarginalOutcomes values of them, and
// one of the whole outcome over at most that many outcomes; beyond, it is
// refused, never truncated.
func TestListedMarginalLimits(t *testing.T) {
	// q = 1 tied, k_i from 1..41: 41^3 = 68921 values of (k_1, k_2, k_3).
	letters := make([]string, 41)
	for i := range letters {
		letters[i] = fmt.Sprint(i + 1)
	}
	s := space(t, Model{Q: alphabet(t, "1"), K: alphabet(t, strings.Join(letters, ",")), Tie: TieQ}, 3)
	sum, err := Plus(K(1), K(2))
	require.NoError(t, err)
	sum, err = Plus(sum, K(3))
	require.NoError(t, err)
	_, err = s.E(t.Context(), sum)
	require.ErrorContains(t, err, "the law of 3 coordinates has more than the 65536 outcomes a marginal law may have")
	// Exactly 65536 outcomes: a function of the whole outcome is summed
	// over all of them. q_i and k_i from 1..16: E[q_1·k_2] = (17/2)².
	a := alphabet(t, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16")
	s2 := space(t, Model{Q: a, K: a}, 2)
	score := Func("q_1·k_1 + q_2·k_2", func(o *Outcome) *big.Rat { return o.Score })
	e, err := s2.E(t.Context(), score)
	require.NoError(t, err)
	requireValue(t, rational.NewFrac(289, 2), e, "E[q·k] over the 65536 outcomes: 2·(17/2)²")
}
