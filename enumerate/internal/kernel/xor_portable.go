package kernel

import (
	"math/bits"
	"unsafe"
)

// xorScratch is one worker's state for a bit-sliced ±1 kernel: the lanes'
// counts of popcount(q ⊕ k) between two calls, and the subset tallies
// f(S), the lanes whose count has every bit of S, summed over blocks.
type xorScratch struct {
	// state holds the assembly kernels' lane counts: words 0–39 the five
	// count planes of the current block (AVX-512: 512 lanes a plane; AVX2:
	// 256 lanes in nibbles), word 40 the high bits of q ⊕ k.
	state *[48]uint64
	sub   *[32][8]uint64 // AVX-512: f(S) by 64-lane group (64-byte aligned)
	sub2  *[32][4]uint64 // AVX2: f(S) by 64-lane group
	bytes *[32][4]uint64 // AVX2: byte counters, zero between calls
	subGo [64]uint64     // plain Go: f(S)
	pairs uint64         // pairs tallied: f(∅)
	// count and high carry the portable kernel's lane counts and q's high
	// bits ⊕ the current block's from one call to the next.
	count [6]uint64
	high  uint64
	// planes and template are the portable kernel's planes of k ⊕ q and of
	// k alone for block 0 (q = 0).
	planes, template         *[32][8]uint64
	templateD, templateLanes int
	buf                      []uint64
}

func newXorScratch() *xorScratch {
	const words = 48 + 32*8
	buf := alignedWords(words)
	s := &xorScratch{buf: buf, planes: new([32][8]uint64), sub2: new([32][4]uint64), bytes: new([32][4]uint64)}
	s.sub = (*[32][8]uint64)(unsafe.Pointer(&buf[0]))
	s.state = (*[48]uint64)(unsafe.Pointer(&buf[32*8]))
	return s
}

// drain adds the pairs s holds to pc by popcount: superset Möbius inversion
// of the subset tallies, whose counts have at most six bits; it clears s.
func (s *xorScratch) drain(pc *[65]uint64) {
	var f [64]uint64
	f[0] = s.pairs
	for set := 1; set < len(f); set++ {
		f[set] = s.subGo[set]
		if set < len(s.sub) {
			for i := range s.sub[set] {
				f[set] += s.sub[set][i]
			}
			for i := range s.sub2[set] {
				f[set] += s.sub2[set][i]
			}
		}
	}
	supersetMobius(f[:])
	for v := range f {
		pc[v] += f[v]
	}
	*s.sub, *s.sub2, s.subGo, s.pairs = [32][8]uint64{}, [32][4]uint64{}, [64]uint64{}, 0
}

// alignedWords returns n zero words starting on a 64-byte boundary, the
// alignment of a ZMM register's load or store.
func alignedWords(n int) []uint64 {
	buf := make([]uint64, n+8)
	off := int((64 - uintptr(unsafe.Pointer(&buf[0]))%64) % 64 / 8)
	return buf[off : off+n : off+n]
}

// lanePattern[j] has bit i set when bit j of i is set: plane j of the 64
// consecutive vectors k = 0…63.
var lanePattern = [6]uint64{
	0xAAAAAAAAAAAAAAAA, 0xCCCCCCCCCCCCCCCC, 0xF0F0F0F0F0F0F0F0,
	0xFF00FF00FF00FF00, 0xFFFF0000FFFF0000, 0xFFFFFFFF00000000,
}

// bitMask returns all ones when bit j of x is set and zero otherwise.
func bitMask(x uint64, j int) uint64 { return -(x >> uint(j) & 1) }

