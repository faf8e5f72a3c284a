package enumerate

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

func TestBudget(t *testing.T) {
	var b Budget
	require.NoError(t, b.Check(), "an empty run fits")
	for range 4 {
		b.Add(BudgetPart{What: "one closed form", Seconds: 70})
	}
	b.Add(BudgetPart{What: "an enumeration", Seconds: 3000, Enumeration: true})
	// 280 s of closed forms and 50 minutes of enumeration: each under its limit.
	require.NoError(t, b.Check())
	b.Add(BudgetPart{What: "rounding", Seconds: 30})
	err := b.Check()
	var be *BudgetError
	require.True(t, errors.As(err, &be), "%v", err)
	assert.False(t, be.Enumeration)
	assert.Equal(t, 310.0, be.Seconds)
	assert.Equal(t, 300.0, be.MaxSeconds)
	assert.Len(t, be.Parts, 5, "the enumeration does not count against the closed form's limit")
	assert.Equal(t, "the computations of this run would take about 5.2 minutes here together (limit 5 minutes): one closed form (about 70 seconds), one closed form (about 70 seconds), one closed form (about 70 seconds), and 2 more",
		err.Error())

	// The enumerations' own limit.
	e := Budget{}
	e.Add(BudgetPart{What: "d_k = 22", Seconds: 2000, Enumeration: true})
	e.Add(BudgetPart{What: "d_k = 23", Seconds: 2000, Enumeration: true})
	require.ErrorAs(t, e.Check(), &be)
	assert.True(t, be.Enumeration)
	assert.Contains(t, be.Error(), "the enumerations of this run would take about 67 minutes here together (limit 60 minutes): d_k = 22")

	// An explicit limit counts everything together.
	b.Options.MaxTime = 50 * time.Minute
	require.ErrorAs(t, b.Check(), &be)
	assert.Equal(t, 3310.0, be.Seconds)
	assert.Equal(t, 3000.0, be.MaxSeconds)
	assert.Len(t, be.Parts, 6)
	assert.Equal(t, "an enumeration", be.Parts[0].What, "largest first")
	b.Options.MaxTime = time.Hour
	require.NoError(t, b.Check())
}

// TestPlanSeconds checks that a plan's estimate is the one its refusals
// use: a width Check refuses for time has Seconds over the limit, one it
// accepts under it.
func TestPlanSeconds(t *testing.T) {
	three, err := rational.ParseAlphabet("-1,0,1")
	require.NoError(t, err)
	for _, c := range []struct {
		d      int
		m      Method
		refuse bool
	}{{10, BruteForce, false}, {16, Auto, false}, {34, BruteForce, true}, {40, ClosedForm, false}, {100000, ClosedForm, false}, {1000000, ClosedForm, true}} {
		pl, err := NewPlan(Problem{Q: three, K: three, D: c.d}, c.m, Options{})
		require.NoError(t, err)
		limit := DefaultMaxClosedTime
		if pl.method == BruteForce {
			limit = DefaultMaxBruteTime
		}
		assert.Equal(t, c.refuse, pl.Seconds() > limit.Seconds(), "d = %d %v: %v seconds", c.d, c.m, pl.Seconds())
		assert.Equal(t, c.refuse, pl.Check(NeedMoments) != nil, "d = %d %v", c.d, c.m)
	}
}
