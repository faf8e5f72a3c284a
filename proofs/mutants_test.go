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
var namedMutants = []struct {
	name, file, from, to, killedBy string
}{
	{"a tie drops P(tied value) from an outcome's weight (issue 23, a)", "space.go",
		"factor: f.Mul(f, big.NewInt(g.a)), choices", "factor: f, choices", "TestAgainstOracle"},
	{"the pair tally of coordinates (i, j) stored transposed (issue 23, b)", "listing.go",
		"l.two[pairIndex(i, j, d)].add(c, codes[j], w)", "l.two[pairIndex(i, j, d)].add(codes[j], c, w)", "TestAgainstOracle"},
	{"the law of two tied pairs without P(other entry | tied value)", "general.go",
		"w := new(big.Int).Quo(lcm, wx[tied(a).RatString()])", "w := big.NewInt(1)", "TestAgainstOracle"},
	{"the sweep's mixture with its components' factors in reverse order", "general.go",
		"mo.Pairs, w.factors[n]", "mo.Pairs, w.factors[len(w.factors)-1-n]", "TestAgainstOracle"},
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
			src, err := os.ReadFile(m.file)
			require.NoError(t, err)
			require.Equal(t, 1, strings.Count(string(src), m.from), "%s: the line to mutate is not in %s exactly once: update namedMutants", m.name, m.file)
			dir := t.TempDir()
			mutated := filepath.Join(dir, m.file)
			require.NoError(t, os.WriteFile(mutated, []byte(strings.Replace(string(src), m.from, m.to, 1)), 0o644))
			abs, err := filepath.Abs(m.file)
			require.NoError(t, err)
			overlay, err := json.Marshal(map[string]map[string]string{"Replace": {abs: mutated}})
			require.NoError(t, err)
			overlayFile := filepath.Join(dir, "overlay.json")
			require.NoError(t, os.WriteFile(overlayFile, overlay, 0o644))
			cmd := exec.CommandContext(t.Context(), "go", "test", "-count=1", "-short", "-overlay", overlayFile, "-run", "^"+m.killedBy+"$", ".")
			out, err := cmd.CombinedOutput()
			require.Error(t, err, "%s lives: %s passes with it:\n%s", m.name, m.killedBy, out)
			require.Contains(t, string(out), "--- FAIL: "+m.killedBy, "%s: the run failed, but not by %s:\n%s", m.name, m.killedBy, out)
		})
	}
}
