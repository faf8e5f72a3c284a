//go:build unix

package costtest

import "syscall"

// CPUSeconds returns the CPU time the process has used, user and system.
func CPUSeconds() float64 {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e9
}
