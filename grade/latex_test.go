package grade

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// requirePdflatex fails in CI, and skips elsewhere, when pdflatex is
// missing: .ci/run installs it.
func requirePdflatex(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("pdflatex"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdflatex is missing; .ci/run installs it")
		}
		t.Skip("pdflatex is not installed (.ci/run installs it)")
	}
}

// compileLaTeX runs pdflatex on a document and fails with its log when it
// does not produce a PDF.
func compileLaTeX(t *testing.T, doc string) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sheet.tex"), []byte(doc), 0o644))
	cmd := exec.Command("pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "sheet.tex")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "pdflatex:\n%s\n--- document:\n%s", out, doc)
	_, err = os.Stat(filepath.Join(dir, "sheet.pdf"))
	require.NoError(t, err)
}
