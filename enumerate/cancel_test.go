package enumerate

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestBruteCancels cancels long runs of every kernel once they have
// tallied some pairs and expects context.Canceled back; a kernel that
// ignored the stop flag would run for minutes.
func TestBruteCancels(t *testing.T) {
	for _, c := range []struct {
		alphabet string
		d        int
		kernel   string
	}{
		{"-1,1", 24, "avx512"}, {"-1,1", 24, "avx2"}, {"-1,1", 24, "portable"},
		{"1,2", 20, "avx512"}, {"1,2", 20, "portable"},
		{"-1,0,1", 16, "avx512"}, {"-1,0,1", 14, "portable"}, {"-1,0:2,1", 14, "avx512"},
		// Past the bit-sliced widths one q meets 2^40 vectors k: the flag
		// must be checked within one q, not after it.
		{"-1,1", 40, "portable"}, {"1,2", 40, "portable"},
	} {
		t.Run(fmt.Sprintf("%s/d=%d/%s", c.alphabet, c.d, c.kernel), func(t *testing.T) {
			a := mustAlphabet(t, c.alphabet)
			p := Problem{Q: a, K: a, D: c.d}
			ran := withKernel(c.kernel, func() {
				pl := mustPlan(t, p, BruteForce, Options{})
				ctx, cancel := context.WithCancel(context.Background())
				var progress atomic.Uint64
				done := make(chan error)
				go func() {
					nq, _ := p.qCount()
					// The kernel itself, not Brute: these widths are beyond what
					// Brute accepts, which is the point.
					var stop atomic.Bool
					go func() { <-ctx.Done(); stop.Store(true) }()
					pl.kern.Tally(0, nq, &stop, &progress)
					done <- ctx.Err()
				}()
				for progress.Load() == 0 {
					time.Sleep(time.Millisecond)
				}
				cancel()
				require.True(t, errors.Is(<-done, context.Canceled))
			})
			if !ran {
				t.Skip("no such kernel on this CPU")
			}
		})
	}
}
