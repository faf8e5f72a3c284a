package claims

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFormulaErrorsReachTheTop: a part of a formula that cannot be
// compared (an exponent that is not rational, one that is not defined, a
// root of d too deep, a degree too high) makes the whole comparison fail
// with its reason, wherever the part sits: either side of a sum, a
// product or a quotient, under a negation or a power, in either formula.
func TestFormulaErrorsReachTheTop(t *testing.T) {
	for _, bad := range []struct{ part, reason string }{
		{"d^(sqrt(2))", "cannot be compared exactly"},
		{"(d+1)^(sqrt(2))", "cannot be compared exactly"},
		{"(d+1)^(1/2)", "cannot be compared exactly"},
		{"(d^(1/2)+1)^(1/3)", "cannot be compared exactly"},
		{"d^(d)", "cannot be compared exactly"},
		{"d^(1/(1-1))", "zero"},
		{"d^(1/1000)", "roots of d deeper"},
		{"d^300", "degree in d above"},
		{"(d+1)^300", "degree in d above"},
	} {
		for _, shape := range []string{"X", "1+X", "X+1", "2*X", "X*2", "X/2", "2/X", "-X", "(X)^2", "X-d", "d-X"} {
			f := strings.ReplaceAll(shape, "X", "("+bad.part+")")
			for _, pair := range [][2]string{{f, "d"}, {"d", f}} {
				ef, err := parseExpr(pair[0], true)
				require.NoError(t, err, pair[0])
				eg, err := parseExpr(pair[1], true)
				require.NoError(t, err, pair[1])
				_, err = sameFunction(ef, eg)
				require.Error(t, err, "%s against %s", pair[0], pair[1])
				require.Contains(t, err.Error(), bad.reason, "%s against %s", pair[0], pair[1])
			}
			e, err := parseExpr(f, true)
			require.NoError(t, err, f)
			err = comparable(e)
			require.Error(t, err, "comparable(%s)", f)
			require.Contains(t, err.Error(), bad.reason, "comparable(%s)", f)
		}
	}
}
