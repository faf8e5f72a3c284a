package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// subsetTally512 writes the tally of one 512-lane word whose lane values
// are bit-sliced in the planes Z0…Z(nb−1): for each S = 1…smax it forms
// mask(S) (see subsetPlan) and adds VPOPCNTQ of it to the accumulator of
// S: accs[S−1] for S ≤ len(accs), else the memory at S·64(DI). When exit
// is not empty, it jumps there after each S once S ≥ the value in DX:
// larger S count nothing (no lane value exceeds DX).
func subsetTally512(nb, smax int, tmp VecPhysical, free pool, accs []VecPhysical, exit string) {
	reg := map[int]VecPhysical{}
	for j := 0; j < nb; j++ {
		reg[1<<j] = z[j]
	}
	for _, st := range subsetPlan(smax) {
		mask := tmp
		if st.parent == 0 {
			mask = z[st.bit]
		} else {
			if st.keep {
				mask = free.take(fmt.Sprintf("the mask of %d (nb=%d)", st.s, nb))
				reg[st.s] = mask
			}
			VPANDQ(z[st.bit], reg[st.parent], mask)
			if st.free != 0 && st.free&(st.free-1) != 0 {
				free.give(reg[st.free])
				delete(reg, st.free)
			}
		}
		VPOPCNTQ(mask, tmp)
		if st.s <= len(accs) {
			VPADDQ(tmp, accs[st.s-1], accs[st.s-1])
		} else {
			VPADDQ(at(RDI, st.s*64), tmp, tmp)
			VMOVDQU64(tmp, at(RDI, st.s*64))
		}
		if exit != "" && st.s < smax {
			CMPQ(RDX, U8(st.s))
			JLE(LabelRef(exit))
		}
	}
}

// xorSubsets writes xorSubsets<d>, the AVX-512 ±1 kernel at width d (see
// xor_amd64.go), whose subset tallies are exactly S = 1…d. Registers:
// Z0–Z4 the lanes' count planes, Z5 carry, Z6 popcount, Z7–Z9 masks,
// Z10–Z31 the subset tallies of S = 1…22 (S = 23…31 in memory); SI state,
// DI subset tallies, R8 q, R9 end q, BX first block, CX end block, R10 high
// bits of q ⊕ k, R11 block, R12 bitMasks, AX and R13 scratch.
func xorSubsets(d int, lanePlanes, bitMasks Mem) {
	accs := z[10 : 10+min(22, d)]
	name := fmt.Sprintf("xorSubsets%d", d)
	l := func(s string) string { return fmt.Sprintf("xs%d%s", d, s) }
	TEXT(name, NOSPLIT, "func(state *[48]uint64, sub *[32][8]uint64, q0, q1, b0, b1 uint64)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s is the AVX-512 ±1 kernel at width %d (see xorSubsetFuncs).", name, d))
	Load(Param("state"), RSI)
	Load(Param("sub"), RDI)
	Load(Param("q0"), R8)
	Load(Param("q1"), R9)
	Load(Param("b0"), RBX)
	Load(Param("b1"), RCX)
	LEAQ(bitMasks, R12)
	for _, r := range accs {
		VPXORQ(r, r, r)
	}

	Label(l("q"))
	CMPQ(R8, R9)
	JAE(LabelRef(l("end")))
	TESTQ(RBX, RBX)
	JNZ(LabelRef(l("resume")))
	Comment("Block 0 of q: each lane's count is popcount(q ⊕ lane) over the low",
		"nine bits (a carry-save tree of the lane planes, inverted where q",
		"has a 1) plus popcount of q's high bits.")
	for j := 0; j < 9; j++ {
		VMOVDQU64(lanePlanes.Offset(j*64), z[j])
		MOVQ(R8, RAX)
		if j > 0 {
			SHRQ(U8(j), RAX)
		}
		ANDQ(U8(1), RAX)
		VPXORQ_BCST(indexed(R12, RAX, 8), z[j], z[j])
	}
	fa := func(x, yy, zz, carry int) { // x, carry = sum, carry of x + yy + zz
		VMOVDQA64(z[x], z[carry])
		VPTERNLOGQ(xor3, z[zz], z[yy], z[x])
		VPTERNLOGQ(majority, z[zz], z[yy], z[carry])
	}
	fa(0, 1, 2, 9) // s1 Z0, k1 Z9
	fa(3, 4, 5, 1) // s2 Z3, k2 Z1
	fa(6, 7, 8, 2) // s3 Z6, k3 Z2
	fa(0, 3, 6, 4) // bit 0 Z0, twos Z4
	fa(9, 1, 2, 5) // twos Z9, fours Z5
	VPANDQ(Z4, Z9, Z7)
	VPXORQ(Z4, Z9, Z1)
	VPXORQ(Z7, Z5, Z2)
	VPANDQ(Z7, Z5, Z3)
	VPXORQ(Z4, Z4, Z4)
	MOVQ(R8, R10)
	SHRQ(U8(9), R10)
	POPCNTQ(R10, R13)
	addConst512(5, func(j int) Mem {
		MOVQ(R13, RAX)
		if j > 0 {
			SHRQ(U8(j), RAX)
		}
		ANDQ(U8(1), RAX)
		return indexed(R12, RAX, 8)
	}, nil)
	JMP(LabelRef(l("blocks")))

	Label(l("resume"))
	for j := 0; j < 5; j++ {
		VMOVDQU64(at(RSI, j*64), z[j])
	}
	MOVQ(at(RSI, 320), R10)

	Label(l("blocks"))
	MOVQ(RBX, R11)
	Label(l("block"))
	CMPQ(R11, RCX)
	JAE(LabelRef(l("qnext")))
	TESTQ(R11, R11)
	JZ(LabelRef(l("tally")))
	Comment("Gray order: block b flips coordinate 9+tz(b) of k in every lane; the",
		"lanes' counts rise by one where that bit of q ⊕ k becomes 1 and fall",
		"by one otherwise: add 00001 or 11111 (AX points at 0 or all ones for",
		"bits 1–4).")
	TZCNTQ(R11, RAX)
	BTCQ(RAX, R10)
	BTQ(RAX, R10)
	SBBQ(RAX, RAX)
	INCQ(RAX)
	LEAQ(indexed(R12, RAX, 8), RAX)
	VMOVDQA64(Z0, Z5)
	VPTERNLOGQ(notA, Z0, Z0, Z0)
	for j := 1; j < 5; j++ {
		VPTERNLOGQ_BCST(xor3, at(RAX, 0), Z5, z[j])
		if j < 4 {
			VPTERNLOGQ_BCST(carryFromSum, at(RAX, 0), z[j], Z5)
		}
	}
	Label(l("tally"))
	subsetTally512(5, d, Z6, pool{Z7, Z8, Z9}, accs, "")
	INCQ(R11)
	JMP(LabelRef(l("block")))
	Label(l("qnext"))
	INCQ(R8)
	XORQ(RBX, RBX)
	JMP(LabelRef(l("q")))

	Label(l("end"))
	for j := 0; j < 5; j++ {
		VMOVDQU64(z[j], at(RSI, j*64))
	}
	MOVQ(R10, at(RSI, 320))
	for i, r := range accs {
		VPADDQ(at(RDI, (i+1)*64), r, r)
		VMOVDQU64(r, at(RDI, (i+1)*64))
	}
	VZEROUPPER()
	RET()
}
