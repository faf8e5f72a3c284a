package repotest

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNoCgo keeps sqrtdk pure Go whatever CGO_ENABLED says: a package that
// links C (net's resolver, os/user) makes every thread a C thread with an
// 8 MiB stack, and the binary then failed to start under an address-space
// limit of 1 GiB (prlimit --as) in 41 of 50 runs.
func TestNoCgo(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/sqrtdk/sqrtdk/cmd/sqrtdk").CombinedOutput()
	require.NoError(t, err, string(out))
	for _, pkg := range strings.Fields(string(out)) {
		require.NotEqual(t, "runtime/cgo", pkg, "sqrtdk links C: find the import with go list -deps -f '{{.ImportPath}}: {{.Imports}}'")
	}
}
