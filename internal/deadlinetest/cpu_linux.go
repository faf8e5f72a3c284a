package deadlinetest

import (
	"syscall"
	"time"
)

// threadCPU returns the calling thread's CPU time (RUSAGE_THREAD).
func threadCPU() (time.Duration, bool) {
	var u syscall.Rusage
	if syscall.Getrusage(1, &u) != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}
