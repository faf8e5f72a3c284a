package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The sliced-index kernels (see sliced.go): for each block of a q, with v
// the block's value, acc[v+m] gains the number of lanes whose share is at
// least m, for m = 1…hmax, from the q's threshold planes. Registers: SI
// the current q's planes, R9 block values, CX blocks, DI acc, R10 corr, DX
// hmax, BX block, AX the counter row of v+1, R8 plane, R11 acc row, R12 words
// left, R13 steps left; the frame slot of nq counts the q left.
type thresholdFrame struct {
	prefix    string
	planeSize int      // bytes of one plane of a word
	rowSize   int      // bytes of one counter row
	rows      Register // the counter rows
	// setup runs once after the pointers are loaded; step counts plane
	// i of R8 into row i of R11; wordDone runs after each word; finish
	// before RET.
	setup, wordDone, finish func()
	step                    func(i int)
}

func (f thresholdFrame) write() {
	l := func(s string) string { return f.prefix + s }
	stride := AllocLocal(8)
	Load(Param("planes"), RSI)
	Load(Param("brow"), R9)
	Load(Param("nblocks"), RCX)
	Load(Param("acc"), RDI)
	Load(Param("corr"), R10)
	Load(Param("hmax"), RDX)
	Load(Param("nw"), RAX)
	IMULQ(RDX, RAX)
	IMUL3Q(U32(f.planeSize), RAX, RAX)
	MOVQ(RAX, stride)
	f.setup()
	Label(l("q"))
	XORQ(RBX, RBX)
	TESTQ(RCX, RCX)
	JZ(LabelRef(l("qnext")))
	Label(l("block"))
	Comment("The block's value v (the high coordinates' share of its indices):",
		"corr[v] counts the blocks; plane m counts into the row of v+m.")
	MOVBQZX(indexed(R9, RBX, 1), RAX)
	INCQ(indexed(R10, RAX, 8))
	INCQ(RAX)
	IMUL3Q(U32(f.rowSize), RAX, RAX)
	ADDQ(f.rows, RAX)
	MOVQ(RSI, R8)
	Load(Param("nw"), R12)
	Label(l("word"))
	MOVQ(RAX, R11)
	MOVQ(RDX, R13)
	ANDQ(U8(3), R13)
	JZ(LabelRef(l("quads")))
	Label(l("single"))
	f.step(0)
	ADDQ(U32(f.planeSize), R8)
	ADDQ(U32(f.rowSize), R11)
	DECQ(R13)
	JNZ(LabelRef(l("single")))
	Label(l("quads"))
	MOVQ(RDX, R13)
	SHRQ(U8(2), R13)
	JZ(LabelRef(l("wend")))
	Label(l("quad"))
	for i := 0; i < 4; i++ {
		f.step(i)
	}
	ADDQ(U32(4*f.planeSize), R8)
	ADDQ(U32(4*f.rowSize), R11)
	DECQ(R13)
	JNZ(LabelRef(l("quad")))
	Label(l("wend"))
	f.wordDone()
	DECQ(R12)
	JNZ(LabelRef(l("word")))
	INCQ(RBX)
	CMPQ(RBX, RCX)
	JB(LabelRef(l("block")))
	Label(l("qnext"))
	Comment("The next q's planes follow this one's.")
	ADDQ(stride, RSI)
	DECQ(arg("nq"))
	JNZ(LabelRef(l("q")))
	f.finish()
	VZEROUPPER()
	RET()
}

// thresholds512 writes slicedThresholds512, the AVX-512 sliced-index
// kernel: words of 512 lanes, one VPOPCNTQ per plane, counters of 8 words.
func thresholds512() {
	TEXT("slicedThresholds512", NOSPLIT, "func(planes *uint64, nw int, hmax int, brow *byte, nblocks int, acc *[256][8]uint64, corr *[256]uint64, nq int)")
	Pragma("noescape")
	Doc("slicedThresholds512 is the sliced-index kernel on AVX-512 (see slicedBlocksAsm).")
	thresholdFrame{
		prefix: "t512", planeSize: 64, rowSize: 64, rows: RDI,
		setup: func() {}, wordDone: func() {}, finish: func() {},
		step: func(i int) {
			VPOPCNTQ(at(R8, i*64), z[i])
			VPADDQ(at(R11, i*64), z[i], z[i])
			VMOVDQU64(z[i], at(R11, i*64))
		},
	}.write()
}

