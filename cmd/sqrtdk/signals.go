package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// stopSignals stop a run cleanly: Ctrl-C, the SIGTERM with which Slurm,
// Kubernetes and service managers end a job, and the SIGHUP of a closed
// terminal. Each cancels the run's context; the workers stop, no -o file
// appears, and sqrtdk exits with 128 + the signal's number.
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

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
// its cause, by the first stop signal. Later signals are caught too, so
// that a batch system that signals a job's process group and each of its
// processes does not kill sqrtdk before it has removed its temporary
// files. stop releases the signals.
func withStopSignals(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, stopSignals...)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			sig, _ := s.(syscall.Signal)
			cancel(&stoppedBySignal{sig: sig})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// signalCause returns the *stoppedBySignal that cancelled ctx when err is
// the cancellation; otherwise err itself.
func signalCause(ctx context.Context, err error) error {
	var s *stoppedBySignal
	if errors.Is(err, context.Canceled) && errors.As(context.Cause(ctx), &s) {
		return s
	}
	return err
}
