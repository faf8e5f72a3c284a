package kernel

import (
	"math/bits"
	"unsafe"
)

// xorScratch is one worker's state for a bit-sliced kernel: the bit-planes
// of k ⊕ q for the current block of k, and per-popcount tallies (the
// portable kernel uses word 0 of each).
type xorScratch struct {
	planes *[32][8]uint64 // 64-byte aligned
	acc    *[33][8]uint64 // 64-byte aligned; acc[n] sums to the count of popcount n
	buf    []uint64
	// sub and state are the AVX-512 kernel's subset tallies and lane
	// counts: words 0–39 the five count planes of its 512 lanes, word 40
	// the high bits of q ⊕ k for the current block (see xor_amd64.go).
	sub   *[32][8]uint64
	state *[48]uint64
	pairs uint64
	// count and high carry the portable kernel's lane counts and q's high
	// bits ⊕ the current block's from one call to the next.
	count [6]uint64
	high  uint64
	// template holds the planes of k alone for block 0 (q = 0).
	template                 *[32][8]uint64
	templateD, templateLanes int
}

func newXorScratch() *xorScratch {
	const words = 32*8 + 33*8 + 32*8 + 6*8
	buf := alignedWords(words)
	s := &xorScratch{buf: buf}
	s.planes = (*[32][8]uint64)(unsafe.Pointer(&buf[0]))
	s.acc = (*[33][8]uint64)(unsafe.Pointer(&buf[32*8]))
	s.sub = (*[32][8]uint64)(unsafe.Pointer(&buf[(32+33)*8]))
	s.state = (*[48]uint64)(unsafe.Pointer(&buf[(32+33+32)*8]))
	return s
}

// alignedWords returns n zero words starting on a 64-byte boundary, the
// alignment of a ZMM register's load or store.
func alignedWords(n int) []uint64 {
	buf := make([]uint64, n+8)
	off := int((64 - uintptr(unsafe.Pointer(&buf[0]))%64) % 64 / 8)
	return buf[off : off+n : off+n]
}

// drain adds the per-popcount tallies to pc and clears them.
func (s *xorScratch) drain(pc *[65]uint64) {
	for n := range s.acc {
		for i := range s.acc[n] {
			pc[n] += s.acc[n][i]
			s.acc[n][i] = 0
		}
	}
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

// portableXorBlocks is the bit-sliced kernel in plain Go, on 64 lanes per
// word. Block 0 of each q is summed with the carry-save tree; from one
// block to the next, Gray order flips one coordinate of k in every lane, so
// each lane's popcount moves by exactly one and the kernel updates the six
// count planes with a bit-sliced increment or decrement (an O(1) update per
// pair, like the general Gray-code kernel) before tallying all 64 lanes.
type portableXorBlocks struct{ d int }

func (portableXorBlocks) laneBits() int { return 6 }
func (portableXorBlocks) name() string  { return "bit-sliced, 64 lanes, portable" }
func (portableXorBlocks) rate() float64 { return portableXorRate }

func (x portableXorBlocks) tally(s *xorScratch, q0, q1, b0, b1 uint64) {
	for q := q0; q < q1; q++ {
		x.tallyQ(s, q, b0, b1)
	}
}

func (portableXorBlocks) drain(s *xorScratch, pc *[65]uint64) { s.drain(pc) }

func (x portableXorBlocks) tallyQ(s *xorScratch, q, b0, b1 uint64) {
	d := x.d
	if b0 == 0 {
		setPlanes(s, d, 6, q)
		var p [32]uint64
		for j := range p {
			p[j] = s.planes[j][0]
		}
		s.count = sumPlanes(&p, d)
		s.high = q >> 6
	}
	c0, c1, c2, c3, c4, c5 := s.count[0], s.count[1], s.count[2], s.count[3], s.count[4], s.count[5]
	high := s.high
	groups := d/4 + 1
	var acc [9][4]uint64
	for b := b0; b < b1; b++ {
		if b != 0 {
			// Flip coordinate 6+j of k; every lane's popcount of q ⊕ k
			// rises by one if that bit of q ⊕ k becomes 1, else falls by
			// one. Falling is rising on the complement (c−1 = ¬(¬c+1) on
			// six bits, and counts stay in 0…32).
			j := bits.TrailingZeros64(b)
			high ^= 1 << uint(j)
			flip := (high>>uint(j))&1 - 1 // 0 to rise, all ones to fall
			c0, c1, c2, c3, c4, c5 = c0^flip, c1^flip, c2^flip, c3^flip, c4^flip, c5^flip
			carry := c0
			c0 = ^c0
			c1, carry = c1^carry, c1&carry
			c2, carry = c2^carry, c2&carry
			c3, carry = c3^carry, c3&carry
			c4, carry = c4^carry, c4&carry
			c5 ^= carry
			c0, c1, c2, c3, c4, c5 = c0^flip, c1^flip, c2^flip, c3^flip, c4^flip, c5^flip
		}
		// Decode the count planes into one mask per popcount and tally:
		// popcount v's mask is l[v mod 4] ∧ h_(v div 4); masks of popcounts
		// above d are empty, so tallying them in groups of four is exact.
		l0, l1, l2, l3 := ^(c0 | c1), c0&^c1, c1&^c0, c0&c1
		m := [4]uint64{^(c2 | c3), c2 &^ c3, c3 &^ c2, c2 & c3}
		n := [4]uint64{^(c4 | c5), c4 &^ c5, c5 &^ c4, c4 & c5}
		for g := range acc[:groups] {
			h := m[g&3] & n[g>>2&3]
			acc[g][0] += uint64(bits.OnesCount64(l0 & h))
			acc[g][1] += uint64(bits.OnesCount64(l1 & h))
			acc[g][2] += uint64(bits.OnesCount64(l2 & h))
			acc[g][3] += uint64(bits.OnesCount64(l3 & h))
		}
	}
	s.count = [6]uint64{c0, c1, c2, c3, c4, c5}
	s.high = high
	for g := range acc[:groups] {
		for i, c := range acc[g] {
			if v := 4*g + i; v <= d {
				s.acc[v][0] += c
			}
		}
	}
}

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
