package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// bitPair writes bitPairBlocksAVX512: two carry-save trees per block (the
// planes of k on the coordinates where q is 0, and where q is 1), each
// decoded into one mask per count and stored, then the bit count of every
// pair of masks added to acc[a·(n1+1)+b]. Registers: SI planes, DI acc, R10
// masks, R11 slots, BX block, CX end block, R8 end of the first masks, R9
// end of the second, DX limit or pointer, Z31 all ones.
func bitPair() {
	const masksB = 33 * 64 // byte offset of the masks of the second count
	TEXT("bitPairBlocksAVX512", NOSPLIT, "func(planes *[64][8]uint64, masks *[66][8]uint64, acc *[289][8]uint64, slots *[32]uint64, b0, b1 uint64, n0, n1 int)")
	Pragma("noescape")
	Doc("bitPairBlocksAVX512 tallies blocks [b0, b1) of 512 vectors k each for",
		"one q: before block b > 0 it flips the plane at byte offset slots[tz(b)],",
		"sums planes 0–31 and 32–63 lane by lane into two counts, and adds the bit",
		"count of each pair of count masks to acc[a·(n1+1)+b].")
	Load(Param("planes"), RSI)
	Load(Param("masks"), R10)
	Load(Param("acc"), RDI)
	Load(Param("slots"), R11)
	Load(Param("b0"), RBX)
	Load(Param("b1"), RCX)
	Load(Param("n0"), R8)
	INCQ(R8)
	SHLQ(U8(6), R8)
	ADDQ(R10, R8)
	Load(Param("n1"), R9)
	INCQ(R9)
	SHLQ(U8(6), R9)
	LEAQ(Mem{Base: R10, Index: R9, Scale: 1, Disp: masksB}, R9)
	VPTERNLOGD(U8(0xFF), Z31, Z31, Z31)
	CMPQ(RBX, RCX)
	JAE(LabelRef("bpdone"))

	Label("bpblock")
	Comment("Gray order over blocks: block b flips the plane of coordinate 9+tz(b),",
		"which lies at byte offset slots[tz(b)] in whichever tree it belongs to.")
	TESTQ(RBX, RBX)
	JZ(LabelRef("bpsum"))
	TZCNTQ(RBX, RAX)
	MOVQ(indexed(R11, RAX, 8), RAX)
	VPXORQ(indexed(RSI, RAX, 1), Z31, Z30)
	VMOVDQU64(Z30, indexed(RSI, RAX, 1))

	Label("bpsum")
	for t, limit := range []string{"n0", "n1"} {
		lbl := fmt.Sprintf("bp%d", t)
		Load(Param(limit), RDX)
		treeInto(t*32*64, lbl)
		Comment("masks of count v = L_(v mod 4) ∧ H_(v div 4), for v = 0…limit.")
		decodeLH(lbl)
		for v := 0; v <= 32; v++ {
			r := z[9+v%4]
			if v%4 == 3 {
				r = Z30
			}
			VPANDQ(z[13+v%4], z[v/4], r)
			VMOVDQU64(r, at(R10, t*masksB+v*64))
			if v < 32 {
				CMPQ(RDX, U8(v))
				JEQ(LabelRef(lbl + "stored"))
			}
		}
		Label(lbl + "stored")
	}
	Comment("acc[a·(n1+1)+b] += bit counts of (first mask a) ∧ (second mask b).")
	MOVQ(R10, R12)
	MOVQ(RDI, R13)
	Label("bpa")
	VMOVDQU64(at(R12, 0), Z20)
	LEAQ(at(R10, masksB), RDX)
	Label("bpb")
	VPANDQ(at(RDX, 0), Z20, Z21)
	VPOPCNTQ(Z21, Z21)
	VPADDQ(at(R13, 0), Z21, Z21)
	VMOVDQU64(Z21, at(R13, 0))
	ADDQ(U8(64), RDX)
	ADDQ(U8(64), R13)
	CMPQ(RDX, R9)
	JNE(LabelRef("bpb"))
	ADDQ(U8(64), R12)
	CMPQ(R12, R8)
	JNE(LabelRef("bpa"))

	INCQ(RBX)
	CMPQ(RBX, RCX)
	JB(LabelRef("bpblock"))

	Label("bpdone")
	VZEROUPPER()
	RET()
}

// treeInto sums the 32 planes at byte offset base from SI lane by lane
// (the second 16 only when DX > 16) into the count bits Z0–Z4 and Z12.
func treeInto(base int, lbl string) {
	VPXORQ(Z0, Z0, Z0)
	VPXORQ(Z1, Z1, Z1)
	VPXORQ(Z2, Z2, Z2)
	VPXORQ(Z3, Z3, Z3)
	pair := func(i int, h VecPhysical) {
		VMOVDQU64(at(RSI, base+i*64), Z28)
		VMOVDQU64(at(RSI, base+(i+1)*64), Z29)
		csa(h, Z0, Z28, Z29)
	}
	round := func(first int, s16 VecPhysical) {
		pair(first+0, Z5)
		pair(first+2, Z6)
		csa(Z7, Z1, Z5, Z6)
		pair(first+4, Z5)
		pair(first+6, Z6)
		csa(Z8, Z1, Z5, Z6)
		csa(Z9, Z2, Z7, Z8)
		pair(first+8, Z5)
		pair(first+10, Z6)
		csa(Z7, Z1, Z5, Z6)
		pair(first+12, Z5)
		pair(first+14, Z6)
		csa(Z8, Z1, Z5, Z6)
		csa(Z10, Z2, Z7, Z8)
		csa(s16, Z3, Z9, Z10)
	}
	round(0, Z4)
	CMPQ(RDX, U8(16))
	JGT(LabelRef(lbl + "round2"))
	VPXORQ(Z12, Z12, Z12)
	JMP(LabelRef(lbl + "decode"))
	Label(lbl + "round2")
	CMPQ(RDX, U8(24))
	JGT(LabelRef(lbl + "full2"))
	Comment("Planes 16–23 only: half a Harley–Seal round, its carry out of the",
		"fours added to the eights by a half adder.")
	pair(16, Z5)
	pair(18, Z6)
	csa(Z7, Z1, Z5, Z6)
	pair(20, Z5)
	pair(22, Z6)
	csa(Z8, Z1, Z5, Z6)
	csa(Z9, Z2, Z7, Z8)
	VPANDQ(Z9, Z3, Z11)
	VPXORQ(Z9, Z3, Z3)
	JMP(LabelRef(lbl + "sixteens"))
	Label(lbl + "full2")
	round(16, Z11)
	Label(lbl + "sixteens")
	VPANDQ(Z11, Z4, Z12)
	VPXORQ(Z11, Z4, Z4)
	Label(lbl + "decode")
}

// decodeLH computes L_i (Z13–Z16) from the two low count bits and H_j
// (Z0–Z8) from the four high ones, H_j only for the j ≤ DX/4 in use.
func decodeLH(lbl string) {
	for i := range 4 {
		VPTERNLOGD(U8(0x11<<i), Z0, Z1, z[13+i])
	}
	for i := range 4 {
		VPTERNLOGD(U8(0x11<<i), Z2, Z3, z[17+i])
	}
	for i := range 4 {
		VPTERNLOGD(U8(0x11<<i), Z4, Z12, z[21+i])
	}
	for j := range 9 {
		VPANDQ(z[21+j/4], z[17+j%4], z[j])
		if j < 8 {
			CMPQ(RDX, U8(4*j+3))
			JLE(LabelRef(lbl + "masks"))
		}
	}
	Label(lbl + "masks")
}
