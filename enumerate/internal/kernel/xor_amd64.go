//go:build amd64

package kernel

func newFastXorBlocks(d int) xorBlocks {
	if useAVX512() && d >= minAVX512XorD && d <= maxAVX512XorD {
		return avx512XorBlocks{d: d}
	}
	return nil
}

// The widths of the AVX-512 kernel: a block is 512 lanes (9 bits of k);
// from d = 14 on the sliced-index kernel is faster (see For), so the
// kernel stops at 16, well below the 31 its five count planes could hold.
// Without AVX-512 the sliced-index kernel serves ±1 (its AVX2 form is
// faster than a ±1 update of 256 lanes at every width).
const minAVX512XorD, maxAVX512XorD = 9, 16

// avx512XorBlocks is the kernel on 512 lanes per ZMM register: each lane's
// count of popcount(q ⊕ k) lives in five bit-planes, moved by ±1 from
// block to block, and each block adds, for every set S of count bits
// (S = 1…d), the number of lanes whose count has all bits of S to
// sub[S]; drain inverts those subset counts into counts per popcount.
type avx512XorBlocks struct{ d int }

func (avx512XorBlocks) laneBits() int { return 9 }
func (avx512XorBlocks) name() string  { return "bit-sliced, 512 lanes, AVX-512" }
func (x avx512XorBlocks) rate() float64 {
	return avx512XorRate(x.d)
}

func (x avx512XorBlocks) tally(s *xorScratch, q0, q1, b0, b1 uint64) {
	xorSubsetFuncs[x.d-minAVX512XorD](s.state, s.sub, q0, q1, b0, b1)
	s.pairs += (q1 - q0) * (b1 - b0) << 9
}

func (x avx512XorBlocks) drain(s *xorScratch, pc *[65]uint64) {
	var f [32]uint64
	f[0] = s.pairs
	for set := 1; set < len(f); set++ {
		for _, n := range s.sub[set] {
			f[set] += n
		}
	}
	supersetMobius(f[:])
	for v := 0; v <= x.d; v++ {
		pc[v] += f[v]
	}
	*s.sub = [32][8]uint64{}
	s.pairs = 0
}

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
	xorSubsets9, xorSubsets10, xorSubsets11, xorSubsets12,
	xorSubsets13, xorSubsets14, xorSubsets15, xorSubsets16,
}
