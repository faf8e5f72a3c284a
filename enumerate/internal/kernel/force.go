package kernel

// A Path is one level of implementation: the fastest assembly the CPU
// runs, or a slower one that tests and benchmarks force to check and
// measure it.
type Path int

const (
	// AVX512 is the AVX-512 assembly (with VPOPCNTDQ).
	AVX512 Path = iota
	// AVX2 is the AVX2 assembly, where a kernel has one.
	AVX2
	// Portable is plain Go.
	Portable
)

var pathNames = [...]string{"avx512", "avx2", "portable"}

// String returns "avx512", "avx2" or "portable".
func (p Path) String() string {
	if p >= 0 && int(p) < len(pathNames) {
		return pathNames[p]
	}
	return "Path(?)"
}

// fastKernels lets kernels use assembly at all, and avx512 lets them use
// the AVX-512 assembly, where the CPU has it; kernels read both when they
// are built.
var fastKernels, avx512 = hasAVX512 || hasAVX2, hasAVX512

// useAVX512 reports whether a kernel built now may use AVX-512 assembly.
func useAVX512() bool { return fastKernels && avx512 && hasAVX512 }

// useAVX2 reports whether a kernel built now may use AVX2 assembly.
func useAVX2() bool { return fastKernels && hasAVX2 }

// Force makes the kernels built until restore is called use path p at
// most (AVX2 still lets a kernel without an AVX2 version use plain Go),
// and reports false, changing nothing, when this CPU cannot run p. It is
// for tests and benchmarks, which must not run in parallel with it.
func Force(p Path) (restore func(), ok bool) {
	savedFast, saved512 := fastKernels, avx512
	restore = func() { fastKernels, avx512 = savedFast, saved512 }
	switch p {
	case AVX512:
		if !hasAVX512 {
			return func() {}, false
		}
		fastKernels, avx512 = true, true
	case AVX2:
		if !hasAVX2 {
			return func() {}, false
		}
		fastKernels, avx512 = true, false
	default:
		fastKernels, avx512 = false, false
	}
	return restore, true
}
