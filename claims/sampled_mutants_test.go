package claims

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The law of one entry needs E[x²] > 0 and E[x⁴] ≥ E[x²]², both bounds
// included: E[x²] = 0 is refused, and E[x⁴] = E[x²]² (entries ±1) is a law.
func TestSampleLawBounds(t *testing.T) {
	for _, line := range []string{
		"sample-variance d=4 samples=100 moments=0,1 is 4",
		"sample-variance d=4 samples=100 moments=0,0 is 4",
	} {
		_, err := Parse("t.claims", strings.NewReader(line+"\n"))
		require.Error(t, err, line)
		assert.Contains(t, err.Error(), "need E[x²] > 0", line)
	}
	// ±1 entries at d_k = 4: σ² = 4, μ4 = 4 + 3·4·3 = 40, so for 100
	// scores E[S²] = 99/25 and Var(S²) = 99²/100³·(40 − 97/99·16).
	v := verdictOf(t, "sample-variance d=4 samples=100 moments=1,1 is 4")
	assert.True(t, v.Holds, v.Exact)
	assert.Contains(t, v.Exact, "expected 99/25")
}

// A negative figure for a draw is as far from 0 as its absolute value.
func TestDrawNegativeSurd(t *testing.T) {
	v := verdictOf(t, "draw d=2 is -sqrt(33)")
	assert.False(t, v.Holds, v.Exact)
	assert.Contains(t, v.Exact, ", 4.06 SE away")
}
