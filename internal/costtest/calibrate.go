package costtest

import (
	"fmt"
	"math"
	"runtime"
	rtmetrics "runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"
)

const (
	// Factor is how far an estimate may be from its measurement, either
	// way.
	Factor = 2.0
	// MinSeconds is the least CPU time held against its estimate: below
	// it the process's own noise is the measure.
	MinSeconds = 0.1
	// MinBytes is the least live heap held against its estimate: below
	// it the runtime's own structures and a collection's floating
	// garbage are the measure (prove's tied d_k = 100 held 2.9 MiB on a
	// quiet machine and 4.2 MiB in a loaded CI run, where the collector's
	// mark worker got less of a core).
	MinBytes = 8 << 20
)

// referenceArch is the architecture of the machine the cost model's
// nominal rates were measured on.
const referenceArch = "amd64"

// A Measurement is what one case's work took.
type Measurement struct {
	// Seconds is the CPU time of the process during the work.
	Seconds float64
	// Bytes is the largest live heap during or after the work, above
	// what was live before it.
	Bytes float64
}

// Measure runs work and returns its CPU time on one P and its peak live
// heap with the process's usual Ps, as the command runs. Time is the least
// of three runs for work under a second of CPU: the collector and the
// scheduler add to one run's CPU time, never take from it. Memory is the
// least of two more runs (one for longer work): objects allocated while a
// collection marks count as live until the next, so noise adds to it too.
// What work returns is kept alive until the heap after it is read, so that
// what a computation hands back counts as held.
func Measure(work func() any) Measurement {
	seconds := math.Inf(1)
	for i := 0; i < 3 && (i == 0 || seconds < 1); i++ {
		seconds = math.Min(seconds, onOneP(work).Seconds)
	}
	bytes := math.Inf(1)
	for i := 0; i < 2 && (i == 0 || seconds < 1); i++ {
		bytes = math.Min(bytes, once(work).Bytes)
	}
	return Measurement{Seconds: seconds, Bytes: bytes}
}

// onOneP measures one run of work on one P: with more, a P left idle
// during a collection runs an idle-priority mark worker and an idle M
// spins looking for work, and both count as the process's CPU time,
// varying by half from run to run (0.19 s and 0.36 s for the same claims
// in CI) while the work a plan estimates is the same; that spare CPU
// does not lengthen a run's wall time.
func onOneP(work func() any) Measurement {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	return once(work)
}

// once measures one run of work.
func once(work func() any) Measurement {
	runtime.GC()
	base := liveBytes()
	peak := watchPeak()
	start := CPUSeconds()
	out := work()
	spent := CPUSeconds() - start
	runtime.GC()
	held := liveBytes()
	runtime.KeepAlive(out)
	top := math.Max(float64(held), float64(peak.stop()))
	return Measurement{Seconds: spent, Bytes: math.Max(top-float64(base), 0)}
}

// A Table holds the cases of one calibration test: it logs each case's
// estimate, measurement and ratio, fails the test for a ratio over Factor
// where the measurement is above MinSeconds or MinBytes, and for an
// estimate over Factor times the floor where it is below, and logs the
// worst ratio held at the end.
type Table struct {
	t         testing.TB
	mu        sync.Mutex
	worst     float64
	worstCase string
}

// NewTable returns an empty table for t; under the race detector (race
// true) it skips the test, as instrumented code is several times slower
// and holds a different heap than what the estimates model (the suite's
// run without the race detector calibrates).
func NewTable(t testing.TB, race bool) *Table {
	if race {
		t.Skip("calibration measures the code without the race detector")
	}
	if runtime.GOARCH != referenceArch {
		// The cost model's rates are the reference machine's; CI also
		// runs the arm64 build under an emulator, many times slower.
		t.Skip("calibration holds the cost model on its reference architecture, " + referenceArch)
	}
	tb := &Table{t: t, worst: 1}
	t.Cleanup(func() {
		if !t.Failed() {
			t.Logf("worst ratio held: %.2fx (%s)", tb.worst, tb.worstCase)
		}
	})
	return tb
}

// Hold logs the case named name and requires its estimate (seconds of CPU
// time, bytes held at once) within Factor of m where m is measurable, and
// within Factor of the floor where it is not.
func (tb *Table) Hold(name string, seconds, bytes float64, m Measurement) {
	tb.t.Helper()
	rt, rm := Ratio(seconds, m.Seconds), Ratio(bytes, m.Bytes)
	tb.t.Logf("%-44s time %9.4f s est. %9.4f s CPU (%5.2fx)  memory %8.1f MiB est. %8.1f MiB live (%5.2fx)",
		name, seconds, m.Seconds, rt, bytes/(1<<20), m.Bytes/(1<<20), rm)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	switch {
	case m.Seconds >= MinSeconds:
		tb.note(rt, name+", time")
		if rt > Factor {
			tb.t.Errorf("%s: time estimated %.4f s, measured %.4f s of CPU: %.2fx, over %gx", name, seconds, m.Seconds, rt, Factor)
		}
	case seconds > Factor*MinSeconds:
		// Work too quick to measure was planned as measurable: a plan
		// that refuses what would take no time.
		tb.t.Errorf("%s: time estimated %.4f s, measured %.4f s of CPU, under the %g s floor", name, seconds, m.Seconds, MinSeconds)
	}
	switch {
	case m.Bytes >= MinBytes:
		tb.note(rm, name+", memory")
		if rm > Factor {
			tb.t.Errorf("%s: memory estimated %s, measured %s live: %.2fx, over %gx", name, mib(bytes), mib(m.Bytes), rm, Factor)
		}
	case bytes > Factor*MinBytes:
		tb.t.Errorf("%s: memory estimated %s, measured %s live, under the %s floor", name, mib(bytes), mib(m.Bytes), mib(MinBytes))
	}
}

func (tb *Table) note(r float64, what string) {
	if r > tb.worst {
		tb.worst, tb.worstCase = r, what
	}
}

// Ratio returns the larger of a/b and b/a, +Inf when either is not
// positive.
func Ratio(a, b float64) float64 {
	if a <= 0 || b <= 0 {
		return math.Inf(1)
	}
	return math.Max(a/b, b/a)
}

func mib(b float64) string { return strings.TrimSuffix(fmt.Sprintf("%.1f", b/(1<<20)), ".0") + " MiB" }

// liveBytes returns the heap the last collection marked live.
func liveBytes() uint64 {
	s := []rtmetrics.Sample{{Name: "/gc/heap/live:bytes"}}
	rtmetrics.Read(s)
	return s[0].Value.Uint64()
}

// A peakWatch samples the live heap every millisecond until stopped, and
// returns the largest it saw.
type peakWatch struct {
	done chan struct{}
	max  chan uint64
}

func watchPeak() *peakWatch {
	w := &peakWatch{done: make(chan struct{}), max: make(chan uint64, 1)}
	go func() {
		var top uint64
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			top = max(top, liveBytes())
			select {
			case <-w.done:
				w.max <- top
				return
			case <-tick.C:
			}
		}
	}()
	return w
}

func (w *peakWatch) stop() uint64 {
	close(w.done)
	return <-w.max
}
