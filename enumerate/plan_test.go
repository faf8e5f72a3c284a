package enumerate

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// TestPlanBuildsLatticeOnce checks that a plan reduces its problem to the
// integer lattice once, whatever is computed from it afterwards.
func TestPlanBuildsLatticeOnce(t *testing.T) {
	a := mustAlphabet(t, "-1,0,1")
	before := latticeBuilds.Load()
	pl := mustPlan(t, Problem{Q: a, K: a, D: 5}, Both, Options{})
	ctx := context.Background()
	_, err := pl.Distribution(ctx)
	require.NoError(t, err)
	_, err = pl.Moments(ctx)
	require.NoError(t, err)
	_, err = pl.BruteShard(ctx, 1, 3)
	require.NoError(t, err)
	_, _, err = pl.closedEach(ctx, func(int, *big.Int) error { return nil })
	require.NoError(t, err)
	require.NoError(t, pl.Check(NeedCounts))
	assert.Equal(t, int64(1), latticeBuilds.Load()-before, "lattice builds for one plan")
}

// TestAutoIgnoresWorkers checks that Auto's choice, which shows in the
// output, is the same for every worker count, and flips from enumeration
// to the closed form as the width grows.
func TestAutoIgnoresWorkers(t *testing.T) {
	for _, alphabet := range []string{"-1,1", "1,2", "-1,0,1"} {
		a := mustAlphabet(t, alphabet)
		sawBrute, sawClosed := false, false
		for d := 1; d <= 40; d++ {
			p := Problem{Q: a, K: a, D: d}
			m := mustPlan(t, p, Auto, Options{}).Method()
			for _, w := range []int{1, 2, 7, 64} {
				require.Equal(t, m, mustPlan(t, p, Auto, Options{Workers: w}).Method(), "%s d=%d workers=%d", alphabet, d, w)
			}
			sawBrute = sawBrute || m == BruteForce
			sawClosed = sawClosed || m == ClosedForm
			if m == ClosedForm {
				// Once the closed form is chosen, every wider problem takes it too.
				next := mustPlan(t, Problem{Q: a, K: a, D: d + 1}, Auto, Options{}).Method()
				require.Equal(t, ClosedForm, next, "%s d=%d", alphabet, d+1)
			}
		}
		assert.True(t, sawBrute && sawClosed, "%s: auto should enumerate small widths and not large ones", alphabet)
	}
}

func TestPlanRefusals(t *testing.T) {
	signs := rational.Signs()
	three := mustAlphabet(t, "-1,0,1")
	var tl *TooLargeError

	// Beyond any machine: no exact count, a power of ten.
	pl := mustPlan(t, Problem{Q: signs, K: signs, D: 60}, BruteForce, Options{})
	require.ErrorAs(t, pl.Check(NeedCounts), &tl)
	assert.True(t, tl.Unreachable())
	assert.InDelta(t, 36.1, tl.PairsLog10, 0.1)
	assert.Contains(t, tl.Error(), "10^36 pairs is beyond any machine")

	// An hour of enumeration is refused; a longer limit accepts it.
	p := Problem{Q: signs, K: signs, D: 30}
	require.ErrorAs(t, mustPlan(t, p, BruteForce, Options{}).Check(NeedCounts), &tl)
	assert.Equal(t, BruteForce, tl.Method)
	assert.Zero(t, tl.Pairs.Cmp(p.Cases()))
	assert.Greater(t, tl.Seconds, tl.MaxSeconds)
	assert.Equal(t, DefaultMaxBruteTime.Seconds(), tl.MaxSeconds)
	require.NoError(t, mustPlan(t, p, BruteForce, Options{MaxTime: 200 * 365 * 24 * time.Hour}).Check(NeedCounts))

	// A tiny limit refuses what the default accepts.
	small := Problem{Q: signs, K: signs, D: 20}
	require.NoError(t, mustPlan(t, small, BruteForce, Options{}).Check(NeedCounts))
	require.ErrorAs(t, mustPlan(t, small, BruteForce, Options{MaxTime: time.Millisecond}).Check(NeedCounts), &tl)
	assert.Equal(t, 0.001, tl.MaxSeconds)

	// The closed form's counts: too many to hold, yet fine to stream.
	wide := mustPlan(t, Problem{Q: three, K: three, D: 60000}, ClosedForm, Options{})
	require.ErrorAs(t, wide.Check(NeedCounts), &tl)
	assert.True(t, tl.Memory())
	assert.Equal(t, float64(MaxClosedBytes), tl.MaxBytes)
	require.NoError(t, wide.Check(NeedMoments))
	// Both compares every count, so it needs them all even for moments.
	both := mustPlan(t, Problem{Q: three, K: three, D: 60000}, Both, Options{MaxTime: 200 * 365 * 24 * time.Hour})
	require.ErrorAs(t, both.Check(NeedMoments), &tl)

	// ±1 keeps 40000 counts in memory but not 50000.
	require.NoError(t, mustPlan(t, Problem{Q: signs, K: signs, D: 40000}, ClosedForm, Options{}).Check(NeedCounts))
	require.ErrorAs(t, mustPlan(t, Problem{Q: signs, K: signs, D: 50000}, ClosedForm, Options{}).Check(NeedCounts), &tl)

	// The closed form's time.
	slow := mustPlan(t, Problem{Q: three, K: three, D: MaxD}, ClosedForm, Options{})
	require.ErrorAs(t, slow.Check(NeedMoments), &tl)
	assert.False(t, tl.Memory())
	assert.Greater(t, tl.Seconds, DefaultMaxClosedTime.Seconds())
	assert.Contains(t, tl.Error(), "the closed form at d_k = 1000000 would take about")

	// Every entry point refuses on its own, not only Check.
	ctx := context.Background()
	_, err := wide.closed(ctx)
	require.ErrorAs(t, err, &tl)
	_, err = slow.closedMoments(ctx)
	require.ErrorAs(t, err, &tl)
	_, _, err = slow.closedEach(ctx, func(int, *big.Int) error { return nil })
	require.ErrorAs(t, err, &tl)
	_, err = wide.Distribution(ctx)
	require.ErrorAs(t, err, &tl)
	_, err = mustPlan(t, p, BruteForce, Options{}).Moments(ctx)
	require.ErrorAs(t, err, &tl)
}

