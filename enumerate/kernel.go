package enumerate

import (
	"fmt"

	"github.com/sqrtdk/sqrtdk/enumerate/internal/kernel"
)

// A kernelKind is a brute-force kernel: how pairs are tallied for a kind of
// alphabet. Every kernel counts every pair; they differ in how many pairs
// one instruction sequence covers.
type kernelKind int

const (
	// xorPopcount serves ±a against ±b: a pair's index follows from
	// popcount(q ⊕ k), counted bit-sliced on 64 to 512 lanes at once.
	xorPopcount kernelKind = iota
	// bitPair serves any other two-letter alphabets, with two bit-sliced
	// counters per lane.
	bitPair
	// grayCode serves any alphabets: k walks in reflected Gray order, so a
	// pair costs one add and one histogram increment. It is the portable
	// kernel for three letters or more.
	grayCode
	// slicedIndex serves three letters or more on CPUs with AVX-512: the
	// lanes hold k's low coordinates, each lane's index is kept bit-sliced,
	// and the pairs are counted by subsets of index bits, then per index by
	// Möbius inversion.
	slicedIndex
)

// String returns the kernel's name, such as "gray-code".
func (k kernelKind) String() string {
	if k >= xorPopcount && k <= slicedIndex {
		return kernel.Kind(k).String()
	}
	return fmt.Sprintf("Kernel(%d)", int(k))
}
