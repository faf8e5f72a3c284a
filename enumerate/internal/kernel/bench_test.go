package kernel

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// threadSeconds returns the CPU time of the calling thread (lock it
// first), or wall-clock time where the system does not give it.
func threadSeconds() float64 {
	const rusageThread = 1 // RUSAGE_THREAD, Linux
	var u syscall.Rusage
	if runtime.GOOS != "linux" || syscall.Getrusage(rusageThread, &u) != nil {
		return float64(time.Now().UnixNano()) / 1e9
	}
	return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e9
}

// clockHz estimates this core's clock from a chain of dependent 64-bit
// multiplies (3 cycles each on the x86 cores of this project's machines),
// in the CPU time of the thread that runs it.
var clockHz = sync.OnceValue(func() float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := math.Inf(1)
	for range 5 {
		start := threadSeconds()
		multiplyChain(1 << 26)
		best = min(best, threadSeconds()-start)
	}
	return 3 << 26 / best
})

var multiplier uint64 = 0x9E3779B97F4A7C15 // a variable: the chain is not folded

var chainSink uint64

//go:noinline
func multiplyChain(n int) {
	x := uint64(n)
	for range n {
		x *= multiplier
	}
	chainSink = x
}

// BenchmarkKernels measures every kernel kind on every path this CPU runs,
// on one core: pairs/s (wall clock), pairs/cpu-s (in the thread's CPU
// time, which other work on a shared machine moves less), cycles/pair at
// the clock measured beside it, and the nominal rate the planner assumes.
func BenchmarkKernels(b *testing.B) {
	pm := [][]int{{1, 0}, {0, 1}}
	three := [][]int{{2, 1, 0}, {1, 1, 1}, {0, 1, 2}}
	four := [][]int{{9, 6, 3, 0}, {6, 5, 4, 3}, {3, 4, 5, 6}, {0, 3, 6, 9}} // {-3,-1,1,3}
	five := make([][]int, 5)                                                // {-2,…,2}
	for a := range five {
		five[a] = make([]int, 5)
		for c := range five[a] {
			five[a][c] = (a-2)*(c-2) + 4
		}
	}
	for _, c := range []struct {
		name  string
		kinds []Kind
		d     int
		t     [][]int
	}{
		{"±1", []Kind{XorPopcount, SlicedIndex}, 10, pm},
		{"±1", []Kind{XorPopcount, SlicedIndex}, 12, pm},
		{"±1", []Kind{XorPopcount, SlicedIndex}, 14, pm},
		{"±1", []Kind{XorPopcount, SlicedIndex}, 16, pm},
		{"±1", []Kind{SlicedIndex}, 20, pm},
		{"{1,2}", []Kind{BitPair, SlicedIndex}, 16, [][]int{{0, 1}, {1, 3}}},
		{"{-1,0,1}", []Kind{SlicedIndex, GrayCode}, 10, three},
		{"{-3,-1,1,3}", []Kind{SlicedIndex, GrayCode}, 8, four},
		{"{-2,…,2}", []Kind{SlicedIndex, GrayCode}, 7, five},
	} {
		s := specOf(c.d, c.t)
		seen := map[string]bool{} // each implementation once
		for _, kind := range c.kinds {
			for _, p := range []Path{AVX512, AVX2, Portable} {
				restore, ok := Force(p)
				if !ok {
					continue
				}
				k := New(kind, s)
				restore()
				if seen[k.Name()] {
					continue // measured already (a path without its own version)
				}
				seen[k.Name()] = true
				impl := "portable" // named by what runs, not by the path forced
				switch {
				case strings.Contains(k.Name(), "AVX-512"):
					impl = "avx512"
				case strings.Contains(k.Name(), "AVX2"):
					impl = "avx2"
				}
				b.Run(fmt.Sprintf("%s/d=%d/%s/%s", c.name, c.d, kind, impl), func(b *testing.B) {
					benchKernel(b, k, s)
				})
			}
		}
	}
}

// benchKernel tallies about 2^30 pairs per iteration (all of them when
// there are fewer) on one locked thread.
func benchKernel(b *testing.B, k Kernel, s Spec) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	nq, nk := qCount(s), kCount(s)
	span := max(min(nq, (1<<30)/nk), 1)
	var stop atomic.Bool
	k.Tally(0, 1, &stop, nil) // tables built outside the timing
	cpu0 := threadSeconds()
	var pairs float64
	for i := 0; b.Loop(); i++ {
		lo := uint64(i) * span % nq
		hi := min(lo+span, nq)
		k.Tally(lo, hi, &stop, nil)
		pairs += float64(hi-lo) * float64(nk)
	}
	cpu := threadSeconds() - cpu0
	b.ReportMetric(pairs/b.Elapsed().Seconds(), "pairs/s")
	b.ReportMetric(pairs/cpu, "pairs/cpu-s")
	b.ReportMetric(cpu*clockHz()/pairs, "cycles/pair")
	b.ReportMetric(k.Rate(), "nominal-pairs/s")
}
