//go:build linux

package enumerate

import "syscall"

// threadSeconds returns the CPU time of the calling thread (lock it to the
// goroutine first), and false when the system does not say.
func threadSeconds() (float64, bool) {
	const rusageThread = 1 // RUSAGE_THREAD
	var u syscall.Rusage
	if syscall.Getrusage(rusageThread, &u) != nil {
		return 0, false
	}
	return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e9, true
}
