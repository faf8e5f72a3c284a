package proofs

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// equalTermsLaw is a joint law at d_k = 2: q_1, q_2, k_1 independent signs
// and k_2 = q_1·k_1·q_2, so every entry is ±1 with mean 0 and variance 1,
// any two entries are independent, yet q_2·k_2 = q_1·k_1 always.
const equalTermsLaw = `# weight q k
1 -1,-1 -1,-1
1 -1,-1 1,1
1 -1,1 -1,1
1 -1,1 1,-1
1 1,-1 -1,1
1 1,-1 1,-1
1 1,1 -1,-1
1 1,1 1,1
`

// magnitudesLaw ties |q_i| to |k_i| while their signs are independent:
// (±2, ±2) with weight 1 each and (±1/2, ±1/2) with weight 4 each. Each
// entry has mean 0 and E[x²] = (4·4 + 16·1/4)/20 = 1; q_i·k_i is ±4 or
// ±1/4 symmetrically, so Cov(q_i, k_i) = 0; but E[q_i²·k_i²] =
// (4·16 + 16·1/16)/20 = 13/4, not E[q_i²]·E[k_i²] = 1.
const magnitudesLaw = "-2 -2, -2 2, 2 -2, 2 2, -1/2 -1/2:4, -1/2 1/2:4, 1/2 -1/2:4, 1/2 1/2:4"

// A brokenCase is an input that breaks exactly what some assertions rest
// on, with what a reader checks by hand: the assertions that fail, their
// values, the reasons the diagnosis must give and whether the conclusion
// survives.
type brokenCase struct {
	name  string
	model func(t *testing.T) Model
	d     int
	scale *big.Rat // nil: √d_k
	// fails is the exact set of assertion IDs that fail at d.
	fails []string
	// values are left values of assertions (the first failing instance).
	values map[string]rational.Value
	// reasons must each appear in one line of the diagnosis's reasons.
	reasons    []string
	broken     []string
	conclusion bool
	// generalFails is the exact set of assertion IDs that fail in the
	// proof for every width (none for a joint law, which has no such
	// proof).
	generalFails []string
}

