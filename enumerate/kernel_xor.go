package enumerate

import (
	"math/bits"
	"sync/atomic"
)

// xorKernel handles two-letter alphabets where a coordinate's lattice index
// depends only on whether q_i and k_i are the same letter (±a against ±b):
// a pair's index is d·same + (differ − same)·popcount(q ⊕ k).
//
// It counts the pairs by popcount(q ⊕ k) with bit-sliced (vertical)
// counters: a machine word holds one bit of 64 different vectors k, one word
// (bit-plane) per coordinate. XOR-ing the planes with q's bits and adding
// them lane by lane with a carry-save adder tree gives, in a few bit-planes,
// the popcount of each of the 64 pairs; decoding those planes into one mask
// per possible popcount and counting each mask's bits tallies every pair
// without one histogram store per pair. The assembly kernels (see
// kernel_xor_amd64.go) do the same on 512 lanes (AVX-512) or 256 (AVX2).
type xorKernel struct {
	d            int
	same, differ int
	size         int
	// blocks is the bit-sliced kernel, chosen once for the CPU, or nil
	// when d is too narrow or too wide for one (then pairs go one by one).
	blocks xorBlocks
}

// xorBlocks is the signature shared by the bit-sliced kernels.
type xorBlocks interface {
	// laneBits is the log2 of the number of k per block.
	laneBits() int
	// tallyQ counts popcount(q ⊕ k) for every k of q's blocks [b0, b1)
	// into s.acc; calls for one q must come in block order, starting at 0.
	tallyQ(s *xorScratch, q, b0, b1 uint64)
	name() string
}

func newXorKernel(d, same, differ, size int, fast bool) *xorKernel {
	x := &xorKernel{d: d, same: same, differ: differ, size: size}
	if fast {
		x.blocks = newFastXorBlocks(d)
	}
	if x.blocks == nil && d >= 6 && d <= maxSlicedD {
		x.blocks = newPortableXorBlocks(d)
	}
	return x
}

// maxSlicedD is the widest d the bit-sliced kernels handle: their counters
// hold popcounts up to 32 (brute force refuses far smaller widths anyway).
const maxSlicedD = 32

// chunkPairs bounds the pairs tallied between two checks of the stop flag,
// so that cancelling takes milliseconds.
const chunkPairs = 1 << 24

func (x *xorKernel) name() string {
	if x.blocks != nil {
		return "xor-popcount (" + x.blocks.name() + ")"
	}
	return "xor-popcount (scalar)"
}

func (x *xorKernel) tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	var pc [65]uint64
	if x.blocks == nil {
		x.tallyScalar(lo, hi, stop, progress, &pc)
	} else {
		lb := x.blocks.laneBits()
		nb := uint64(1) << (x.d - lb)
		chunk := max(uint64(chunkPairs)>>lb, 1)
		s := newXorScratch()
		for q := lo; q < hi && !stop.Load(); q++ {
			for b := uint64(0); b < nb; b += chunk {
				if b > 0 && stop.Load() {
					break
				}
				e := min(b+chunk, nb)
				x.blocks.tallyQ(s, q, b, e)
				if progress != nil {
					progress.Add((e - b) << lb)
				}
			}
		}
		s.drain(&pc)
	}
	hist := make([]uint64, x.size)
	for n := 0; n <= x.d; n++ {
		hist[x.d*x.same+(x.differ-x.same)*n] += pc[n]
	}
	return hist
}

// tallyScalar is the one-pair-at-a-time loop for widths the bit-sliced
// kernels do not take.
func (x *xorKernel) tallyScalar(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64, pc *[65]uint64) {
	nk := uint64(1) << x.d
	for q := lo; q < hi && !stop.Load(); q++ {
		// One q meets 2^d vectors k, minutes of work past d = 40: the
		// stop flag is checked every chunkPairs of them.
		for k0 := uint64(0); k0 < nk; k0 += chunkPairs {
			if k0 > 0 && stop.Load() {
				return
			}
			k1 := min(k0+chunkPairs, nk)
			for k := k0; k < k1; k++ {
				pc[bits.OnesCount64(q^k)]++
			}
			if progress != nil {
				progress.Add(k1 - k0)
			}
		}
	}
}
