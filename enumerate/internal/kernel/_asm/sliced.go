package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// slicedSignature is the Go signature of every sliced-index kernel.
const slicedSignature = "func(a *uint64, nw int, brow *byte, nblocks int, kbits *[256][8]uint64, sub *[256][8]uint64, corr *[256]uint64, nv int, scratch *uint64, nvals int, nq int, scratch2 *uint64, bytes *[256][4]uint64)"

// slicedDoc documents a sliced-index kernel.
func slicedDoc(name, lanes string, nb int) {
	Doc(fmt.Sprintf("%s is the sliced-index kernel on %s for lane values of %d bits (see slicedBlocks).", name, lanes, nb))
}

// slicedFrame is the part of a sliced-index kernel around its per-word
// tally, which is the only part that depends on the vector width: the
// loops over q, block values and blocks. Registers: SI lane shares of the
// current q's low coordinates, R8 current word, R12 words left, R9 block
// values, BX block (or value), CX end block, R11 kbits, R13 kbits of a
// value, DI subset tallies, R10 corr, DX nv, AX scratch; the frame slot of
// nq counts the q left.
type slicedFrame struct {
	nb       int
	prefix   string
	wordSize int // bytes of one plane of a word
	// setup runs once after the pointers are loaded; values writes the
	// lane values of one block value for one word (shares at R8, kbits of
	// the value at R13, destination at AX); tally tallies the word at R8;
	// finish runs before RET.
	setup, finish func()
	values        func()
	tally         func(exit string)
}

func (f slicedFrame) write() {
	nb := f.nb
	l := func(s string) string { return label(f.prefix, s) }
	shares := AllocLocal(8)
	Load(Param("a"), RSI)
	Load(Param("brow"), R9)
	Load(Param("nblocks"), RCX)
	Load(Param("kbits"), R11)
	Load(Param("sub"), RDI)
	Load(Param("corr"), R10)
	Load(Param("nv"), RDX)
	f.setup()
	// values writes the lane values of every block value v < nvals for
	// the shares at R8 into the words at AX.
	values := func(tag string) {
		XORQ(RBX, RBX)
		Label(l(tag))
		MOVQ(RBX, R13)
		SHLQ(U8(6), R13)
		ADDQ(R11, R13)
		MOVQ(R8, shares)
		Load(Param("nw"), R12)
		Label(l(tag + "w"))
		f.values()
		ADDQ(U32(nb*f.wordSize), R8)
		ADDQ(U32(nb*f.wordSize), RAX)
		DECQ(R12)
		JNZ(LabelRef(l(tag + "w")))
		MOVQ(shares, R8)
		INCQ(RBX)
		CMPQ(RBX, arg("nvals"))
		JB(LabelRef(l(tag)))
	}
	Comment("The first q's lane values.")
	MOVQ(RSI, R8)
	Load(Param("scratch"), RAX)
	values("first")
	Label(l("q"))
	CMPQ(arg("nq"), U8(1))
	JLE(LabelRef(l("blocks")))
	Comment("The next q's lane values, into the other buffer.")
	Load(Param("nw"), R8)
	IMUL3Q(U32(nb*f.wordSize), R8, R8)
	ADDQ(RSI, R8)
	Load(Param("scratch2"), RAX)
	values("next")
	Label(l("blocks"))
	XORQ(RBX, RBX)
	TESTQ(RCX, RCX)
	JZ(LabelRef(l("qnext")))
	Label(l("block"))
	Comment("The block's value v (the high coordinates' share of the index);",
		"corr[v] counts the blocks, for the padding lanes.")
	MOVBQZX(indexed(R9, RBX, 1), RAX)
	INCQ(indexed(R10, RAX, 8))
	IMUL3Q(U32(nb*f.wordSize), RAX, RAX)
	IMULQ(arg("nw"), RAX)
	Load(Param("scratch"), R8)
	ADDQ(RAX, R8)
	Load(Param("nw"), R12)
	Label(l("word"))
	f.tally(l("wend"))
	Label(l("wend"))
	ADDQ(U32(nb*f.wordSize), R8)
	DECQ(R12)
	JNZ(LabelRef(l("word")))
	INCQ(RBX)
	CMPQ(RBX, RCX)
	JB(LabelRef(l("block")))
	Label(l("qnext"))
	Comment("Swap the buffers; the next q's shares follow this one's.")
	Load(Param("scratch"), RAX)
	Load(Param("scratch2"), R8)
	MOVQ(R8, arg("scratch"))
	MOVQ(RAX, arg("scratch2"))
	Load(Param("nw"), RAX)
	IMUL3Q(U32(nb*f.wordSize), RAX, RAX)
	ADDQ(RAX, RSI)
	DECQ(arg("nq"))
	JNZ(LabelRef(l("q")))
	f.finish()
	VZEROUPPER()
	RET()
}

