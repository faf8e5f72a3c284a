package enumerate

import (
	"fmt"
	"math"
	"math/big"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sqrtdk/sqrtdk/enumerate/internal/kernel"
)

// The limits a plan enforces unless Options say otherwise.
const (
	// DefaultMaxBruteTime is the longest enumeration a plan accepts.
	DefaultMaxBruteTime = time.Hour
	// DefaultMaxClosedTime is the longest closed form a plan accepts.
	DefaultMaxClosedTime = 5 * time.Minute
	// MaxClosedBytes bounds the memory of the closed form's counts when
	// the whole distribution is kept; beyond it the output alone would be
	// too large to print or read. Streamed moments need no such bound.
	MaxClosedBytes = 512 << 20
	// AutoBruteTime is the longest enumeration Auto chooses over the
	// closed form, estimated at the nominal rate on every core.
	AutoBruteTime = 3 * time.Second
	// maxBrutePairBits bounds, as a power of two, the pairs for which a
	// refusal computes an exact count: far beyond any machine, a power of
	// ten says more than a number of thousands of digits.
	maxBrutePairBits = 100
)

// A Need says what a computation must deliver, which decides the memory
// the closed form needs.
type Need int

const (
	// NeedCounts is the whole distribution, every count held at once.
	NeedCounts Need = iota
	// NeedMoments is only the number of pairs, the mean and the variance:
	// the closed form streams its counts and holds a few at a time.
	NeedMoments
)

// A Plan is a Problem prepared for computation: validated, reduced to its
// integer lattice once, with the method resolved and the cost of each
// method estimated. A Plan is read-only once made and safe for concurrent
// use; every computation starts from one (Plan.Distribution, Plan.Moments,
// Plan.Brute, Plan.BruteRange, Plan.Closed, Plan.ClosedEach,
// Plan.ClosedMoments), and each refuses, before any work, what its limits
// do not allow, with a *TooLargeError that carries the numbers.
type Plan struct {
	problem Problem
	method  Method // BruteForce, ClosedForm or Both, never Auto
	kernel  Kernel
	opt     Options

	lat *lattice
	// bl is the lattice brute force tallies on and kern its kernel, or
	// bruteErr says why there is none.
	bl       *bruteLattice
	kern     kernel.Kernel
	bruteErr error
	rate     float64 // nominal pairs per second per core
	cal      *calibration
}

// A calibration is the kernel's rate measured on this machine, once per
// plan (and shared by its copies).
type calibration struct {
	once sync.Once
	rate float64 // pairs per second per core, 0 until measured
}

// NewPlan validates p and plans its computation with method m; Auto
// becomes BruteForce when enumerating on every core takes at most
// AutoBruteTime at the kernel's nominal rate, else ClosedForm. The choice
// does not depend on opt.Workers or on any timing, so the output does not
// either.
func NewPlan(p Problem, m Method, opt Options) (*Plan, error) {
	if m < Auto || m > Both {
		return nil, fmt.Errorf("unknown method %v", m)
	}
	if opt.Workers < 0 || opt.MaxTime < 0 {
		return nil, fmt.Errorf("workers and the time limit must not be negative")
	}
	l, err := p.newLattice()
	if err != nil {
		return nil, err
	}
	pl := &Plan{problem: p, method: m, kernel: GrayCode, opt: opt, lat: l, cal: &calibration{}}
	if pl.bl, pl.bruteErr = newBruteLattice(p, l); pl.bruteErr == nil {
		spec := kernel.Spec{D: p.D, T: pl.bl.t, Size: pl.bl.size}
		kind := kernel.For(spec)
		pl.kernel = Kernel(kind)
		pl.kern = kernel.New(kind, spec)
		pl.rate = pl.kern.Rate()
	}
	if m == Auto {
		pl.method = ClosedForm
		if pl.bruteErr == nil && pl.bruteSeconds(distinctLog2(p.Q, p.D), pl.rate, runtime.GOMAXPROCS(0)) <= AutoBruteTime.Seconds() {
			pl.method = BruteForce
		}
	}
	return pl, nil
}

// Problem returns the problem the plan computes.
func (pl *Plan) Problem() Problem { return pl.problem }

// Method returns the method Distribution and Moments use: BruteForce,
// ClosedForm or Both, never Auto.
func (pl *Plan) Method() Method { return pl.method }

