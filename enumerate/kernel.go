package enumerate

import (
	"fmt"

	"github.com/sqrtdk/sqrtdk/enumerate/internal/kernel"
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
	// GrayCode serves any alphabets: k walks in reflected Gray order, so a
	// pair costs one add and one histogram increment. It is the portable
	// kernel for three letters or more.
	GrayCode
	// SlicedIndex serves three letters or more on CPUs with AVX-512: the
	// lanes hold k's low coordinates, each lane's index is kept bit-sliced,
	// and the pairs are counted by subsets of index bits, then per index by
	// Möbius inversion.
	SlicedIndex
)

// String returns the kernel's name, such as "gray-code".
func (k Kernel) String() string {
	if k >= XorPopcount && k <= SlicedIndex {
		return kernel.Kind(k).String()
	}
	return fmt.Sprintf("Kernel(%d)", int(k))
}
