//go:build amd64

package kernel

// slicedBlocksAsm runs x.blocks in the assembly of x's implementation:
// slicedThresholds512 or slicedThresholdsAVX2 (their stubs are in
// kernels_stub_amd64.go), for each of nq q whose nw words of hmax planes
// follow one another from planes, count each block b of value v =
// brow[b]: corr[v] gains one and, for m = 1…hmax, acc[v+m] gains lane
// group by lane group the set bits of plane m of each word.
func slicedBlocksAsm(x *slicedKernel, planes *uint64, blockValues []byte, sc *slicedScratch, nq int) {
	if x.impl == slicedAVX2 {
		slicedThresholdsAVX2(planes, x.nw, x.hmax, &blockValues[0], len(blockValues), sc.acc, &sc.corr, nq, x.nv, sc.bytes)
		return
	}
	slicedThresholds512(planes, x.nw, x.hmax, &blockValues[0], len(blockValues), sc.acc, &sc.corr, nq)
}
