package proofs

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sqrtdk/sqrtdk/rational"
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

// TestPackageDocStatesLimits keeps the limits the package doc states (the
// constants are unexported: the doc is where a teacher reads them) equal
// to the constants that enforce them.
func TestPackageDocStatesLimits(t *testing.T) {
	raw, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	doc := strings.Join(strings.Fields(strings.ReplaceAll(string(raw), "//", "")), " ")
	require.Equal(t, rational.MaxLetters*rational.MaxLetters, maxPairs)
	require.Equal(t, int64(rational.MaxMultiplicity), int64(maxPairWeight))
	require.Equal(t, 1<<16, maxListedProduct)
	require.Equal(t, 1<<20, maxJointOutcomes)
	for _, want := range []string{
		"at most rational.MaxLetters² distinct pairs, each of weight at most rational.MaxMultiplicity",
		"a joint-law file at most 2²⁰ outcomes of width at most " + strconv.Itoa(maxJointWidth),
		"up to 2¹⁶ outcomes for independent coordinates",
	} {
		require.Contains(t, doc, want)
	}
}
