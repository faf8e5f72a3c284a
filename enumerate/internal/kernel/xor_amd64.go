//go:build amd64

package kernel

func newFastXorBlocks(d int) xorBlocks {
	if useAVX512() && d >= minAVX512XorD && d <= maxAVX512XorD {
		return avx512XorBlocks{d: d}
	}
	return newAVX2XorBlocks(d)
}

// The widths of the AVX-512 kernel: a block is 512 lanes (9 bits of k);
// from d = 14 on the sliced-index kernel is faster (see For), so the
// kernel stops at 16, well below the 31 its five count planes could hold.
const minAVX512XorD, maxAVX512XorD = 9, 16

// avx2XorBlocks is the bit-sliced kernel on 256 lanes per YMM register,
// for CPUs without AVX-512: it updates each lane's count by ±1 from block
// to block, as the portable kernel does, and tallies with nibble lookups.
type avx2XorBlocks struct{ d int }

func newAVX2XorBlocks(d int) xorBlocks {
	if !useAVX2() || d < 8 || d > maxSlicedD {
		return nil
	}
	return avx2XorBlocks{d: d}
}

func (avx2XorBlocks) laneBits() int { return 8 }
func (avx2XorBlocks) name() string  { return "bit-sliced, 256 lanes, AVX2" }
func (avx2XorBlocks) rate() float64 { return avx2XorRate }

func (avx2XorBlocks) drain(s *xorScratch, pc *[65]uint64) { s.drain(pc) }

// avx2State carries an AVX2 run from one call to the next: the six count
// planes of the 256 lanes and q's high bits ⊕ the current block's.
type avx2State struct {
	counts [6][4]uint64
	high   uint64
}

// avx2MaxBlocks bounds a call: each block adds at most 8 to a byte counter.
const avx2MaxBlocks = 31

func (x avx2XorBlocks) tally(s *xorScratch, q0, q1, b0, b1 uint64) {
	for q := q0; q < q1; q++ {
		x.tallyQ(s, q, b0, b1)
	}
}

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

// xorSubsetFuncs[d−9] is the generated kernel for width d. xorSubsets<d>
// runs blocks [b0, b1) of 512 vectors k each for every q in [q0, q1) (all
// blocks when q1 > q0+1): at block 0 it sets each lane's count to
// popcount(q ⊕ k), otherwise it resumes from state; before block b > 0 it
// moves every count by ±1 for the flip of coordinate 9+tz(b), and every
// block adds to sub[S][w], for S = 1…d, the number of lanes among
// 64w…64w+63 whose count has every bit of S. It leaves the last lanes'
// counts in state.
var xorSubsetFuncs = [...]func(state *xorState512, sub *[32][8]uint64, q0, q1, b0, b1 uint64){
	xorSubsets9, xorSubsets10, xorSubsets11, xorSubsets12,
	xorSubsets13, xorSubsets14, xorSubsets15, xorSubsets16,
}

//go:noescape
func xorSubsets9(state *xorState512, sub *[32][8]uint64, q0, q1, b0, b1 uint64)

//go:noescape
func xorSubsets10(state *xorState512, sub *[32][8]uint64, q0, q1, b0, b1 uint64)

//go:noescape
func xorSubsets11(state *xorState512, sub *[32][8]uint64, q0, q1, b0, b1 uint64)

//go:noescape
func xorSubsets12(state *xorState512, sub *[32][8]uint64, q0, q1, b0, b1 uint64)

//go:noescape
func xorSubsets13(state *xorState512, sub *[32][8]uint64, q0, q1, b0, b1 uint64)

//go:noescape
func xorSubsets14(state *xorState512, sub *[32][8]uint64, q0, q1, b0, b1 uint64)

//go:noescape
func xorSubsets15(state *xorState512, sub *[32][8]uint64, q0, q1, b0, b1 uint64)

//go:noescape
func xorSubsets16(state *xorState512, sub *[32][8]uint64, q0, q1, b0, b1 uint64)
