package claims

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/softmax"
	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A Verdict says whether one claim holds, with the figure and the exact
// value (or the exact expectation, or an enclosure) it was compared with.
type Verdict struct {
	Claim   *Claim // the claim judged
	Holds   bool   // whether the printed figure is right
	Printed string // the figure as the claim prints it
	Exact   string // the exact value it was compared with, in words
}

// A Checker decides claims, computing each distribution it needs once
// while it fits in its cache (a quarter of the memory limit); it is not
// safe for concurrent use.
type Checker struct {
	limits enumerate.Limits
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

// NewChecker returns a Checker held to the limits l (the zero Limits are
// enumerate's defaults): each distribution's time and memory, the claims
// of a run together (see Plan), and the distributions kept for later
// claims, at most a quarter of l's memory.
func NewChecker(l enumerate.Limits) *Checker {
	c := &Checker{limits: l}
	c.cache.setMax(l.Memory() / 4)
	return c
}

// Check decides one claim; its computations stop, with ctx's error, once
// ctx is done. An error means the claim could not be decided at all: a
// computation was cancelled, refused (an *enumerate.LimitError naming the
// claim's file and line) or failed (a *SyntaxError naming them).
func (c *Checker) Check(ctx context.Context, cl *Claim) (Verdict, error) {
	// A figure whose value waited for the plan and is out of range was
	// not read: the file is wrong, not the claim.
	for _, d := range cl.figures {
		if _, err := d.value(); err != nil {
			return Verdict{}, &SyntaxError{File: cl.File, Line: cl.Line, Msg: fmt.Sprintf("%s: %v", cl.Kind, err)}
		}
	}
	r, err := cl.check(&checking{c, ctx})
	if err != nil {
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		if le := claimRefused(cl, err); le != nil {
			return r, le
		}
		return r, &SyntaxError{File: cl.File, Line: cl.Line, Msg: err.Error()}
	}
	r.Claim = cl
	if r.Printed == "" {
		r.Printed = cl.figure
	}
	return r, nil
}

// claimRefused returns the engine's refusal err, if it is one, as the
// refusal of claim cl: the same numbers, named by the claim's file and
// line and the whole distribution it needs.
func claimRefused(cl *Claim, err error) *enumerate.LimitError {
	var le *enumerate.LimitError
	if !errors.As(err, &le) {
		return nil
	}
	named := *le
	named.What = fmt.Sprintf("%s:%d: %s (for the whole distribution)", cl.File, cl.Line, le.What)
	if le.Unreachable() {
		named.What = fmt.Sprintf("%s:%d: %s", cl.File, cl.Line, le.What)
	}
	return &named
}

// Plan estimates, before any work, everything checking the claims will
// compute: each distinct distribution once, as the engine plans it (its
// time, and its memory with the distributions kept for later claims), the
// verdicts' arithmetic on it, a number's roots, each softmax check and
// the proof for every width (see budget). It returns an
// *enumerate.LimitError when one claim, or the whole, is over the limits
// (naming the claims, file:line, and their numbers), so that a file of
// thousands of claims cannot run for hours or exhaust memory unannounced.
func (c *Checker) Plan(cls []*Claim) error {
	budget, err := c.budget(cls)
	if err != nil {
		return err
	}
	return budget.Check()
}

// budget returns the plan of checking cls, the one Plan holds against the
// limits: for each claim its distributions (each distinct one once, as
// the engine plans it), its own arithmetic (a number's, see exprCost),
// its softmax check (once per scores, which the enclosures' cache shares)
// and the proof for every width; and the distributions kept for later
// claims. It returns an error for a distribution no method may compute.
func (c *Checker) budget(cls []*Claim) (*enumerate.Budget, error) {
	budget := enumerate.NewBudget(c.limits)
	seen := map[string]bool{}
	// kept is the memory of the distributions the cache keeps for later
	// claims, held while the next ones are computed.
	var kept float64
	keeps := map[string]bool{} // the distributions the cache keeps
	for _, cl := range cls {
		var cost enumerate.Cost
		if cl.prep != nil {
			for _, p := range cl.prep.problems {
				key := distKey(p)
				if !seen[key] {
					seen[key] = true
					pl, err := c.plan(p)
					if err != nil {
						if le := claimRefused(cl, err); le != nil {
							return nil, le
						}
						return nil, &SyntaxError{File: cl.File, Line: cl.Line, Msg: err.Error()}
					}
					dc := pl.Cost(enumerate.NeedCounts)
					own := dc.Bytes
					dc.Bytes += math.Min(kept, float64(c.cache.max))
					cost = cost.Then(dc)
					if own <= float64(c.cache.max) {
						kept += own
						keeps[key] = true
					}
				}
				// The moments (mean, variance, sum of squares) of a kept
				// distribution are computed once, planned with the first
				// claim that needs them; a printed one is written anew.
				moments := "moments|" + key
				if !sharesMoments(cl.Kind) || !seen[moments] {
					cost.Seconds += verdictCost(cl.Kind, p)
				}
				if sharesMoments(cl.Kind) && keeps[key] {
					seen[moments] = true
				}
			}
			cost.Seconds += cl.prep.seconds
		}
		for _, d := range cl.figures {
			cost.Seconds += d.seconds
		}
		if key := softmaxKey(cl); key == "" || !seen[key] {
			cost.Seconds += softmaxSeconds(cl)
			if key != "" {
				seen[key] = true
			}
		} else {
			cost.Seconds += softmax.CachedCheckSeconds(strings.Count(cl.Settings["scores"], ",") + 1)
		}
		if cl.prep != nil && cl.prep.seconds > 0 || len(cl.figures) > 0 || softmaxSeconds(cl) > 0 {
			cost.Bytes = math.Max(cost.Bytes, arithmeticBytes)
		}
		if cl.prep != nil && cl.prep.everyWidth {
			cost.Seconds += checkTime.Seconds()
		}
		// A claim that costs nothing is dropped from a refusal's parts.
		budget.Add(fmt.Sprintf("%s:%d", cl.File, cl.Line), cost)
	}
	return budget, nil
}

// arithmeticBytes is the heap a claim's own big-number or interval
// arithmetic (a number's roots, a softmax check) keeps live while it runs:
// its integers in flight and what the collector has not yet freed,
// 0.5-6.3 MiB for the runs of TestClaimCostCalibrated (2026-12-03, load
// 3-5).
const arithmeticBytes = 4 << 20

// softmaxKey names the enclosures a softmax or softmax-entry claim
// computes, which the checker's cache shares with every later claim of
// the same scores; "" for other kinds.
func softmaxKey(cl *Claim) string {
	if cl.Kind != "softmax" && cl.Kind != "softmax-entry" {
		return ""
	}
	return "softmax|" + cl.Settings["scores"] + "|" + cl.Settings["dk"] + "|" + cl.Settings["rounded"]
}

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

// plan plans the distribution of p with the engine's own choice and the
// checker's limits, as for 'sqrtdk table', and refuses what they do not
// allow (an *enumerate.LimitError).
func (c *Checker) plan(p enumerate.Problem) (*enumerate.Plan, error) {
	pl, err := enumerate.NewPlan(p, enumerate.Auto, enumerate.Options{Limits: c.limits})
	if err != nil {
		return nil, err
	}
	if err := pl.Check(enumerate.NeedCounts); err != nil {
		return nil, err
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
	// mean, variance and sumOfSquares are the distribution's, once
	// computed (moments).
	mean, variance, sumOfSquares *big.Rat
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

// moments returns h's mean, variance and sum of squares, computed once
// for a distribution the cache keeps: they sum every count, which a page
// grading answer after answer would otherwise redo for each.
func (d *distCache) moments(h *rational.Histogram) (mean, variance, sumOfSquares *big.Rat) {
	e, ok := d.byHist[h]
	if !ok {
		return h.Moments()
	}
	if e.mean == nil {
		e.mean, e.variance, e.sumOfSquares = h.Moments()
	}
	return new(big.Rat).Set(e.mean), new(big.Rat).Set(e.variance), new(big.Rat).Set(e.sumOfSquares)
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
