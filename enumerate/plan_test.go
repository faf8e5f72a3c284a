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

	"github.com/sqrtdk/sqrtdk/internal/split"
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
	long := Options{Limits: Limits{MaxTime: 200 * 365 * 24 * time.Hour}}
	var tl *LimitError

	// Beyond any machine: no exact count, a power of ten.
	pl := mustPlan(t, Problem{Q: signs, K: signs, D: 60}, BruteForce, Options{})
	require.ErrorAs(t, pl.Check(NeedCounts), &tl)
	assert.True(t, tl.Unreachable())
	assert.Equal(t, "brute force over about 10^36 pairs is beyond any machine", tl.Error())

	// An hour of enumeration is refused; a longer limit accepts it.
	p := Problem{Q: signs, K: signs, D: 30}
	require.ErrorAs(t, mustPlan(t, p, BruteForce, Options{}).Check(NeedCounts), &tl)
	assert.Equal(t, BruteForce, tl.Method)
	assert.False(t, tl.Memory())
	assert.Contains(t, tl.Error(), "brute force over about 1.15·10^18 pairs would take about")
	assert.Greater(t, tl.Cost.Seconds, tl.Limits.timeLimit().Seconds())
	assert.Equal(t, DefaultMaxTime, tl.Limits.MaxTime)
	require.NoError(t, mustPlan(t, p, BruteForce, long).Check(NeedCounts))

	// A tiny limit refuses what the default accepts.
	small := Problem{Q: signs, K: signs, D: 20}
	require.NoError(t, mustPlan(t, small, BruteForce, Options{}).Check(NeedCounts))
	require.ErrorAs(t, mustPlan(t, small, BruteForce, Options{Limits: Limits{MaxTime: time.Millisecond}}).Check(NeedCounts), &tl)
	assert.Equal(t, time.Millisecond, tl.Limits.MaxTime)

	// The closed form's counts: too many to hold, yet fine to stream.
	wide := mustPlan(t, Problem{Q: three, K: three, D: 60000}, ClosedForm, Options{})
	require.ErrorAs(t, wide.Check(NeedCounts), &tl)
	assert.True(t, tl.Memory())
	assert.Equal(t, int64(DefaultMaxMemory), tl.Limits.MaxMemory)
	assert.Contains(t, tl.Error(), "the closed form at d_k = 60000 would hold about")
	require.NoError(t, wide.Check(NeedMoments))
	// Both compares every count, so it needs them all even for moments.
	both := mustPlan(t, Problem{Q: three, K: three, D: 60000}, Both, long)
	require.ErrorAs(t, both.Check(NeedMoments), &tl)
	// More memory allowed holds them.
	require.NoError(t, mustPlan(t, Problem{Q: three, K: three, D: 60000}, ClosedForm, Options{Limits: Limits{MaxMemory: 8 << 30}}).Check(NeedCounts))

	// ±1 keeps 50000 counts in memory but not 100000.
	require.NoError(t, mustPlan(t, Problem{Q: signs, K: signs, D: 50000}, ClosedForm, Options{}).Check(NeedCounts))
	require.ErrorAs(t, mustPlan(t, Problem{Q: signs, K: signs, D: 100000}, ClosedForm, Options{}).Check(NeedCounts), &tl)

	// The closed form's time.
	slow := mustPlan(t, Problem{Q: three, K: three, D: MaxD}, ClosedForm, Options{Limits: Limits{MaxTime: 5 * time.Minute}})
	require.ErrorAs(t, slow.Check(NeedMoments), &tl)
	assert.False(t, tl.Memory())
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
	pl := mustPlan(t, Problem{Q: signs, K: signs, D: 24}, BruteForce, Options{Limits: Limits{MaxTime: time.Second}})
	var tl *LimitError
	require.ErrorAs(t, pl.CheckShard(0, 2), &tl)
	assert.Contains(t, tl.Error(), "slice 0/2 at d_k = 24 would take about")
	if tl.MinSlices < 0 {
		// A machine this slow (qemu's emulation measures tens of times
		// below any arm64 computer) can split d_k = 24 into no slices
		// that fit a second: then even the most a run may have must be
		// refused, so that the advice "no --shard split fits" is true.
		require.Error(t, pl.CheckShard(0, split.MaxSlices), "no split fits")
	} else {
		require.Greater(t, tl.MinSlices, 2)
		require.LessOrEqual(t, tl.MinSlices, split.MaxSlices, "never more slices than a run may have")
		require.NoError(t, pl.CheckShard(0, min(tl.MinSlices*2, split.MaxSlices)), "twice the slices named must fit")
	}

	// More slices than a run may have: none named.
	huge := mustPlan(t, Problem{Q: signs, K: signs, D: 40}, BruteForce, Options{})
	require.ErrorAs(t, huge.CheckShard(0, 4), &tl)
	assert.Equal(t, -1, tl.MinSlices)
	// A whole run is not a slice.
	require.ErrorAs(t, huge.Check(NeedCounts), &tl)
	assert.Zero(t, tl.MinSlices)
}

