package proofs

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

var (
	// sums are terms summed over an index, whose index is bound.
	sums = regexp.MustCompile(`Σ(_\{[^}]*\}|_[ij])?\s*(Var|Cov|E)\((?:[^()]|\([^()]*\))*\)`)
	// freeIndex and numberedIndex find an entry with a symbolic or a
	// numbered index.
	freeIndex     = regexp.MustCompile(`[qk]_[ij]\b`)
	numberedIndex = regexp.MustCompile(`[qk]_[0-9]`)
	// selfEquality finds a value written as compared with itself, such as
	// "17/2 = 17/2", alone in a values column.
	selfEquality = regexp.MustCompile(`^(\S+) = (\S+)$`)
)

// sentences returns every sentence a transcript says, each as one string:
// a step's statement, an assertion's line (statement, values, detail), an
// assertion's reason, a line of the diagnosis, the conclusion.
func sentences(tr *Transcript) []string {
	var out []string
	for _, r := range tr.all() {
		for _, st := range r.Steps {
			out = append(out, st.Statement)
			for _, a := range st.Assertions {
				out = append(out, a.Statement+" "+a.Values+" "+a.Detail, a.Because)
			}
		}
	}
	out = append(out, tr.Conclusion)
	if dg := tr.Diagnosis; dg != nil {
		out = append(out, dg.Broken...)
		out = append(out, dg.Reasons...)
		out = append(out, dg.Instead...)
		out = append(out, dg.Pair, dg.Failure.Statement+" "+dg.Failure.Values)
	}
	return out
}

// TestTrueWords: on every kind of space, no sentence mixes symbolic and
// numbered indices, no values column writes a value as compared with
// itself, and a conclusion that holds says why.
func TestTrueWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	signs := rational.Signs()
	type tc struct {
		m  Model
		ds []int
	}
	cases := []tc{
		{Model{Q: signs, K: signs}, []int{1, 2, 3, 12}},
		{Model{Q: signs, K: signs, Tie: TieBoth}, []int{2, 3}},
		{Model{Q: alphabet(t, "-2,1/2:4"), K: signs, Tie: TieQ}, []int{2, 3}},
		{Model{Pairs: SamePairs(signs)}, []int{1, 2}},
		{Model{Pairs: OppositePairs(alphabet(t, "-1,0:2,1"))}, []int{2}},
		{iid(t, "±2", "0,1"), []int{1, 2, 9}},
		{pairs(t, magnitudesLaw), []int{1, 2}},
		{joint(t, equalTermsLaw), nil},
		{joint(t, asymmetricLaw), nil},
	}
	n := 30
	if short() {
		n = 10
	}
	for range n {
		cases = append(cases, tc{randomModel(t, rng), []int{1 + rng.IntN(3)}})
	}
	for _, c := range cases {
		tr := prove(t, c.m, c.ds...)
		for _, s := range sentences(tr) {
			bare := sums.ReplaceAllString(s, "Σ")
			require.False(t, freeIndex.MatchString(bare) && numberedIndex.MatchString(bare),
				"%s: a sentence mixes symbolic and numbered indices:\n%s", c.m, s)
			require.NotContains(t, s, "for the reasons above", "%s: a reason must be stated: %s", c.m, s)
		}
		for _, r := range tr.all() {
			for _, st := range r.Steps {
				for _, a := range st.Assertions {
					if m := selfEquality.FindStringSubmatch(a.Values); m != nil {
						require.NotEqual(t, m[1], m[2], "%s: %s writes %q", c.m, a.Statement, a.Values)
					}
				}
			}
		}
		if strings.Contains(tr.Conclusion, "holds") {
			require.Regexp(t, `holds [^:]*: Var\(q`, tr.Conclusion, "%s: the conclusion holds, and must say why", c.m)
		}
	}
}