// sliced512 writes slicedBlocks<nb>, the AVX-512 sliced-index kernel for
// lane values of nb bits (see sliced_amd64.go), on 512-lane words.
// Registers: Z0…Z(nb−1) the lane values, Z(nb) carry, Z(nb+1) popcount,
// then the masks kept for later subsets, then the subset tallies held in
// registers.
func sliced512(nb int) {
	smax := 1<<nb - 1
	tmp := z[nb+1]
	need := maxLiveMasks(smax, false)
	masks := pool(z[nb+2 : nb+2+need])
	var accs []VecPhysical
	for r := nb + 2 + need; r < 32 && len(accs) < smax; r++ {
		accs = append(accs, z[r])
	}
	name := fmt.Sprintf("slicedBlocks%d", nb)
	TEXT(name, NOSPLIT, slicedSignature)
	Pragma("noescape")
	slicedDoc(name, "AVX-512 (512 lanes per word, bytes unused)", nb)
	slicedFrame{
		nb: nb, prefix: fmt.Sprintf("sl%d", nb), wordSize: 64,
		setup: func() {
			for _, r := range accs {
				VPXORQ(r, r, r)
			}
		},
		values: func() {
			addConst512(nb, func(j int) Mem { return at(R13, j*8) }, func(j int) Mem { return at(R8, j*64) })
			for j := 0; j < nb; j++ {
				VMOVDQU64(z[j], at(RAX, j*64))
			}
		},
		tally: func(exit string) {
			for j := 0; j < nb; j++ {
				VMOVDQU64(at(R8, j*64), z[j])
			}
			subsetTally512(nb, smax, tmp, append(pool(nil), masks...), accs, exit)
		},
		finish: func() {
			for i, r := range accs {
				VPADDQ(at(RDI, (i+1)*64), r, r)
				VMOVDQU64(r, at(RDI, (i+1)*64))
			}
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

// avx2FlushWords is the number of words an AVX2 kernel tallies into its
// byte counters before it adds them to the 64-bit tallies: each word adds
// at most 8 to a byte (two nibble counts of at most 4).
const avx2FlushWords = 31

// slicedAVX2 writes slicedBlocksAVX2<nb>, the AVX2 sliced-index kernel for
// lane values of nb bits, for CPUs without AVX-512. A word is 256 lanes in
// 64 bytes, four lanes in the low nibble of each byte (the high nibbles
// stay 0: kbits holds 0x0F bytes where AVX-512's holds all ones), so that a
// byte of a mask indexes the nibble table directly: per subset S, two ANDs
// form the mask's two halves, two VPSHUFB count their bits per byte and
// two VPADDB add them to S's byte counter in bytes[S]; every
// avx2FlushWords words, VPSADBW adds the byte counters to sub. Registers:
// Y15 the nibble table, Y13 and Y14 counts, Y0–Y12 masks kept for later
// subsets; R14 the byte counters.
func slicedAVX2(nb int, lut Mem) {
	smax := 1<<nb - 1
	name := fmt.Sprintf("slicedAVX2Blocks%d", nb)
	TEXT(name, NOSPLIT, slicedSignature)
	Pragma("noescape")
	slicedDoc(name, "AVX2 (256 lanes per word, in low nibbles)", nb)
	flushLeft := AllocLocal(8)
	prefix := fmt.Sprintf("sa%d", nb)
	// flush adds the byte counters of S = 1…nv to sub and clears them.
	flush := func(tag string) {
		Comment("sub[S][0…3] += the byte counters of S, summed by VPSADBW, for S = 1…nv.")
		MOVQ(U32(avx2FlushWords), flushLeft)
		VPXOR(Y12, Y12, Y12)
		MOVQ(U32(1), R13)
		Label(prefix + tag)
		MOVQ(R13, RAX)
		SHLQ(U8(5), RAX)
		VPSADBW(indexed(R14, RAX, 1), Y12, Y13)
		VMOVDQU(Y12, indexed(R14, RAX, 1))
		VPADDQ(indexed(RDI, RAX, 2), Y13, Y13)
		VMOVDQU(Y13, indexed(RDI, RAX, 2))
		INCQ(R13)
		CMPQ(R13, RDX)
		JBE(LabelRef(prefix + tag))
	}
	slicedFrame{
		nb: nb, prefix: prefix, wordSize: 64,
		setup: func() {
			Load(Param("bytes"), R14)
			VMOVDQU(lut, Y15)
			MOVQ(U32(avx2FlushWords), flushLeft)
		},
		values: func() {
			// a + v lane by lane on each half: sum a ⊕ k ⊕ cy, carry
			// (a ∧ k) ∨ (cy ∧ (a ⊕ k)); Y8 carry, Y9 and Y10 scratch.
			for half := 0; half < 64; half += 32 {
				for j := 0; j < nb; j++ {
					VPBROADCASTQ(at(R13, j*8), Y10)
					if j == 0 {
						VMOVDQU(at(R8, half), Y9)
						if nb > 1 {
							VPAND(Y10, Y9, Y8)
						}
						VPXOR(Y10, Y9, Y9)
						VMOVDQU(Y9, at(RAX, half))
						continue
					}
					VMOVDQU(at(R8, j*64+half), Y11)
					VPXOR(Y10, Y11, Y9) // a ⊕ k
					if j < nb-1 {
						VPAND(Y10, Y11, Y11) // a ∧ k
					}
					VPXOR(Y8, Y9, Y10) // the sum
					VMOVDQU(Y10, at(RAX, j*64+half))
					if j < nb-1 {
						VPAND(Y8, Y9, Y9)
						VPOR(Y9, Y11, Y8)
					}
				}
			}
		},
		tally: func(exit string) {
			subsetTallyAVX2(nb, smax, prefix+"counted")
			Label(prefix + "counted")
			DECQ(flushLeft)
			JNZ(LabelRef(exit))
			flush("flushw")
		},
		finish: func() { flush("flushend") },
	}.write()
}

// subsetTallyAVX2 writes the tally of one 256-lane word at R8 (plane j's
// halves at 64j and 64j+32): for each S = 1…smax, mask(S)'s two halves
// (see subsetPlan), their nibble counts added to bytes[S] at 32S(R14).
// When a plan needs more registers than Y0–Y12 hold as pairs, the halves
// are tallied in two passes, each with its own masks.
func subsetTallyAVX2(nb, smax int, exit string) {
	halves := [][]int{{0, 32}}
	if 2*maxLiveMasks(smax, true) > 13 {
		halves = [][]int{{0}, {32}}
	}
	for pass, hs := range halves {
		passExit := exit
		if pass < len(halves)-1 {
			passExit = fmt.Sprintf("%shalf%d", exit, pass)
		}
		free := pool(y[:13])
		reg := map[int][]VecPhysical{}
		for _, st := range subsetPlan(smax) {
			var dst []VecPhysical
			for i := range hs {
				if st.keep {
					dst = append(dst, free.take(fmt.Sprintf("the mask of %d (nb=%d)", st.s, nb)))
				} else {
					dst = append(dst, y[13+i])
				}
			}
			if st.keep {
				reg[st.s] = dst
			}
			for i, h := range hs {
				plane := at(R8, st.bit*64+h)
				switch {
				case st.parent != 0:
					VPAND(plane, reg[st.parent][i], dst[i])
				case st.keep:
					VMOVDQU(plane, dst[i])
				default:
					dst[i] = nil // counted from memory below
				}
			}
			for i, h := range hs {
				src := Op(at(R8, st.bit*64+h))
				if dst[i] != nil {
					src = dst[i]
				}
				VPSHUFB(src, Y15, y[13+i])
			}
			if len(hs) == 2 {
				VPADDB(Y13, Y14, Y13)
			}
			VPADDB(at(R14, st.s*32), Y13, Y13)
			VMOVDQU(Y13, at(R14, st.s*32))
			if st.free != 0 {
				for _, r := range reg[st.free] {
					free.give(r)
				}
				delete(reg, st.free)
			}
			if st.s < smax {
				CMPQ(RDX, U8(st.s))
				JLE(LabelRef(passExit))
			}
		}
		if pass < len(halves)-1 {
			Label(passExit)
			Comment("The second halves.")
		}
	}
}
