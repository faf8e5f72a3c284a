//go:build !amd64

package kernel

import "sync/atomic"

func fastBitPair(d int) bool { return false }

func (x *bitPairKernel) tallyFast(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	panic("no fast two-letter kernel on this architecture")
}
