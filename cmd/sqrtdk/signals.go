package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// stopSignals stop a run cleanly: Ctrl-C, the SIGTERM with which Slurm,
// Kubernetes and service managers end a job, and the SIGHUP of a closed
// terminal. Each cancels the run's context; the workers stop, no -o file
// appears, and sqrtdk exits with 128 + the signal's number.
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// caughtSignals are the stop signals the run was not started ignoring:
// under nohup SIGHUP stays ignored, and a background job of a shell
// without job control keeps ignoring SIGINT, as whoever started it asked
// (os/signal would otherwise catch them again). Go's runtime keeps an
// inherited "ignore" for those two only, so SIGTERM is always caught and
// the list is never empty (Notify with no signals would relay them all).
func caughtSignals() []os.Signal {
	var out []os.Signal
	for _, s := range stopSignals {
		if !signal.Ignored(s) {
			out = append(out, s)
		}
	}
	return out
}

// watchdogGrace is how long a run may take to stop after a stop signal
// before the watchdog ends the process itself: whatever the run is doing
// (a computation that does not look at its context, a write blocked on a
// full pipe), sqrtdk has exited within about this long of the signal.
const watchdogGrace = time.Second

// A stoppedBySignal is the cause of a run cancelled by a signal.
type stoppedBySignal struct{ sig syscall.Signal }

// signalWords says what each stop signal means to the person who sees it.
var signalWords = map[syscall.Signal]string{
	syscall.SIGINT:  "interrupted",
	syscall.SIGTERM: "terminated (SIGTERM)",
	syscall.SIGHUP:  "hung up (SIGHUP)",
}

func (s *stoppedBySignal) Error() string {
	return signalWords[s.sig] + "; no result was printed"
}

// status is the exit status of a run stopped by the signal, as a shell
// reports a process killed by it: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
func (s *stoppedBySignal) status() int { return 128 + int(s.sig) }

// withStopSignals returns a context cancelled, with a *stoppedBySignal as
// its cause, by the first stop signal, and arms the watchdog: if stop has
// not been called watchdogGrace after that signal, the watchdog calls
// abort (which removes the run's temporary files and the outputs it
// created), prints the signal's line on stderr and exits with the
// signal's status. Later signals are caught too, so that a batch system
// that signals a job's process group and each of its processes does not
// kill sqrtdk before it has removed its temporary files. stop disarms
// the watchdog (once the watchdog has begun to end the process, stop
// waits for it); signals stay caught, and ignored, until the process
// exits, so that one arriving as sqrtdk prints its error does not kill it
// with another status.
func withStopSignals(parent context.Context, abort func(), stderr io.Writer) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, caughtSignals()...)
	done := make(chan struct{})
	var ending sync.Mutex // held by the watchdog while it ends the process
	go func() {
		var first *stoppedBySignal
		select {
		case s := <-ch:
			sig, _ := s.(syscall.Signal)
			first = &stoppedBySignal{sig: sig}
			cancel(first)
		case <-done:
			return
		}
		timer := time.NewTimer(watchdogGrace)
		for {
			select {
			case <-ch: // caught, and left to the first signal's stop
			case <-done:
				timer.Stop()
				return
			case <-timer.C:
				ending.Lock()
				select {
				case <-done: // stop came first
					ending.Unlock()
					return
				default:
				}
				abort()
				fmt.Fprintln(stderr, "sqrtdk: "+first.Error())
				os.Exit(first.status())
			}
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			ending.Lock() // waits for a watchdog already ending the process
			close(done)
			ending.Unlock()
			cancel(nil)
		})
	}
}

// signalCause returns the *stoppedBySignal that cancelled ctx when the run
// failed after a stop signal, unless its outputs were already in place
// (a *committedResult) (however the command worded the failure: a
// parser may have wrapped the cancellation in its own words); otherwise
// err itself.
func signalCause(ctx context.Context, err error) error {
	var s *stoppedBySignal
	if err != nil && !errors.As(err, new(*committedResult)) && errors.As(context.Cause(ctx), &s) {
		return s
	}
	return err
}

// catchBrokenPipe makes a write to a closed pipe an error (EPIPE) rather
// than a death by SIGPIPE, which Go's runtime deals a program writing to
// standard output or error: sqrtdk then ends as for any result it could
// not write in full, one line and exit status 2, and the run's temporary
// files are removed, as for every failed run ("sqrtdk table | head -1"
// exits 2; a shell's pipefail sees it).
func catchBrokenPipe() {
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
}