// Kernel returns the brute-force kernel for the alphabets.
func (pl *Plan) Kernel() Kernel { return pl.kernel }

// Options returns the options the plan was made with.
func (pl *Plan) Options() Options { return pl.opt }

// KernelName names the brute-force kernel and its implementation on this
// CPU, such as "xor-popcount (bit-sliced, 512 lanes, AVX-512)", or says
// that brute force cannot run.
func (pl *Plan) KernelName() string {
	if pl.kern == nil {
		return "none (" + pl.bruteErr.Error() + ")"
	}
	return pl.kern.Name()
}

// workers returns the goroutines a brute-force run of nq q vectors uses.
func (pl *Plan) workers(nq uint64) int {
	w := pl.opt.workers()
	if uint64(w) > nq {
		w = int(max(nq, 1))
	}
	return w
}

// bruteSeconds estimates the time to enumerate every k against 2^qBits q
// indices at rate pairs per second per core on w workers (no more than
// the cores there are).
func (pl *Plan) bruteSeconds(qBits, rate float64, w int) float64 {
	pairsLog2 := qBits + distinctLog2(pl.problem.K, pl.problem.D)
	cores := float64(min(w, runtime.GOMAXPROCS(0)))
	return math.Exp2(pairsLog2) / (rate * cores)
}

// maxTime returns the time limit for method m (BruteForce or ClosedForm).
func (pl *Plan) maxTime(m Method) time.Duration {
	switch {
	case pl.opt.MaxTime > 0:
		return pl.opt.MaxTime
	case m == BruteForce:
		return DefaultMaxBruteTime
	}
	return DefaultMaxClosedTime
}

// probeTime is how long a timed probe of the kernel runs.
const probeTime = 40 * time.Millisecond

// canStopProbe says whether a timer can stop the probe while it runs: not
// under WebAssembly, whose one thread runs no timer until the running
// goroutine blocks, so that a probe there would run through every q vector
// (hours, near the limit) and the nominal rate is used instead.
const canStopProbe = runtime.GOARCH != "wasm"

// measure returns the kernel's pairs per second per core on this machine,
// timed once per plan by tallying the first q vectors for probeTime on one
// goroutine, in the CPU time of its thread where the system gives it (so
// that other work on a shared machine does not count against the
// kernel); it falls back on the nominal rate when the probe counted too
// little to time.
func (pl *Plan) measure() float64 {
	c := pl.cal
	c.once.Do(func() {
		c.rate = pl.rate
		if !canStopProbe {
			return
		}
		nq, ok := pl.problem.QCount()
		if !ok {
			nq = math.MaxUint64
		}
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		var stop atomic.Bool
		var done atomic.Uint64
		timer := time.AfterFunc(probeTime, func() { stop.Store(true) })
		start := time.Now()
		cpu0, cpuOK := threadSeconds()
		pl.kern.Tally(0, nq, &stop, &done)
		elapsed := time.Since(start).Seconds()
		if cpu1, ok := threadSeconds(); cpuOK && ok {
			elapsed = cpu1 - cpu0
		}
		timer.Stop()
		if n := done.Load(); n > 0 && elapsed >= probeTime.Seconds()/8 {
			c.rate = float64(n) / elapsed
		}
	})
	return c.rate
}

// Estimate returns the estimated seconds of a brute-force run over q
// indices [lo, hi) with the plan's workers, and whether the figure was
// measured on this machine (a timed probe) rather than taken from the
// nominal rate. It probes only when the nominal figure is within a factor
// of ten of the time limit, where the answer decides a refusal.
func (pl *Plan) bruteEstimate(lo, hi uint64) (seconds float64, measured bool) {
	qBits := math.Log2(float64(hi - lo))
	w := pl.workers(hi - lo)
	s := pl.bruteSeconds(qBits, pl.rate, w)
	limit := pl.maxTime(BruteForce).Seconds()
	if s < limit/10 || s > limit*10 {
		return s, false
	}
	return pl.bruteSeconds(qBits, pl.measure(), w), true
}

