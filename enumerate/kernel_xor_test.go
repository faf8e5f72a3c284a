package enumerate

import (
	"context"
	"fmt"
	"math/big"
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

// slicedPopcounts runs a bit-sliced kernel over q in [lo, hi), cutting
// each q's blocks at random points to exercise resuming the Gray walk.
func slicedPopcounts(blocks xorBlocks, d int, lo, hi uint64, rng *rand.Rand) [65]uint64 {
	var pc [65]uint64
	s := newXorScratch()
	nb := uint64(1) << (d - blocks.laneBits())
	for q := lo; q < hi; q++ {
		for b := uint64(0); b < nb; {
			e := min(nb, b+1+rng.Uint64N(nb))
			blocks.tallyQ(s, q, b, e)
			b = e
		}
	}
	s.drain(&pc)
	return pc
}

// TestXorKernelsAgree checks the portable and the fast bit-sliced kernels
// against the pair-by-pair count for sampled q at every width they take.
func TestXorKernelsAgree(t *testing.T) {
	widths := []int{6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}
	if !testing.Short() {
		// 19–24 take half a second carry-save round, 25 a full one.
		widths = append(widths, 19, 20, 24, 25)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, d := range widths {
		kernels := []xorBlocks{newPortableXorBlocks(d)}
		if fast := newFastXorBlocks(d); fast != nil {
			kernels = append(kernels, fast)
		}
		if avx2 := newAVX2XorBlocks(d); avx2 != nil && (len(kernels) == 1 || kernels[1].name() != avx2.name()) {
			kernels = append(kernels, avx2)
		}
		nq := uint64(1) << d
		for _, r := range [][2]uint64{{0, 3}, {nq - 2, nq}, {rng.Uint64N(nq - 4), 0}} {
			lo, hi := r[0], r[1]
			if hi == 0 {
				hi = lo + 4
			}
			want := scalarPopcounts(d, lo, hi)
			for _, k := range kernels {
				t.Run(fmt.Sprintf("d=%d/q=%d-%d/%s", d, lo, hi, k.name()), func(t *testing.T) {
					got := slicedPopcounts(k, d, lo, hi, rng)
					require.Equal(t, want, got, "pair by pair (want) against %s (got)", k.name())
				})
			}
		}
	}
}

// TestXorKernelMatchesClosed runs brute force on ±a with each kernel and
// compares with the closed form, and checks that the worker count does not
// change the result.
func TestXorKernelMatchesClosed(t *testing.T) {
	maxD := 16
	if testing.Short() {
		maxD = 12
	}
	pm := mustAlphabet(t, "-2,2")
	for _, kernel := range []string{"portable", "avx2", "avx512"} {
		for d := 1; d <= maxD; d++ {
			t.Run(fmt.Sprintf("kernel=%s/d=%d", kernel, d), func(t *testing.T) {
				p := Problem{Q: pm, K: mustAlphabet(t, "-1/2,1/2"), D: d}
				cl, err := mustPlan(t, p, ClosedForm, Options{}).Closed(context.Background())
				require.NoError(t, err)
				withKernel(kernel, func() {
					for _, w := range []int{1, 3} {
						var progress atomic.Uint64
						b, err := mustPlan(t, p, BruteForce, Options{Workers: w, Progress: &progress}).Brute(context.Background())
						require.NoError(t, err)
						require.NoError(t, Compare(d, b, cl))
						require.Zero(t, p.Cases().Cmp(new(big.Int).SetUint64(progress.Load())), "progress %d, cases %s", progress.Load(), p.Cases())
					}
				})
			})
		}
	}
}

// TestBitPairMatchesClosed checks the two-letter kernel for alphabets other
// than ±a at widths where its k is split into a tabulated low part and a
// high part.
func TestBitPairMatchesClosed(t *testing.T) {
	for _, c := range []struct {
		q, k string
		d    int
	}{{"1,2", "", 12}, {"0,1", "-1,3", 11}, {"-1/2,3", "2,5", 9}} {
		t.Run(fmt.Sprintf("q=%s/k=%s/d=%d", c.q, c.k, c.d), func(t *testing.T) {
			q := mustAlphabet(t, c.q)
			k := q
			if c.k != "" {
				k = mustAlphabet(t, c.k)
			}
			p := Problem{Q: q, K: k, D: c.d}
			var progress atomic.Uint64
			pl := mustPlan(t, p, BruteForce, Options{Workers: 3, Progress: &progress})
			require.Equal(t, BitPair, pl.Kernel)
			cl, err := pl.Closed(context.Background())
			require.NoError(t, err)
			b, err := pl.Brute(context.Background())
			require.NoError(t, err)
			require.NoError(t, Compare(c.d, b, cl))
			require.Zero(t, p.Cases().Cmp(new(big.Int).SetUint64(progress.Load())), "progress %d, cases %s", progress.Load(), p.Cases())
		})
	}
}

// TestBitPairKernelsAgree checks the fast two-letter kernel against the
// portable one for sampled q, including widths where one count exceeds 16
// (the carry-save trees' second round).
func TestBitPairKernelsAgree(t *testing.T) {
	if !fastBitPair(12) {
		t.Skip("no fast two-letter kernel on this CPU")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	a, k := mustAlphabet(t, "-1/2,3"), mustAlphabet(t, "2,5")
	widths := []int{9, 12, 17, 20}
	if !testing.Short() {
		widths = append(widths, 25)
	}
	for _, d := range widths {
		p := Problem{Q: a, K: k, D: d}
		l := mustLattice(t, p)
		x := newKernel(BitPair, p, l).(*bitPairKernel)
		nq := uint64(1) << d
		for _, lo := range []uint64{0, nq - 2, rng.Uint64N(nq - 2)} {
			t.Run(fmt.Sprintf("d=%d/q=%d", d, lo), func(t *testing.T) {
				var stop atomic.Bool
				fast := x.tallyFast(lo, lo+2, &stop, nil)
				var portable []uint64
				withKernels(false, func() { portable = x.tally(lo, lo+2, &stop, nil) })
				require.Equal(t, portable, fast, "portable (want) against AVX-512 (got)")
			})
		}
	}
}
