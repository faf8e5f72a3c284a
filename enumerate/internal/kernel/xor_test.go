package kernel

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// scalarPopcounts counts popcount(q ⊕ k) pair by pair for q in [lo, hi).
func scalarPopcounts(d int, lo, hi uint64) [65]uint64 {
	var pc [65]uint64
	x := &xorKernel{d: d}
	var stop atomic.Bool
	x.tallyScalar(lo, hi, &stop, nil, &pc)
	return pc
}

// slicedPopcounts runs a bit-sliced kernel over q in [lo, hi): the first
// two q in one call, the others with their blocks cut at random points,
// to exercise both whole-q calls and resuming the Gray walk.
func slicedPopcounts(blocks xorBlocks, d int, lo, hi uint64, rng *rand.Rand) [65]uint64 {
	var pc [65]uint64
	s := newXorScratch()
	nb := uint64(1) << (d - blocks.laneBits())
	q := lo
	if hi-lo >= 2 {
		blocks.tally(s, lo, lo+2, 0, nb)
		q += 2
	}
	for ; q < hi; q++ {
		for b := uint64(0); b < nb; {
			e := min(nb, b+1+rng.Uint64N(nb))
			blocks.tally(s, q, q+1, b, e)
			b = e
		}
	}
	blocks.drain(s, &pc)
	return pc
}

// xorImplementations returns the bit-sliced ±a kernels this CPU runs at d.
func xorImplementations(d int) []xorBlocks {
	var out []xorBlocks
	for _, p := range []Path{AVX512, AVX2, Portable} {
		restore, ok := Force(p)
		if !ok {
			continue
		}
		x := newXorKernel(d, 0, 1, d+1, fastKernels)
		restore()
		if x.blocks == nil {
			continue
		}
		if len(out) == 0 || out[len(out)-1].name() != x.blocks.name() {
			out = append(out, x.blocks)
		}
	}
	return out
}

// TestXorKernelsAgree checks every bit-sliced ±a kernel against the
// pair-by-pair count for sampled q at every width it takes.
func TestXorKernelsAgree(t *testing.T) {
	widths := []int{6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}
	if !testing.Short() {
		widths = append(widths, 19, 20, 22, 23, 24, 25)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, d := range widths {
		nq := uint64(1) << d
		for _, r := range [][2]uint64{{0, 3}, {nq - 3, nq}, {rng.Uint64N(nq - 4), 0}} {
			lo, hi := r[0], r[1]
			if hi == 0 {
				hi = lo + 3
			}
			want := scalarPopcounts(d, lo, hi)
			for _, k := range xorImplementations(d) {
				t.Run(fmt.Sprintf("d=%d/q=%d-%d/%s", d, lo, hi, k.name()), func(t *testing.T) {
					got := slicedPopcounts(k, d, lo, hi, rng)
					require.Equal(t, want, got, "pair by pair (want) against %s (got)", k.name())
				})
			}
		}
	}
}
