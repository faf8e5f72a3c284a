package main

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxExportedNames caps the exported names of the public packages, as
// scripts/exported-names.sh counts them (types, functions, methods,
// constants, variables and struct fields): it may only come down. The
// issue's target is 420; what is left above it is the limits, refusals
// and budgets the cost model's rework turns into one options type.
const maxExportedNames = 527

// pendingDocs are the types whose fields and methods may still lack a doc
// comment of their own: the refusals and budgets the cost model's rework
// reshapes.
var pendingDocs = []string{"TooLargeError.", "Budget.", "BudgetError.", "BudgetPart.", "PlacesError."}

// TestExportedNames counts the public packages' exported names with
// scripts/exportednames.go and requires the total within its cap and
// every name documented.
func TestExportedNames(t *testing.T) {
	root := filepath.Join("..", "..")
	args := []string{"run", filepath.Join(root, "scripts", "exportednames.go"), "-undocumented"}
	for _, p := range []string{"rational", "enumerate", "proofs", "claims", "grade"} {
		args = append(args, filepath.Join(root, p))
	}
	out, err := exec.Command("go", args...).CombinedOutput()
	require.NoError(t, err, "%s", out)
	total := -1
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if name, ok := strings.CutPrefix(strings.TrimSpace(line), "undocumented: "); ok {
			pending := false
			for _, p := range pendingDocs {
				pending = pending || strings.HasPrefix(name, p)
			}
			assert.True(t, pending, "%s has no doc comment", name)
			continue
		}
		if f := strings.Fields(line); len(f) == 2 && f[0] == "total" {
			total, err = strconv.Atoi(f[1])
			require.NoError(t, err)
		}
	}
	require.Positive(t, total, "%s", out)
	assert.LessOrEqual(t, total, maxExportedNames, "exported names of the public packages:\n%s", out)
}
