//go:build !amd64

package kernel

func slicedBlocksAsm(x *slicedKernel, planes *uint64, blockValues []byte, sc *slicedScratch, nq int) {
	panic("no assembly sliced-index kernel on this architecture")
}
