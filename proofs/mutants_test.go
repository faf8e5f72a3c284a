package proofs

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// namedMutants are bugs the suite was once blind to (issue 23 found the
// first two: both changed what prove prints while every test passed),
// and bugs of the same kind in the proof for every width. Each is one
// edit of one line; TestNamedMutantsAreKilled applies it and requires the
// test named to fail.
//
// A mutant of another package names its folder (dir, relative to proofs)
// and is tested there.
var namedMutants = []struct {
	name, file, from, to, killedBy string
	dir                            string
}{
	{"a tie drops P(tied value) from an outcome's weight (issue 23, a)", "space.go",
		"factor: f.Mul(f, big.NewInt(g.a)), choices", "factor: f, choices", "TestAgainstOracle", ""},
	{"the pair tally of coordinates (i, j) stored transposed (issue 23, b)", "listing.go",
		"l.two[pairIndex(i, j, d)].add(c, codes[j], w)", "l.two[pairIndex(i, j, d)].add(codes[j], c, w)", "TestAgainstOracle", ""},
	{"the law of two tied pairs without P(other entry | tied value)", "general.go",
		"w := new(big.Int).Quo(lcm, wx[tied(a).RatString()])", "w := big.NewInt(1)", "TestAgainstOracle", ""},
	{"the sweep's mixture with its components' factors in reverse order", "general.go",
		"mo.Pairs, w.factors[n]", "mo.Pairs, w.factors[len(w.factors)-1-n]", "TestAgainstOracle", ""},
	// Issue 35: five bugs the package tests did not see, and more of
	// their kinds.
	{"a step's verdict ignores its last assertion (issue 35)", "steps.go",
		"func (st Step) holds() bool {\n\tfor _, a := range st.Assertions {", "func (st Step) holds() bool {\n\tfor _, a := range st.Assertions[:max(0, len(st.Assertions)-1)] {", "TestDependentWidthOneFailsOnlyIndependence", ""},
	{"a step's verdict ignores its first assertion", "steps.go",
		"func (st Step) holds() bool {\n\tfor _, a := range st.Assertions {", "func (st Step) holds() bool {\n\tfor _, a := range st.Assertions[min(1, len(st.Assertions)):] {", "TestEveryAssertionDecidesItsStep", ""},
	{"an explanation's probability with its score's weight applied twice (issue 35)", "diagnose.go",
		"weight[x.RatString()] = sl.weights[n]\n", "weight[x.RatString()] = new(big.Int).Mul(sl.weights[n], sl.weights[n])\n", "TestDiagnosisPairProbabilitiesRecomputed", ""},
	{"the law of two untied pairs with one weight applied twice", "general.go",
		"return new(big.Int).Mul(big.NewInt(a.Weight), big.NewInt(b.Weight))", "return new(big.Int).Mul(big.NewInt(a.Weight*a.Weight), big.NewInt(b.Weight))", "TestScaledWeightsNearMachineLimits", ""},
	{"the law of two pairs' weights multiplied in int64 (issue 35's overflow)", "general.go",
		"return new(big.Int).Mul(big.NewInt(a.Weight), big.NewInt(b.Weight))", "return big.NewInt(a.Weight * b.Weight)", "TestIssue35Overflows", ""},
	// (Step 4's covariance sum over d_k(d_k−1) pairs instead of half is
	// an equivalent mutant: that sum is scaled only on a space too large
	// to list, whose pairs are independent by construction, so it is 0.)
	{"an explanation squares a fraction without parentheses (1/9² for (1/9)²)", "steps.go",
		"return \"(\" + v.String() + \")²\"", "return v.String() + \"²\"", "TestBecauseNumbersRecomputed", ""},
	{"Cov(q_i·k_i, q_j·k_j)'s explanation quotes E[(q_i·k_i)²] for E[q_i·k_i·q_j·k_j]", "steps.go",
		"l.mean(Times(ti, tj)), paren(l.mean(ti))", "l.mean(Times(ti, ti)), paren(l.mean(ti))", "TestBecauseNumbersRecomputed", ""},
	{"the label 'q_i and k_i drawn independently' given to a pair law", "general.go",
		"if m.independentAlphabets() {\n\t\toneProduct = byIndependentAlphabets", "if true {\n\t\toneProduct = byIndependentAlphabets", "TestByConstructionRecomputed", ""},
	{"a grade is all right although its last part is wrong", "grade.go",
		"for _, p := range r.Parts {\n\t\tif p.Mark != Right {", "for _, p := range r.Parts[:max(0, len(r.Parts)-1)] {\n\t\tif p.Mark != Right {", "TestAllRightSeesEveryPart", "../grade"},
	{"partial credit from the first matched mistake, not the largest", "grade.go",
		"if c != nil && c.Cmp(best) > 0 {", "if c != nil && best.Sign() == 0 {", "TestCreditIsTheLargestShare", "../grade"},
	{"rational.Value.Sub reversed for negative operands (issue 35)", "value.go",
		"func (v Value) Sub(w Value) Value { return v.Add(w.MulRat(big.NewRat(-1, 1))) }",
		"func (v Value) Sub(w Value) Value {\n\tif v.Sign() < 0 || w.Sign() < 0 {\n\t\treturn w.Add(v.MulRat(big.NewRat(-1, 1)))\n\t}\n\treturn v.Add(w.MulRat(big.NewRat(-1, 1)))\n}",
		"TestSubAgainstRat", "../rational"},
	{"claims' cache of proofs for every d keyed without k's alphabet (issue 35)", "every.go",
		"key := m.String()", "key := m.Q.String()", "TestClaimsForEveryWidth", "../claims"},
	{"claims' cache of proofs for every d keyed without q's alphabet", "every.go",
		"key := m.String()", "key := m.K.String()", "TestClaimsForEveryWidth", "../claims"},
}

