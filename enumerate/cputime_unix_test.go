//go:build unix

package enumerate

import "syscall"

// cpuSeconds returns the user and system time this process has used, so
// that benchmarks on a shared machine can report pairs per CPU-second
// next to pairs per wall-clock second.
func cpuSeconds() float64 {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e9
}