// setPlanes loads the planes of k ⊕ q for block 0 of q, where a block
// covers the 2^laneBits vectors k sharing their high bits: k's low laneBits
// bits are the lane number and its high bits the block number in Gray code,
// so consecutive blocks differ in one plane. The planes of k alone are
// built once per scratch; q then inverts the planes of its set bits.
func setPlanes(s *xorScratch, d, laneBits int, q uint64) {
	words := 1 << max(laneBits-6, 0)
	if s.template == nil || s.templateD != d || s.templateLanes != laneBits {
		s.template = new([32][8]uint64)
		s.templateD, s.templateLanes = d, laneBits
		for j := range min(d, laneBits) {
			for w := range words {
				if j < 6 {
					s.template[j][w] = lanePattern[j]
				} else {
					s.template[j][w] = bitMask(uint64(w), j-6)
				}
			}
		}
	}
	*s.planes = *s.template
	for j := range d {
		if q>>uint(j)&1 == 1 {
			for w := range words {
				s.planes[j][w] = ^s.planes[j][w]
			}
		}
	}
}

// portableXorBlocks is the bit-sliced ±1 kernel in plain Go, on 64 lanes
// per word: a block is the 64 vectors k that share their high bits. Block
// 0 of each q gets its lanes' counts of popcount(q ⊕ k) from a carry-save
// tree; from one block to the next, Gray order flips one coordinate of k
// in every lane, so the kernel moves each lane's count by ±1 with a
// bit-sliced increment or decrement, then tallies the block's 64 counts
// by subsets of their bits (see xorPortableFuncs).
type portableXorBlocks struct{ d int }

func (portableXorBlocks) laneBits() int   { return 6 }
func (portableXorBlocks) name() string    { return "bit-sliced, 64 lanes, portable" }
func (x portableXorBlocks) rate() float64 { return xorRate(portableXor, x.d) }

func (x portableXorBlocks) tally(s *xorScratch, q0, q1, b0, b1 uint64) {
	nb := bits.Len(uint(x.d))
	for q := q0; q < q1; q++ {
		if b0 == 0 {
			setPlanes(s, x.d, 6, q)
			var p [32]uint64
			for j := range p {
				p[j] = s.planes[j][0]
			}
			s.count = sumPlanes(&p, x.d)
			s.high = q >> 6
		}
		s.high = xorPortableFuncs[nb](&s.count, s.high, b0, b1, x.d, &s.subGo)
		s.pairs += (b1 - b0) << 6
	}
}

func (portableXorBlocks) drain(s *xorScratch, pc *[65]uint64) { s.drain(pc) }

// sumPlanes adds the d planes lane by lane with a Harley–Seal carry-save
// tree and returns the six bit-planes of each lane's sum.
func sumPlanes(p *[32]uint64, d int) [6]uint64 {
	var ones, twos, fours, eights, sixteens, hi uint64
	var twosA, twosB, foursA, foursB, eightsA, eightsB uint64
	for r := 0; r < 2; r++ {
		if r == 1 && d <= 16 {
			break
		}
		q := p[16*r : 16*r+16 : 16*r+16]
		twosA, ones = csa(ones, q[0], q[1])
		twosB, ones = csa(ones, q[2], q[3])
		foursA, twos = csa(twos, twosA, twosB)
		twosA, ones = csa(ones, q[4], q[5])
		twosB, ones = csa(ones, q[6], q[7])
		foursB, twos = csa(twos, twosA, twosB)
		eightsA, fours = csa(fours, foursA, foursB)
		twosA, ones = csa(ones, q[8], q[9])
		twosB, ones = csa(ones, q[10], q[11])
		foursA, twos = csa(twos, twosA, twosB)
		twosA, ones = csa(ones, q[12], q[13])
		twosB, ones = csa(ones, q[14], q[15])
		foursB, twos = csa(twos, twosA, twosB)
		eightsB, fours = csa(fours, foursA, foursB)
		var s16 uint64
		s16, eights = csa(eights, eightsA, eightsB)
		hi, sixteens = sixteens&s16, sixteens^s16
	}
	return [6]uint64{ones, twos, fours, eights, sixteens, hi}
}

// csa is a full adder on 64 lanes: it returns the carry and the sum bits
// of a + b + c.
func csa(a, b, c uint64) (carry, sum uint64) {
	u := a ^ b
	return a&b | u&c, u ^ c
}
