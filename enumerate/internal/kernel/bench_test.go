package kernel

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

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

// benchCase is a case the kernel benchmarks measure, with the kinds that
// serve it.
type benchCase struct {
	name  string
	kinds []Kind
	d     int
	t     [][]int
}

// benchCases are the cases the kernel benchmarks measure: ±1 at the widths
// where each ±1 kernel serves, and alphabets of two to five letters.
func benchCases() []benchCase {
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
	return []benchCase{
		{"±1", []Kind{XorPopcount, SlicedIndex}, 10, pm},
		{"±1", []Kind{XorPopcount, SlicedIndex}, 12, pm},
		{"±1", []Kind{XorPopcount, SlicedIndex}, 14, pm},
		{"±1", []Kind{XorPopcount, SlicedIndex}, 16, pm},
		{"±1", []Kind{XorPopcount, SlicedIndex}, 18, pm},
		{"±1", []Kind{XorPopcount, SlicedIndex}, 20, pm},
		{"{1,2}", []Kind{BitPair, SlicedIndex}, 16, [][]int{{0, 1}, {1, 3}}},
		{"{-1,0,1}", []Kind{SlicedIndex, GrayCode}, 10, three},
		{"{-1,0,1}", []Kind{SlicedIndex}, 11, three},
		{"{-3,-1,1,3}", []Kind{SlicedIndex, GrayCode}, 8, four},
		{"{-2,…,2}", []Kind{SlicedIndex, GrayCode}, 7, five},
	}
}

// implName names the implementation that k runs (not the path forced).
func implName(k Kernel) string {
	switch {
	case strings.Contains(k.Name(), "AVX-512"):
		return "avx512"
	case strings.Contains(k.Name(), "AVX2"):
		return "avx2"
	}
	return "portable"
}

// benchKernels returns every implementation of c's kinds this CPU runs,
// each once, with its name kind/impl.
func benchKernels(c benchCase) (names []string, kernels []Kernel) {
	s := specOf(c.d, c.t)
	seen := map[string]bool{}
	for _, kind := range c.kinds {
		for _, p := range []Path{AVX512, AVX2, Portable} {
			restore, ok := Force(p)
			if !ok {
				continue
			}
			k := New(kind, s)
			restore()
			if seen[k.Name()] {
				continue // a path without its own version
			}
			seen[k.Name()] = true
			names = append(names, fmt.Sprintf("%s/%s", kind, implName(k)))
			kernels = append(kernels, k)
		}
	}
	return names, kernels
}

// BenchmarkKernels measures every kernel kind on every path this CPU runs,
// on one core: pairs/s (wall clock), pairs/cpu-s (in the thread's CPU
// time, which other work on a shared machine moves less), cycles/pair at
// the clock measured beside it, and the nominal rate the planner assumes.
func BenchmarkKernels(b *testing.B) {
	for _, c := range benchCases() {
		s := specOf(c.d, c.t)
		names, kernels := benchKernels(c)
		for i, k := range kernels {
			b.Run(fmt.Sprintf("%s/d=%d/%s", c.name, c.d, names[i]), func(b *testing.B) {
				benchKernel(b, k, s)
			})
		}
	}
}

// BenchmarkKernelRatios times every implementation of each case's kinds
// round-robin on one locked thread (each tallies about 20 ms of pairs in
// turn, by its nominal rate), so that a change in the other load of a
// shared machine falls on all of them alike. It reports, for each one,
// pairs per CPU-second of the thread and its time per pair over that of
// the fastest AVX-512 implementation of the case ("×avx512").
func BenchmarkKernelRatios(b *testing.B) {
	for _, c := range benchCases() {
		s := specOf(c.d, c.t)
		names, kernels := benchKernels(c)
		b.Run(fmt.Sprintf("%s/d=%d", c.name, c.d), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			nq, nk := qCount(s), kCount(s)
			var stop atomic.Bool
			spans := make([]uint64, len(kernels))
			for i, k := range kernels {
				k.Tally(0, 1, &stop, nil) // tables built outside the timing
				spans[i] = max(min(nq, uint64(0.02*k.Rate()/float64(nk))), 1)
			}
			cpu := make([]float64, len(kernels))
			pairs := make([]float64, len(kernels))
			next := make([]uint64, len(kernels))
			for b.Loop() {
				for i, k := range kernels {
					lo := next[i]
					hi := min(lo+spans[i], nq)
					t := threadSeconds()
					k.Tally(lo, hi, &stop, nil)
					cpu[i] += threadSeconds() - t
					pairs[i] += float64(hi-lo) * float64(nk)
					next[i] = hi % nq
				}
			}
			best := 0.0
			for i := range kernels {
				if strings.HasSuffix(names[i], "/avx512") {
					best = max(best, pairs[i]/cpu[i])
				}
			}
			for i := range kernels {
				rate := pairs[i] / cpu[i]
				b.ReportMetric(rate, names[i]+"-pairs/cpu-s")
				if best > 0 {
					b.ReportMetric(best/rate, names[i]+"-×avx512")
				}
			}
		})
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
