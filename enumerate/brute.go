package enumerate

import (
	"context"
	"fmt"
	"math/big"
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/sqrtdk/sqrtdk/internal/split"
	"github.com/sqrtdk/sqrtdk/rational"
)

// Options tune a computation; the zero Options is ready to use.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	// A run uses at most maxWorkersPerCore per core (more only add
	// allocations and garbage collections to a CPU-bound run; the results
	// do not depend on it) and no more than fit in Limits.MaxMemory.
	Workers int
	// Progress, when not nil, is increased by the number of pairs visited
	// as the run goes, for a progress display to poll (of Plan.Visits
	// in all: with multiset alphabets one visit counts several pairs).
	Progress *atomic.Uint64
	// Limits bound the estimated time and memory of one computation (the
	// zero Limits are the defaults); a computation beyond them is refused
	// before any work with a *LimitError.
	Limits Limits
}

// maxWorkersPerCore bounds the goroutines of a run per core: with
// --workers 1024 on two cores, each worker's scratch started a garbage
// collection, and the cycles held a stop for 20 s under a 1 GiB address
// space (issue 22).
const maxWorkersPerCore = 4

func (o Options) workers() int {
	cores := runtime.GOMAXPROCS(0)
	if o.Workers > 0 {
		return min(o.Workers, maxWorkersPerCore*cores)
	}
	return cores
}

// brute enumerates every pair (q, k) and returns the exact distribution of q·k.
func (pl *Plan) brute(ctx context.Context) (*rational.Histogram, error) {
	nq, ok := pl.problem.qCount()
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
	nq, ok := p.qCount()
	if !ok {
		return nil, fmt.Errorf("%s^%d q vectors do not fit a 64-bit index", big.NewInt(p.Q.Size()), p.D)
	}
	if lo > hi || hi > nq {
		return nil, fmt.Errorf("q index range [%d, %d) is outside [0, %d)", lo, hi, nq)
	}
	// checkBrute also keeps each worker's pairs under 2^62, so its uint64
	// counts cannot overflow; the bounds below are computed in 128 bits.
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
		a, b := lo+split.Bound(hi-lo, int(i), int(w)), lo+split.Bound(hi-lo, int(i+1), int(w))
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
