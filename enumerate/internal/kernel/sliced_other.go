//go:build !amd64

package kernel

func slicedBlocks(nb int, planes *uint64, nw int, blockValues *byte, nblocks int, sc *slicedScratch, nv, nvals, nq int) {
	panic("no sliced-index kernel on this architecture")
}