// TestNamedMutantsAreKilled applies each named mutant through go test's
// -overlay (the source tree is not touched) and runs the test that must
// kill it. It runs the package's tests once per mutant, so not in -short
// mode; scripts/mutation.sh runs it too.
func TestNamedMutantsAreKilled(t *testing.T) {
	if short() {
		t.Skip("each mutant runs the package's tests: go test without -short, or scripts/mutation.sh")
	}
	for _, m := range namedMutants {
		t.Run(m.name, func(t *testing.T) {
			dir := m.dir
			if dir == "" {
				dir = "."
			}
			file := filepath.Join(dir, m.file)
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			require.Equal(t, 1, strings.Count(string(src), m.from), "%s: the line to mutate is not in %s exactly once: update namedMutants", m.name, m.file)
			tmp := t.TempDir()
			mutated := filepath.Join(tmp, m.file)
			require.NoError(t, os.WriteFile(mutated, []byte(strings.Replace(string(src), m.from, m.to, 1)), 0o644))
			abs, err := filepath.Abs(file)
			require.NoError(t, err)
			overlay, err := json.Marshal(map[string]map[string]string{"Replace": {abs: mutated}})
			require.NoError(t, err)
			overlayFile := filepath.Join(tmp, "overlay.json")
			require.NoError(t, os.WriteFile(overlayFile, overlay, 0o644))
			cmd := exec.CommandContext(t.Context(), "go", "test", "-count=1", "-short", "-overlay", overlayFile, "-run", "^"+m.killedBy+"$", "./"+filepath.ToSlash(dir))
			out, err := cmd.CombinedOutput()
			require.Error(t, err, "%s lives: %s passes with it:\n%s", m.name, m.killedBy, out)
			require.Contains(t, string(out), "--- FAIL: "+m.killedBy, "%s: the run failed, but not by %s:\n%s", m.name, m.killedBy, out)
		})
	}
}
