package repotest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The numbers behind the README's figures are exact, so they must match
// byte for byte on every machine; docs/figures/make.sh regenerates them.
func TestREADMEFigureDataIsCurrent(t *testing.T) {
	docs := filepath.Join("..", "..", "docs", "figures")
	for name, args := range map[string][]string{
		"dist-raw.csv":   {"plot", "dist", "--d", "2,8,32", "--scale", "raw"},
		"dist-sqrt.csv":  {"plot", "dist", "--d", "2,8,32", "--scale", "sqrt"},
		"variance.csv":   {"plot", "variance"},
		"softmax.csv":    {"plot", "softmax"},
		"saturation.csv": {"plot", "saturation"},
	} {
		t.Run(name, func(t *testing.T) {
			got := filepath.Join(t.TempDir(), name)
			_, stderr, status := sqrtdk(t, root, append(args, "--data", got)...)
			require.Equal(t, 0, status, stderr)
			want, err := os.ReadFile(filepath.Join(docs, name))
			require.NoError(t, err)
			b, err := os.ReadFile(got)
			require.NoError(t, err)
			require.Equal(t, string(want), string(b), "docs/figures/%s is stale: run sh docs/figures/make.sh", name)
		})
	}
}

// TestFiguresScript runs docs/figures/make.sh, which the README shows,
// into a scratch folder and requires every file of docs/figures it makes,
// the figures and the typeset table included, to be byte for byte the
// committed one. In CI (CI set) pdflatex and pdftoppm must be there
// (.ci/run installs them); elsewhere the table is skipped without them,
// as the script says. -short leaves it out: it builds sqrtdk again and
// typesets, and TestREADMEFigureDataIsCurrent checks the numbers.
func TestFiguresScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and typesets; the figures' numbers are checked without -short too")
	}
	out := t.TempDir()
	cmd := exec.Command("sh", filepath.Join("..", "..", "docs", "figures", "make.sh"), out)
	log, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", log)
	missing := strings.Contains(string(log), "pdflatex or pdftoppm missing")
	if missing && os.Getenv("CI") != "" {
		t.Fatalf("make.sh: %s; .ci/run installs them", log)
	}
	docs := filepath.Join("..", "..", "docs", "figures")
	entries, err := os.ReadDir(docs)
	require.NoError(t, err)
	checked := 0
	for _, e := range entries {
		name := e.Name()
		if name == "make.sh" || name == "README.md" || name == "table.png" && missing {
			continue
		}
		want, err := os.ReadFile(filepath.Join(docs, name))
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(out, name))
		require.NoError(t, err, "make.sh did not write %s", name)
		require.True(t, string(want) == string(got), "docs/figures/%s is not what make.sh writes: run sh docs/figures/make.sh", name)
		checked++
	}
	require.GreaterOrEqual(t, checked, 10)
}