var brokenCases = []brokenCase{
	{
		// E[q] = (0+2)/2 = 1, Var(q) = 1, E[q²] = 2; q·k ∈ {0, ±2}: mean 0,
		// variance (0+4+4)/4 = 2.
		name: "mean of q broken", d: 1,
		model: func(t *testing.T) Model { return iid(t, "0,2", "-1,1") },
		fails: []string{"mean-q", "square-q", "var-scaled", "var-score", "var-term"},
		values: map[string]rational.Value{"mean-q": rational.NewFrac(1, 1), "square-q": rational.NewFrac(2, 1), "var-term": rational.NewFrac(2, 1),
			"mean-term": rational.NewFrac(0, 1), "var-score": rational.NewFrac(2, 1)},
		reasons: []string{"Step 2, every d_k: E[q_i·k_i] = 0 holds although E[q_i] = 0 fails: E[q_i·k_i] = E[q_i]·E[k_i] + Cov(q_i, k_i) = 1·0 + 0 = 0",
			"Step 1, every d_k: E[q_i²] = 1 fails (2 ≠ 1): E[q_i²] = Var(q_i) + E[q_i]² = 1 + 1² = 2"},
		broken:       []string{"mean 0, for every d_k: E[q_i] = 0 is false: 1 ≠ 0"},
		generalFails: []string{"mean-q", "square-q", "var-scaled", "var-score", "var-term"},
	},
	{
		name: "mean of k broken", d: 2,
		model:        func(t *testing.T) Model { return iid(t, "-1,1", "0,2") },
		fails:        []string{"mean-k", "square-k", "var-scaled", "var-score", "var-term"},
		values:       map[string]rational.Value{"mean-k": rational.NewFrac(1, 1), "var-score": rational.NewFrac(4, 1), "var-scaled": rational.NewFrac(2, 1)},
		broken:       []string{"mean 0, for every d_k: E[k_i] = 0 is false: 1 ≠ 0"},
		generalFails: []string{"mean-k", "square-k", "var-scaled", "var-score", "var-term"},
	},
	{
		// Var(q) = 4 and Var(k) = 1/4: each hypothesis of variance 1 is
		// broken, yet Var(q_i·k_i) = 4·1/4 = 1.
		name: "variances broken, conclusion survives", d: 2,
		model:        func(t *testing.T) Model { return iid(t, "±2", "±1/2") },
		fails:        []string{"square-k", "square-q", "var-k", "var-q"},
		values:       map[string]rational.Value{"var-q": rational.NewFrac(4, 1), "var-k": rational.NewFrac(1, 4), "var-term": rational.NewFrac(1, 1), "var-scaled": rational.NewFrac(1, 1)},
		reasons:      []string{"Var(q_i·k_i) = 1 holds although E[q_i²] = 1 and E[k_i²] = 1 fail: Var(q_i·k_i) = E[q_i²]·E[k_i²] + Cov(q_i², k_i²) − (E[q_i]·E[k_i] + Cov(q_i, k_i))² = 4·1/4 + 0 − (0·0 + 0)² = 1"},
		generalFails: []string{"square-k", "square-q", "var-k", "var-q"},
		conclusion:   true,
	},
	{
		// Var(k) = 4: one term has variance 1·4 = 4, q·k at d_k = 3 has 12.
		name: "variance of k broken", d: 3,
		model:        func(t *testing.T) Model { return iid(t, "-1,1", "±2") },
		fails:        []string{"square-k", "var-k", "var-scaled", "var-score", "var-term"},
		values:       map[string]rational.Value{"var-k": rational.NewFrac(4, 1), "var-term": rational.NewFrac(4, 1), "var-score": rational.NewFrac(12, 1), "var-scaled": rational.NewFrac(4, 1)},
		reasons:      []string{"Step 4, every d_k: Var(q·k) = d_k fails (4·d_k ≠ d_k): E[q·k] = d_k·E[q_i·k_i] = d_k·0 = 0 and Var(q·k) = d_k·Var(q_i·k_i) + d_k(d_k−1)·Cov(q_i·k_i, q_j·k_j) = d_k·4 + d_k(d_k−1)·0 = 4·d_k; it rests on Var(q_i·k_i) = 1, which fails."},
		generalFails: []string{"square-k", "var-k", "var-scaled", "var-score", "var-term"},
	},
	{
		// q = 1 always: mean 1 and variance 0, yet E[q²] = 1, and q·k = k.
		name: "E[q²] = 1 without mean 0 or variance 1", d: 2,
		model:        func(t *testing.T) Model { return iid(t, "1", "-1,1") },
		fails:        []string{"mean-q", "var-q"},
		values:       map[string]rational.Value{"mean-q": rational.NewFrac(1, 1), "var-q": rational.NewFrac(0, 1), "square-q": rational.NewFrac(1, 1)},
		reasons:      []string{"E[q_i²] = 1 holds although E[q_i] = 0 and Var(q_i) = 1 fail: E[q_i²] = Var(q_i) + E[q_i]² = 0 + 1² = 1."},
		generalFails: []string{"mean-q", "var-q"},
		conclusion:   true,
	},
	{
		// The lesson's hypotheses on k broken, the conclusion kept because
		// E[q] = 0 removes the cross term: Var(q_i·k_i) = 1·1 − (0·1)².
		name: "k = 1, q signs", d: 2,
		model:  func(t *testing.T) Model { return iid(t, "±1", "1") },
		fails:  []string{"mean-k", "var-k"},
		values: map[string]rational.Value{"mean-term": rational.NewFrac(0, 1), "var-term": rational.NewFrac(1, 1)},
		reasons: []string{"E[q_i·k_i] = 0 holds although E[k_i] = 0 fails: E[q_i·k_i] = E[q_i]·E[k_i] + Cov(q_i, k_i) = 0·1 + 0 = 0.",
			"E[k_i²] = 1 holds although E[k_i] = 0 and Var(k_i) = 1 fail: E[k_i²] = Var(k_i) + E[k_i]² = 0 + 1² = 1."},
		generalFails: []string{"mean-k", "var-k"},
		conclusion:   true,
	},
	{
		// q ∈ {0, 2}, k = 1: q·k = q has mean 1 and E[(q·k)²] = 2, so
		// Var(q_i·k_i) = 2 − 1² = 1 although its mean is not 0.
		name: "terms with mean 1 and variance 1", d: 2,
		model:        func(t *testing.T) Model { return iid(t, "0,2", "1") },
		fails:        []string{"mean-k", "mean-q", "mean-term", "square-q", "var-k", "var-term-square"},
		values:       map[string]rational.Value{"mean-term": rational.NewFrac(1, 1), "var-term-square": rational.NewFrac(1, 1), "var-term": rational.NewFrac(1, 1), "var-scaled": rational.NewFrac(1, 1)},
		reasons:      []string{"Var(q_i·k_i) = 1 holds although Var(q_i·k_i) = E[(q_i·k_i)²] and E[q_i²] = 1 fail: Var(q_i·k_i) = E[q_i²]·E[k_i²] + Cov(q_i², k_i²) − (E[q_i]·E[k_i] + Cov(q_i, k_i))² = 2·1 + 0 − (1·1 + 0)² = 1."},
		generalFails: []string{"mean-k", "mean-q", "mean-term", "square-q", "var-k", "var-term-square"},
		conclusion:   true,
	},
	{
		// k = q: q_i·k_i = q_i² = 1 always: mean 1, variance 0.
		name: "k = q", d: 1,
		model:  func(t *testing.T) Model { return Model{Pairs: SamePairs(rational.Signs())} },
		fails:  []string{"indep-qk", "mean-term", "mean-term-product", "var-scaled", "var-score", "var-term", "var-term-square"},
		values: map[string]rational.Value{"mean-term": rational.NewFrac(1, 1), "var-term": rational.NewFrac(0, 1), "var-score": rational.NewFrac(0, 1)},
		reasons: []string{"E[q_i·k_i] = E[q_i]·E[k_i] fails (1 ≠ 0): E[q_i·k_i] = E[q_i]·E[k_i] + Cov(q_i, k_i) = 0·0 + 1 = 1; it rests on q_i and k_i independent, which fails.",
			"E[(q_i·k_i)²] = E[q_i²]·E[k_i²] holds although q_i and k_i independent fails: q_i² and k_i² are uncorrelated"},
		broken:       []string{"independent, for every d_k: q_i and k_i independent is false: P(q_i = -1, k_i = -1) = 1/2 ≠ 1/4 = P(q_i = -1)·P(k_i = -1)"},
		generalFails: []string{"indep-qk", "mean-term", "mean-term-product", "var-scaled", "var-score", "var-term", "var-term-square"},
	},
	{
		// k = −q at d_k = 2: every term is −1, q·k = −2 always.
		name: "k = −q", d: 2,
		model:        func(t *testing.T) Model { return Model{Pairs: OppositePairs(rational.Signs())} },
		fails:        []string{"indep-all", "indep-qk", "mean-term", "mean-term-product", "var-scaled", "var-score", "var-term", "var-term-square"},
		values:       map[string]rational.Value{"mean-term": rational.NewFrac(-1, 1), "var-score": rational.NewFrac(0, 1)},
		generalFails: []string{"indep-qk", "mean-term", "mean-term-product", "var-scaled", "var-score", "var-term", "var-term-square"},
	},
	{
		name: "dependent but uncorrelated entries", d: 1,
		model:  func(t *testing.T) Model { return pairs(t, magnitudesLaw) },
		fails:  []string{"indep-qk", "square-term-product", "var-scaled", "var-score", "var-term"},
		values: map[string]rational.Value{"mean-term-product": rational.NewFrac(0, 1), "square-term-product": rational.NewFrac(13, 4), "var-term": rational.NewFrac(13, 4)},
		reasons: []string{"E[q_i·k_i] = E[q_i]·E[k_i] holds although q_i and k_i independent fails: q_i and k_i are uncorrelated",
			"E[(q_i·k_i)²] = E[q_i²]·E[k_i²] fails (13/4 ≠ 1): E[(q_i·k_i)²] = E[q_i²]·E[k_i²] + Cov(q_i², k_i²) = 1·1 + 9/4 = 13/4"},
		generalFails: []string{"indep-qk", "square-term-product", "var-scaled", "var-score", "var-term"},
	},
	{
		// Both vectors tied: q·k = d·q_1·k_1, variance d².
		name: "q and k tied", d: 3,
		model:        func(t *testing.T) Model { return Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieBoth} },
		fails:        []string{"cov-terms", "indep-all", "indep-coords", "indep-terms", "indep-terms-pair", "var-scaled", "var-score", "var-sum"},
		values:       map[string]rational.Value{"cov-terms": rational.NewFrac(1, 1), "var-score": rational.NewFrac(9, 1), "var-scaled": rational.NewFrac(3, 1)},
		reasons:      []string{"Var(q·k) = Var(q_1·k_1) + … + Var(q_3·k_3) fails (9 ≠ 3): Var(q·k) = Σ Var(q_i·k_i) + 2·Σ_{i<j} Cov(q_i·k_i, q_j·k_j) = 3 + 2·3 = 9; it rests on Cov(q_1·k_1, q_2·k_2) = 0, which fails."},
		broken:       []string{"independent, for every d_k: (q_i, k_i) and (q_j, k_j) independent is false: P(q_i = -1, q_j = -1) = 1/2 ≠ 1/4 = P(q_i = -1)·P(q_j = -1)"},
		generalFails: []string{"cov-terms", "indep-coords", "indep-terms-pair", "var-scaled", "var-score"},
	},
	{
		// q tied, k signs: the terms q_1·k_i are independent signs.
		name: "q tied, terms independent", d: 3,
		model:  func(t *testing.T) Model { return Model{Q: rational.Signs(), K: rational.Signs(), Tie: TieQ} },
		fails:  []string{"indep-all", "indep-coords"},
		values: map[string]rational.Value{"var-score": rational.NewFrac(3, 1)},
		reasons: []string{"q_i·k_i and q_j·k_j independent holds although (q_i, k_i) and (q_j, k_j) independent fails: the terms are independent although the entries are not.",
			"q_1·k_1, q_2·k_2, q_3·k_3 independent holds although q_1, q_2, q_3, k_1, k_2, k_3 independent fails"},
		generalFails: []string{"indep-coords"},
		conclusion:   true,
	},
	{
		// q tied to a skewed value: |q_i·k_i| = |q_1| for every i, so the
		// terms are dependent, but E[q_1²·k_i·k_j] = 0: uncorrelated.
		name: "q tied, terms dependent but uncorrelated", d: 3,
		model: func(t *testing.T) Model {
			return Model{Q: alphabet(t, "-2,1/2:4"), K: rational.Signs(), Tie: TieQ}
		},
		fails:        []string{"indep-all", "indep-coords", "indep-terms", "indep-terms-pair"},
		values:       map[string]rational.Value{"cov-terms": rational.NewFrac(0, 1), "var-score": rational.NewFrac(3, 1)},
		reasons:      []string{"Cov(q_i·k_i, q_j·k_j) = 0 holds although q_i·k_i and q_j·k_j independent fails: the terms are dependent but uncorrelated, and adding variances needs only uncorrelated terms"},
		generalFails: []string{"indep-coords", "indep-terms-pair"},
		conclusion:   true,
	},
	{
		name: "k tied, terms dependent but uncorrelated", d: 2,
		model: func(t *testing.T) Model {
			return Model{Q: rational.Signs(), K: alphabet(t, "-3,1/3:9"), Tie: TieK}
		},
		fails:        []string{"indep-all", "indep-coords", "indep-terms-pair"},
		values:       map[string]rational.Value{"var-score": rational.NewFrac(2, 1)},
		generalFails: []string{"indep-coords", "indep-terms-pair"},
		conclusion:   true,
	},
	{
		name: "a joint law with equal terms", d: 2,
		model:  func(t *testing.T) Model { return joint(t, equalTermsLaw) },
		fails:  []string{"cov-terms", "indep-all", "indep-coords", "indep-terms-pair", "var-scaled", "var-score", "var-sum"},
		values: map[string]rational.Value{"cov-terms": rational.NewFrac(1, 1), "var-score": rational.NewFrac(4, 1)},
		broken: []string{"independent, at d_k = 2: (q_1, k_1) and (q_2, k_2) independent is false: P((q_1, k_1) = (-1, -1), (q_2, k_2) = (-1, -1)) = 1/8 ≠ 1/16 = P((q_1, k_1) = (-1, -1))·P((q_2, k_2) = (-1, -1))"},
	},
	{
		// Dividing by d_k instead of √d_k: Var(q·k/d_k) = 2/4, not 2/2.
		name: "over-correcting scale", d: 2, scale: big.NewRat(1, 1),
		model:        func(t *testing.T) Model { return iid(t, "-1,1", "-1,1") },
		fails:        []string{"divisor", "scaling", "var-scaled"},
		values:       map[string]rational.Value{"scaling": rational.NewFrac(1, 2), "divisor": rational.NewFrac(4, 1)},
		reasons:      []string{"Var(q·k/d_k) = Var(q·k)/d_k fails (1/2 ≠ 1): Var(q·k/d_k) = Var(q·k)/(d_k)² = 2/4; it rests on (d_k)² = d_k, which fails."},
		broken:       []string{"the divisor's square is d_k, for every d_k: (d_k)² = d_k is false: d_k² ≠ d_k"},
		generalFails: []string{"divisor", "var-scaled"},
	},
	{
		// Not dividing at all: Var(q·k/1) = Var(q·k) = d_k.
		name: "no scale", d: 2, scale: new(big.Rat),
		model:        func(t *testing.T) Model { return iid(t, "-1,1", "-1,1") },
		fails:        []string{"divisor", "scaling", "var-scaled"},
		values:       map[string]rational.Value{"scaling": rational.NewFrac(2, 1), "divisor": rational.NewFrac(1, 1)},
		reasons:      []string{"Var(q·k/1) = Var(q·k)/d_k fails (2 ≠ 1): Var(q·k/1) = Var(q·k)/(1)² = 2/1; it rests on (1)² = d_k, which fails."},
		broken:       []string{"the divisor's square is d_k, for every d_k: (1)² = d_k is false: 1 ≠ d_k"},
		generalFails: []string{"divisor", "var-scaled"},
	},
	{
		// Dividing by the fourth root: d_k^(1/4) = √2 at d_k = 4, so
		// Var(q·k/√2) = 4/2.
		name: "fourth-root scale", d: 4, scale: big.NewRat(1, 4),
		model:        func(t *testing.T) Model { return iid(t, "-1,1", "-1,1") },
		fails:        []string{"divisor", "scaling", "var-scaled"},
		values:       map[string]rational.Value{"scaling": rational.NewFrac(2, 1), "divisor": rational.NewFrac(2, 1)},
		reasons:      []string{"Var(q·k/d_k^(1/4)) = Var(q·k)/d_k fails (2 ≠ 1): Var(q·k/d_k^(1/4)) = Var(q·k)/(d_k^(1/4))² = 4/2; it rests on (d_k^(1/4))² = d_k, which fails."},
		broken:       []string{"the divisor's square is d_k, for every d_k: (d_k^(1/4))² = d_k is false: √d_k ≠ d_k"},
		generalFails: []string{"divisor", "var-scaled"},
	},
	{
		// A variance 1 + 2·10⁻¹⁰ + 10⁻²⁰ that a tolerance would call 1.
		name: "nearly unit variance", d: 1,
		model: func(t *testing.T) Model { return iid(t, "-1,1", "±10000000001/10000000000") },
		fails: []string{"square-k", "var-k", "var-scaled", "var-score", "var-term"},
		values: map[string]rational.Value{"var-k": rational.NewRat(new(big.Rat).SetFrac(
			new(big.Int).Exp(big.NewInt(10000000001), big.NewInt(2), nil), new(big.Int).Exp(big.NewInt(10000000000), big.NewInt(2), nil)))},
		generalFails: []string{"square-k", "var-k", "var-scaled", "var-score", "var-term"},
	},
}

