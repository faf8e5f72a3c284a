//go:build amd64

package kernel

// slicedBlocks runs, for each of nq consecutive q whose lane shares follow
// one another from planes (nw words of nb planes each), nblocks blocks
// whose values are blockValues[0…], all below nvals: it adds the subset
// tallies of S = 1…nv to sc.sub and counts each block in sc.corr by its
// value.
func slicedBlocks(nb int, planes *uint64, nw int, blockValues *byte, nblocks int, sc *slicedScratch, nv, nvals, nq int) {
	half := len(sc.values) / 2
	slicedFuncs[nb](planes, nw, blockValues, nblocks, kbits, sc.sub, &sc.corr, nv, &sc.values[0], nvals, nq, &sc.values[half])
}

var slicedFuncs = [...]func(a *uint64, nw int, brow *byte, nblocks int, kbits, sub *[256][8]uint64, corr *[256]uint64, nv int, scratch *uint64, nvals int, nq int, scratch2 *uint64){
	nil, slicedBlocks1, slicedBlocks2, slicedBlocks3, slicedBlocks4,
	slicedBlocks5, slicedBlocks6, slicedBlocks7, slicedBlocks8,
}

// slicedBlocks1 … slicedBlocks8 are the generated kernels for lane values
// of 1 to 8 bits. For each of nq q, whose nw words of nb planes follow one
// another from a: first, for each v < nvals, they write to scratch the q's
// words with v added lane by lane; then for each block b < nblocks, with
// v = brow[b], sub[S] gains, lane group by lane group, the number of lanes
// of v's words whose value has every bit of S, for S = 1…nv, and corr[v]
// counts the block.
//
//go:noescape
func slicedBlocks1(a *uint64, nw int, brow *byte, nblocks int, kbits, sub *[256][8]uint64, corr *[256]uint64, nv int, scratch *uint64, nvals int, nq int, scratch2 *uint64)

//go:noescape
func slicedBlocks2(a *uint64, nw int, brow *byte, nblocks int, kbits, sub *[256][8]uint64, corr *[256]uint64, nv int, scratch *uint64, nvals int, nq int, scratch2 *uint64)

//go:noescape
func slicedBlocks3(a *uint64, nw int, brow *byte, nblocks int, kbits, sub *[256][8]uint64, corr *[256]uint64, nv int, scratch *uint64, nvals int, nq int, scratch2 *uint64)

//go:noescape
func slicedBlocks4(a *uint64, nw int, brow *byte, nblocks int, kbits, sub *[256][8]uint64, corr *[256]uint64, nv int, scratch *uint64, nvals int, nq int, scratch2 *uint64)

//go:noescape
func slicedBlocks5(a *uint64, nw int, brow *byte, nblocks int, kbits, sub *[256][8]uint64, corr *[256]uint64, nv int, scratch *uint64, nvals int, nq int, scratch2 *uint64)

//go:noescape
func slicedBlocks6(a *uint64, nw int, brow *byte, nblocks int, kbits, sub *[256][8]uint64, corr *[256]uint64, nv int, scratch *uint64, nvals int, nq int, scratch2 *uint64)

//go:noescape
func slicedBlocks7(a *uint64, nw int, brow *byte, nblocks int, kbits, sub *[256][8]uint64, corr *[256]uint64, nv int, scratch *uint64, nvals int, nq int, scratch2 *uint64)

//go:noescape
func slicedBlocks8(a *uint64, nw int, brow *byte, nblocks int, kbits, sub *[256][8]uint64, corr *[256]uint64, nv int, scratch *uint64, nvals int, nq int, scratch2 *uint64)