// TestShardRefusalNamesSlices checks that a slice over the limit is
// refused with the number of slices that would each fit.
func TestShardRefusalNamesSlices(t *testing.T) {
	signs := rational.Signs()
	pl := mustPlan(t, Problem{Q: signs, K: signs, D: 24}, BruteForce, Options{MaxTime: time.Second})
	var tl *TooLargeError
	require.ErrorAs(t, pl.CheckShard(0, 2), &tl)
	assert.Equal(t, 0, tl.Slice)
	assert.Equal(t, 2, tl.Slices)
	require.Greater(t, tl.MinSlices, 2)
	assert.Contains(t, tl.Error(), "slice 0/2 at d_k = 24 has 140737488355328 pairs")
	require.NoError(t, pl.CheckShard(0, tl.MinSlices*2), "twice the slices named must fit")
}

// TestEstimateMeasuredNearLimit checks that an estimate near the limit is
// timed on this machine and one far from it is not.
func TestEstimateMeasuredNearLimit(t *testing.T) {
	signs := rational.Signs()
	p := Problem{Q: signs, K: signs, D: 20}
	nq, _ := p.QCount()
	far := mustPlan(t, p, BruteForce, Options{})
	_, measured := far.bruteEstimate(0, nq)
	assert.False(t, measured, "2^40 pairs take well under a tenth of an hour: no probe needed")
	near := mustPlan(t, p, BruteForce, Options{MaxTime: 10 * time.Second})
	s, measured := near.bruteEstimate(0, nq)
	assert.True(t, measured, "tens of seconds against a 10 s limit: probe")
	assert.False(t, math.IsNaN(s) || s <= 0)
	assert.Greater(t, near.cal.rate, 0.0)
}

func TestNamesNeverPanic(t *testing.T) {
	for _, m := range []Method{Auto, BruteForce, ClosedForm, Both, -1, 7} {
		assert.NotEmpty(t, m.String())
		_, err := NewPlan(Problem{Q: rational.Signs(), K: rational.Signs(), D: 2}, m, Options{})
		if m < Auto || m > Both {
			assert.Error(t, err, "method %d", m)
		}
	}
	assert.Equal(t, "Method(7)", fmt.Sprint(Method(7)))
}

// TestAutoIsTheSameOnEveryMachine checks Auto's rule at its threshold and
// under time limits with 1, 2, 8 and 64 cores: ±1 at d_k = 16 (4^16 =
// AutoBrutePairs pairs) is enumerated and d_k = 17 is not; under a limit
// of one second neither is, and d_k = 20 is answered by the closed form
// rather than refused.
func TestAutoIsTheSameOnEveryMachine(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	signs := rational.Signs()
	for _, procs := range []int{1, 2, 8, 64} {
		runtime.GOMAXPROCS(procs)
		for _, c := range []struct {
			d       int
			maxTime time.Duration
			want    Method
		}{
			{15, 0, BruteForce}, {16, 0, BruteForce}, {17, 0, ClosedForm},
			{14, time.Second, BruteForce}, {15, time.Second, ClosedForm}, {20, time.Second, ClosedForm},
			{20, time.Millisecond, ClosedForm}, {5, time.Nanosecond, ClosedForm},
		} {
			pl := mustPlan(t, Problem{Q: signs, K: signs, D: c.d}, Auto, Options{MaxTime: c.maxTime})
			require.Equal(t, c.want, pl.Method(), "d_k = %d, max %v, GOMAXPROCS %d", c.d, c.maxTime, procs)
			if c.want == BruteForce {
				require.NoError(t, pl.Check(NeedCounts), "Auto never refuses what it chose")
			}
		}
	}
	// Where the closed form is over its limit and enumeration fits, Auto
	// enumerates even past AutoBrutePairs: 3^21 pairs take 10.5 s at the
	// assumed rate, a lattice span of 7.9·10^5 makes the closed form 17 s.
	wide := mustAlphabet(t, "0,1,790000")
	one := mustAlphabet(t, "1")
	pl := mustPlan(t, Problem{Q: wide, K: one, D: 21}, Auto, Options{MaxTime: 11 * time.Second})
	require.Equal(t, BruteForce, pl.Method())
	require.NoError(t, pl.Check(NeedCounts))
	pl = mustPlan(t, Problem{Q: wide, K: one, D: 21}, Auto, Options{MaxTime: 10 * time.Second})
	require.Equal(t, ClosedForm, pl.Method(), "neither fits: the closed form refuses with its numbers")
	require.Error(t, pl.Check(NeedCounts))
}