// TestBrokenHypotheses checks, on inputs that each break exactly what some
// assertions rest on, that exactly those fail, with the values worked out
// by hand, the reasons a reader would give and the conclusion's fate.
func TestBrokenHypotheses(t *testing.T) {
	for _, c := range brokenCases {
		t.Run(c.name, func(t *testing.T) {
			opt := Options{}
			if c.scale != nil {
				opt.Scale = &rational.Scale{P: c.scale}
			}
			opt.CheckTime = quick.CheckTime
			p, err := NewProof(c.model(t), []int{c.d}, opt)
			require.NoError(t, err)
			tr, err := p.Run(t.Context())
			require.NoError(t, err)
			r := tr.Runs[0]
			require.Equal(t, c.fails, failing(r), "the assertions that fail at d_k = %d", c.d)
			if tr.General == nil {
				require.Nil(t, c.generalFails)
			} else {
				require.Equal(t, c.generalFails, failing(*tr.General), "the assertions that fail for every d_k")
			}
			for id, want := range c.values {
				requireValue(t, want, value(t, r, id), id)
			}
			require.False(t, tr.Holds())
			dg := tr.Diagnosis
			require.NotNil(t, dg)
			for _, want := range c.reasons {
				require.True(t, containsLine(dg.Reasons, want), "no reason contains %q; reasons:\n%s", want, strings.Join(dg.Reasons, "\n"))
			}
			for _, want := range c.broken {
				require.Contains(t, dg.Broken, want)
			}
			require.Equal(t, c.conclusion, tr.ConclusionHolds(), "conclusion: %s", tr.Conclusion)
		})
	}
	require.GreaterOrEqual(t, len(brokenCases), 12)
}

