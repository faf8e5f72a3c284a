package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLibrariesDoNotImportTheCLI checks the layering: no library package
// depends on the command line, and the leaves (rational) depend on no
// other package of the module.
func TestLibrariesDoNotImportTheCLI(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \",\"}}", "github.com/sqrtdk/sqrtdk/...").CombinedOutput()
	require.NoError(t, err, string(out))
	const module = "github.com/sqrtdk/sqrtdk/"
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, " ")
		if !strings.HasPrefix(pkg, module) || strings.HasPrefix(pkg, module+"cmd/") {
			continue
		}
		for _, imp := range strings.Split(imports, ",") {
			require.False(t, strings.HasPrefix(imp, module+"cmd/"), "%s imports the command %s", pkg, imp)
			if pkg == module+"rational" {
				require.False(t, strings.HasPrefix(imp, module), "rational must be a leaf, but imports %s", imp)
			}
		}
	}
}
