//go:build amd64

package kernel

import (
	"sync/atomic"
	"unsafe"
)

// bitPairScratch is one worker's state for the AVX-512 two-letter kernel.
type bitPairScratch struct {
	planes *[64][8]uint64  // k's planes: slots 0–31 where q is 0, 32–63 where q is 1
	masks  *[66][8]uint64  // one mask per count of each tree
	acc    *[289][8]uint64 // acc[a·(n1+1)+b]: pairs with counts a and b
	slots  [32]uint64      // byte offset of the plane of coordinate 9+i
	buf    []uint64
}

func newBitPairScratch() *bitPairScratch {
	const words = (64 + 66 + 289) * 8
	buf := make([]uint64, words+8)
	off := int((64 - uintptr(unsafe.Pointer(&buf[0]))%64) % 64 / 8)
	s := &bitPairScratch{buf: buf}
	s.planes = (*[64][8]uint64)(unsafe.Pointer(&buf[off]))
	s.masks = (*[66][8]uint64)(unsafe.Pointer(&buf[off+64*8]))
	s.acc = (*[289][8]uint64)(unsafe.Pointer(&buf[off+(64+66)*8]))
	return s
}

// fastBitPair reports whether the AVX-512 kernel takes width d.
func fastBitPair(d int) bool {
	return useAVX512() && d >= 9 && d <= maxSlicedD
}

// tallyFast is the bit-sliced form of the two-letter kernel: for each q it
// counts, lane by lane over 512 vectors k at a time, n0 = popcount of k on
// the coordinates where q is 0 and n1 = popcount of k where q is 1, and
// tallies every pair by (n0, n1); a pair's index is then
// cq + b·n0 + (b+c)·n1 (see bitPairKernel).
func (x *bitPairKernel) tallyFast(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	t00, t01, t10, t11 := x.t[0][0], x.t[0][1], x.t[1][0], x.t[1][1]
	b, c := t01-t00, t11-t10-t01+t00
	hist := make([]uint64, x.size)
	s := newBitPairScratch()
	nb := uint64(1) << (x.d - 9)
	chunk := max(uint64(chunkPairs)>>9, 1)
	for q := lo; q < hi && !stop.Load(); q++ {
		n0, n1 := 0, 0
		for j := range x.d {
			slot := &n0
			base := 0
			if q>>uint(j)&1 == 1 {
				slot, base = &n1, 32
			}
			var p [8]uint64
			for w := range p {
				switch {
				case j < 6:
					p[w] = lanePattern[j]
				case j < 9:
					p[w] = bitMask(uint64(w), j-6)
				}
			}
			s.planes[base+*slot] = p
			if j >= 9 {
				s.slots[j-9] = uint64(base+*slot) * 64
			}
			*slot++
		}
		for i := n0; i < 32; i++ {
			s.planes[i] = [8]uint64{}
		}
		for i := n1; i < 32; i++ {
			s.planes[32+i] = [8]uint64{}
		}
		cq := x.d*t00 + (t10-t00)*n1
		for b0 := uint64(0); b0 < nb; b0 += chunk {
			if b0 > 0 && stop.Load() {
				break
			}
			b1 := min(b0+chunk, nb)
			bitPairBlocks(s, b0, b1, n0, n1)
			for a := 0; a <= n0; a++ {
				for bb := 0; bb <= n1; bb++ {
					cell := &s.acc[a*(n1+1)+bb]
					var sum uint64
					for i := range cell {
						sum += cell[i]
						cell[i] = 0
					}
					hist[cq+b*a+(b+c)*bb] += sum
				}
			}
			if progress != nil {
				progress.Add((b1 - b0) << 9)
			}
		}
	}
	return hist
}

// bitPairBlocks calls the assembly kernel from a Go function whose
// prologue is a preemption point: a worker that otherwise spends nearly all
// its time in assembly would keep the goroutine that sets the stop flag
// from being scheduled, and cancelling would take up to seconds.
//
//go:noinline
func bitPairBlocks(s *bitPairScratch, b0, b1 uint64, n0, n1 int) {
	bitPairBlocksAVX512(s.planes, s.masks, s.acc, &s.slots, b0, b1, n0, n1)
}
