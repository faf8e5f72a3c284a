package main

import (
	"context"
	"fmt"
	"math/big"
	rtmetrics "runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sqrtdk/sqrtdk/enumerate"
)

// The run's budget is enforced while it runs, not only planned before it.
// Every command that computes parses --max-time and --max-memory with
// limitFlags.parse, which arms the budget of the run: the run's context
// gets the time limit as its deadline (cancelled with a *budgetExceeded
// as its cause), and a memory watch reads the runtime's metrics every
// memoryWatchEvery and cancels the context the same way when the memory
// the process holds reaches the limit. Loops that can be long look at the
// context; and, as for a stop signal, if the run has not returned
// watchdogGrace after its budget ran out, main removes its temporary files
// and the outputs it created, prints the budget's line and exits with
// status 2 whatever the run was doing. A run stopped by its budget ends
// as a refusal does: one line naming the flag, the limit and what the run
// had done, exit status 2, and no file written.

// memoryWatchEvery is how often the memory watch reads the runtime's
// metrics: often enough that an allocation rate of several GB/s passes
// the limit by little before the run is cancelled.
const memoryWatchEvery = 5 * time.Millisecond

// A budgetExceeded is the cause of a run cancelled by its budget.
type budgetExceeded struct {
	flag, limit string        // "--max-time", "1s"
	after       time.Duration // how long the run had run
	held        int64         // for memory: the bytes held when stopped
	done        string        // what the run had done, if it says
}

func (b *budgetExceeded) Error() string {
	after := b.after.Round(time.Millisecond)
	if b.after >= time.Second {
		after = b.after.Round(10 * time.Millisecond)
	}
	what := fmt.Sprintf("stopped at its time limit after %v", after)
	if b.flag == "--max-memory" {
		what = fmt.Sprintf("stopped at its memory limit after %v, holding %s", after, roundBytes(b.held))
	}
	if b.done != "" {
		what += ", " + b.done
	}
	return fmt.Sprintf("%s %s: %s; no file was written", b.flag, b.limit, what)
}

// A runBudget is the budget of one command run, which limitFlags.parse
// arms through the run's context.
type runBudget struct {
	cancel context.CancelCauseFunc
	start  time.Time

	mu      sync.Mutex
	armed   bool
	stopped bool
	timers  []func()
	// progress says what the run has done, for the line of a run stopped
	// by its budget ("graded 120 of 1500 answer files").
	progress atomic.Pointer[func() string]
	// expired is called, once, when the budget runs out: main's watchdog.
	expired func(*budgetExceeded)
	// readings counts the memory watch's readings, so that a test waits
	// for readings rather than for time.
	readings atomic.Uint64
}

type budgetKey struct{}

// withBudget returns ctx with a budget that limitFlags.parse can arm, and
// the function that disarms it when the run returns.
func withBudget(ctx context.Context, expired func(*budgetExceeded)) (context.Context, *runBudget) {
	ctx, cancel := context.WithCancelCause(ctx)
	b := &runBudget{cancel: cancel, start: time.Now(), expired: expired}
	return context.WithValue(ctx, budgetKey{}, b), b
}

func budgetOf(ctx context.Context) *runBudget {
	b, _ := ctx.Value(budgetKey{}).(*runBudget)
	return b
}

// setProgress records how the run says what it has done.
func setProgress(ctx context.Context, fn func() string) {
	if b := budgetOf(ctx); b != nil {
		b.progress.Store(&fn)
	}
}

// arm starts enforcing lim: its time from now, its memory by the watch.
// A second call (a command parsing its limits twice) changes nothing.
func (b *runBudget) arm(lim enumerate.Limits, flags limitFlags) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.armed || b.stopped {
		return
	}
	b.armed = true
	maxTime := lim.MaxTime
	if maxTime <= 0 {
		maxTime = enumerate.DefaultMaxTime
	}
	timeLimit := flags.shownTime(maxTime)
	t := time.AfterFunc(maxTime-time.Since(b.start), func() {
		b.exceed(&budgetExceeded{flag: "--max-time", limit: timeLimit})
	})
	b.timers = append(b.timers, func() { t.Stop() })
	done := make(chan struct{})
	b.timers = append(b.timers, func() { close(done) })
	// In the sqrtdk process the whole process is the run; a test that
	// calls run in its own process counts what the run adds.
	var base int64
	if !exitOnBudget {
		base = heldMemory()
	}
	go b.watchMemory(lim.Memory(), base, flags.shownMemory(lim.Memory()), done)
}

// heldMemory returns the memory the Go runtime holds from the system,
// less what it has returned to it.
func heldMemory() int64 {
	samples := []rtmetrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	rtmetrics.Read(samples)
	return int64(samples[0].Value.Uint64() - samples[1].Value.Uint64())
}

// watchMemory cancels the run when the memory the Go runtime holds from
// the system (less what it has returned), beyond base, reaches limit.
func (b *runBudget) watchMemory(limit, base int64, shown string, done <-chan struct{}) {
	tick := time.NewTicker(memoryWatchEvery)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
		}
		b.readings.Add(1)
		if held := heldMemory() - base; held >= limit {
			b.exceed(&budgetExceeded{flag: "--max-memory", limit: shown, held: held})
			return
		}
	}
}

// exceed cancels the run with cause e (the first cause only) and tells
// the watchdog.
func (b *runBudget) exceed(e *budgetExceeded) {
	b.mu.Lock()
	if b.stopped {
		b.mu.Unlock()
		return
	}
	b.stopped = true
	e.after = time.Since(b.start)
	if p := b.progress.Load(); p != nil {
		e.done = (*p)()
	}
	b.mu.Unlock()
	b.cancel(e)
	if b.expired != nil {
		b.expired(e)
	}
}

// disarm stops the budget's timer and watch; the run has returned.
func (b *runBudget) disarm() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, stop := range b.timers {
		stop()
	}
	b.timers = nil
	b.stopped = true
}

// counted says how far a counted computation had gone, for the line of a
// run stopped by its budget.
func counted(counter *atomic.Uint64, total *big.Int, label string) func() string {
	return func() string {
		if counter == nil || counter.Load() == 0 || total == nil || total.Sign() == 0 {
			return ""
		}
		done := new(big.Float).SetUint64(counter.Load())
		share, _ := new(big.Float).Quo(done, new(big.Float).SetInt(total)).Float64()
		return fmt.Sprintf("had counted %.1f%% of the pairs for %s", 100*share, label)
	}
}

// roundBytes writes a size in MiB (or GiB), rounded to a whole one: for
// sizes that are not round, such as the memory held or a limit the
// environment sets.
func roundBytes(b int64) string {
	if b >= 10<<30 {
		return fmt.Sprintf("%.0f GiB", float64(b)/(1<<30))
	}
	return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
}