// TestConclusionWords: the conclusion's verdict for every width, its
// coincidences and the mean's direction, in the scales the command
// offers.
func TestConclusionWords(t *testing.T) {
	signs := rational.Signs()
	for _, c := range []struct {
		m     Model
		scale string
		want  []string
	}{
		{Model{Q: signs, K: signs}, "sqrt", []string{"the conclusion Var(q·k/√d_k) = 1 holds for every d_k ≥ 1: Var(q_i·k_i) = 1 and Cov(q_i·k_i, q_j·k_j) = 0 (by construction:"}},
		{Model{Q: signs, K: signs}, "d", []string{"holds only at d_k = 1, a coincidence of that width:", "so Var(q·k) = d_k and Var(q·k/d_k) = 1/d_k, which is 1 there and at no other width"}},
		{Model{Q: signs, K: signs}, "raw", []string{"holds only at d_k = 1, a coincidence of that width:", "Var(q·k/1) = d_k"}},
		{Model{Q: signs, K: signs, Tie: TieBoth}, "d", []string{"still holds for every d_k ≥ 1: Var(q_i·k_i) = 1 and Cov(q_i·k_i, q_j·k_j) = 1, so Var(q·k) = d_k² and Var(q·k/d_k) = 1"}},
		{iid(t, "±2", "±2"), "sqrt", []string{"fails at every width:", "Var(q·k/√d_k) = 16 for every d_k ≥ 1, never 1"}},
		{iid(t, "±1/2", "±1"), "d^1/4", []string{"holds only at d_k = 16, a coincidence of that width:", "Var(q·k/d_k^(1/4)) = 1/4·√d_k, which is 1 there"}},
		{iid(t, "-1,0,1", "±1"), "raw", []string{"fails at every width:", "Var(q·k/1) = 2/3·d_k, which is 1 at no width d_k ≥ 1"}},
		{iid(t, "±1/2", "±1"), "raw", []string{"holds only at d_k = 4, a coincidence of that width:", "Var(q·k/1) = 1/4·d_k"}},
		{pairs(t, "-1 -1, 1 1:3"), "d", []string{"so Var(q·k) = 0 and Var(q·k/d_k) = 0 for every d_k ≥ 1, never 1"}},
		// q is 0 or 1 (P(1) = 1/4), tied; k given q = 1 is 0 or 10/3
		// (P = 3/5, 2/5): Var(q_i·k_i) = 1, Cov(q_i·k_i, q_j·k_j) = 1/3,
		// so Var(q·k/d_k^(3/4)) = 2/3/√d_k + √d_k/3: 1 at d_k = 1 and 4.
		{Model{Pairs: pairs(t, "0 1:15, 1 0:3, 1 10/3:2").Pairs, Tie: TieQ}, "d^3/4",
			[]string{"holds only at d_k = 1 and 4, a coincidence of those widths: Var(q_i·k_i) = 1 and Cov(q_i·k_i, q_j·k_j) = 1/3",
				"Var(q·k/d_k^(3/4)) = 2/(3·√d_k) + 1/3·√d_k"}},
	} {
		sc, err := rational.ParseScale(c.scale)
		require.NoError(t, err)
		opt := quick
		opt.Scale = &sc
		tr, err := Prove(t.Context(), c.m, nil, opt)
		require.NoError(t, err)
		for _, w := range c.want {
			require.Contains(t, tr.Conclusion, w, "%s, scale %s", c.m, c.scale)
		}
	}
	// The mean of the scaled score, when it is not 0.
	for _, c := range []struct {
		m     Model
		scale string
		want  string
	}{
		{Model{Pairs: OppositePairs(signs)}, "sqrt", "q·k/√d_k has mean -√d_k, which falls like -√d_k as d_k grows: dividing fixes the spread, not the mean"},
		{Model{Pairs: SamePairs(signs)}, "sqrt", "q·k/√d_k has mean √d_k, which grows like √d_k as d_k grows"},
		{Model{Pairs: SamePairs(signs)}, "d", "q·k/d_k has mean 1, which stays at 1 whatever d_k is"},
		{Model{Pairs: OppositePairs(signs)}, "raw", "q·k has mean -d_k, which falls like -d_k as d_k grows"},
		{Model{Pairs: SamePairs(signs)}, "d^3/2", "q·k/d_k^(3/2) has mean 1/√d_k, which shrinks toward 0 as d_k grows"},
		{iid(t, "0,2", "1"), "d^1/4", "q·k/d_k^(1/4) has mean d_k^(3/4), which grows like d_k^(3/4) as d_k grows"},
	} {
		sc, err := rational.ParseScale(c.scale)
		require.NoError(t, err)
		opt := quick
		opt.Scale = &sc
		tr, err := Prove(t.Context(), c.m, nil, opt)
		require.NoError(t, err)
		require.NotNil(t, tr.Diagnosis, "%s", c.m)
		require.True(t, containsLine(tr.Diagnosis.Instead, c.want), "%s, scale %s: %v", c.m, c.scale, tr.Diagnosis.Instead)
	}
	// A joint law: one width, its reason from Steps 4 and 5.
	tr := prove(t, joint(t, "1 1,1 1,1\n1 1,-1 1,1\n1 -1,1 1,1\n1 -1,-1 1,1\n"))
	require.Equal(t, fmt.Sprint("the conclusion Var(q·k/√d_k) = 1 still holds at d_k = 2, the one width a joint law has: ",
		"Var(q·k) = Σ Var(q_i·k_i) + 2·Σ_{i<j} Cov(q_i·k_i, q_j·k_j) = 2 + 2·0 = 2, and Var(q·k/√d_k) = Var(q·k)/(√d_k)² = 2/2 = 1"), tr.Conclusion)
}