// TestEstimateMeasuredNearLimit checks that an estimate near the limit is
// timed on this machine and one far from it is not.
func TestEstimateMeasuredNearLimit(t *testing.T) {
	signs := rational.Signs()
	p := Problem{Q: signs, K: signs, D: 20}
	nq, _ := p.qCount()
	far := mustPlan(t, p, BruteForce, Options{})
	nominal, measured := far.bruteEstimate(0, nq)
	assert.False(t, measured, "2^40 pairs take well under a tenth of an hour: no probe needed")
	// A limit a third of the nominal estimate, whatever the kernel path's
	// rate (plain Go takes minutes, AVX-512 seconds).
	near := mustPlan(t, p, BruteForce, Options{Limits: Limits{MaxTime: time.Duration(nominal.Seconds / 3 * float64(time.Second))}})
	c, measured := near.bruteEstimate(0, nq)
	assert.True(t, measured, "three times the limit: probe")
	assert.False(t, math.IsNaN(c.Seconds) || c.Seconds <= 0)
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
// rather than refused. -short compares 1 core with 64 only.
func TestAutoIsTheSameOnEveryMachine(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	signs := rational.Signs()
	procs := []int{1, 2, 8, 64}
	if testing.Short() {
		procs = []int{1, 64}
	}
	for _, procs := range procs {
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
			pl := mustPlan(t, Problem{Q: signs, K: signs, D: c.d}, Auto, Options{Limits: Limits{MaxTime: c.maxTime}})
			require.Equal(t, c.want, pl.Method(), "d_k = %d, max %v, GOMAXPROCS %d", c.d, c.maxTime, procs)
			if c.want == BruteForce {
				require.NoError(t, pl.Check(NeedCounts), "Auto never refuses what it chose")
			}
		}
	}
	// Past AutoBrutePairs, Auto enumerates only where the closed form is
	// over its limit and enumeration fits. A wide sparse lattice is no
	// such case: {0, 1, 790000}·{1} at d_k = 21 (3^21 pairs, 10.5 s at the
	// assumed rate) has 1.7·10^7 lattice points, but its recurrence has
	// two terms, about 2 s, and its moments hold 790,002 counts.
	wide := mustAlphabet(t, "0,1,790000")
	one := mustAlphabet(t, "1")
	pl := mustPlan(t, Problem{Q: wide, K: one, D: 21}, Auto, Options{Limits: Limits{MaxTime: 11 * time.Second, MaxMemory: 4 << 30}})
	require.Equal(t, ClosedForm, pl.Method())
	require.NoError(t, pl.Check(NeedCounts))
	assert.Less(t, pl.Cost(NeedCounts).Seconds, 4.0)
	// Under a limit below its estimate, neither fits: the closed form
	// refuses, for time, with its numbers.
	pl = mustPlan(t, Problem{Q: wide, K: one, D: 21}, Auto, Options{Limits: Limits{MaxTime: 100 * time.Millisecond}})
	require.Equal(t, ClosedForm, pl.Method())
	var le *LimitError
	require.ErrorAs(t, pl.Check(NeedMoments), &le)
	assert.False(t, le.Memory())
}

// TestPlanningAllocatesLittle reproduces the shard refusals of issue 22
// that allocated gigabytes (and once 2 TB) in the timing probe before
// refusing: planning a slice, whatever its width, must hold no more than
// the memory limit allows, here far less.
func TestPlanningAllocatesLittle(t *testing.T) {
	signs, three := rational.Signs(), mustAlphabet(t, "-1,0,1")
	for _, c := range []struct {
		a         rational.Alphabet
		d         int
		slice, of int
	}{
		{signs, 50, 5, 1 << 20}, {signs, 40, 1, 4}, {three, 25, 0, 1 << 20},
		{signs, 37, 0, 4}, {signs, 38, 0, 4}, {signs, 36, 0, 1 << 20}, {three, 30, 3, 1 << 20},
	} {
		pl := mustPlan(t, Problem{Q: c.a, K: c.a, D: c.d}, BruteForce, Options{})
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := pl.CheckShard(c.slice, c.of)
		runtime.ReadMemStats(&after)
		var le *LimitError
		require.ErrorAs(t, err, &le, "%s d=%d %d/%d", c.a, c.d, c.slice, c.of)
		assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<20), "%s d=%d %d/%d allocated %d bytes", c.a, c.d, c.slice, c.of, after.TotalAlloc-before.TotalAlloc)
		fixed, perWorker := pl.bruteBytes()
		assert.Less(t, fixed+perWorker, float64(DefaultMaxMemory), "%s d=%d: one worker fits", c.a, c.d)
	}
}

// TestWorkersFitMemory checks that a run uses no more workers than fit in
// its memory limit, and is refused for memory when one does not.
func TestWorkersFitMemory(t *testing.T) {
	a := mustAlphabet(t, "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15") // a wide histogram per worker
	p := Problem{Q: a, K: a, D: 4}
	pl := mustPlan(t, p, BruteForce, Options{Workers: 64})
	fixed, perWorker := pl.bruteBytes()
	require.Greater(t, perWorker, 1e5)
	nq, _ := p.qCount()
	assert.Equal(t, min(64, maxWorkersPerCore*runtime.GOMAXPROCS(0)), pl.workers(nq), "the default memory holds the workers asked for, up to maxWorkersPerCore per core")
	limit := int64(fixed + 3.5*perWorker)
	tight := mustPlan(t, p, BruteForce, Options{Workers: 64, Limits: Limits{MaxMemory: limit, MaxTime: time.Hour}})
	assert.Equal(t, 3, tight.workers(nq), "three workers fit in %d bytes", limit)
	require.NoError(t, tight.Check(NeedCounts))
	var le *LimitError
	tiny := mustPlan(t, p, BruteForce, Options{Limits: Limits{MaxMemory: int64(fixed)}})
	require.ErrorAs(t, tiny.Check(NeedCounts), &le)
	assert.True(t, le.Memory())
	assert.Contains(t, le.Error(), "brute force over "+p.Cases().String()+" pairs would hold about")
}
