package main

import (
	"io"
	"math/big"
	"os"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progressDelay is how long a run must last before a bar appears, so that
// quick runs print nothing but their result.
const progressDelay = time.Second

// startProgress displays counter, which a run over total pairs (or
// outcomes) increases, and returns a function that ends the display. A bar
// with rate and ETA appears on stderr only when stderr is a terminal and
// the counter is still moving after progressDelay; in pipes and CI
// nothing is drawn.
func startProgress(stderr io.Writer, counter *atomic.Uint64, total *big.Int, label string) func() {
	if counter == nil || !isTerminal(stderr) || !total.IsInt64() || total.Sign() == 0 {
		return func() {}
	}
	done, finished := make(chan struct{}), make(chan struct{})
	// The bar is created now, so that its rate and ETA count from the
	// start, but draws only once the gate opens.
	gate := &gatedWriter{w: stderr}
	bar := progressbar.NewOptions64(total.Int64(),
		progressbar.OptionSetWriter(gate),
		progressbar.OptionSetDescription(label),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("pairs"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
	go func() {
		defer close(finished)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		start := time.Now()
		for {
			select {
			case <-done:
				bar.Clear()
				return
			case <-tick.C:
			}
			n := counter.Load()
			// The closed form counts nothing: it gets no bar.
			if n > 0 && time.Since(start) >= progressDelay {
				gate.open.Store(true)
			}
			bar.Set64(int64(n))
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// A gatedWriter drops everything written to it until it is opened.
type gatedWriter struct {
	w    io.Writer
	open atomic.Bool
}

func (g *gatedWriter) Write(p []byte) (int, error) {
	if !g.open.Load() {
		return len(p), nil
	}
	return g.w.Write(p)
}

// isTerminal reports whether w is a terminal that can redraw a line.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd())) && os.Getenv("TERM") != "dumb"
}
