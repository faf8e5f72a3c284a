package proofs

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// Weights are probabilities only up to a common factor: a law and the same
// law with every weight multiplied by any s > 0 are one law, and every
// verdict and number of its proof must be the same. These tests scale
// generated laws by factors around 2³², near 2⁶³ (where a product or a sum
// of weights in an int64 wraps) and, through the public API, to the
// largest weights it accepts (pair weights of 10¹² from two alphabets,
// whose products pass 2⁶³): the overflow in the law of two pairs
// (issue 35) made these differ.

// scaleFactors multiply weights of at most maxWeight: around 2³¹, 2³² and
// up to the largest that keeps every weight an int64.
func scaleFactors(maxWeight int64) []int64 {
	top := math.MaxInt64 / maxWeight
	return []int64{1<<31 - 1, 1 << 31, 1<<32 - 1, 1 << 32, 1<<32 + 1, 1<<62/maxWeight + 1, top - 1, top}
}

// randomPairs draws a pair law of 2 to 5 pairs with small values and
// weights from 1 to 7.
func randomPairs(r *rand.Rand) []Pair {
	vals := []*big.Rat{big.NewRat(-2, 1), big.NewRat(-1, 1), big.NewRat(0, 1), big.NewRat(1, 2), big.NewRat(1, 1), big.NewRat(3, 1)}
	seen := map[string]bool{}
	var out []Pair
	for len(out) < 2+r.IntN(4) {
		q, k := vals[r.IntN(len(vals))], vals[r.IntN(len(vals))]
		key := q.RatString() + " " + k.RatString()
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, Pair{Q: q, K: k, Weight: 1 + r.Int64N(7)})
	}
	return out
}

// scaledPairs returns the pairs with every weight times s.
func scaledPairs(ps []Pair, s int64) []Pair {
	out := make([]Pair, len(ps))
	for i, p := range ps {
		out[i] = Pair{Q: p.Q, K: p.K, Weight: p.Weight * s}
	}
	return out
}

// digest writes everything an assertion says, its values exactly.
func digest(a Assertion) string {
	f := func(x *Formula) string {
		if x == nil {
			return "-"
		}
		return x.String()
	}
	return fmt.Sprintf("%s|%s|%s|%s=%s|%s=%s|%s=%s|%v|%s|%s|%s|%s|%v|%s|%s",
		a.ID, a.Statement, a.Scope, a.Left, a.Right, a.LeftValue, a.RightValue, f(a.LeftFormula), f(a.RightFormula),
		a.Holds, a.ByConstruction, a.Values, a.Detail, a.Hypothesis, a.RestsOn, a.Because, a.Source)
}

// stepDigests writes every assertion of the steps, but the sweep's
// (skip "formula"): how many widths enumerate reaches in the check time
// depends on the size of the numbers, not on the law.
func stepDigests(steps []Step, skip string) []string {
	var out []string
	for _, st := range steps {
		out = append(out, fmt.Sprintf("Step %d %s: %s", st.Number, st.Title, st.Statement))
		for _, a := range st.Assertions {
			if a.ID == skip {
				out = append(out, a.ID+fmt.Sprint(a.Holds))
				continue
			}
			out = append(out, digest(a))
		}
	}
	return out
}

// generalSteps runs the proof for every width without the sweep, on a
// model built without validation, so that weights may pass the public
// bound.
func generalSteps(t *testing.T, m Model) []string {
	t.Helper()
	ev, err := gatherGeneral(context.Background(), m, big.NewRat(1, 2), nil, "no width checked")
	require.NoError(t, err)
	steps, err := ev.steps()
	require.NoError(t, err)
	return stepDigests(steps, "")
}

// TestScaledWeightsNearMachineLimits: generated pair laws, untied and
// tied every way, and the same laws scaled by factors near 2³¹, 2³² and
// 2⁶³, give the same proof for every width, assertion by assertion,
// number by number.
func TestScaledWeightsNearMachineLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 1))
	laws := 12
	if short() {
		laws = 4
	}
	for n := range laws {
		ps := randomPairs(r)
		var maxW int64
		for _, p := range ps {
			maxW = max(maxW, p.Weight)
		}
		for _, tie := range []Tie{Untied, TieQ, TieK, TieBoth} {
			base := generalSteps(t, Model{Pairs: PairLaw{pairs: ps}, Tie: tie})
			for _, s := range scaleFactors(maxW) {
				got := generalSteps(t, Model{Pairs: PairLaw{pairs: scaledPairs(ps, s)}, Tie: tie})
				require.Equal(t, base, got, "law %d %v, tie %d, weights times %d", n, ps, tie, s)
			}
		}
	}
}

