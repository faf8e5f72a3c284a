package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLibrariesDoNotImportTheCLI checks the layering: no library package
// depends on the command line, and the leaf rational depends on no other
// package of the module but leaves of plain arithmetic (internal/nat),
// which themselves import nothing of the module.
func TestLibrariesDoNotImportTheCLI(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \",\"}}", "github.com/sqrtdk/sqrtdk/...").CombinedOutput()
	require.NoError(t, err, string(out))
	const module = "github.com/sqrtdk/sqrtdk/"
	imports := map[string][]string{} // module package -> its module imports
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, list, _ := strings.Cut(line, " ")
		if !strings.HasPrefix(pkg, module) {
			continue
		}
		imports[pkg] = nil
		for _, imp := range strings.Split(list, ",") {
			if strings.HasPrefix(imp, module) {
				imports[pkg] = append(imports[pkg], imp)
			}
		}
	}
	require.Contains(t, imports, module+"rational")
	for pkg, imps := range imports {
		if strings.HasPrefix(pkg, module+"cmd/") {
			continue
		}
		for _, imp := range imps {
			require.False(t, strings.HasPrefix(imp, module+"cmd/"), "%s imports the command %s", pkg, imp)
		}
	}
	for _, imp := range imports[module+"rational"] {
		require.True(t, strings.HasPrefix(imp, module+"internal/"), "rational must be a leaf, but imports %s", imp)
		require.Empty(t, imports[imp], "rational imports %s, which is no leaf: it imports %v", imp, imports[imp])
	}
}
