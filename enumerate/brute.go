package enumerate

import (
	"context"
	"fmt"
	"math/big"
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/sqrtdk/sqrtdk/rational"
)

// Options tune a brute-force run; the zero Options is ready to use.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Progress, when not nil, is increased by the number of pairs tallied
	// as the run goes, for a progress display to poll.
	Progress *atomic.Uint64
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// QCount returns the number of q vectors, |Q|^D, and false when it does
// not fit in a uint64.
func (p Problem) QCount() (uint64, bool) {
	n := new(big.Int).Exp(big.NewInt(p.Q.Size()), big.NewInt(int64(p.D)), nil)
	return n.Uint64(), n.IsUint64()
}

// kCount returns the number of k vectors, |K|^D.
func (p Problem) kCount() *big.Int {
	return new(big.Int).Exp(big.NewInt(p.K.Size()), big.NewInt(int64(p.D)), nil)
}

// Brute enumerates every pair (q, k) and returns the exact distribution of q·k.
func Brute(ctx context.Context, p Problem, opt Options) (*rational.Histogram, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if err := p.CheckBruteSize(); err != nil {
		return nil, err // before QCount: the q index may not even fit a uint64
	}
	nq, _ := p.QCount()
	return BruteRange(ctx, p, 0, nq, opt)
}

// BruteRange enumerates the pairs whose q index lies in [lo, hi), every k
// included, and returns their exact distribution.
func BruteRange(ctx context.Context, p Problem, lo, hi uint64, opt Options) (*rational.Histogram, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	nq, ok := p.QCount()
	if !ok {
		return nil, fmt.Errorf("%s^%d q vectors do not fit a 64-bit index", big.NewInt(p.Q.Size()), p.D)
	}
	if lo > hi || hi > nq {
		return nil, fmt.Errorf("q index range [%d, %d) is outside [0, %d)", lo, hi, nq)
	}
	// Only this range's share of the run must fit the time limit, so that a
	// run too long for one machine can still be cut into shards. The limit
	// also keeps a range under about 10^14 pairs, so each worker's uint64
	// counts and the slice arithmetic below cannot overflow.
	share := float64(hi-lo) / float64(nq)
	if s := p.BruteSeconds() * share; s > refuseSeconds {
		pairs := new(big.Int).Mul(new(big.Int).SetUint64(hi-lo), p.kCount())
		return nil, &TooLargeError{Pairs: pairs, Seconds: s}
	}
	l, _ := p.lattice()
	k := p.newKernel(l)
	w := uint64(p.workerCount(opt, hi-lo))
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
			partial[i] = k.tally(a, b, &stop, opt.Progress)
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
	counts := make([]*big.Int, p.D*l.tMax+1)
	for t := range counts {
		counts[t] = new(big.Int)
	}
	c := new(big.Int)
	for _, part := range partial { // fixed order: slice 0 first
		for t, n := range part {
			if n != 0 {
				counts[t].Add(counts[t], c.SetUint64(n))
			}
		}
	}
	return &rational.Histogram{Base: l.base, Step: l.step, Counts: counts}, nil
}

func (p Problem) workerCount(opt Options, nq uint64) int {
	w := opt.workers()
	if uint64(w) > nq {
		w = int(max(nq, 1))
	}
	return w
}

// A kernel tallies pairs into a histogram over lattice indices.
type kernel interface {
	// tally counts the pairs with q index in [lo, hi) and returns a
	// histogram of length D·tMax+1; it returns early once stop is set.
	tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64
	name() string
}

// kernelKind names the kernel that suits p's alphabets, without building it.
func (p Problem) kernelKind(l *lattice) string {
	if p.Q.Size() == 2 && p.K.Size() == 2 && p.D <= 63 {
		tt := p.expandedT(l)
		if tt[0][0] == tt[1][1] && tt[0][1] == tt[1][0] {
			return "xor-popcount"
		}
		return "bit-pair"
	}
	return "gray-code"
}

// expandedT returns t[a][b] for the a-th element of Q's multiset and the
// b-th of K's.
func (p Problem) expandedT(l *lattice) [][]int {
	qs, ks := expand(p.Q), expand(p.K)
	tt := make([][]int, len(qs))
	for a := range qs {
		tt[a] = make([]int, len(ks))
		for b := range ks {
			tt[a][b] = l.t[qs[a]][ks[b]]
		}
	}
	return tt
}

func (p Problem) newKernel(l *lattice) kernel {
	tt := p.expandedT(l)
	size := p.D*l.tMax + 1
	switch p.kernelKind(l) {
	case "xor-popcount":
		return newXorKernel(p.D, tt[0][0], tt[0][1], size, useFastKernels)
	case "bit-pair":
		return &bitPairKernel{d: p.D, t: tt, size: size}
	}
	return newGrayKernel(p.D, tt, size)
}

// KernelName names the brute-force kernel that p would use.
func (p Problem) KernelName() string {
	l, err := p.lattice()
	if err != nil {
		return ""
	}
	return p.kernelKind(l)
}
