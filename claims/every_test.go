package claims

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/stretchr/testify/require"
)

// The tests check formulas against enumerate for a few milliseconds, a
// few dozen widths, rather than a quarter of a second.
func init() { checkTime = 5 * time.Millisecond }

// TestClaimsForEveryWidth: a mean, variance or std without d= is a formula
// in d claimed for every width, decided from the proof for every width,
// whatever the words for "every".
func TestClaimsForEveryWidth(t *testing.T) {
	ch := NewChecker(enumerate.Limits{})
	for _, c := range []struct {
		line  string
		holds bool
		exact string
	}{
		{"variance scale=sqrt is 1 for every d", true, "the variance is 1 for every d, from E[q_i·k_i] = 0, Var(q_i·k_i) = 1 and Cov(q_i·k_i, q_j·k_j) = 0 " +
			"(the covariance 0 by construction); the formula agrees with enumerate at d = 1.."},
		{"variance is d for all d", true, "the variance is d for every d"},
		{"variance is d for any d_k", true, "the variance is d for every d"},
		{"variance scale=d is 1 for every d", false, "the variance is 1/d for every d, from E[q_i·k_i] = 0, Var(q_i·k_i) = 1 and Cov(q_i·k_i, q_j·k_j) = 0 " +
			"(the covariance 0 by construction); 1 differs from it at d = 2; the formula agrees with enumerate at d = 1.."},
		{"variance scale=sqrt,sqrt is 1/d for every d", true, "the variance is 1/d for every d"},
		{"variance values=±2 is 16*d for every d", true, "the variance is 16*d for every d"},
		{"std values=±2 scale=sqrt is 4 for every d", true, "the std is 4 for every d"},
		{"std values=±2 scale=sqrt is -4 for every d", false, "-4 differs from it at d = 1"},
		{"std is sqrt(d) for every d", true, "the std is sqrt(d) for every d"},
		{"std values=-1,0,1 k-values=±1 is sqrt(2/3*d) for every d", true, "the std is 1/3*sqrt(6)*sqrt(d) for every d"},
		{"mean values=0,1 is d/4 for every d", true, "the mean is 1/4*d for every d, from E[q_i·k_i] = 1/4"},
		{"mean values=0,1 scale=sqrt is sqrt(d)/4 for every d", true, "the mean is 1/4*sqrt(d) for every d"},
		{"mean values=0,1 is d/5 for every d", false, "d/5 differs from it at d = 1"},
		{"variance divide=sqrt(2) is d/2 for every d", true, "the variance is 1/2*d for every d"},
		{"variance divide=2^(1/4) is d/sqrt(2) for every d", true, "the variance is (d)/sqrt(2) for every d"},
		{"variance values=0 is 0 for every d", true, "the variance is 0 for every d"},
		{"variance values=-1,0:2,1 k-values=±1 scale=d is 1/(2*d) for every d", true, "the variance is 1/(2*d) for every d"},
		// Issue 31: one grammar, a formula without its "for every d",
		// sums and shown work, decimals at their written value.
		{"variance scale=sqrt is 1", true, "the variance is 1 for every d"},
		{"variance scale=sqrt is 1.00 for every d", true, "the variance is 1 for every d"},
		{"variance scale=d is d_k/d_k^2 = 1/d_k", true, "the variance is 1/d for every d"},
		{"variance scale=d is (d+d)/(2*d^2)", true, "the variance is 1/d for every d"},
		{"variance scale=d is 1/d + 1/d^2 - 1/d^2", true, "the variance is 1/d for every d"},
		{"variance scale=d is 1/d + 1/d^3 for every d", false, "differs from it at d = 1"},
		{"variance is 1/(d-1) for every d", false, "1/(d-1) differs from it at d = 2"},
		{"variance is 1/(d^(1/2)-d) for every d", false, "differs from it at d = 4"},
		{"std values=-2,2 is 4√d", true, "the std is 4*sqrt(d)"},
		{"std values=-2,2 is -4√d", false, "negative"},
		{"std values=-2,2 is 8d^(1/2)/2 = √(16d)", true, "the std is 4*sqrt(d)"},
		{"mean values=0,1 is d/4 - d^2/d^2 + 1", true, "the mean is 1/4*d"},
		// Same q alphabet as the first lines, another k: its own proof (a
		// cache keyed without k's alphabet once read the ±1 one here).
		{"variance k-values=±2 is 4*d for every d", true, "the variance is 4*d for every d"},
		// Same k alphabet as the first lines, another q.
		{"variance values=±3 k-values=±1 is 9*d for every d", true, "the variance is 9*d for every d"},
	} {
		f, err := Parse("every.claims", strings.NewReader(c.line))
		require.NoError(t, err, c.line)
		v, err := ch.Check(context.Background(), f[0])
		require.NoError(t, err, c.line)
		require.Equal(t, c.holds, v.Holds, "%s: %s", c.line, v.Exact)
		require.Contains(t, v.Exact, c.exact, c.line)
		require.Equal(t, strings.SplitN(c.line, " is ", 2)[1], v.Printed)
	}
	require.Len(t, ch.generals, 8, "one proof for every width per pair of alphabets")
	require.NoError(t, ch.Plan(nil))
}

func TestClaimsForEveryWidthErrors(t *testing.T) {
	for line, msg := range map[string]string{
		"variance d=4 is 1 for every d":        "d=4 is one width: give the value there, not a formula for every d (a claim for every d leaves d= out)",
		"variance is 50% for every d":          "not a percentage",
		"variance is e for every d":            `unexpected "e"`,
		"variance is sqrt(d+1) for every d":    "cannot be compared exactly",
		"variance is 2^d for every d":          "cannot be compared exactly",
		"variance values=x is 1 for every d":   "values=x",
		"variance scale=huge is 1 for every d": "unknown scale",
		"mean is d for every other d":          "unexpected",
	} {
		_, err := Parse("bad.claims", strings.NewReader(line))
		require.Error(t, err, line)
		require.Contains(t, err.Error(), msg, line)
	}
}
