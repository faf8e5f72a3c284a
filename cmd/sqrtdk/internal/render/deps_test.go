package render

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNoPlottingLibrary checks that render, which the student pages'
// WebAssembly module links, does not pull in the plotting library: the
// pgfplots writer takes plain data (package figures/pgf).
func TestNoPlottingLibrary(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, pkg := range strings.Fields(string(out)) {
		require.False(t, strings.HasPrefix(pkg, "gonum.org/v1/plot") || strings.Contains(pkg, "fpdf"), "render imports %s", pkg)
		require.NotEqual(t, "github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/figures", pkg)
	}
}