// checkBrute refuses a brute-force run over q indices [lo, hi) that would
// exceed the time limit, or whose pairs are beyond any machine.
func (pl *Plan) checkBrute(lo, hi uint64, slice, slices int) error {
	p := pl.problem
	if bits := distinctLog2(p.Q, p.D) + distinctLog2(p.K, p.D); bits > maxBrutePairBits {
		return &TooLargeError{Method: BruteForce, D: p.D, PairsLog10: bits * math.Log10(2)}
	}
	if pl.bruteErr != nil {
		return pl.bruteErr
	}
	if hi == lo {
		return nil
	}
	s, measured := pl.bruteEstimate(lo, hi)
	limit := pl.maxTime(BruteForce).Seconds()
	if s <= limit {
		return nil
	}
	e := &TooLargeError{Method: BruteForce, D: p.D, Pairs: pl.problem.Visits(lo, hi),
		Seconds: s, Measured: measured, MaxSeconds: limit, Slice: slice, Slices: slices}
	if slices > 0 {
		// Name enough slices by both rates: a slice near the limit is
		// judged by the measured one, a slice far below it by the nominal
		// one, so the count named must fit by either.
		nq, _ := p.QCount()
		qBits, w := math.Log2(float64(nq)), pl.workers(nq)
		whole := max(pl.bruteSeconds(qBits, pl.rate, w), pl.bruteSeconds(qBits, pl.measure(), w))
		if measured {
			whole = max(whole, s*float64(nq)/float64(hi-lo))
		}
		e.MinSlices = int(min(math.Ceil(whole/limit*1.01), MaxShards+1))
	}
	return e
}

// Closed-form cost model: it computes D·span coefficients of about
// D·log2(|Q|·|K|) bits, each from span earlier ones, so about
// D²·span²·log2(|Q|·|K|)/64 word operations; measured here (CPU time,
// symmetric distributions computed half-way): ±1 at d_k = 10⁵ 0.45 s,
// {-1,0,1} at d_k = 2·10⁴ 0.2 s.
const closedSecondsPerWordOp = 2.5e-9

// ClosedSeconds estimates the closed form's time in seconds.
func (pl *Plan) closedSeconds() float64 {
	d, span := float64(pl.problem.D), float64(pl.lat.tMax)
	bits := math.Log2(float64(pl.problem.Q.Size()) * float64(pl.problem.K.Size()))
	return d * d * span * span * max(bits, 1) / 64 * closedSecondsPerWordOp
}

// closedBytes estimates the memory of the closed form's counts when all
// are kept: one coefficient per lattice point, each at most the number of
// cases, plus a big.Int's fixed overhead.
func (pl *Plan) closedBytes() float64 {
	p := pl.problem
	perCount := (p.Q.VectorsLog2(p.D)+p.K.VectorsLog2(p.D))/8 + 40
	return float64(pl.lat.size(p.D)) * perCount
}

// checkClosed refuses a closed form that would exceed the time limit or,
// when every count is needed, the memory bound.
func (pl *Plan) checkClosed(n Need) error {
	limit := pl.maxTime(ClosedForm).Seconds()
	if s := pl.closedSeconds(); s > limit {
		return &TooLargeError{Method: ClosedForm, D: pl.problem.D, Seconds: s, MaxSeconds: limit}
	}
	if b := pl.closedBytes(); n == NeedCounts && b > MaxClosedBytes {
		return &TooLargeError{Method: ClosedForm, D: pl.problem.D, Bytes: b, MaxBytes: MaxClosedBytes}
	}
	return nil
}

// Check reports, before any work, whether the plan's method can deliver
// what n asks within the limits: nil, or a *TooLargeError.
func (pl *Plan) Check(n Need) error {
	if pl.method == BruteForce || pl.method == Both {
		nq, ok := pl.problem.QCount()
		if !ok {
			nq = math.MaxUint64
		}
		if err := pl.checkBrute(0, nq, 0, 0); err != nil {
			return err
		}
	}
	if pl.method == ClosedForm || pl.method == Both {
		if pl.method == Both {
			n = NeedCounts // the two are compared count for count
		}
		return pl.checkClosed(n)
	}
	return nil
}

// Cases returns the number of pairs of the plan's problem.
func (pl *Plan) Cases() *big.Int { return pl.problem.Cases() }

// Visits returns the pairs a brute-force run of the whole problem visits,
// the total its progress counts up to: (distinct letters of Q)^D times
// (distinct letters of K)^D (see Problem.Visits).
func (pl *Plan) Visits() *big.Int {
	n := distinctVectors(pl.problem.Q, pl.problem.D)
	return n.Mul(n, distinctVectors(pl.problem.K, pl.problem.D))
}
