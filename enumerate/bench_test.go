package enumerate

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/sqrtdk/sqrtdk/enumerate/internal/kernel"
	"github.com/sqrtdk/sqrtdk/rational"
)

// reportPairs reports the pairs covered per second of benchmark time.
func reportPairs(b *testing.B, p Problem) {
	pairs, _ := p.Cases().Float64()
	b.ReportMetric(pairs*float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
}

// withKernel runs f with the kernels built inside it forced to the path
// named "avx512", "avx2" or "portable", and reports false, without running
// f, when this CPU lacks it.
func withKernel(path string, f func()) bool {
	p := map[string]kernel.Path{"avx512": kernel.AVX512, "avx2": kernel.AVX2, "portable": kernel.Portable}[path]
	restore, ok := kernel.Force(p)
	if !ok {
		return false
	}
	defer restore()
	f()
	return true
}

func benchBrute(b *testing.B, p Problem, opt Options) {
	b.Helper()
	cpu0 := cpuSeconds()
	for b.Loop() {
		if _, err := mustPlan(b, p, BruteForce, opt).brute(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	cpu := cpuSeconds() - cpu0
	// Pairs visited, the kernel's work: with multiset alphabets one visit
	// counts several pairs.
	nq, _ := p.qCount()
	visits, _ := p.visits(0, nq).Float64()
	b.ReportMetric(visits*float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
	if cpu > 0 {
		// Per CPU-second: the kernel's own speed per core, less sensitive
		// to other work on a shared machine than pairs/s; cycles at the
		// clock this core runs at now.
		b.ReportMetric(visits*float64(b.N)/cpu, "pairs/cpu-s")
		b.ReportMetric(cpu*clockHz()/(visits*float64(b.N)), "cycles/pair")
	}
}

// clockHz estimates this core's clock from a chain of dependent 64-bit
// multiplies (3 cycles each on the x86 cores of this project's machines),
// timed in the CPU time of the thread that runs it, so that other work on
// a shared machine does not count.
var clockHz = sync.OnceValue(func() float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := math.Inf(1)
	for range 5 {
		start := time.Now()
		cpu0, ok := threadSeconds()
		multiplyChain(1 << 26)
		elapsed := time.Since(start).Seconds()
		if cpu1, ok1 := threadSeconds(); ok && ok1 {
			elapsed = cpu1 - cpu0
		}
		best = min(best, elapsed)
	}
	return 3 << 26 / best
})

// multiplier is a variable so that the chain is not folded at compile time.
var multiplier uint64 = 0x9E3779B97F4A7C15

var chainSink uint64

//go:noinline
func multiplyChain(n int) {
	x := uint64(n)
	for range n {
		x *= multiplier
	}
	chainSink = x
}

// BenchmarkBruteBinary measures the ±1 kernels: AVX-512 and AVX2 assembly
// where the CPU has them, and portable Go.
func BenchmarkBruteBinary(b *testing.B) {
	pm := mustAlphabet(b, "-1,1")
	for _, path := range []string{"avx512", "avx2", "portable"} {
		for _, d := range []int{12, 14, 16, 18, 20} {
			for _, w := range []int{1, 2} {
				b.Run(fmt.Sprintf("kernel=%s/d=%d/workers=%d", path, d, w), func(b *testing.B) {
					if path != "avx512" && d > 16 {
						b.Skip("seconds per run: the slower kernels are measured up to d = 16")
					}
					if !withKernel(path, func() {
						benchBrute(b, Problem{Q: pm, K: pm, D: d}, Options{Workers: w})
					}) {
						b.Skip("no such kernel on this CPU")
					}
				})
			}
		}
	}
}

// BenchmarkBruteGeneral measures the kernels for three letters or more:
// the sliced-index kernel (AVX-512) and the portable Gray-code walk.
func BenchmarkBruteGeneral(b *testing.B) {
	for _, c := range []struct {
		alphabet string
		d        int
	}{{"-1,0,1", 8}, {"-1,0,1", 10}, {"-1,0,1", 11}, {"-3,-1,1,3", 7}, {"-3,-1,1,3", 8}, {"-2,-1,0,1,2", 6}, {"-2,-1,0,1,2", 7}} {
		a := mustAlphabet(b, c.alphabet)
		for _, path := range []string{"avx512", "portable"} {
			for _, w := range []int{1, 2} {
				b.Run(fmt.Sprintf("kernel=%s/alphabet=%s/d=%d/workers=%d", path, c.alphabet, c.d, w), func(b *testing.B) {
					if pairs, _ := (Problem{Q: a, K: a, D: c.d}).Cases().Float64(); path == "portable" && pairs > 5e9 {
						b.Skip("seconds per run: the Gray walk is measured at the smaller widths")
					}
					if !withKernel(path, func() {
						benchBrute(b, Problem{Q: a, K: a, D: c.d}, Options{Workers: w})
					}) {
						b.Skip("no such kernel on this CPU")
					}
				})
			}
		}
	}
}

// BenchmarkBruteMultiset measures alphabets with multiplicities, which are
// enumerated over their distinct letters with weights: pairs/s counts the
// pairs visited, not the (more) pairs they stand for.
func BenchmarkBruteMultiset(b *testing.B) {
	for _, c := range []struct {
		alphabet string
		d        int
	}{{"-2,1/2:4", 8}, {"-2,1/2:4", 16}, {"-1,0:2,1", 9}} {
		a := mustAlphabet(b, c.alphabet)
		b.Run(fmt.Sprintf("alphabet=%s/d=%d", c.alphabet, c.d), func(b *testing.B) {
			benchBrute(b, Problem{Q: a, K: a, D: c.d}, Options{})
		})
	}
}

// reportClosed reports the lattice counts produced per second and, while
// it fits in a float64, the pairs per second.
func reportClosed(b *testing.B, p Problem) {
	l := mustLattice(b, p)
	b.ReportMetric(float64(l.size(p.D))*float64(b.N)/b.Elapsed().Seconds(), "counts/s")
	if pairs, _ := p.Cases().Float64(); pairs <= math.MaxFloat64 {
		reportPairs(b, p)
	}
}

// BenchmarkClosed measures the closed form; pairs/s counts the pairs whose
// distribution it yields (reported while that number fits in a float64,
// up to d = 511 for ±1), counts/s the histogram entries it produces.
func BenchmarkClosed(b *testing.B) {
	for _, c := range []struct {
		alphabet string
		d        int
	}{{"-1,1", 500}, {"-1,1", 1000}, {"-1,1", 10000}, {"-1,0,1", 300}, {"-1,0,1", 1000}, {"-1,0,1", 10000}} {
		a := mustAlphabet(b, c.alphabet)
		b.Run(fmt.Sprintf("alphabet=%s/d=%d", c.alphabet, c.d), func(b *testing.B) {
			p := Problem{Q: a, K: a, D: c.d}
			pl := mustPlan(b, p, ClosedForm, Options{})
			var h *rational.Histogram
			for b.Loop() {
				var err error
				if h, err = pl.closed(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
			_ = h
			reportClosed(b, p)
		})
	}
}

// BenchmarkClosedMoments measures the streamed closed form, which keeps
// only the last few counts.
func BenchmarkClosedMoments(b *testing.B) {
	for _, c := range []struct {
		alphabet string
		d        int
	}{{"-1,1", 10000}, {"-1,1", 100000}, {"-1,0,1", 10000}} {
		a := mustAlphabet(b, c.alphabet)
		b.Run(fmt.Sprintf("alphabet=%s/d=%d", c.alphabet, c.d), func(b *testing.B) {
			p := Problem{Q: a, K: a, D: c.d}
			pl := mustPlan(b, p, ClosedForm, Options{})
			for b.Loop() {
				if _, err := pl.closedMoments(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
			reportClosed(b, p)
		})
	}
}

// BenchmarkBruteBitPair measures the kernels for two-letter alphabets
// other than ±a, such as {1, 2}: AVX-512 where the CPU has it, and the
// portable one.
func BenchmarkBruteBitPair(b *testing.B) {
	a := mustAlphabet(b, "1,2")
	for _, path := range []string{"avx512", "portable"} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("kernel=%s/alphabet=1,2/d=16/workers=%d", path, w), func(b *testing.B) {
				if !withKernel(path, func() {
					benchBrute(b, Problem{Q: a, K: a, D: 16}, Options{Workers: w})
				}) {
					b.Skip("no such kernel on this CPU")
				}
			})
		}
	}
}
