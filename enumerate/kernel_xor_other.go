//go:build !amd64

package enumerate

// useFastKernels is false: there is no assembly kernel for this architecture.
var useFastKernels = false

func newFastXorBlocks(d int) xorBlocks { return nil }

// avx2State is the AVX2 kernel's state, unused on this architecture.
type avx2State struct{}

// useAVX512 has no effect on this architecture.
var useAVX512 = true

func newAVX2XorBlocks(d int) xorBlocks { return nil }