func containsLine(lines []string, want string) bool {
	for _, l := range lines {
		if strings.Contains(l, want) {
			return true
		}
	}
	return false
}

// unitAlphabets are zero-mean, unit-variance alphabets, skewed ones
// included: the proof must hold for every pair of them.
var unitAlphabets = []string{
	"-1,1",
	"-2:1,1/2:4",        // skewed: E[x³] = -3/2
	"-3:1,1/3:9",        // skewed the other way round, with fractions
	"-1:3,1:3",          // multiplicities that cancel
	"-2,0:6,2",          // kurtosis 4: most entries are 0
	"-2,-1/2:4,1/2:4,2", // a mixture of the two skewed ones
}

// TestEveryStepHoldsOnUnitAlphabets runs the proof on every pair of the
// unit alphabets, listed at small widths and from exact laws at 64.
func TestEveryStepHoldsOnUnitAlphabets(t *testing.T) {
	for _, q := range unitAlphabets {
		a := alphabet(t, q)
		require.Zero(t, a.Mean().Sign(), q)
		require.Zero(t, a.Variance().Cmp(big.NewRat(1, 1)), q)
		for _, k := range unitAlphabets {
			if quickOnly && q != k {
				continue // once per mutant: each alphabet against itself
			}
			ds := []int{1, 2, 3, 64}
			if short() {
				// Every pair listed; the widths of real heads for one
				// alphabet against itself.
				ds = []int{1, 2}
				if q == k {
					ds = append(ds, 64)
				}
			}
			tr := prove(t, iid(t, q, k), ds...)
			require.True(t, tr.Holds(), "q from {%s}, k from {%s}: %v", q, k, failingAll(tr))
			require.Nil(t, tr.Diagnosis)
			require.True(t, tr.ConclusionHolds())
		}
	}
}

