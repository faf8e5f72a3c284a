package proofs

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPackageDocShowsTheExample keeps the code in the package doc, which go
// doc shows, the same as the package's Example, which go test runs: every
// indented line of the doc is a line of the example.
func TestPackageDocShowsTheExample(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	example, err := os.ReadFile("example_test.go")
	require.NoError(t, err)
	lines := map[string]bool{}
	for _, l := range strings.Split(string(example), "\n") {
		lines[strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "//"))] = true
	}
	shown := 0
	for _, l := range strings.Split(string(doc), "\n") {
		code, ok := strings.CutPrefix(l, "//\t")
		if !ok {
			continue
		}
		shown++
		require.True(t, lines[strings.TrimSpace(code)], "doc.go shows %q, which the package's Example does not have", code)
	}
	require.GreaterOrEqual(t, shown, 8, "the package doc shows the example")
}
