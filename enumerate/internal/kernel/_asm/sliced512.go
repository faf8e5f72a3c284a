package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// slicedSignature is the Go signature of the AVX-512 sliced-index kernels.
const slicedSignature = "func(a *uint64, nw int, brow *byte, nblocks int, kbits *[256][8]uint64, sub *[256][8]uint64, corr *[256]uint64, nv int, nq int)"

// sliced512 writes slicedSubsets512_<nb>, the AVX-512 sliced-index kernel
// for lane values of nb bits (see slicedBlocksAsm in sliced_amd64.go). For
// each of nq consecutive q, whose low coordinates' shares follow one
// another from a (nw words of nb planes of 512 lanes each), and for each
// block b of brow: v = brow[b], corr[v] gains one, and each word's lanes
// get their pair's index, share + v, by a bit-sliced add of the constant v
// (kbits[v][j] is all ones where bit j of v is 1); then, for S = 1…nv,
// sub[S] gains the number of lanes whose index has every bit of S.
//
// Registers: Z0…Z(nb−1) the lanes' indices, Z(nb) carry, Z(nb+1)
// popcount, then the masks kept for later subsets, then the tallies of the
// first subsets (the others in memory); R11 kbits, R13 kbits[v], DI sub,
// and the loops' (see slicedLoops).
func sliced512(nb int) {
	smax := 1<<nb - 1
	tmp := z[nb+1]
	need := maxLiveMasks(smax, false)
	masks := pool(z[nb+2 : nb+2+need])
	var accs []VecPhysical
	for r := nb + 2 + need; r < 32 && len(accs) < smax; r++ {
		accs = append(accs, z[r])
	}
	name := fmt.Sprintf("slicedSubsets512_%d", nb)
	l := func(s string) string { return fmt.Sprintf("s512_%d%s", nb, s) }
	TEXT(name, NOSPLIT, slicedSignature)
	Pragma("noescape")
	Doc(fmt.Sprintf("%s is the AVX-512 sliced-index kernel for indices of %d bits (see slicedBlocksAsm).", name, nb))
	Load(Param("kbits"), R11)
	Load(Param("sub"), RDI)
	for _, r := range accs {
		VPXORQ(r, r, r)
	}
	slicedLoops(nb, 6, l, func() {
		addConst512(nb, func(j int) Mem { return at(R13, j*8) }, func(j int) Mem { return at(R8, j*64) })
		Comment("f(S) for S = 1…nv: the lanes whose index has every bit of S.")
		subsetTally512(nb, smax, tmp, append(pool(nil), masks...), accs, l("wend"))
		Label(l("wend"))
	})
	for i, r := range accs {
		VPADDQ(at(RDI, (i+1)*64), r, r)
		VMOVDQU64(r, at(RDI, (i+1)*64))
	}
	VZEROUPPER()
	RET()
}

// slicedLoops writes the loops of a sliced-index kernel around word, which
// adds the block's value to the word of shares at R8 (the value's
// constants at R13) and tallies it: for each of nq q (the frame slot of
// nq counts them down), whose shares follow one another from a, each
// block b of brow, with v = brow[b], gets corr[v] incremented and R13 =
// R11 + v<<rowShift, then word runs for each of its nw words. Registers:
// SI the current q's shares, R8 the current word, R12 words left, R9 brow,
// BX block, CX blocks, R10 corr, DX nv, AX scratch.
func slicedLoops(nb int, rowShift uint8, l func(string) string, word func()) {
	stride := AllocLocal(8)
	Load(Param("a"), RSI)
	Load(Param("brow"), R9)
	Load(Param("nblocks"), RCX)
	Load(Param("corr"), R10)
	Load(Param("nv"), RDX)
	Load(Param("nw"), RAX)
	IMUL3Q(U32(nb*64), RAX, RAX)
	MOVQ(RAX, stride)
	Label(l("q"))
	XORQ(RBX, RBX)
	TESTQ(RCX, RCX)
	JZ(LabelRef(l("qnext")))
	Label(l("block"))
	Comment("The block's value v, the high coordinates' share of its pairs'",
		"indices; corr[v] counts the blocks (for the padding lanes).")
	MOVBQZX(indexed(R9, RBX, 1), RAX)
	INCQ(indexed(R10, RAX, 8))
	SHLQ(U8(rowShift), RAX)
	LEAQ(indexed(R11, RAX, 1), R13)
	MOVQ(RSI, R8)
	Load(Param("nw"), R12)
	Label(l("word"))
	Comment("Each lane's index: its share plus v, bit-sliced.")
	word()
	ADDQ(U32(nb*64), R8)
	DECQ(R12)
	JNZ(LabelRef(l("word")))
	INCQ(RBX)
	CMPQ(RBX, RCX)
	JB(LabelRef(l("block")))
	Label(l("qnext"))
	Comment("The next q's shares follow this one's.")
	ADDQ(stride, RSI)
	DECQ(arg("nq"))
	JNZ(LabelRef(l("q")))
}
