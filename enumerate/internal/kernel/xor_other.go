//go:build !amd64

package kernel

func newFastXorBlocks(d int) xorBlocks { return nil }

func newAVX2XorBlocks(d int) xorBlocks { return nil }

// avx2State is the AVX2 kernel's state, unused on this architecture.
type avx2State struct{}
