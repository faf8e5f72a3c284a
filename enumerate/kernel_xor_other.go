//go:build !amd64

package enumerate

// useFastKernels is false: there is no assembly kernel for this architecture.
var useFastKernels = false

func newFastXorBlocks(d int) xorBlocks { return nil }
