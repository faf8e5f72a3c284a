package claims

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/softmax"
	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A Verdict says whether one claim holds, with the figure and the exact
// value (or the exact expectation, or an enclosure) it was compared with.
type Verdict struct {
	Claim   *Claim
	Holds   bool
	Printed string
	Exact   string
}

// DefaultCacheBytes bounds, unless Limits say otherwise, the memory of the
// distributions a Checker keeps for later claims.
const DefaultCacheBytes = 128 << 20

// Limits bound what a Checker computes; zero fields take the defaults.
type Limits struct {
	// MaxTime is the longest estimated computation accepted: for each
	// distribution (as enumerate.Options.MaxTime) and for all the claims
	// of a run together (see Checker.Plan). Zero means the engine's
	// defaults: an hour of enumeration, five minutes of other work.
	MaxTime time.Duration
	// MaxCacheBytes bounds the memory of the distributions kept for later
	// claims; the least recently used are dropped first. Zero means
	// DefaultCacheBytes.
	MaxCacheBytes int64
}

// A Checker decides claims, computing each distribution it needs once
// while it fits in its cache; it is not safe for concurrent use.
type Checker struct {
	limits Limits
	cache  distCache
	// soft keeps softmax enclosures across claims of the same scores.
	soft softmax.Cache
	// generals are the proofs for every width of the claims for every
	// width, by model.
	generals map[string]*proofs.Run
}

// A checking is one call of a Checker: the checker and the context the
// call's computations stop on.
type checking struct {
	*Checker
	ctx context.Context
}

// NewChecker returns a Checker with the given limits (the zero Limits are
// the defaults).
func NewChecker(l Limits) *Checker {
	if l.MaxCacheBytes <= 0 {
		l.MaxCacheBytes = DefaultCacheBytes
	}
	c := &Checker{limits: l}
	c.cache.setMax(l.MaxCacheBytes)
	return c
}

// Check decides one claim; its computations stop, with ctx's error, once
// ctx is done. An error means the claim could not be decided at all (a
// computation was cancelled or refused); it names the claim's file and
// line.
func (c *Checker) Check(ctx context.Context, cl *Claim) (Verdict, error) {
	r, err := cl.check(&checking{c, ctx})
	if err != nil {
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		return r, &SyntaxError{File: cl.File, Line: cl.Line, Msg: err.Error()}
	}
	r.Claim = cl
	if r.Printed == "" {
		r.Printed = cl.Figure
	}
	return r, nil
}

// Plan estimates, before any work, everything checking the claims will
// compute, as the engine plans it: each distinct distribution once (a
// refused one is an error naming its claim's file and line, with the
// engine's numbers) and each softmax check at its worst case. It returns
// a *PlanError when the whole is over the limits, so that a file of
// thousands of claims cannot run for hours unannounced.
func (c *Checker) Plan(cls []*Claim) error {
	budget := enumerate.Budget{Options: c.engineOptions()}
	seen := map[string]bool{}
	for _, cl := range cls {
		var seconds float64
		brute := false
		if cl.prep != nil {
			for _, p := range cl.prep.problems {
				key := distKey(p)
				if seen[key] {
					continue
				}
				seen[key] = true
				pl, err := c.plan(p)
				if err != nil {
					return &SyntaxError{File: cl.File, Line: cl.Line, Msg: err.Error()}
				}
				seconds += pl.Seconds()
				brute = brute || pl.Method() == enumerate.BruteForce
			}
		}
		seconds += softmaxSeconds(cl)
		if cl.prep != nil && cl.prep.everyWidth {
			seconds += checkTime.Seconds()
		}
		if seconds > 0 {
			budget.Add(enumerate.BudgetPart{What: fmt.Sprintf("%s:%d", cl.File, cl.Line), Seconds: seconds, Enumeration: brute})
		}
	}
	if err := budget.Check(); err != nil {
		var be *enumerate.BudgetError
		if errors.As(err, &be) {
			return &PlanError{BudgetError: be, Claims: len(cls)}
		}
		return err
	}
	return nil
}

// A PlanError refuses the claims of a run whose estimated work together
// passes the limits; it names the costliest claims (file:line).
type PlanError struct {
	*enumerate.BudgetError
	Claims int // the claims planned
}

// Unwrap returns the budget's refusal, with its numbers.
func (e *PlanError) Unwrap() error { return e.BudgetError }

// softmaxSeconds estimates the worst case of a softmax claim's check, 0
// for other kinds.
func softmaxSeconds(cl *Claim) float64 {
	n := strings.Count(cl.Settings["scores"], ",") + 1
	_, box := cl.Settings["rounded"]
	switch cl.Kind {
	case "softmax", "softmax-entry":
		return softmax.CheckSeconds(n)
	case "jacobian-max":
		return softmax.JacobianSeconds(n, !box)
	}
	return 0
}

