//go:build amd64

package kernel

import "unsafe"

// slicedBlocksAsm runs x.blocks on the assembly of x's implementation (see
// slicedBlocks).
func slicedBlocksAsm(x *slicedKernel, planes *uint64, blockValues []byte, sc *slicedScratch, nvals, nq int) {
	half := len(sc.values) / 2
	if x.impl == slicedAVX2 {
		slicedAVX2Funcs[x.nb](planes, x.nw, &blockValues[0], len(blockValues), kbitsNibbles, sc.sub, &sc.corr, x.nv, &sc.values[0], nvals, nq, &sc.values[half], sc.bytes)
		return
	}
	slicedFuncs[x.nb](planes, x.nw, &blockValues[0], len(blockValues), kbits, sc.sub, &sc.corr, x.nv, &sc.values[0], nvals, nq, &sc.values[half], nil)
}

// slicedBlocks<nb> and slicedAVX2Blocks<nb> are the assembly kernels for
// lane values of nb bits. For each of nq q, whose nw words of nb planes
// follow one another from a: first, for each v < nvals, they write to
// scratch the q's words with v added lane by lane (kbits[v][j] is the
// broadcast word of bit j of v); then for each block b < nblocks, with v =
// brow[b], sub[S] gains, lane group by lane group, the number of lanes of
// v's words whose value has every bit of S, for S = 1…nv, and corr[v]
// counts the block. They write the next q's words into scratch2 before the
// blocks of the current one, then swap the two, so that no block reads
// words still on their way to the cache. The AVX2 kernels count in the
// byte counters of bytes, which they leave zero.
type slicedFunc = func(a *uint64, nw int, brow *byte, nblocks int, kbits, sub *[256][8]uint64, corr *[256]uint64, nv int, scratch *uint64, nvals int, nq int, scratch2 *uint64, bytes *[256][4]uint64)

var slicedFuncs = [...]slicedFunc{
	nil, slicedBlocks1, slicedBlocks2, slicedBlocks3, slicedBlocks4,
	slicedBlocks5, slicedBlocks6, slicedBlocks7, slicedBlocks8,
}

var slicedAVX2Funcs = [...]slicedFunc{
	nil, slicedAVX2Blocks1, slicedAVX2Blocks2, slicedAVX2Blocks3, slicedAVX2Blocks4,
	slicedAVX2Blocks5, slicedAVX2Blocks6, slicedAVX2Blocks7, slicedAVX2Blocks8,
}

// kbits[v][j] is all ones when bit j of v is 1 and 0 otherwise: the
// broadcast words of a block value's bits. kbitsNibbles is the same with
// 0x0F bytes for all ones, for the AVX2 words, whose lanes are the low
// nibbles.
var kbits, kbitsNibbles = blockValueBits(^uint64(0)), blockValueBits(0x0F0F0F0F0F0F0F0F)

func blockValueBits(one uint64) *[256][8]uint64 {
	k := (*[256][8]uint64)(unsafe.Pointer(&alignedWords(256 * 8)[0]))
	for v := range k {
		for j := range k[v] {
			k[v][j] = -(uint64(v) >> j & 1) & one
		}
	}
	return k
}