func failingAll(tr *Transcript) map[int][]string {
	out := map[int][]string{}
	for _, r := range tr.Runs {
		if f := failing(r); len(f) > 0 {
			out[r.D] = f
		}
	}
	return out
}

// randomUnitAlphabet mixes zero-mean, unit-variance multisets, which keeps
// both moments: {−a, 1/a:a²} and its mirror for a = 1..3, and {−2, 0:6, 2},
// each repeated a random number of times.
func randomUnitAlphabet(t *testing.T, rng *rand.Rand) rational.Alphabet {
	var parts []string
	for len(parts) == 0 {
		for a := int64(1); a <= 3; a++ {
			if m := rng.Int64N(2); m > 0 {
				parts = append(parts, fmt.Sprintf("-%d:%d,1/%d:%d", a, m, a, m*a*a))
			}
			if m := rng.Int64N(2); m > 0 {
				parts = append(parts, fmt.Sprintf("%d:%d,-1/%d:%d", a, m, a, m*a*a))
			}
		}
		if m := rng.Int64N(2); m > 0 {
			parts = append(parts, fmt.Sprintf("-2:%d,0:%d,2:%d", m, 6*m, m))
		}
	}
	a := alphabet(t, strings.Join(parts, ","))
	require.Zero(t, a.Mean().Sign(), a.String())
	require.Zero(t, a.Variance().Cmp(big.NewRat(1, 1)), a.String())
	return a
}

// TestEveryStepHoldsOnRandomUnitAlphabets is the same on random pairs
// (one pair with -short: a proof takes seconds under the race detector).
func TestEveryStepHoldsOnRandomUnitAlphabets(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	if quickOnly {
		t.Skip("the fixed unit alphabets cover this once per mutant")
	}
	n := 12
	if short() {
		n = 1
	}
	for range n {
		q, k := randomUnitAlphabet(t, rng), randomUnitAlphabet(t, rng)
		tr := prove(t, Model{Q: q, K: k}, 1, 2)
		require.True(t, tr.Holds(), "q from {%s}, k from {%s}: %v", q, k, failingAll(tr))
	}
}
