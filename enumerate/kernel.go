package enumerate

import (
	"fmt"
	"strings"
	"sync/atomic"
)

// A Kernel is a brute-force kernel: how pairs are tallied for a kind of
// alphabet. Every kernel counts every pair; they differ in how many pairs
// one instruction sequence covers.
type Kernel int

const (
	// XorPopcount serves ±a against ±b: a pair's index follows from
	// popcount(q ⊕ k), counted bit-sliced on 64 to 512 lanes at once.
	XorPopcount Kernel = iota
	// BitPair serves any other two-letter alphabets, with two bit-sliced
	// counters per lane.
	BitPair
	// GrayCode serves larger alphabets: k walks in reflected Gray order,
	// so a pair costs one add and one histogram increment.
	GrayCode
)

var kernelNames = [...]string{"xor-popcount", "bit-pair", "gray-code"}

// String returns the kernel's name, such as "gray-code".
func (k Kernel) String() string {
	if k >= 0 && int(k) < len(kernelNames) {
		return kernelNames[k]
	}
	return fmt.Sprintf("Kernel(%d)", int(k))
}

// A kernel tallies pairs into a histogram over lattice indices.
type kernel interface {
	// tally counts the pairs with q index in [lo, hi) and returns a
	// histogram of length D·tMax+1; it returns early once stop is set,
	// and adds the pairs it tallied to progress (when not nil) as it goes.
	tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64
	// name says which kernel and which implementation of it runs.
	name() string
}

// kernelFor returns the kernel kind that suits p's alphabets over l.
func kernelFor(p Problem, l *lattice) Kernel {
	if p.Q.Size() == 2 && p.K.Size() == 2 && p.D <= 63 {
		tt := expandedT(p, l)
		if tt[0][0] == tt[1][1] && tt[0][1] == tt[1][0] {
			return XorPopcount
		}
		return BitPair
	}
	return GrayCode
}

// expandedT returns t[a][b] for the a-th element of Q's multiset and the
// b-th of K's.
func expandedT(p Problem, l *lattice) [][]int {
	qs, ks := expand(p.Q), expand(p.K)
	tt := make([][]int, len(qs))
	for a := range qs {
		tt[a] = make([]int, len(ks))
		for b := range ks {
			tt[a][b] = l.t[qs[a]][ks[b]]
		}
	}
	return tt
}

// newKernel builds the kernel of kind k for p over l.
func newKernel(k Kernel, p Problem, l *lattice) kernel {
	tt := expandedT(p, l)
	size := l.size(p.D)
	switch k {
	case XorPopcount:
		return newXorKernel(p.D, tt[0][0], tt[0][1], size, useFastKernels)
	case BitPair:
		return &bitPairKernel{d: p.D, t: tt, size: size}
	}
	return newGrayKernel(p.D, tt, size)
}

// nominalRate returns the pairs one core tallies per second with k, as
// BenchmarkBrute* measured on this project's reference machine (2 vCPUs,
// AVX-512 with VPOPCNTDQ; see the README). Auto decides with it, so that
// its choice does not depend on timing noise; refusals near a time limit
// use a timed probe instead (see Plan.measure).
func nominalRate(k kernel) float64 {
	n := k.name()
	switch {
	case strings.HasPrefix(n, "xor-popcount") && strings.Contains(n, "AVX-512"):
		return 2e10
	case strings.HasPrefix(n, "xor-popcount") && strings.Contains(n, "AVX2"):
		return 9e9
	case strings.HasPrefix(n, "xor-popcount") && strings.Contains(n, "portable"):
		return 2.9e9
	case strings.HasPrefix(n, "xor-popcount"):
		return 1e9
	case strings.HasPrefix(n, "bit-pair") && strings.Contains(n, "AVX-512"):
		return 5.6e9
	case strings.HasPrefix(n, "bit-pair"):
		return 1.4e9
	}
	return 1.6e9
}
