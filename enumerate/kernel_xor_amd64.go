//go:build amd64

package enumerate

import "golang.org/x/sys/cpu"

//go:generate go run gen_xor_amd64.go -out kernel_xor_amd64.s

// hasAVX512Popcount reports whether this CPU runs the AVX-512 kernel:
// it needs the foundation (VPTERNLOGD) and VPOPCNTDQ.
var hasAVX512Popcount = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI1

// useFastKernels selects the assembly kernels when the CPU has them; tests
// and benchmarks turn it off to measure and check the portable path.
var useFastKernels = hasAVX512Popcount

// avx512XorBlocks is the bit-sliced kernel on 512 lanes per ZMM register.
type avx512XorBlocks struct{ d int }

func newFastXorBlocks(d int) xorBlocks {
	if !hasAVX512Popcount || d < 9 || d > maxSlicedD {
		return nil
	}
	return avx512XorBlocks{d: d}
}

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
