//go:build amd64

package enumerate

import "golang.org/x/sys/cpu"

//go:generate go run gen_xor_amd64.go -out kernel_xor_amd64.s

// hasAVX512Popcount reports whether this CPU runs the AVX-512 kernel:
// it needs the foundation (VPTERNLOGD) and VPOPCNTDQ.
var hasAVX512Popcount = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI1

// hasAVX2 reports whether this CPU runs the AVX2 kernel.
var hasAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1

// useFastKernels selects the assembly kernels when the CPU has them; tests
// and benchmarks turn it off to measure and check the portable path.
var useFastKernels = hasAVX512Popcount || hasAVX2

// useAVX512 lets the AVX-512 kernels run where the CPU has them; tests and
// benchmarks turn it off to check and measure the AVX2 kernel.
var useAVX512 = true

// avx512XorBlocks is the bit-sliced kernel on 512 lanes per ZMM register.
type avx512XorBlocks struct{ d int }

func newFastXorBlocks(d int) xorBlocks {
	if hasAVX512Popcount && useAVX512 && d >= 9 && d <= maxSlicedD {
		return avx512XorBlocks{d: d}
	}
	return newAVX2XorBlocks(d)
}

// avx2XorBlocks is the bit-sliced kernel on 256 lanes per YMM register,
// for CPUs without AVX-512: it updates each lane's count by ±1 from block
// to block, as the portable kernel does, and tallies with nibble lookups.
type avx2XorBlocks struct{ d int }

func newAVX2XorBlocks(d int) xorBlocks {
	if !hasAVX2 || d < 8 || d > maxSlicedD {
		return nil
	}
	return avx2XorBlocks{d: d}
}

func (avx2XorBlocks) laneBits() int { return 8 }
func (avx2XorBlocks) name() string  { return "bit-sliced, 256 lanes, AVX2" }

// avx2State carries an AVX2 run from one call to the next: the six count
// planes of the 256 lanes and q's high bits ⊕ the current block's.
type avx2State struct {
	counts [6][4]uint64
	high   uint64
}

// avx2MaxBlocks bounds a call: each block adds at most 8 to a byte counter.
const avx2MaxBlocks = 31

func (x avx2XorBlocks) tallyQ(s *xorScratch, q, b0, b1 uint64) {
	if s.avx2 == nil {
		s.avx2 = new(avx2State)
		s.bytes = new([36][4]uint64)
	}
	if b0 == 0 {
		setPlanes(s, x.d, 8, q)
		for w := range 4 {
			var p [32]uint64
			for j := range p {
				p[j] = s.planes[j][w]
			}
			c := sumPlanes(&p, x.d)
			for i := range c {
				s.avx2.counts[i][w] = c[i]
			}
		}
		s.avx2.high = q >> 8
	}
	for b := b0; b < b1; b += avx2MaxBlocks {
		xorBlocksAVX2(s.avx2, s.bytes, s.acc, b, min(b+avx2MaxBlocks, b1), x.d)
	}
}

// xorBlocksAVX2 tallies blocks [b0, b1) of 256 vectors k each (at most 31):
// before block b > 0 it moves every lane's count by ±1 for the flip of
// coordinate 8+tz(b), and it adds the number of lanes with each count
// v = 0…d to acc[v] (lanes 0–3), using bytes as scratch.
//
//go:noescape
func xorBlocksAVX2(state *avx2State, bytes *[36][4]uint64, acc *[33][8]uint64, b0, b1 uint64, d int)

func (avx512XorBlocks) laneBits() int { return 9 }
func (avx512XorBlocks) name() string  { return "bit-sliced, 512 lanes, AVX-512" }

func (x avx512XorBlocks) tallyQ(s *xorScratch, q, b0, b1 uint64) {
	if b0 == 0 {
		setPlanes(s, x.d, 9, q)
	}
	xorBlocksAVX512(s.planes, s.acc, b0, b1, x.d)
}

// xorBlocksAVX512 tallies blocks [b0, b1) of 512 vectors k each: before
// block b > 0 it flips plane 9 + tz(b), sums the 32 planes lane by lane
// with a carry-save tree and adds the bit counts of each popcount's mask to
// acc[popcount] for popcounts 0…d.
//
//go:noescape
func xorBlocksAVX512(planes *[32][8]uint64, acc *[33][8]uint64, b0, b1 uint64, d int)
