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

// negative judges exact figures by their value: -1/2 is negative, 0/2 is
// not (E[S²] = 3/4 and Var(S²) = 9/64·(9 − 1/3) = 39/32 for 4 Gaussian
// scores at d_k = 1, so 0 is 0.68 SE away).
func TestSampleVarianceExactSign(t *testing.T) {
	v := verdictOf(t, "sample-variance d=1 samples=4 is -1/2")
	assert.False(t, v.Holds, v.Exact)
	assert.Contains(t, v.Exact, "a variance is never negative")
	v = verdictOf(t, "sample-variance d=1 samples=4 is 0/2")
	assert.True(t, v.Holds, v.Exact)
	assert.NotContains(t, v.Exact, "never negative")
	assert.Contains(t, v.Exact, "0.68 SE away")
}

// A decimal read as cut off stands for [value − unit, value] when it is
// negative, so -0.0 cut off includes 0: not negative.
func TestSampleVarianceCutNegativeZero(t *testing.T) {
	q, err := ParseQuestion("sample-variance d=1 samples=4", nil)
	require.NoError(t, err)
	a, err := q.Read("-0.0", false)
	require.NoError(t, err)
	c, err := q.Claim("t", 1, a.Truncated())
	require.NoError(t, err)
	v := checked(t, c)
	assert.True(t, v.Holds, v.Exact)
	assert.NotContains(t, v.Exact, "never negative")
}

// With entries of E[x²] = 1, E[x⁴] = 13/12, four scores at d_k = 1 have
// E[S²] = 3/4 and Var(S²) = 9/64·(169/144 − 1/3) = (33/96)², so the limit
// is exactly 3/4 + 4·11/32 = 17/8 = 2.125 above the mean and the SE is
// 11/32. A surd just past the limit has its 8-place floor on the limit.
func TestSampleVarianceSurdNearLimit(t *testing.T) {
	const law = "sample-variance d=1 samples=4 moments=1,13/12 is "
	v := verdictOf(t, law+"sqrt(4515625001/1000000000)") // 2.125 + 2.4e-10
	assert.False(t, v.Holds, v.Exact)
	assert.Contains(t, v.Exact, "expected 3/4 ≈ 0.7500, SE 0.3438, 4.00 SE away")
	v = verdictOf(t, law+"sqrt(4515624999/1000000000)") // 2.125 − 2.4e-10
	assert.True(t, v.Holds, v.Exact)
	assert.Contains(t, v.Exact, "4.00 SE away")
	// z just above 4.005, which rounds half to even to 4.00: 0.75 +
	// 4.005·11/32 = 2.12671875, and the surd is 2.4e-26 above it, closer
	// than the first enclosure (21 places) can tell.
	v = verdictOf(t, law+"sqrt(45229326416015625000000001/10000000000000000000000000)")
	assert.False(t, v.Holds, v.Exact)
	assert.Contains(t, v.Exact, "4.01 SE away")
}
