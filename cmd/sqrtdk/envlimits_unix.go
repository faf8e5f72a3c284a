//go:build unix

package main

import (
	"math"
	"syscall"
)

// addressSpaceLimit returns the process's RLIMIT_AS (its soft limit), and
// whether it has one.
func addressSpaceLimit() (int64, bool) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || uint64(r.Cur) >= math.MaxInt64 {
		return 0, false
	}
	return int64(r.Cur), true
}
