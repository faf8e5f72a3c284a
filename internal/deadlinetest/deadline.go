package deadlinetest

import (
	"runtime"
	"sync"
	"time"
)

var factor struct {
	once sync.Once
	f    float64
}

// Factor returns how much slower than its CPU time a CPU-bound thread runs
// on this machine now, from 1 to 10.
func Factor() float64 {
	factor.once.Do(func() {
		factor.f = 1
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		cpu0, ok := threadCPU()
		if !ok {
			return
		}
		start := time.Now()
		x := uint64(1)
		for time.Since(start) < 50*time.Millisecond {
			for range 10000 {
				x = x*6364136223846793005 + 1442695040888963407
			}
		}
		wall := time.Since(start)
		cpu1, ok := threadCPU()
		if !ok || x == 0 {
			return
		}
		if cpu := cpu1 - cpu0; cpu > 0 {
			factor.f = min(10, max(1, float64(wall)/float64(cpu)))
		}
	})
	return factor.f
}

// Scaled returns d times Factor.
func Scaled(d time.Duration) time.Duration {
	return time.Duration(float64(d) * Factor())
}
