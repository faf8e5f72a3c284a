package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The AVX2 kernels hold a word of 256 lanes in 64 bytes, four lanes in the
// low nibble of each byte (lane l is bit l mod 4 of byte l/4; the high
// nibbles stay 0), so that a byte of a mask indexes VPSHUFB's table of
// nibble bit counts directly: AVX2 has no vector popcount. A plane of a
// word is two YMM halves, bytes 0–31 and 32–63. Constants that a kernel
// XORs into a plane are 0x0F in every byte, never all ones.

// nibbleOnes is a plane of a word with every lane 1.
const nibbleOnes = 0x0F0F0F0F0F0F0F0F

// nibbleConstants writes the table of the bit counts of 0…15, twice (one
// copy per 128-bit half of a YMM register, for VPSHUFB), and the two
// broadcast words 0 and nibbleOnes followed by a YMM of nibbleOnes.
func nibbleConstants() (lut, masks Mem) {
	lut = GLOBL("nibblePopcount", RODATA|NOPTR)
	for half := 0; half < 2; half++ {
		DATA(half*16, U64(0x0302020102010100))
		DATA(half*16+8, U64(0x0403030203020201))
	}
	masks = GLOBL("nibbleMasks", RODATA|NOPTR)
	DATA(0, U64(0))
	for i := 1; i < 6; i++ {
		DATA(8*i, U64(nibbleOnes))
	}
	return lut, masks
}

// avx2FlushWords is the number of words an AVX2 kernel tallies into its
// byte counters before it adds them to the 64-bit tallies: a word adds at
// most 8 to a byte (two nibble counts of at most 4).
const avx2FlushWords = 31

// addConstAVX2 writes, for both halves of a word, plane j of a + v to
// dst(j, half) for j = 0…nb−1 (a register or memory), with a's planes at
// src(j, half) and v's at R13: R13[2j] is K_j (nibbleOnes where bit j of v
// is 1, else 0), R13[1] is K_1 and R13[2j+1] for j ≥ 1 is D_j = K_j ⊕
// K_(j+1). With c_j the carry into plane j and e_j = c_j ⊕ K_j, the sum is
// a_j ⊕ e_j and e_(j+1) = ((a_j ⊕ K_j) ∧ e_j) ⊕ D_j: the carry maj(a, K,
// c) is K ⊕ ((a ⊕ K) ∧ (c ⊕ K)). Plane 0 has no carry in: e_1 = (a_0 ∧
// K_0) ⊕ K_1. Four instructions a plane, where a full adder without
// VPTERNLOG takes five. Temporaries: Y8–Y13.
func addConstAVX2(nb int, src func(j, half int) Mem, dst func(j, half int) Op) {
	k, d := Y12, Y13
	for j := 0; j < nb; j++ {
		if j < nb-1 || j == 0 {
			VPBROADCASTQ(at(R13, 16*j), k)
		}
		if j < nb-1 {
			VPBROADCASTQ(at(R13, 16*j+8), d)
		}
		for h := 0; h < 2; h++ {
			a, e := y[8+2*h], y[9+2*h]
			VMOVDQU(src(j, h), a)
			out := dst(j, h)
			sum := func(x VecPhysical) {
				if r, ok := out.(VecPhysical); ok {
					VPXOR(x, a, r)
				} else {
					VPXOR(x, a, Y14)
					VMOVDQU(Y14, out)
				}
			}
			if j == 0 {
				if nb > 1 {
					VPAND(k, a, e)
					VPXOR(d, e, e) // d is K_1 here
				}
				sum(k)
				continue
			}
			sum(e)
			if j < nb-1 {
				VPXOR(k, a, a)
				VPAND(a, e, e)
				VPXOR(d, e, e)
			}
		}
	}
}

// avx2Planes returns how many of a word's nb planes (the lowest) an AVX2
// kernel keeps in registers (two each, Y0 up), leaving Y13–Y15 and a
// register pair for each mask the tally keeps (see subsetTallyAVX2).
func avx2Planes(nb int) int {
	need := maxLiveMasks(1<<nb-1, false)
	return min(nb, (13-2*need)/2)
}

