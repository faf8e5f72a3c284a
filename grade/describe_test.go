package grade

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDescribeEveryKind holds what a sheet, a page and Gradescope say a
// part asks, for every kind of question: the width, the entries of q and
// of k, the divisor, the widths of a law or trend, a softmax's scores,
// and an ask line over all of them; a number question without an ask line
// is described without its value.
func TestDescribeEveryKind(t *testing.T) {
	cases := []struct{ claim, want string }{
		{"cases d=8", "the number of pairs (q, k) at d_k = 8"},
		{"count d=2 score=0", "the number of pairs with q·k = 0 at d_k = 2"},
		{"share d=2 score=-2", "the share of pairs with q·k = -2 at d_k = 2"},
		{"distribution d=2", "the distribution of q·k at d_k = 2, as [(score, count), …]"},
		{"sum-of-squares d=2", "the sum of (q·k)² over all pairs at d_k = 2"},
		{"mean d=4", "E[q·k] at d_k = 4"},
		{"variance d=8", "Var(q·k) at d_k = 8"},
		{"std d=16", "std(q·k) at d_k = 16"},
		{"variance d=8 scale=sqrt", "Var(q·k / √d_k) at d_k = 8"},
		{"variance d=8 scale=d", "Var(q·k / d_k) at d_k = 8"},
		{"variance d=8 scale=sqrt,sqrt", "Var(q·k / (√d_k twice)) at d_k = 8"},
		{"variance d=8 scale=sqrt divide=2", "Var(q·k / (√d_k and by 2)) at d_k = 8"},
		{"variance d=2 values=-2,2", "Var(q·k) at d_k = 2 with entries -2,2"},
		{"variance d=2 values=-2,2 k-values=-1,1", "Var(q·k) at d_k = 2 with entries -2,2 in q and -1,1 in k"},
		{"variance d=2 k-values=-3,3", "Var(q·k) at d_k = 2 with entries -3,3 in k"},
		{"law quantity=std d=1,2,4", "std(q·k) as a formula in d (or one figure) for d_k = 1, 2, 4"},
		{"trend quantity=variance scale=sqrt d=1,2,4", "does Var(q·k / √d_k) grow, shrink or stay constant as d_k rises through 1, 2, 4?"},
		{"ratio quantity=variance divide=1 versus=2 d=4", "variance(q·k / 1) ÷ variance(q·k / 2) at d_k = 4"},
		{"softmax scores=1,2,3", "softmax([1, 2, 3])"},
		{"softmax scores=1,2,3 dk=512 rounded=1", "softmax([1, 2, 3] / √512) (scores printed to 1 decimal place)"},
		{"softmax scores=1,2,3 rounded=2", "softmax([1, 2, 3]) (scores printed to 2 decimal places)"},
		{"softmax-entry scores=8,16,24 entry=3", "output 3 of softmax([8, 16, 24])"},
		{"jacobian-max scores=1,2", "the largest |entry| of the Jacobian of softmax([1, 2])"},
		{"sample-variance d=4 samples=100", "the sample variance (numpy's var) of 100 random scores q·k at d_k = 4"},
		{"draw d=512 scale=sqrt", "one random score q·k / √d_k at d_k = 512"},
		{"number value=sqrt(4096)", "the number question 99 asks for"},
	}
	var key strings.Builder
	for i, c := range cases {
		fmt.Fprintf(&key, "question %d\nanswer %d %s\n", i+1, i+1, c.claim)
	}
	fmt.Fprintf(&key, "question 99\nanswer 99 number value=sqrt(4096)\n")
	fmt.Fprintf(&key, "question 100\nanswer 100 variance d=8\nask 100 How spread out is q·k at d_k = 8?\n")
	k := parseKey(t, key.String())
	for i, c := range cases[:len(cases)-1] {
		assert.Equal(t, c.want, Describe(k.parts[fmt.Sprint(i+1)]), c.claim)
	}
	assert.Equal(t, cases[len(cases)-1].want, Describe(k.parts["99"]), "a number is not described by its value")
	assert.NotContains(t, Describe(k.parts["99"]), "4096")
	assert.Equal(t, "How spread out is q·k at d_k = 8?", Describe(k.parts["100"]), "an ask line over the description")
}
