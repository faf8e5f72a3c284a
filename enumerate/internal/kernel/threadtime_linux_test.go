//go:build linux

package kernel

import "golang.org/x/sys/unix"

// threadSeconds returns the CPU time of the calling thread (lock it
// first), to the nanosecond (getrusage counts in scheduler ticks).
func threadSeconds() float64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		panic("no thread CPU clock")
	}
	return float64(ts.Nano()) / 1e9
}