// subsetTallyAVX2 writes the tally of one word whose lane values' planes
// are plane(j, half), registers or memory (the planes in memory are the
// highest): for each S = 1…smax, mask(S)'s two halves (see subsetPlan),
// counted per byte by VPSHUFB and added to S's byte counters at 32·S(R14).
// Registers: Y15 the nibble table, Y13 and Y14 counts, and the masks kept
// for later subsets from the pair of registers after the planes'. When
// exit is not empty, it jumps there after every exitEvery-th S once S ≥ DX.
func subsetTallyAVX2(nb, smax int, plane func(j, half int) Op, exit string) {
	free := append(pool(nil), y[2*avx2Planes(nb):13]...)
	reg := map[int][2]Op{}
	for j := 0; j < nb; j++ {
		reg[1<<j] = [2]Op{plane(j, 0), plane(j, 1)}
	}
	for _, st := range subsetPlan(smax) {
		var src [2]Op
		if st.parent == 0 {
			src = reg[st.s]
		} else {
			for h := range src {
				dst := y[13+h]
				if st.keep {
					dst = free.take(fmt.Sprintf("the mask of %d", st.s))
				}
				p, b := reg[st.parent][h], plane(st.bit, h)
				_, pReg := p.(VecPhysical)
				_, bReg := b.(VecPhysical)
				switch {
				case !pReg && !bReg:
					VMOVDQU(b, dst)
					b = dst
				case !bReg:
					p, b = b, p // the memory operand goes first
				}
				VPAND(p, b, dst)
				src[h] = dst
			}
			if st.keep {
				reg[st.s] = src
			}
		}
		for h := range src {
			VPSHUFB(src[h], Y15, y[13+h])
		}
		VPADDB(Y13, Y14, Y13)
		VPADDB(at(R14, st.s*32), Y13, Y13)
		VMOVDQU(Y13, at(R14, st.s*32))
		if f := st.free; f != 0 && f&(f-1) != 0 {
			for _, r := range reg[f] {
				free.give(r.(VecPhysical))
			}
			delete(reg, f)
		}
		if exit != "" && st.s < smax && st.s%exitEvery == 0 {
			CMPQ(RDX, U32(st.s))
			JLE(LabelRef(exit))
		}
	}
}

// flushAVX2 writes the flush of the byte counters: for S = 1 up to the
// S whose offset 32·S is in the frame slot end, sub[S][0…3] (at DI) gains
// the byte counters of S (at R14) summed by VPSADBW, and the counters
// are cleared. It uses AX, Y12 and Y13.
func flushAVX2(label string, end Mem) {
	Comment("sub[S] += the byte counters of S, summed by VPSADBW; clear them.")
	VPXOR(Y12, Y12, Y12)
	MOVQ(U32(32), RAX)
	Label(label)
	VPSADBW(indexed(R14, RAX, 1), Y12, Y13)
	VMOVDQU(Y12, indexed(R14, RAX, 1))
	VPADDQ(indexed(RDI, RAX, 1), Y13, Y13)
	VMOVDQU(Y13, indexed(RDI, RAX, 1))
	ADDQ(U8(32), RAX)
	CMPQ(RAX, end)
	JBE(LabelRef(label))
}

// avx2Plane returns plane j's half h of a word whose low inReg planes are
// in registers (Y(2j+h)) and the others in memory at mem(j, h).
func avx2Plane(inReg int, mem func(j, h int) Mem) func(j, h int) Op {
	return func(j, h int) Op {
		if j < inReg {
			return y[2*j+h]
		}
		return mem(j, h)
	}
}

