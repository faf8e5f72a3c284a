// Package kernel tallies the pairs of a brute-force enumeration into a
// histogram of lattice indices, as fast as the CPU allows.
//
// Conventions, written once:
//   - A Spec is a problem reduced to integers: q has len(T) letters and k
//     len(T[0]); letter a of q against letter b of k adds T[a][b] ≥ 0 to
//     the pair's index, summed over the D coordinates.
//   - A vector's index has its letters as digits, coordinate 0 least
//     significant: q in base len(T), k in base len(T[0]).
//   - Tally(lo, hi) counts every pair (q, k) with q index in [lo, hi) and
//     any k: a histogram whose entry t is the number of pairs with index t.
//     Every pair is counted; kernels differ only in how many pairs one
//     instruction sequence covers.
//   - Kernels that hold 64 to 2048 vectors k side by side in the bits of
//     machine words ("lanes", bit-sliced) count the lanes with a given
//     property with popcount, never one histogram store per pair.
//
// Assembly kernels are chosen at run time from the CPU's features
// (golang.org/x/sys/cpu); Force selects a slower path for tests and
// benchmarks. The amd64 assembly and its declarations are generated with
// avo by the program in _asm (a module of its own), the portable
// sliced-index tally by gen_portable.go: go generate runs both.
package kernel

import (
	"fmt"
	"sync/atomic"
)

// A Spec is a brute-force problem reduced to integers (see the package
// documentation): D coordinates, the index table T and the length Size of
// the histogram, larger than every index.
type Spec struct {
	D    int
	T    [][]int
	Size int
}

// A Kind is a family of kernels: which structure of the alphabets it uses.
type Kind int

const (
	// XorPopcount serves ±a against ±b: a pair's index follows from
	// popcount(q ⊕ k), counted bit-sliced on 64 to 512 lanes at once.
	XorPopcount Kind = iota
	// BitPair serves any other two-letter alphabets, with two bit-sliced
	// counters per lane.
	BitPair
	// GrayCode serves any alphabets: k walks in reflected Gray order, so a
	// pair costs one add and one histogram increment.
	GrayCode
	// SlicedIndex serves any alphabets whose indices stay below 256:
	// lanes hold the low coordinates of k, and each block counts the
	// lanes of the q's threshold planes into counters of index thresholds
	// (see slicedKernel), on AVX-512, AVX2 or in plain Go.
	SlicedIndex
)

var kindNames = [...]string{"xor-popcount", "bit-pair", "gray-code", "sliced-index"}

// String returns the kind's name, such as "gray-code".
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// A Kernel tallies pairs into a histogram over lattice indices.
type Kernel interface {
	// Tally counts the pairs with q index in [lo, hi) and returns a
	// histogram of length Size; it returns early once stop is set, and
	// adds the pairs it tallied to progress (when not nil) as it goes.
	// It is safe for concurrent use on disjoint or equal ranges.
	Tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64
	// Name says which kernel and which implementation of it runs, such as
	// "xor-popcount (bit-sliced, 512 lanes, AVX-512)".
	Name() string
	// Rate is the pairs one core tallies per second, as the benchmarks
	// measured on this project's reference machine (see rates.go).
	Rate() float64
}

// chunkPairs bounds the pairs tallied between two checks of the stop flag,
// so that cancelling takes milliseconds.
const chunkPairs = 1 << 24

// For returns the kernel kind for s on this CPU: of the kinds that apply
// (XorPopcount to ±a against ±b, BitPair to two letters, SlicedIndex to
// indices below 256, GrayCode always), the one with the highest nominal
// rate.
func For(s Spec) Kind {
	best, bestRate := GrayCode, grayRate()
	consider := func(k Kind, rate float64) {
		if rate > bestRate {
			best, bestRate = k, rate
		}
	}
	if len(s.T) == 2 && len(s.T[0]) == 2 && s.D <= 63 {
		if s.T[0][0] == s.T[1][1] && s.T[0][1] == s.T[1][0] {
			consider(XorPopcount, New(XorPopcount, s).Rate())
		}
		consider(BitPair, New(BitPair, s).Rate())
	}
	if sl := planSliced(s); sl != nil {
		consider(SlicedIndex, sl.Rate())
	}
	return best
}

// New builds the kernel of kind k for s; a SlicedIndex kernel that s
// cannot use falls back on GrayCode.
func New(k Kind, s Spec) Kernel {
	switch k {
	case XorPopcount:
		return newXorKernel(s.D, s.T[0][0], s.T[0][1], s.Size, fastKernels)
	case BitPair:
		return newBitPairKernel(s.D, s.T, s.Size)
	case SlicedIndex:
		if sl := planSliced(s); sl != nil {
			return sl
		}
	}
	return newGrayKernel(s.D, s.T, s.Size)
}
