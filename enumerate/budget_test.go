package enumerate

import (
	"math"
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

func TestBudgetTime(t *testing.T) {
	b := NewBudget(Limits{MaxTime: 5 * time.Minute})
	require.NoError(t, b.Check(), "an empty run fits")
	for range 4 {
		b.Add("one closed form", Cost{Seconds: 70, Bytes: 1e6})
	}
	require.NoError(t, b.Check(), "280 s under 300 s")
	b.Add("rounding", Cost{Seconds: 30})
	err := b.Check()
	var le *LimitError
	require.ErrorAs(t, err, &le)
	assert.False(t, le.Memory())
	assert.Equal(t, Cost{Seconds: 310, Bytes: 1e6}, le.Cost, "times add, memory is the largest part's")
	assert.Equal(t, 5*time.Minute, le.Limits.MaxTime)
	assert.Equal(t, int64(DefaultMaxMemory), le.Limits.MaxMemory, "defaults are filled in")
	assert.Len(t, le.parts, 5)
	assert.Equal(t, "this run would take about 5.2 minutes here (limit 5 minutes): 5 parts, largest one closed form, 70 seconds", err.Error())

	// The default limit: an hour.
	e := NewBudget(Limits{})
	e.Add("d_k = 22", Cost{Seconds: 2000})
	e.Add("d_k = 23", Cost{Seconds: 2000})
	require.ErrorAs(t, e.Check(), &le)
	assert.Equal(t, "this run would take about 67 minutes here (limit 60 minutes): 2 parts, largest d_k = 22, 33 minutes", le.Error())
	assert.Equal(t, "d_k = 22", le.parts[0].what, "largest first, in order among equals")
}

func TestBudgetMemory(t *testing.T) {
	b := NewBudget(Limits{MaxMemory: 100 << 20})
	b.Add("small", Cost{Seconds: 1, Bytes: 10 << 20})
	b.Add("large", Cost{Seconds: 1, Bytes: 90 << 20})
	require.NoError(t, b.Check(), "parts run one after another: the peak is the largest")
	b.Hold("the results", 20<<20)
	assert.Equal(t, float64(110<<20), b.cost().Bytes, "what is held adds to the peak")
	err := b.Check()
	var le *LimitError
	require.ErrorAs(t, err, &le)
	assert.True(t, le.Memory(), "memory is over, though time is not")
	assert.Equal(t, "this run would hold about 110 MiB (limit 100 MiB): 3 parts, largest large, 90 MiB", err.Error())

	// One part alone over the limit is refused in its own words.
	one := NewBudget(Limits{MaxMemory: 1 << 20})
	one.Add("a tiny part", Cost{Bytes: 1})
	one.Add("the distribution at d_k = 9", Cost{Bytes: 3e9})
	require.ErrorAs(t, one.Check(), &le)
	assert.Equal(t, "the distribution at d_k = 9 would hold about 2.79 GiB (limit 1 MiB)", le.Error())
}

// TestLimitsBoundOnePart checks the limits' edges on a budget of one
// part: at a limit is within it, anything over (or beyond any machine) is
// refused, memory first.
func TestLimitsBoundOnePart(t *testing.T) {
	l := Limits{MaxTime: time.Minute, MaxMemory: 1 << 30}
	check := func(what string, c Cost) error {
		b := NewBudget(l)
		b.Add(what, c)
		return b.Check()
	}
	require.NoError(t, check("x", Cost{Seconds: 60, Bytes: 1 << 30}), "at the limits is within them")
	for _, c := range []Cost{{Seconds: 61}, {Bytes: 1<<30 + 1}, {Seconds: math.Inf(1)}, {Bytes: math.Inf(1)}} {
		require.Error(t, check("x", c), "%+v", c)
	}
	var le *LimitError
	require.ErrorAs(t, check("x", Cost{Seconds: 1e9, Bytes: 1e12}), &le)
	assert.True(t, le.Memory(), "memory is refused first")
	assert.Equal(t, DefaultMaxTime, Limits{}.timeLimit())
	assert.Equal(t, int64(1<<30), Limits{}.Memory())
}

// TestOneDurationWording checks the one wording of durations and sizes:
// it grows with the value, so that a wider problem never reads as
// shorter (the estimates for d_k = 35 and 36 once read 264 days and 16
// hours), and it never panics.
func TestOneDurationWording(t *testing.T) {
	assert.Equal(t, "0.4 seconds", humanDuration(0.4))
	assert.Equal(t, "1 ns", humanDuration(1e-9))
	assert.Equal(t, "1 ms", humanDuration(0.001))
	assert.Equal(t, "60 minutes", humanDuration(3600))
	assert.Equal(t, "3 hours", humanDuration(3*3600))
	assert.Equal(t, "12 days", humanDuration(12*86400))
	assert.Equal(t, "longer than any machine runs", humanDuration(math.Inf(1)))
	assert.Equal(t, "1 GiB", humanBytes(1<<30))
	assert.Equal(t, "512 MiB", humanBytes(512<<20))
	assert.Equal(t, "2.24 GiB", humanBytes(2.4e9))
	assert.Equal(t, "1000 bytes", humanBytes(1000))
	assert.Equal(t, "1020 KiB", humanBytes(1020<<10))

	for _, a := range []rational.Alphabet{rational.Signs(), mustAlphabet(t, "-1,0,1"), mustAlphabet(t, "1,2")} {
		prev := 0.0
		for d := 1; d <= 60; d++ {
			pl := mustPlan(t, Problem{Q: a, K: a, D: d}, BruteForce, Options{})
			s := pl.Cost(NeedCounts).Seconds
			if math.IsInf(s, 1) {
				break // past 2^64 q vectors
			}
			require.Greater(t, s, prev, "%s: d = %d takes longer than d = %d", a, d, d-1)
			prev = s
		}
	}
}

// TestPlanCost checks that a plan's estimate is the one its refusals
// use: a width Check refuses for time costs more than the limit, one it
// accepts less.
func TestPlanCost(t *testing.T) {
	three, err := rational.ParseAlphabet("-1,0,1")
	require.NoError(t, err)
	for _, c := range []struct {
		d      int
		m      Method
		refuse bool
	}{{10, BruteForce, false}, {16, Auto, false}, {34, BruteForce, true}, {40, ClosedForm, false}, {100000, ClosedForm, false}, {1000000, ClosedForm, true}} {
		opt := Options{Limits: Limits{MaxTime: 5 * time.Minute}}
		pl, err := NewPlan(Problem{Q: three, K: three, D: c.d}, c.m, opt)
		require.NoError(t, err)
		cost := pl.Cost(NeedMoments)
		assert.Equal(t, c.refuse, !fits(cost, opt.Limits), "d = %d %v: %+v", c.d, c.m, cost)
		assert.Equal(t, c.refuse, pl.Check(NeedMoments) != nil, "d = %d %v", c.d, c.m)
	}
}

// TestRoundingCost checks the shape of the estimate: nothing for scales
// whose variances are rational, and more for more places, more values or
// a higher root, about half a second at rational.MaxRootWork.
func TestRoundingCost(t *testing.T) {
	for _, s := range []rational.Scale{rational.Raw, rational.Sqrt, rational.ByD, {P: big.NewRat(3, 2)}, {}} {
		assert.Zero(t, RoundingCost(s, 10_000, 5), s.Name())
	}
	quarter := rational.Scale{P: big.NewRat(1, 4)}
	assert.Positive(t, RoundingCost(quarter, 1, 1).Seconds)
	assert.Less(t, RoundingCost(quarter, 100, 1).Seconds, RoundingCost(quarter, 1000, 1).Seconds)
	assert.InDelta(t, 2*RoundingCost(quarter, 100, 1).Seconds, RoundingCost(quarter, 100, 2).Seconds, 1e-12)
	high := rational.Scale{P: big.NewRat(1, 999)} // variances under it are roots of index 999
	assert.Less(t, RoundingCost(quarter, 1000, 1).Seconds, RoundingCost(high, 1000, 1).Seconds)
	assert.InDelta(t, 0.5, RoundingCost(high, 1001, 1).Seconds, 0.01)
	assert.Positive(t, RoundingCost(high, 1001, 1).Bytes)
}