// xorAVX2 writes xorAVX2_<d>, the AVX2 ±1 kernel at width d (see
// xor_amd64.go): 256 lanes (the low 8 bits of k), each lane's count of
// popcount(q ⊕ k) in five planes, moved by ±1 from block to block in Gray
// order, and the subset tally S = 1…d of every block. The low planes stay
// in registers from block to block (and in state between calls), the
// others in state. Registers: SI state, R14 byte counters, DI sub, R8 q,
// R9 end q, BX first block, CX end block, R10 high bits of q ⊕ k, R11
// block, R12 nibbleMasks, R13 and AX scratch.
func xorAVX2(d int, lut, masks Mem) {
	const nb = 5
	inReg := avx2Planes(nb)
	name := fmt.Sprintf("xorAVX2_%d", d)
	l := func(s string) string { return fmt.Sprintf("xa%d%s", d, s) }
	TEXT(name, NOSPLIT, "func(state *[48]uint64, bytes *[32][4]uint64, sub *[32][4]uint64, q0, q1, b0, b1 uint64, table *[256][5][8]uint64, kd *[256][16]uint64)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s is the AVX2 ±1 kernel at width %d (see xorAVX2Funcs).", name, d))
	flushLeft := AllocLocal(8)
	flushEnd := AllocLocal(8)
	Load(Param("state"), RSI)
	Load(Param("bytes"), R14)
	Load(Param("sub"), RDI)
	Load(Param("q0"), R8)
	Load(Param("q1"), R9)
	Load(Param("b0"), RBX)
	Load(Param("b1"), RCX)
	LEAQ(masks, R12)
	VMOVDQU(lut, Y15)
	MOVQ(U32(avx2FlushWords), flushLeft)
	MOVQ(U32(32*d), flushEnd)
	stateAt := func(j, h int) Mem { return at(RSI, 64*j+32*h) }
	plane := avx2Plane(inReg, stateAt)

	Label(l("q"))
	CMPQ(R8, R9)
	JAE(LabelRef(l("end")))
	TESTQ(RBX, RBX)
	JNZ(LabelRef(l("resume")))
	Comment("Block 0 of q: each lane's count is popcount(q ⊕ lane) over the low",
		"eight bits, from table[q mod 256], plus popcount of q's high bits.")
	MOVQ(R8, RAX)
	ANDQ(U32(255), RAX)
	IMUL3Q(U32(nb*64), RAX, RAX)
	Load(Param("table"), R13)
	ADDQ(RAX, R13)
	MOVQ(R13, RAX)
	MOVQ(R8, R10)
	SHRQ(U8(8), R10)
	POPCNTQ(R10, R13)
	SHLQ(U8(7), R13)
	Load(Param("kd"), R11)
	ADDQ(R11, R13)
	addConstAVX2(nb, func(j, h int) Mem { return at(RAX, 64*j+32*h) }, plane)
	JMP(LabelRef(l("blocks")))

	Label(l("resume"))
	MOVQ(at(RSI, 320), R10)
	for j := 0; j < inReg; j++ {
		for h := 0; h < 2; h++ {
			VMOVDQU(stateAt(j, h), y[2*j+h])
		}
	}

	Label(l("blocks"))
	MOVQ(RBX, R11)
	Label(l("block"))
	CMPQ(R11, RCX)
	JAE(LabelRef(l("qnext")))
	TESTQ(R11, R11)
	JZ(LabelRef(l("tally")))
	Comment("Gray order: block b flips coordinate 8+tz(b) of k in every lane; the",
		"lanes' counts rise by one where that bit of q ⊕ k becomes 1 and fall",
		"by one otherwise. With dn all ones to fall and e_i = c_i ⊕ dn, bit j",
		"flips where e_0 … e_(j−1) are all 1.")
	TZCNTQ(R11, RAX)
	BTCQ(RAX, R10)
	BTQ(RAX, R10)
	JCC(LabelRef(l("down")))
	update := func(down bool) {
		for h := 0; h < 2; h++ {
			cy, t := y[8+2*h], y[9+2*h]
			for j := 0; j < nb; j++ {
				c, ok := plane(j, h).(VecPhysical)
				if !ok {
					c = Y13
					VMOVDQU(stateAt(j, h), c)
				}
				switch {
				case j == 0 && down:
					VPXOR(at(R12, 16), c, c)
					VMOVDQA(c, cy) // borrow into plane 1: the new c0 is 1
				case j == 0:
					VMOVDQA(c, cy) // carry into plane 1: the old c0 is 1
					VPXOR(at(R12, 16), c, c)
				case j < nb-1 && down:
					VPANDN(cy, c, t) // the next borrow: borrow ∧ ¬c
					VPXOR(cy, c, c)
					cy, t = t, cy
				case j < nb-1:
					VPAND(cy, c, t) // the next carry: carry ∧ c
					VPXOR(cy, c, c)
					cy, t = t, cy
				default:
					VPXOR(cy, c, c)
				}
				if !ok {
					VMOVDQU(c, stateAt(j, h))
				}
			}
		}
	}
	update(false)
	JMP(LabelRef(l("tally")))
	Label(l("down"))
	update(true)
	Label(l("tally"))
	subsetTallyAVX2(nb, d, plane, "")
	DECQ(flushLeft)
	JNZ(LabelRef(l("counted")))
	MOVQ(U32(avx2FlushWords), flushLeft)
	flushAVX2(l("flushb"), flushEnd)
	Label(l("counted"))
	INCQ(R11)
	JMP(LabelRef(l("block")))
	Label(l("qnext"))
	INCQ(R8)
	XORQ(RBX, RBX)
	JMP(LabelRef(l("q")))

	Label(l("end"))
	MOVQ(R10, at(RSI, 320))
	for j := 0; j < inReg; j++ {
		for h := 0; h < 2; h++ {
			VMOVDQU(y[2*j+h], stateAt(j, h))
		}
	}
	flushAVX2(l("flushend"), flushEnd)
	VZEROUPPER()
	RET()
}

