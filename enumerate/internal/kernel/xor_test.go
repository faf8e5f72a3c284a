package kernel

import (
	"fmt"
	"math/bits"
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

// TestPortableXorEveryVariant runs the plain-Go ±1 kernel at every width
// it takes, 6 to maxSlicedD, so that each of its generated variants (one per group
// of exitEvery subsets, see gen_portable.go) tallies: a random q over its
// first blocks, and a q whose high bits are all ones, so that the lanes'
// counts reach d (the last subsets count something), against the
// pair-by-pair count of the same pairs.
func TestPortableXorEveryVariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 6))
	for d := 6; d <= maxSlicedD; d++ {
		for _, q := range []uint64{rng.Uint64() & (1<<d - 1), ((1<<d - 1) ^ rng.Uint64()&0x7FF) & (1<<d - 1)} {
			checkPortableXor(t, d, q)
		}
	}
}

// checkPortableXor tallies q against the k of its first blocks (at most
// 32, that is k below 2^11) in two calls, as the plain-Go ±1 kernel, and
// checks the counts pair by pair.
func checkPortableXor(t *testing.T, d int, q uint64) {
	t.Helper()
	blocks := uint64(1) << min(d-6, 5)
	var want [65]uint64
	for b := range blocks {
		gray := b ^ b>>1
		for lane := range uint64(64) {
			want[bits.OnesCount64(q^(lane|gray<<6))]++
		}
	}
	s := newXorScratch()
	x := portableXorBlocks{d: d}
	x.tally(s, q, q+1, 0, blocks/2)
	x.tally(s, q, q+1, blocks/2, blocks) // resumes the Gray walk
	var got [65]uint64
	x.drain(s, &got)
	require.Equal(t, want, got, "d=%d q=%#x: pair by pair (want) against %s (got)", d, q, x.name())
}