// scaledAlphabet returns the alphabet with every multiplicity times s.
func scaledAlphabet(t *testing.T, a rational.Alphabet, s int64) rational.Alphabet {
	t.Helper()
	var ls []rational.Letter
	for _, l := range a.Letters() {
		ls = append(ls, rational.Letter{Value: l.Value, Mult: l.Mult * s})
	}
	out, err := rational.NewAlphabet(ls...)
	require.NoError(t, err)
	return out
}

// transcriptDigest writes what a transcript concludes: the proof for
// every width (its sweep's reach aside), the conclusion and the diagnosis.
func transcriptDigest(tr *Transcript) []string {
	out := stepDigests(tr.General.Steps, "formula")
	out = append(out, "conclusion: "+tr.Conclusion)
	if dg := tr.Diagnosis; dg != nil {
		out = append(out, fmt.Sprintf("diagnosis: %q|%q|%q|%d|%d|%s|%s|%d", dg.Broken, dg.Reasons, dg.Instead, dg.Smallest, dg.Step, digest(dg.Failure), dg.Pair, dg.PairStep))
	}
	return out
}

// TestScaledLawsThroughProve: through Prove, generated alphabets (whose
// product law has weights up to 10¹², their products past 2⁶³) and pair
// laws, scaled up to the largest multiplicity and weight accepted, tied
// every way, give the same transcript, and the issue's three laws give
// the numbers their smallest form gives.
func TestScaledLawsThroughProve(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 2))
	laws := 6
	if short() {
		laws = 2
	}
	vals := []string{"-2", "-1", "0", "1/2", "1", "3"}
	randomAlphabet := func() rational.Alphabet {
		var parts []string
		for _, i := range r.Perm(len(vals))[:2+r.IntN(2)] {
			parts = append(parts, fmt.Sprintf("%s:%d", vals[i], 1+r.IntN(5)))
		}
		return alphabet(t, strings.Join(parts, ","))
	}
	for n := range laws {
		q, k := randomAlphabet(), randomAlphabet()
		ps := randomPairs(r)
		for _, tie := range []Tie{Untied, TieQ, TieK, TieBoth} {
			base := transcriptDigest(prove(t, Model{Q: q, K: k, Tie: tie}))
			basePairs := transcriptDigest(prove(t, Model{Pairs: PairLaw{pairs: ps}, Tie: tie}))
			for _, s := range []int64{65536, 65537, 199999} { // 5·199999 < 10⁶
				got := transcriptDigest(prove(t, Model{Q: scaledAlphabet(t, q, s), K: scaledAlphabet(t, k, s), Tie: tie}))
				require.Equal(t, base, got, "alphabets %d %s and %s, tie %d, multiplicities times %d", n, q, k, tie, s)
				scaled, err := NewPairLaw(scaledPairs(ps, min(s, rational.MaxMultiplicity/7)))
				require.NoError(t, err)
				got = transcriptDigest(prove(t, Model{Pairs: scaled, Tie: tie}))
				require.Equal(t, basePairs, got, "pair law %d %v, tie %d, weights scaled", n, ps, tie)
			}
		}
	}
}

// TestIssue35Overflows: the issue's three laws, whose weights' products
// passed 2⁶³, prove exactly as their smallest forms do.
func TestIssue35Overflows(t *testing.T) {
	cases := []struct {
		name       string
		big, small Model
		holds      bool
		c          rational.Value // Cov(q_i·k_i, q_j·k_j)
	}{
		{"--values -2:10000,0:60000,2:10000 proves as -2:1,0:6,2:1",
			iid(t, "-2:10000,0:60000,2:10000", "-2:10000,0:60000,2:10000"), iid(t, "-2:1,0:6,2:1", "-2:1,0:6,2:1"), true, rational.NewInt(0)},
		{"--values -1:1000000,1:999999: c = 0",
			iid(t, "-1:1000000,1:999999", "-1:1000000,1:999999"), iid(t, "-1:1000000,1:999999", "-1:1000000,1:999999"), false, rational.NewInt(0)},
		{"--values -1:100000,1:100000 --k-values -1:40000,1:50000 --tie q: c = 1/81",
			Model{Q: alphabet(t, "-1:100000,1:100000"), K: alphabet(t, "-1:40000,1:50000"), Tie: TieQ},
			Model{Q: alphabet(t, "-1,1"), K: alphabet(t, "-1:4,1:5"), Tie: TieQ}, false, rational.NewFrac(1, 81)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := prove(t, c.big)
			require.Equal(t, c.holds, tr.Holds())
			requireValue(t, c.c, value(t, *tr.General, "cov-terms"), "Cov(q_i·k_i, q_j·k_j)")
			for _, id := range []string{"indep-coords", "indep-terms-pair", "cov-terms"} {
				a, ok := tr.General.Assertion(id)
				require.True(t, ok, id)
				require.Equal(t, c.c.Sign() == 0, a.Holds, "%s: %s", id, a.Detail)
			}
			require.Equal(t, transcriptDigest(prove(t, c.small)), transcriptDigest(tr))
		})
	}
}
