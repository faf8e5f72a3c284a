// Command _asm writes the kernel package's amd64 assembly and its Go
// declarations with avo (github.com/mmcloughlin/avo), which computes the
// frame offsets and writes the stubs. It is a module of its own, so that
// the main module does not depend on avo. Run from the kernel package:
//
//	go generate ./enumerate/internal/kernel
//
// The kernels' loop bodies are straight-line code specialised by size
// (widths, index bits), so they are generated rather than typed; registers
// are named, not allocated, because the code is laid out by hand for the
// ports and the register file.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	lanePlanes, bitMasks := constants()
	for d := minAVX512XorD; d <= maxAVX512XorD; d++ {
		xorSubsets(d, lanePlanes, bitMasks)
	}
	bitPair()
	thresholds512()
	thresholdsAVX2(nibblePopcounts())
	Generate()
}

// The widths of the AVX-512 ±1 kernel (must match xor_amd64.go).
const minAVX512XorD, maxAVX512XorD = 9, 16

// z and y name the vector registers by number.
var (
	z = [32]VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
		Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
	y = [16]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}
)

// at returns the memory operand disp(base).
func at(base Register, disp int) Mem { return Mem{Base: base, Disp: disp} }

// indexed returns the memory operand (base)(index*scale).
func indexed(base, index Register, scale uint8) Mem {
	return Mem{Base: base, Index: index, Scale: scale}
}

// arg returns the frame slot of the current function's parameter name,
// for kernels that keep state there.
func arg(name string) Mem {
	b, err := Param(name).Resolve()
	if err != nil {
		panic(err)
	}
	return b.Addr
}

// tern returns the VPTERNLOG immediate of f. In Go's operand order,
// VPTERNLOGQ $imm, c, b, a sets a = f(a, b, c) bit by bit.
func tern(f func(a, b, c int) int) U8 {
	imm := 0
	for i := 0; i < 8; i++ {
		if f(i>>2&1, i>>1&1, i&1)&1 == 1 {
			imm |= 1 << i
		}
	}
	return U8(imm)
}

var (
	xor3     = tern(func(a, b, c int) int { return a ^ b ^ c })
	majority = tern(func(a, b, c int) int { return a&b | a&c | b&c })
	// carryFromSum is the carry of a + k + cy given the sum s = a ⊕ k ⊕ cy
	// instead of a: when k = cy the carry is k, otherwise it is a = ¬s. It
	// lets a bit-sliced add update the sum in place before the carry:
	// VPTERNLOGQ $carryFromSum, k, s, cy.
	carryFromSum = tern(func(cy, s, k int) int {
		if k == cy {
			return k
		}
		return 1 - s
	})
	notA = tern(func(a, b, c int) int { return 1 - a })
)

// lanePattern[j] has bit i set when bit j of i is set: plane j of the 64
// consecutive lanes 0…63.
var lanePattern = [6]uint64{
	0xAAAAAAAAAAAAAAAA, 0xCCCCCCCCCCCCCCCC, 0xF0F0F0F0F0F0F0F0,
	0xFF00FF00FF00FF00, 0xFFFF0000FFFF0000, 0xFFFFFFFF00000000,
}

// constants writes the lane planes (plane j of lanes 0…511 holds bit j of
// the lane number) and the two broadcast words 0 and all ones.
func constants() (lanePlanes, bitMasks Mem) {
	lanePlanes = GLOBL("lanePlanes", RODATA|NOPTR)
	for j := 0; j < 9; j++ {
		for word := 0; word < 8; word++ {
			v := uint64(0)
			if j < 6 {
				v = lanePattern[j]
			} else if word>>(j-6)&1 == 1 {
				v = ^uint64(0)
			}
			DATA(j*64+word*8, U64(v))
		}
	}
	bitMasks = GLOBL("bitMasks", RODATA|NOPTR)
	DATA(0, U64(0))
	DATA(8, U64(^uint64(0)))
	return lanePlanes, bitMasks
}

// csa is a carry-save adder on ZMM registers: l = l ⊕ x ⊕ y and h =
// majority(l, x, y).
func csa(h, l, x, yy VecPhysical) {
	VMOVDQA64(l, h)
	VPTERNLOGD(majority, yy, x, h)
	VPTERNLOGD(xor3, yy, x, l)
}

// addConst512 adds a constant to the nb planes Z0…Z(nb−1) lane by lane,
// with carries in Z(nb): bcast(j) returns the memory operand of a word that
// is all ones when bit j of the constant is 1 and 0 otherwise. When load is
// not nil, plane j is first loaded from load(j) (the other addend).
func addConst512(nb int, bcast func(j int) Mem, load func(j int) Mem) {
	cy := z[nb]
	for j := 0; j < nb; j++ {
		if load != nil {
			VMOVDQU64(load(j), z[j])
		}
		k := bcast(j)
		if j == 0 {
			if nb > 1 {
				VPANDQ_BCST(k, Z0, cy)
			}
			VPXORQ_BCST(k, Z0, Z0)
			continue
		}
		VPTERNLOGQ_BCST(xor3, k, cy, z[j])
		if j < nb-1 {
			VPTERNLOGQ_BCST(carryFromSum, k, z[j], cy)
		}
	}
}

// subsetPlan is the order in which a word's subset tallies are formed: for
// each S = 1…smax in increasing order, mask(S) is the AND of the planes of
// S's bits, formed as mask(S without its lowest bit) AND the plane of that
// bit. Masks that later S build on stay in registers from a pool until
// their last use.
type subsetStep struct {
	s      int
	bit    int  // the lowest bit of s, whose plane is ANDed in
	parent int  // s without that bit, 0 for a single bit
	keep   bool // later subsets build on mask(s)
	free   int  // a parent whose last child s is, whose register is freed after s, or 0
}

func subsetPlan(smax int) []subsetStep {
	var steps []subsetStep
	for s := 1; s <= smax; s++ {
		j := trailingZeros(s)
		low := s & (s - 1)
		st := subsetStep{s: s, bit: j, parent: low, keep: j > 0 && s+1 <= smax}
		if low != 0 {
			// s is low's last child when it adds the bit just below low's
			// lowest bit (or low's children end at smax).
			lastChild := low + 1<<(trailingZeros(low)-1)
			if s == lastChild || s == smax {
				st.free = low
			}
		}
		steps = append(steps, st)
	}
	return steps
}

func trailingZeros(s int) int {
	n := 0
	for s&1 == 0 {
		s >>= 1
		n++
	}
	return n
}

// pool is a set of free registers.
type pool []VecPhysical

func (p *pool) take(what string) VecPhysical {
	if len(*p) == 0 {
		panic(fmt.Sprintf("no register left for %s", what))
	}
	r := (*p)[len(*p)-1]
	*p = (*p)[:len(*p)-1]
	return r
}

func (p *pool) give(r VecPhysical) { *p = append(*p, r) }