// nibblePopcounts writes the table of the bit counts of 0…15, twice (one
// copy per 128-bit half of a YMM register, for VPSHUFB).
func nibblePopcounts() Mem {
	lut := GLOBL("nibblePopcount", RODATA|NOPTR)
	for half := 0; half < 2; half++ {
		DATA(half*16, U64(0x0302020102010100))
		DATA(half*16+8, U64(0x0403030203020201))
	}
	return lut
}

// avx2FlushWords is the number of words the AVX2 kernel counts into its
// byte counters before it adds them to acc: a word adds at most 8 to a
// byte (two nibble counts of at most 4), and only one plane of a word
// counts into a row.
const avx2FlushWords = 31

// thresholdsAVX2 writes slicedThresholdsAVX2, the sliced-index kernel for
// CPUs without AVX-512. A word is 256 lanes in 64 bytes, four lanes in the
// low nibble of each byte (the high nibbles are 0), so that a byte indexes
// the nibble table directly: per plane, two VPSHUFB count the bits of its
// two halves per byte and two VPADDB add them to the byte counters of its
// row in bytes; every avx2FlushWords words, VPSADBW adds the byte counters
// of rows 1…nv to acc (words 0–3 of each row). Registers: Y15 the nibble
// table, Y0–Y7 counts, Y8 and Y9 the flush's; R14 the byte counters.
func thresholdsAVX2(lut Mem) {
	TEXT("slicedThresholdsAVX2", NOSPLIT, "func(planes *uint64, nw int, hmax int, brow *byte, nblocks int, acc *[256][8]uint64, corr *[256]uint64, nq int, nv int, bytes *[256][4]uint64)")
	Pragma("noescape")
	Doc("slicedThresholdsAVX2 is the sliced-index kernel on AVX2 (see slicedBlocksAsm); it",
		"counts in the byte counters of bytes, which it leaves zero.")
	flushLeft := AllocLocal(8)
	flush := func(tag string) {
		Comment("acc[k][0…3] += the byte counters of row k summed by VPSADBW, k = 1…nv.")
		MOVQ(U32(avx2FlushWords), flushLeft)
		VPXOR(Y8, Y8, Y8)
		Load(Param("nv"), R13)
		SHLQ(U8(5), R13)
		MOVQ(U32(32), R11)
		Label("ta" + tag)
		VPSADBW(indexed(R14, R11, 1), Y8, Y9)
		VMOVDQU(Y8, indexed(R14, R11, 1))
		VPADDQ(indexed(RDI, R11, 2), Y9, Y9)
		VMOVDQU(Y9, indexed(RDI, R11, 2))
		ADDQ(U8(32), R11)
		CMPQ(R11, R13)
		JBE(LabelRef("ta" + tag))
	}
	thresholdFrame{
		prefix: "tavx2", planeSize: 64, rowSize: 32, rows: R14,
		setup: func() {
			Load(Param("bytes"), R14)
			VMOVDQU(lut, Y15)
			MOVQ(U32(avx2FlushWords), flushLeft)
		},
		step: func(i int) {
			lo, hi := y[2*i], y[2*i+1]
			VPSHUFB(at(R8, i*64), Y15, lo)
			VPSHUFB(at(R8, i*64+32), Y15, hi)
			VPADDB(lo, hi, lo)
			VPADDB(at(R11, i*32), lo, lo)
			VMOVDQU(lo, at(R11, i*32))
		},
		wordDone: func() {
			DECQ(flushLeft)
			JNZ(LabelRef("tavx2counted"))
			flush("flushw")
			Label("tavx2counted")
		},
		finish: func() { flush("flushend") },
	}.write()
}
