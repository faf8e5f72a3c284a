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
	"github.com/sqrtdk/sqrtdk/internal/nat"
	"github.com/sqrtdk/sqrtdk/internal/split"
)

const (
	// autoBrutePairs is the most pairs Auto enumerates rather than use
	// the closed form: seconds at autoPairsPerSecond.
	autoBrutePairs = 1 << 32
	// autoPairsPerSecond is the rate Auto assumes whatever the machine:
	// the slowest kernel's nominal rate on one core (the scalar ±1
	// kernel's), so that an enumeration Auto chooses within a time limit
	// is within it on every machine, and the choice, like the output,
	// is the same everywhere.
	autoPairsPerSecond = 1e9
	// maxBrutePairBits bounds, as a power of two, the pairs for which a
	// refusal computes an exact count: far beyond any machine, a power of
	// ten says more than a number of thousands of digits.
	maxBrutePairBits = 100
	// maxWorkerPairBits bounds, as a power of two, the pairs one worker
	// tallies, so that its uint64 counts cannot overflow.
	maxWorkerPairBits = 62
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
// Plan.BruteShard), and each refuses, before any work, what its limits do
// not allow, with a *LimitError that carries the numbers.
type Plan struct {
	problem Problem
	method  Method // BruteForce, ClosedForm or Both, never Auto
	opt     Options

	lat *lattice
	// bl is the lattice brute force tallies on and kern its kernel, or
	// bruteErr says why there is none.
	bl       *bruteLattice
	kern     kernel.Kernel
	bruteErr error
	rate     float64 // nominal pairs per second per core
	cal      *calibration
	// model is what the closed form's cost depends on, computed once
	// (closedShape).
	model *closedModel
	// autoBrute says that Auto chose brute force with its estimate at
	// autoPairsPerSecond within the time limit, so that no estimate of
	// this machine refuses it for time.
	autoBrute bool
}

// A closedModel is the lattice's shape and its counts' fill, each
// computed once per plan when first needed (and shared by its copies):
// the fill, a few thousand exponentials, only for a plan that holds every
// count, not for the sweeps that plan a thousand widths' moments.
type closedModel struct {
	shapeOnce, fillOnce sync.Once
	shape               latticeShape
	fill                float64
}

// closedShape returns the lattice's shape.
func (pl *Plan) closedShape() latticeShape {
	pl.model.shapeOnce.Do(func() { pl.model.shape = pl.lat.shape(pl.problem) })
	return pl.model.shape
}

// countsFill returns the counts' mean length over the longest (countFill).
func (pl *Plan) countsFill() float64 {
	pl.model.fillOnce.Do(func() {
		p := pl.problem
		pl.model.fill = countFill(pl.closedShape(), pl.lat.tMax, p.D, p.Q.VectorsLog2(p.D)+p.K.VectorsLog2(p.D))
	})
	return pl.model.fill
}

// A calibration is the kernel's rate measured on this machine, once per
// plan (and shared by its copies).
type calibration struct {
	once sync.Once
	rate float64 // pairs per second per core, 0 until measured
}

// NewPlan validates p and plans its computation with method m. Auto
// becomes BruteForce when the pairs to visit are at most autoBrutePairs
// and, at a rate every machine reaches (one core of the slowest kernel),
// within the time limit, with one worker's memory within the memory
// limit; else ClosedForm when its time and streamed memory fit; else
// BruteForce when that fits; else ClosedForm (which then refuses with its
// numbers). The choice depends on the problem and opt.Limits only, not on
// the machine, its cores, opt.Workers or any timing, so the output does
// not either.
func NewPlan(p Problem, m Method, opt Options) (*Plan, error) {
	if m < Auto || m > Both {
		return nil, fmt.Errorf("unknown method %v", m)
	}
	if opt.Workers < 0 {
		return nil, fmt.Errorf("the number of workers must not be negative")
	}
	if err := opt.Limits.validate(); err != nil {
		return nil, err
	}
	l, err := p.newLattice()
	if err != nil {
		return nil, err
	}
	pl := &Plan{problem: p, method: m, opt: opt, lat: l, cal: &calibration{}, model: &closedModel{}}
	if pl.bl, pl.bruteErr = newBruteLattice(p, l); pl.bruteErr == nil {
		spec := kernel.Spec{D: p.D, T: pl.bl.t, Size: pl.bl.size}
		kind := kernel.For(spec)
		pl.kern = kernel.New(kind, spec)
		pl.rate = pl.kern.Rate()
	}
	if m == Auto {
		pl.method = pl.autoMethod()
	}
	return pl, nil
}

// autoMethod is Auto's choice (see NewPlan).
func (pl *Plan) autoMethod() Method {
	p := pl.problem
	pairsLog2 := distinctLog2(p.Q, p.D) + distinctLog2(p.K, p.D)
	seconds := math.Exp2(pairsLog2) / autoPairsPerSecond
	fixed, perWorker := pl.bruteBytes()
	fitsBrute := pl.bruteErr == nil && pairsLog2 <= maxBrutePairBits && seconds <= pl.maxTime(BruteForce).Seconds() &&
		fixed+perWorker <= float64(pl.opt.Limits.Memory())
	switch {
	case fitsBrute && pairsLog2 <= math.Log2(autoBrutePairs):
	case fits(pl.closedCost(NeedMoments), pl.opt.Limits):
		return ClosedForm
	case !fitsBrute:
		return ClosedForm
	}
	pl.autoBrute = true
	return BruteForce
}

// Problem returns the problem the plan computes.
func (pl *Plan) Problem() Problem { return pl.problem }

// Method returns the method Distribution and Moments use: BruteForce,
// ClosedForm or Both, never Auto.
func (pl *Plan) Method() Method { return pl.method }

// kernelName names the brute-force kernel and its implementation on this
// CPU, such as "xor-popcount (bit-sliced, 512 lanes, AVX-512)", or says
// that brute force cannot run.
func (pl *Plan) kernelName() string {
	if pl.kern == nil {
		return "none (" + pl.bruteErr.Error() + ")"
	}
	return pl.kern.Name()
}

// workers returns the goroutines a brute-force run of nq q vectors uses:
// those Options ask for, no more than there are q vectors, and no more
// than fit in the memory limit (at least one; bruteCost refuses a run
// whose one worker does not fit).
func (pl *Plan) workers(nq uint64) int {
	w := pl.opt.workers()
	if uint64(w) > nq {
		w = int(max(nq, 1))
	}
	fixed, perWorker := pl.bruteBytes()
	if perWorker > 0 {
		if room := (float64(pl.opt.Limits.Memory()) - fixed) / perWorker; room < float64(w) {
			w = int(max(room, 1))
		}
	}
	return w
}

// bruteBytes estimates the memory of a brute-force run: fixed, the
// kernel's shared tables and the exact histogram the run returns, and
// perWorker, what each worker's Tally holds and the histogram it hands
// back.
func (pl *Plan) bruteBytes() (fixed, perWorker float64) {
	if pl.kern == nil {
		return 0, 0
	}
	shared, perTally := pl.kern.Bytes()
	p := pl.problem
	countBits := p.Q.VectorsLog2(p.D) + p.K.VectorsLog2(p.D)
	fixed = float64(shared) + float64(pl.lat.size(p.D))*intBytes(countBits)
	perWorker = float64(perTally) + float64(pl.bl.size)*8
	return fixed, perWorker
}

// bruteSeconds estimates the time to enumerate every k against 2^qBits q
// indices at rate pairs per second per core on w workers (no more than
// the cores there are).
func (pl *Plan) bruteSeconds(qBits, rate float64, w int) float64 {
	pairsLog2 := qBits + distinctLog2(pl.problem.K, pl.problem.D)
	cores := float64(min(w, runtime.GOMAXPROCS(0)))
	return math.Exp2(pairsLog2) / (rate * cores)
}

// maxTime returns the time limit of method m; one limit holds every
// method.
func (pl *Plan) maxTime(Method) time.Duration { return pl.opt.Limits.timeLimit() }

// probeTime is how long a timed probe of the kernel runs.
const probeTime = 40 * time.Millisecond

// canStopProbe says whether a timer can stop the probe while it runs: not
// under WebAssembly, whose one thread runs no timer until the running
// goroutine blocks, so that a probe there would run through every q vector
// (hours, near the limit) and the nominal rate is used instead.
const canStopProbe = runtime.GOARCH != "wasm"

// measure returns the kernel's pairs per second per core on this machine,
// timed once per plan by tallying the first q vectors on one goroutine,
// in the CPU time of its thread where the system gives it (so that other
// work on a shared machine does not count against the kernel), twice: for
// a quarter of probeTime and for probeTime. The rate is the second
// probe's pairs beyond the first's over its time beyond the first's, so
// that what a Tally call sets up before its first pair (at d_k = 30 the
// sliced-index kernel's block values, tens of milliseconds that a run
// spreads over hours) cancels out; a probe that counted too little to time
// falls back on the nominal rate. A probe holds what one worker of the run
// would, so a plan measures only once the run's memory has been found to
// fit.
func (pl *Plan) measure() float64 {
	c := pl.cal
	c.once.Do(func() {
		c.rate = pl.rate
		if !canStopProbe {
			return
		}
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		// An empty tally first builds what the kernel builds once per
		// plan (the sliced-index kernel's planes).
		var none atomic.Bool
		pl.kern.Tally(0, 0, &none, nil)
		n1, t1 := pl.probe(probeTime / 4)
		n2, t2 := pl.probe(probeTime)
		if n2 >= n1+minProbePairs && t2-t1 >= probeTime.Seconds()/8 {
			c.rate = float64(n2-n1) / (t2 - t1)
		}
	})
	return c.rate
}

// minProbePairs is the fewest pairs the longer probe must count beyond
// the shorter one for their difference to time the kernel: a few of the
// kernels' chunks between two looks at the stop flag, so that a Tally call
// whose setup took the probes' time is not read as a slow kernel.
const minProbePairs = 1 << 26

// probe tallies the first q vectors for d on this goroutine and returns
// the pairs it counted and the seconds it took, in the CPU time of its
// thread where the system gives it.
func (pl *Plan) probe(d time.Duration) (pairs uint64, seconds float64) {
	nq, ok := pl.problem.qCount()
	if !ok {
		nq = math.MaxUint64
	}
	var stop atomic.Bool
	var done atomic.Uint64
	timer := time.AfterFunc(d, func() { stop.Store(true) })
	defer timer.Stop()
	start := time.Now()
	cpu0, cpuOK := threadSeconds()
	pl.kern.Tally(0, nq, &stop, &done)
	seconds = time.Since(start).Seconds()
	if cpu1, ok := threadSeconds(); cpuOK && ok {
		seconds = cpu1 - cpu0
	}
	return done.Load(), seconds
}

// bruteEstimate returns the estimated cost of a brute-force run over q
// indices [lo, hi) with the plan's workers, and whether its time was
// measured on this machine (a timed probe) rather than taken from the
// nominal rate. It probes only when the memory fits and the nominal time
// is within a factor of ten of the limit, where the answer decides a
// refusal.
func (pl *Plan) bruteEstimate(lo, hi uint64) (c Cost, measured bool) {
	qBits := math.Log2(float64(hi - lo))
	w := pl.workers(hi - lo)
	fixed, perWorker := pl.bruteBytes()
	c = Cost{Seconds: pl.bruteSeconds(qBits, pl.rate, w), Bytes: fixed + float64(w)*perWorker}
	limit := pl.maxTime(BruteForce).Seconds()
	if c.Bytes > float64(pl.opt.Limits.Memory()) || c.Seconds < limit/10 || c.Seconds > limit*10 {
		return c, false
	}
	c.Seconds = pl.bruteSeconds(qBits, pl.measure(), w)
	return c, true
}

// checkBrute refuses a brute-force run over q indices [lo, hi) that would
// pass the memory or time limit, or whose pairs are beyond any machine;
// slice and slices name a slice of a sharded run (slices = 0: none).
func (pl *Plan) checkBrute(lo, hi uint64, slice, slices int) error {
	p := pl.problem
	if bits := distinctLog2(p.Q, p.D) + distinctLog2(p.K, p.D); bits > maxBrutePairBits {
		return &LimitError{Method: BruteForce, Cost: Cost{Seconds: math.Inf(1)}, Limits: pl.opt.Limits.resolved(),
			What: fmt.Sprintf("brute force over about 10^%.0f pairs is beyond any machine", bits*math.Log10(2))}
	}
	if pl.bruteErr != nil {
		return pl.bruteErr
	}
	if hi == lo {
		return nil
	}
	c, measured := pl.bruteEstimate(lo, hi)
	if nq, _ := p.qCount(); pl.autoBrute && lo == 0 && hi == nq {
		c.Seconds = 0 // Auto's estimate of the time fits on every machine
	}
	if fits(c, pl.opt.Limits) {
		// Within the limits, and yet a worker's uint64 counts could
		// overflow: only with a time limit of centuries.
		if perWorker := math.Log2(float64(hi-lo)) + distinctLog2(p.K, p.D) - math.Log2(float64(pl.workers(hi-lo))); perWorker > maxWorkerPairBits {
			return &LimitError{Method: BruteForce, Cost: Cost{Seconds: math.Inf(1)}, Limits: pl.opt.Limits.resolved(),
				What: fmt.Sprintf("brute force over %s pairs would pass 2^%d pairs per worker, more than its 64-bit counts hold", nat.CountText(p.visits(lo, hi)), maxWorkerPairBits)}
		}
		return nil
	}
	e := &LimitError{Method: BruteForce, Cost: c, Limits: pl.opt.Limits.resolved(),
		What: fmt.Sprintf("brute force over %s pairs", nat.CountText(p.visits(lo, hi)))}
	if slices > 0 {
		e.What = fmt.Sprintf("slice %d/%d at d_k = %d", slice, slices, p.D)
		if !e.Memory() {
			e.MinSlices = pl.minSlices(lo, hi, c.Seconds, measured)
		}
	}
	return e
}

// minSlices returns how many slices would each fit the time limit, or -1
// when more than split.MaxSlices would be needed. It names enough slices by
// both rates: a slice near the limit is judged by the measured one, a
// slice far below it by the nominal one, so the count must fit by either.
func (pl *Plan) minSlices(lo, hi uint64, seconds float64, measured bool) int {
	nq, _ := pl.problem.qCount()
	qBits, w := math.Log2(float64(nq)), pl.workers(nq)
	whole := math.Max(pl.bruteSeconds(qBits, pl.rate, w), pl.bruteSeconds(qBits, pl.measure(), w))
	if measured {
		whole = math.Max(whole, seconds*float64(nq)/float64(hi-lo))
	}
	n := math.Ceil(whole / pl.maxTime(BruteForce).Seconds() * 1.01)
	if n > split.MaxSlices {
		return -1
	}
	return int(n)
}

// closedSeconds estimates the closed form's time in seconds for what n
// asks, as Miller's recurrence (closed.go) spends it: each coefficient it
// computes (D·T+1, half of them when the distribution is symmetric)
// multiply-adds the m earlier coefficients at the offsets with a weight,
// divides once, and is copied out or summed into the moments: m+2
// passes over about D·log2(|Q|·|K|)/64 words at wordOpSeconds each (the
// binomial walk on numbers half as long, for ±a: two passes for the
// counts, one and a half for the moments), plus closedCoefficientSeconds
// of its own. Fitted on 2026-12-03 (load 3-8, least CPU time of three):
// TestClosedFormCostCalibrated holds it within 2x, from ±1 at d_k = 60000
// to {0, 1, 1000}·{1} (T = 1000, m = 2).
func (pl *Plan) closedSeconds(n Need) float64 {
	d := float64(pl.problem.D)
	sh := pl.closedShape()
	coefficients := float64(pl.lat.size(pl.problem.D))
	if sh.symmetric {
		coefficients /= 2
	}
	bits := math.Log2(float64(pl.problem.Q.Size()) * float64(pl.problem.K.Size()))
	words := math.Max(d*max(bits, 1)/64, 1)
	passes := float64(sh.offsets + 2)
	switch {
	case sh.halved && n == NeedCounts:
		passes = 2
	case sh.halved:
		passes = 1.5
	}
	return coefficients * (closedCoefficientSeconds + passes*words*wordOpSeconds)
}

// closedCoefficientSeconds is the closed form's own time per coefficient
// beyond its arithmetic (the ring of coefficients, the visit): 100 ns,
// from {0, 1, 1000}·{1} at d_k = 500, where the arithmetic is 12 words.
const closedCoefficientSeconds = 100e-9

// closedCost estimates the closed form's cost: its time, and its memory,
// which holds every count when n asks for them all (one per lattice point,
// each at most the number of pairs) and otherwise the span+1 counts the
// recurrence keeps. Of all the counts, at most C(D+m, m) are nonzero (m
// the weighted offsets: a lattice point is reached by how many
// coordinates take each offset), and a zero count holds no words: a wide
// sparse lattice ({0, 1, 1000}·{1}) is mostly zeros.
func (pl *Plan) closedCost(n Need) Cost {
	p := pl.problem
	count := intBytes(p.Q.VectorsLog2(p.D) + p.K.VectorsLog2(p.D))
	if n != NeedCounts {
		return Cost{Seconds: pl.closedSeconds(n), Bytes: float64(pl.lat.tMax+2) * count}
	}
	points := float64(pl.lat.size(p.D))
	sh, fill := pl.closedShape(), pl.countsFill()
	d, m := float64(p.D), float64(sh.offsets)
	lg := func(x float64) float64 { v, _ := math.Lgamma(x); return v }
	nonzero := math.Min(points, math.Exp(lg(d+m+1)-lg(d+1)-lg(m+1)))
	return Cost{Seconds: pl.closedSeconds(n), Bytes: points*bigIntBytes + nonzero*(count-bigIntBytes)*fill}
}

// checkClosed refuses a closed form that would pass the memory or the
// time limit.
func (pl *Plan) checkClosed(n Need) error {
	c := pl.closedCost(n)
	if fits(c, pl.opt.Limits) {
		return nil
	}
	return &LimitError{Method: ClosedForm, Cost: c, Limits: pl.opt.Limits.resolved(),
		What: fmt.Sprintf("the closed form at d_k = %d", pl.problem.D)}
}

// Check reports, before any work, whether the plan's method can deliver
// what n asks within the limits: nil, or a *LimitError.
func (pl *Plan) Check(n Need) error {
	if pl.method == BruteForce || pl.method == Both {
		nq, ok := pl.problem.qCount()
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

// Cost estimates, before any work and without timing anything, what the
// plan's method costs to deliver what n asks: its time on every core at
// the nominal rate (the figure Check compares with the limit when far
// from it) and its peak memory. Both adds the two methods' times and
// holds the larger memory. A command that runs many computations adds
// these in a Budget to judge the whole run, and the sum does not depend
// on timing noise.
func (pl *Plan) Cost(n Need) Cost {
	var c Cost
	if pl.method == BruteForce || pl.method == Both {
		nq, ok := pl.problem.qCount()
		if !ok || pl.bruteErr != nil {
			return Cost{Seconds: math.Inf(1)}
		}
		w := pl.workers(nq)
		fixed, perWorker := pl.bruteBytes()
		c = Cost{Seconds: pl.bruteSeconds(math.Log2(float64(nq)), pl.rate, w), Bytes: fixed + float64(w)*perWorker}
	}
	if pl.method == ClosedForm || pl.method == Both {
		if pl.method == Both {
			n = NeedCounts
		}
		c = c.Then(pl.closedCost(n))
	}
	return c
}

// Scores returns the number of scores the distribution spans, D·tMax+1
// lattice points (some with a zero count): the rows of its output at most.
func (pl *Plan) Scores() int { return pl.lat.size(pl.problem.D) }

// Visits returns the pairs a brute-force run of the whole problem visits,
// the total its progress counts up to: (distinct letters of Q)^D times
// (distinct letters of K)^D: with multiset alphabets one visit counts
// several pairs.
func (pl *Plan) Visits() *big.Int {
	n := split.DistinctVectors(pl.problem.Q, pl.problem.D)
	return n.Mul(n, split.DistinctVectors(pl.problem.K, pl.problem.D))
}
