//go:build amd64

package kernel

import (
	"math/bits"
	"sync"
)

func newFastXorBlocks(d int) xorBlocks {
	switch {
	case useAVX512() && d >= minAVX512XorD && d <= maxXorD:
		return avx512XorBlocks{d: d}
	case useAVX2() && d >= minAVX2XorD && d <= maxXorD:
		return avx2XorBlocks{d: d}
	}
	return nil
}

// The widths of the assembly ±1 kernels (must match _asm): a block is 512
// lanes (9 bits of k) on AVX-512, 256 (8 bits) on AVX2, and the lanes'
// counts have five bits.
const minAVX512XorD, minAVX2XorD, maxXorD = 9, 8, 31

// avx512XorBlocks is the kernel on 512 lanes per ZMM register: each lane's
// count of popcount(q ⊕ k) lives in five bit-planes, moved by ±1 from
// block to block, and each block adds, for every set S of count bits
// (S = 1…d), the number of lanes whose count has all bits of S to
// sub[S]; drain inverts those subset counts into counts per popcount.
type avx512XorBlocks struct{ d int }

func (avx512XorBlocks) laneBits() int { return 9 }
func (avx512XorBlocks) name() string  { return "bit-sliced, 512 lanes, AVX-512" }
func (x avx512XorBlocks) rate() float64 {
	return xorRate(avx512Xor, x.d)
}

func (x avx512XorBlocks) tally(s *xorScratch, q0, q1, b0, b1 uint64) {
	xorSubsetFuncs[x.d-minAVX512XorD](s.state, s.sub, q0, q1, b0, b1)
	s.pairs += (q1 - q0) * (b1 - b0) << 9
}

func (avx512XorBlocks) drain(s *xorScratch, pc *[65]uint64) { s.drain(pc) }

// xorSubsetFuncs[d−9] is the generated kernel for width d (the stubs are
// in kernels_stub_amd64.go). xorSubsets<d>
// runs blocks [b0, b1) of 512 vectors k each for every q in [q0, q1) (all
// blocks when q1 > q0+1): at block 0 it sets each lane's count to
// popcount(q ⊕ k), otherwise it resumes from state; before block b > 0 it
// moves every count by ±1 for the flip of coordinate 9+tz(b), and every
// block adds to sub[S][w], for S = 1…d, the number of lanes among
// 64w…64w+63 whose count has every bit of S. It leaves the last lanes'
// counts in state.
var xorSubsetFuncs = [...]func(state *[48]uint64, sub *[32][8]uint64, q0, q1, b0, b1 uint64){
	xorSubsets9, xorSubsets10, xorSubsets11, xorSubsets12, xorSubsets13,
	xorSubsets14, xorSubsets15, xorSubsets16, xorSubsets17, xorSubsets18,
	xorSubsets19, xorSubsets20, xorSubsets21, xorSubsets22, xorSubsets23,
	xorSubsets24, xorSubsets25, xorSubsets26, xorSubsets27, xorSubsets28,
	xorSubsets29, xorSubsets30, xorSubsets31,
}

// avx2XorBlocks is the same kernel on 256 lanes per word (the low 8 bits
// of k), held in the low nibbles of two YMM registers so that VPSHUFB
// counts a mask's lanes (see _asm/avx2.go); block 0 of a q starts from
// xorLaneCounts[q mod 256] plus the popcount of q's high bits.
type avx2XorBlocks struct{ d int }

func (avx2XorBlocks) laneBits() int { return 8 }
func (avx2XorBlocks) name() string  { return "bit-sliced, 256 lanes, AVX2" }
func (x avx2XorBlocks) rate() float64 {
	return xorRate(avx2Xor, x.d)
}

func (x avx2XorBlocks) tally(s *xorScratch, q0, q1, b0, b1 uint64) {
	xorAVX2Funcs[x.d-minAVX2XorD](s.state, s.bytes, s.sub2, q0, q1, b0, b1, xorLaneCounts(), kdAVX2)
	s.pairs += (q1 - q0) * (b1 - b0) << 8
}

func (avx2XorBlocks) drain(s *xorScratch, pc *[65]uint64) { s.drain(pc) }

// xorAVX2Funcs[d−8] is the generated AVX2 kernel for width d, which does
// what xorSubsetFuncs's do on 256 lanes, with f(S) in sub[S][0…3].
var xorAVX2Funcs = [...]func(state *[48]uint64, bytes *[32][4]uint64, sub *[32][4]uint64, q0, q1, b0, b1 uint64, table *[256][5][8]uint64, kd *[256][16]uint64){
	xorAVX2_8, xorAVX2_9, xorAVX2_10, xorAVX2_11, xorAVX2_12, xorAVX2_13,
	xorAVX2_14, xorAVX2_15, xorAVX2_16, xorAVX2_17, xorAVX2_18, xorAVX2_19,
	xorAVX2_20, xorAVX2_21, xorAVX2_22, xorAVX2_23, xorAVX2_24, xorAVX2_25,
	xorAVX2_26, xorAVX2_27, xorAVX2_28, xorAVX2_29, xorAVX2_30, xorAVX2_31,
}

// xorLaneCounts returns the table whose row q holds, for the 256 lanes l
// of an AVX2 word in its nibble layout (lane l is bit l mod 4 of byte
// l/4), the planes of popcount(q ⊕ l); plane 4 is zero. It is built on
// first use.
var xorLaneCounts = sync.OnceValue(func() *[256][5][8]uint64 {
	t := new([256][5][8]uint64)
	for q := range t {
		for l := range 256 {
			n := bits.OnesCount8(uint8(q ^ l))
			for j := range 4 {
				if n>>j&1 == 1 {
					t[q][j][l/32] |= 1 << (l/4%8*8 + l%4)
				}
			}
		}
	}
	return t
})
