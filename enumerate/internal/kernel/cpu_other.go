//go:build !amd64

package kernel

// There is no assembly kernel for this architecture.
const hasAVX512, hasAVX2 = false, false
