package enumerate

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sqrtdk/sqrtdk/rational"
)

// reportPairs reports the pairs covered per second of benchmark time.
func reportPairs(b *testing.B, p Problem) {
	pairs, _ := p.Cases().Float64()
	b.ReportMetric(pairs*float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
}

// withKernels runs f with the fast kernels on or off and restores the
// choice afterwards.
func withKernels(fast bool, f func()) {
	saved := useFastKernels
	useFastKernels = fast && saved
	defer func() { useFastKernels = saved }()
	f()
}

// withKernel runs f with the ±a kernel named "avx512", "avx2" or "portable"
// and reports false, without running f, when this CPU lacks it.
func withKernel(kernel string, f func()) bool {
	savedFast, savedAVX512 := useFastKernels, useAVX512
	defer func() { useFastKernels, useAVX512 = savedFast, savedAVX512 }()
	useFastKernels = kernel != "portable" && savedFast
	useAVX512 = kernel == "avx512"
	want := map[string]string{"avx512": "AVX-512", "avx2": "AVX2", "portable": "portable"}[kernel]
	if !strings.Contains(newXorKernel(16, 0, 1, 17, useFastKernels).name(), want) {
		return false
	}
	f()
	return true
}

func benchBrute(b *testing.B, p Problem, opt Options) {
	b.Helper()
	cpu0 := cpuSeconds()
	for b.Loop() {
		if _, err := mustPlan(b, p, BruteForce, opt).Brute(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	reportPairs(b, p)
	if cpu := cpuSeconds() - cpu0; cpu > 0 {
		// Pairs per CPU-second: the kernel's own speed per core, less
		// sensitive to other work on a shared machine than pairs/s.
		pairs, _ := p.Cases().Float64()
		b.ReportMetric(pairs*float64(b.N)/cpu, "pairs/cpu-s")
	}
}

// BenchmarkBruteBinary measures the ±1 kernels: AVX-512 and AVX2 assembly
// where the CPU has them, and portable Go.
func BenchmarkBruteBinary(b *testing.B) {
	pm := mustAlphabet(b, "-1,1")
	for _, kernel := range []string{"avx512", "avx2", "portable"} {
		for _, d := range []int{12, 14, 16, 18} {
			for _, w := range []int{1, 2} {
				b.Run(fmt.Sprintf("kernel=%s/d=%d/workers=%d", kernel, d, w), func(b *testing.B) {
					if kernel != "avx512" && d > 16 {
						b.Skip("seconds per run: the slower kernels are measured up to d = 16")
					}
					if !withKernel(kernel, func() {
						benchBrute(b, Problem{Q: pm, K: pm, D: d}, Options{Workers: w})
					}) {
						b.Skip("no such kernel on this CPU")
					}
				})
			}
		}
	}
}

// BenchmarkBruteGeneral measures the Gray-code kernel for alphabets of
// three and four letters.
func BenchmarkBruteGeneral(b *testing.B) {
	for _, c := range []struct {
		alphabet string
		d        int
	}{{"-1,0,1", 8}, {"-1,0,1", 9}, {"-3,-1,1,3", 7}} {
		a := mustAlphabet(b, c.alphabet)
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("alphabet=%s/d=%d/workers=%d", c.alphabet, c.d, w), func(b *testing.B) {
				benchBrute(b, Problem{Q: a, K: a, D: c.d}, Options{Workers: w})
			})
		}
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
				if h, err = pl.Closed(context.Background()); err != nil {
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
				if _, err := pl.ClosedMoments(context.Background()); err != nil {
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
	for _, kernel := range []string{"avx512", "portable"} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("kernel=%s/alphabet=1,2/d=16/workers=%d", kernel, w), func(b *testing.B) {
				if kernel == "avx512" && !fastBitPair(16) {
					b.Skip("no AVX-512 on this CPU")
				}
				withKernels(kernel == "avx512", func() {
					benchBrute(b, Problem{Q: a, K: a, D: 16}, Options{Workers: w})
				})
			})
		}
	}
}