// slicedAVX2 writes slicedSubsetsAVX2_<nb>, the AVX2 sliced-index kernel
// for indices of nb bits: as sliced512 on 256-lane words in nibbles (see
// slicedBlocksAsm): the low planes of the lanes' indices in registers, the
// others in a frame slot, tallied into byte counters that are added to
// sub every avx2FlushWords words. Registers: R11 kd, R13 kd[v], R14 byte
// counters, DI sub, and the loops' (see slicedLoops).
func slicedAVX2(nb int, lut Mem) {
	smax := 1<<nb - 1
	inReg := avx2Planes(nb)
	name := fmt.Sprintf("slicedSubsetsAVX2_%d", nb)
	l := func(s string) string { return fmt.Sprintf("sa%d%s", nb, s) }
	TEXT(name, NOSPLIT, "func(a *uint64, nw int, brow *byte, nblocks int, kd *[256][16]uint64, bytes *[256][4]uint64, sub *[256][4]uint64, corr *[256]uint64, nv int, nq int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s is the AVX2 sliced-index kernel for indices of %d bits (see slicedBlocksAsm);", name, nb),
		"it leaves the byte counters zero.")
	flushLeft := AllocLocal(8)
	flushEnd := AllocLocal(8)
	var vals Mem
	if nb > inReg {
		vals = AllocLocal((nb - inReg) * 64)
	}
	Load(Param("kd"), R11)
	Load(Param("bytes"), R14)
	Load(Param("sub"), RDI)
	Load(Param("nv"), RAX)
	SHLQ(U8(5), RAX)
	MOVQ(RAX, flushEnd)
	MOVQ(U32(avx2FlushWords), flushLeft)
	VMOVDQU(lut, Y15)
	plane := avx2Plane(inReg, func(j, h int) Mem { return vals.Offset(64*(j-inReg) + 32*h) })
	slicedLoops(nb, 7, l, func() {
		addConstAVX2(nb, func(j, h int) Mem { return at(R8, 64*j+32*h) }, plane)
		Comment("f(S) for S = 1…nv: the lanes whose index has every bit of S.")
		subsetTallyAVX2(nb, smax, plane, l("counted"))
		Label(l("counted"))
		DECQ(flushLeft)
		JNZ(LabelRef(l("wend")))
		MOVQ(U32(avx2FlushWords), flushLeft)
		flushAVX2(l("flushw"), flushEnd)
		Label(l("wend"))
	})
	flushAVX2(l("flushend"), flushEnd)
	VZEROUPPER()
	RET()
}
