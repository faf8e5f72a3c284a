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
	// pair costs one add and one histogram increment. It serves the
	// alphabets whose indices reach 256 or fill few lanes.
	GrayCode
	// SlicedIndex serves any alphabets whose lattice indices stay below
	// 256, on every CPU (AVX-512, AVX2 or plain Go): the lanes hold k's
	// low coordinates, and each block counts the lanes of the q's
	// threshold planes (low coordinates' share ≥ m) into the counter of
	// index ≥ v+m, v being the block's share.
	SlicedIndex
)

// String returns the kernel's name, such as "gray-code".
func (k Kernel) String() string {
	if k >= XorPopcount && k <= SlicedIndex {
		return kernel.Kind(k).String()
	}
	return fmt.Sprintf("Kernel(%d)", int(k))
}
