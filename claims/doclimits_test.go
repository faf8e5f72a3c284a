package claims

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDocStatesLimits keeps the limits the package doc states (unexported:
// the doc is where an author reads them) equal to the constants that
// enforce them.
func TestDocStatesLimits(t *testing.T) {
	raw, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	doc := strings.Join(strings.Fields(strings.ReplaceAll(string(raw), "//", "")), " ")
	require.Equal(t, int64(1e9), int64(maxSampleWidth))
	require.Equal(t, int64(1e12), int64(maxSamples))
	for _, want := range []string{
		fmt.Sprintf("at most %d %03d claims", maxClaims/1000, maxClaims%1000),
		fmt.Sprintf("a softmax claim at most %d scores", maxScores),
		"a sampled figure a width up to 10⁹ and at most 10¹² samples",
		fmt.Sprintf("within %d standard errors", sampleTolerance),
	} {
		require.Contains(t, doc, want)
	}
}
