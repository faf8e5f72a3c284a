package claims

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/softmax"
)

// Plan counts a softmax claim at its worst case for its number of scores,
// and a claim for every d at its comparison time as well as its widths.
func TestPlanCountsEachClaim(t *testing.T) {
	tiny := enumerate.Limits{MaxTime: time.Nanosecond}
	for n := 1; n <= 6; n++ {
		scores := strings.TrimSuffix(strings.Repeat("1,", n), ",")
		f := parseLines(t, "softmax scores="+scores+" is "+strings.TrimSuffix(strings.Repeat("0.5, ", n), ", "))
		err := NewChecker(tiny).Plan(f)
		var le *enumerate.LimitError
		require.ErrorAs(t, err, &le, "%d scores", n)
		assert.InDelta(t, softmax.CheckSeconds(n), le.Cost.Seconds, 1e-12, "%d scores", n)
	}
	f := parseLines(t, "variance is d for every d")
	require.NoError(t, NewChecker(enumerate.Limits{}).Plan(f))
	var le *enumerate.LimitError
	require.ErrorAs(t, NewChecker(enumerate.Limits{MaxTime: checkTime / 2}).Plan(f), &le)
	assert.GreaterOrEqual(t, le.Cost.Seconds, checkTime.Seconds())
}
