package kernel

import (
	"math/bits"
	"sync/atomic"
)

// xorKernel handles two-letter alphabets where a coordinate's index
// depends only on whether q_i and k_i are the same letter (±a against ±b):
// a pair's index is d·same + (differ − same)·popcount(q ⊕ k).
//
// It counts the pairs by popcount(q ⊕ k) with bit-sliced (vertical)
// counters: a machine word holds one bit of 64 different vectors k, the
// lanes. A block is the 2^laneBits vectors k that share their high bits;
// blocks are visited in Gray order of those high bits, so from one block
// to the next one coordinate of k flips in every lane and each lane's
// popcount moves by exactly one, a bit-sliced increment or decrement of
// the lanes' count planes. The portable and AVX2 kernels then decode the
// count planes into one mask per popcount and count each mask's bits; the
// AVX-512 kernel counts, for each set S of count bits, the lanes whose
// count has every bit of S (an AND of planes), and recovers the number of
// lanes with each count by Möbius inversion when it drains (see mobius.go).
type xorKernel struct {
	d            int
	same, differ int
	size         int
	// blocks is the bit-sliced kernel, chosen once for the CPU, or nil
	// when d is too narrow or too wide for one (then pairs go one by one).
	blocks xorBlocks
}

// xorBlocks is the interface of the bit-sliced kernels.
type xorBlocks interface {
	// laneBits is the log2 of the number of k per block.
	laneBits() int
	// tally counts popcount(q ⊕ k) for q in [q0, q1) against the k of
	// blocks [b0, b1) of each q into s; when q1 > q0+1 the blocks are all
	// of them, and the calls for one q come in block order from block 0.
	tally(s *xorScratch, q0, q1, b0, b1 uint64)
	// drain adds the pairs s holds to pc by popcount and clears s.
	drain(s *xorScratch, pc *[65]uint64)
	name() string
	rate() float64
}

func newXorKernel(d, same, differ, size int, fast bool) *xorKernel {
	x := &xorKernel{d: d, same: same, differ: differ, size: size}
	if fast {
		x.blocks = newFastXorBlocks(d)
	}
	if x.blocks == nil && d >= 6 && d <= maxSlicedD {
		x.blocks = portableXorBlocks{d: d}
	}
	return x
}

// maxSlicedD is the widest d the bit-sliced kernels handle: their counters
// hold popcounts up to 32 (brute force refuses far smaller widths anyway).
const maxSlicedD = 32

func (x *xorKernel) Name() string {
	if x.blocks != nil {
		return "xor-popcount (" + x.blocks.name() + ")"
	}
	return "xor-popcount (scalar)"
}

func (x *xorKernel) Rate() float64 {
	if x.blocks != nil {
		return x.blocks.rate()
	}
	return scalarXorRate
}

func (x *xorKernel) Tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	var pc [65]uint64
	if x.blocks == nil {
		x.tallyScalar(lo, hi, stop, progress, &pc)
	} else {
		lb := x.blocks.laneBits()
		nb := uint64(1) << (x.d - lb)
		chunk := max(uint64(chunkPairs)>>lb, 1)
		s := newXorScratch()
		if nb <= chunk {
			// Whole q at a time, as many as fit in a chunk.
			per := chunk / nb
			for q := lo; q < hi && !stop.Load(); {
				n := min(per, hi-q)
				x.blocks.tally(s, q, q+n, 0, nb)
				q += n
				if progress != nil {
					progress.Add(n * nb << lb)
				}
			}
		} else {
			for q := lo; q < hi && !stop.Load(); q++ {
				for b := uint64(0); b < nb; b += chunk {
					if b > 0 && stop.Load() {
						break
					}
					e := min(b+chunk, nb)
					x.blocks.tally(s, q, q+1, b, e)
					if progress != nil {
						progress.Add((e - b) << lb)
					}
				}
			}
		}
		x.blocks.drain(s, &pc)
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
