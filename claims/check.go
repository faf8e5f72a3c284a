package claims

import (
	"context"
	"fmt"

	"github.com/sqrtdk/sqrtdk/enumerate"
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

// A Checker decides claims, computing every distribution it needs once; it
// is not safe for concurrent use.
type Checker struct {
	ctx   context.Context
	dists map[string]*rational.Histogram
}

// NewChecker returns a Checker whose computations stop when ctx is done.
func NewChecker(ctx context.Context) *Checker {
	return &Checker{ctx: ctx, dists: map[string]*rational.Histogram{}}
}

// Check decides one claim. An error means the claim could not be decided
// at all (a computation was cancelled or refused); it names the claim's
// file and line.
func (c *Checker) Check(cl *Claim) (Verdict, error) {
	r, err := cl.check(c)
	if err != nil {
		if c.ctx.Err() != nil {
			return r, c.ctx.Err()
		}
		return r, &SyntaxError{File: cl.File, Line: cl.Line, Msg: err.Error()}
	}
	r.Claim = cl
	if r.Printed == "" {
		r.Printed = cl.Figure
	}
	return r, nil
}

// distribution returns the exact distribution of q·k, computed once per
// alphabets and width.
func (c *Checker) distribution(p enumerate.Problem) (*rational.Histogram, error) {
	key := fmt.Sprintf("%s|%s|%d", p.Q, p.K, p.D)
	if h, ok := c.dists[key]; ok {
		return h, nil
	}
	// The engine's own choice and limits, as for 'sqrtdk table'.
	plan, err := enumerate.NewPlan(p, enumerate.Auto, enumerate.Options{})
	if err != nil {
		return nil, err
	}
	h, err := plan.Distribution(c.ctx)
	if err != nil {
		return nil, err
	}
	c.dists[key] = h
	return h, nil
}
