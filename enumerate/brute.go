package enumerate

import (
	"context"
	"fmt"
	"math/big"
	"runtime"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/sqrtdk/sqrtdk/rational"
)

// Options tune a computation; the zero Options is ready to use.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Progress, when not nil, is increased by the number of pairs visited
	// as the run goes, for a progress display to poll (of Problem.Visits
	// in all: with multiset alphabets one visit counts several pairs).
	Progress *atomic.Uint64
	// MaxTime bounds the estimated time of one computation; 0 means
	// DefaultMaxBruteTime for enumeration and DefaultMaxClosedTime for the
	// closed form.
	MaxTime time.Duration
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// brute enumerates every pair (q, k) and returns the exact distribution of q·k.
func (pl *Plan) brute(ctx context.Context) (*rational.Histogram, error) {
	nq, ok := pl.problem.QCount()
	if !ok {
		// Beyond a 64-bit index, and so far beyond any time limit.
		return nil, pl.checkBrute(0, ^uint64(0), 0, 0)
	}
	return pl.bruteRange(ctx, 0, nq, 0, 0)
}

// bruteIndices enumerates the pairs whose q index lies in [lo, hi), every k
// included, and returns their exact distribution. Only this range's share
// of the run must fit the time limit, so that a run too long for one
// machine can still be cut into shards.
func (pl *Plan) bruteIndices(ctx context.Context, lo, hi uint64) (*rational.Histogram, error) {
	return pl.bruteRange(ctx, lo, hi, 0, 0)
}

func (pl *Plan) bruteRange(ctx context.Context, lo, hi uint64, slice, slices int) (*rational.Histogram, error) {
	p := pl.problem
	nq, ok := p.QCount()
	if !ok {
		return nil, fmt.Errorf("%s^%d q vectors do not fit a 64-bit index", big.NewInt(p.Q.Size()), p.D)
	}
	if lo > hi || hi > nq {
		return nil, fmt.Errorf("q index range [%d, %d) is outside [0, %d)", lo, hi, nq)
	}
	// The time limit also keeps a range under about 10^14 pairs, so each
	// worker's uint64 counts and the slice arithmetic below cannot overflow.
	if err := pl.checkBrute(lo, hi, slice, slices); err != nil {
		return nil, err
	}
	w := uint64(pl.workers(hi - lo))
	partial := make([][]uint64, w)
	var stop atomic.Bool
	g, gctx := errgroup.WithContext(ctx)
	go func() {
		<-gctx.Done()
		stop.Store(true)
	}()
	for i := range w {
		a, b := lo+(hi-lo)*i/w, lo+(hi-lo)*(i+1)/w
		g.Go(func() error {
			partial[i] = pl.kern.Tally(a, b, &stop, pl.opt.Progress)
			if stop.Load() {
				return ctx.Err()
			}
			return nil
		})
	}
	err := g.Wait()
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	return &rational.Histogram{Base: pl.lat.base, Step: pl.lat.step, Counts: pl.bl.reduce(partial)}, nil
}
