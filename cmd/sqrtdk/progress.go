package main

import (
	"fmt"
	"io"
	"math/big"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/term"
)

// progressDelay is how long a run must last before a bar appears, so that
// quick runs print nothing but their result.
const progressDelay = time.Second

// progressTick is how often the bar is redrawn.
const progressTick = 200 * time.Millisecond

// startProgress sets counter to zero and displays it as a run over total
// pairs (or outcomes) increases it, and returns a function that ends the
// display; runs that share a counter run one after another. A bar
// with rate and ETA appears on stderr only when stderr is a terminal and
// the counter is still moving after progressDelay; in pipes and CI
// nothing is drawn.
//
// The bar is drawn here rather than by a library: the one the project
// used imported net/http, which links the C resolver and makes every
// thread a C thread with an 8 MiB stack, so that sqrtdk failed to start
// under an address-space limit of 1 GiB (prlimit --as, ulimit -v).
func startProgress(stderr io.Writer, counter *atomic.Uint64, total *big.Int, label string) func() {
	if counter != nil {
		counter.Store(0)
	}
	if counter == nil || !isTerminal(stderr) || !total.IsInt64() || total.Sign() == 0 {
		return func() {}
	}
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(progressTick)
		defer tick.Stop()
		start := time.Now()
		drawn := 0
		for {
			select {
			case <-done:
				if drawn > 0 {
					fmt.Fprintf(stderr, "\r%s\r", strings.Repeat(" ", drawn))
				}
				return
			case <-tick.C:
			}
			n := counter.Load()
			// The closed form counts nothing: it gets no bar.
			if n == 0 || time.Since(start) < progressDelay {
				continue
			}
			line := progressLine(label, n, uint64(total.Int64()), time.Since(start))
			fmt.Fprintf(stderr, "\r%-*s", drawn, line)
			drawn = max(drawn, len([]rune(line)))
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// progressLine is one drawing of the bar: the label, a bar of 30 cells,
// the share done, the rate and the time left at that rate.
func progressLine(label string, n, total uint64, elapsed time.Duration) string {
	n = min(n, total)
	frac := float64(n) / float64(total)
	const width = 30
	full := int(frac * width)
	bar := strings.Repeat("█", full) + strings.Repeat(" ", width-full)
	rate := float64(n) / elapsed.Seconds()
	left := "?"
	if rate > 0 {
		left = time.Duration(float64(total-n) / rate * float64(time.Second)).Round(time.Second).String()
	}
	return fmt.Sprintf("%s %3.0f%% |%s| %.3g pairs/s, %s left", label, 100*frac, bar, rate, left)
}

// isTerminal reports whether w is a terminal that can redraw a line.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd())) && os.Getenv("TERM") != "dumb"
}