// engineOptions are the engine options of every distribution.
func (c *Checker) engineOptions() enumerate.Options {
	return enumerate.Options{MaxTime: c.limits.MaxTime}
}

// plan plans the distribution of p with the engine's own choice and
// limits, as for 'sqrtdk table', and refuses what they do not allow.
func (c *Checker) plan(p enumerate.Problem) (*enumerate.Plan, error) {
	pl, err := enumerate.NewPlan(p, enumerate.Auto, c.engineOptions())
	if err != nil {
		return nil, err
	}
	if err := pl.Check(enumerate.NeedCounts); err != nil {
		var tl *enumerate.TooLargeError
		if errors.As(err, &tl) && !tl.Memory() {
			return nil, fmt.Errorf("%w; a claim about the space of pairs needs its whole distribution: choose a smaller d, or allow more time with --max-time", err)
		}
		return nil, fmt.Errorf("%w; a claim about the space of pairs needs its whole distribution: choose a smaller d", err)
	}
	return pl, nil
}

func distKey(p enumerate.Problem) string { return fmt.Sprintf("%s|%s|%d", p.Q, p.K, p.D) }

// distribution returns the exact distribution of q·k, computed once per
// alphabets and width while it stays in the cache.
func (c *checking) distribution(p enumerate.Problem) (*rational.Histogram, error) {
	key := distKey(p)
	if h := c.cache.get(key); h != nil {
		return h, nil
	}
	pl, err := c.plan(p)
	if err != nil {
		return nil, err
	}
	h, err := pl.Distribution(c.ctx)
	if err != nil {
		return nil, err
	}
	c.cache.put(key, h)
	return h, nil
}

// A distCache keeps distributions up to a number of bytes, dropping the
// least recently used first; one larger than the whole bound is not kept.
type distCache struct {
	max, bytes int64
	order      list.List // of *cacheEntry, most recently used first
	entries    map[string]*list.Element
	byHist     map[*rational.Histogram]*cacheEntry
}

type cacheEntry struct {
	key   string
	hist  *rational.Histogram
	bytes int64
	// mean and variance are the distribution's, once computed: a
	// variance sums every count, which a page grading answer after
	// answer would otherwise redo for each.
	mean, variance *big.Rat
}

func (d *distCache) setMax(max int64) {
	d.max = max
	d.evict()
}

func (d *distCache) get(key string) *rational.Histogram {
	e, ok := d.entries[key]
	if !ok {
		return nil
	}
	d.order.MoveToFront(e)
	return e.Value.(*cacheEntry).hist
}

func (d *distCache) put(key string, h *rational.Histogram) {
	size := histogramBytes(h)
	if size > d.max {
		return
	}
	if d.entries == nil {
		d.entries = map[string]*list.Element{}
		d.byHist = map[*rational.Histogram]*cacheEntry{}
	}
	e := &cacheEntry{key: key, hist: h, bytes: size}
	d.entries[key] = d.order.PushFront(e)
	d.byHist[h] = e
	d.bytes += size
	d.evict()
}

// mean returns h's mean, computed once for a distribution the cache keeps.
func (d *distCache) mean(h *rational.Histogram) *big.Rat {
	e, ok := d.byHist[h]
	if !ok {
		return h.Mean()
	}
	if e.mean == nil {
		e.mean = h.Mean()
	}
	return new(big.Rat).Set(e.mean)
}

// variance returns h's variance, computed once for a distribution the
// cache keeps.
func (d *distCache) variance(h *rational.Histogram) *big.Rat {
	e, ok := d.byHist[h]
	if !ok {
		return h.Variance()
	}
	if e.variance == nil {
		e.variance = h.Variance()
	}
	return new(big.Rat).Set(e.variance)
}

// evict drops the least recently used distributions until the rest fit.
func (d *distCache) evict() {
	for d.bytes > d.max && d.order.Len() > 0 {
		e := d.order.Back().Value.(*cacheEntry)
		d.order.Remove(d.order.Back())
		delete(d.entries, e.key)
		delete(d.byHist, e.hist)
		d.bytes -= e.bytes
	}
}

// histogramBytes estimates the memory of a histogram's counts: each
// big.Int's words and its header.
func histogramBytes(h *rational.Histogram) int64 {
	var n int64
	for _, c := range h.Counts {
		n += int64(len(c.Bits()))*8 + 40
	}
	return n
}
