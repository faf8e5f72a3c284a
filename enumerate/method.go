package enumerate

import (
	"context"
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Method chooses how a distribution is computed.
type Method int

const (
	// Auto enumerates up to AutoBrutePairs pairs and uses the closed form
	// beyond, by a rule that does not depend on the machine (see NewPlan).
	Auto Method = iota
	// BruteForce enumerates every pair.
	BruteForce
	// ClosedForm uses the exact convolution power.
	ClosedForm
	// Both runs the two and fails with a *MismatchError if they differ.
	Both
)

var methodNames = [...]string{"auto", "brute", "closed", "both"}

// String returns "auto", "brute", "closed" or "both", or "Method(n)" for
// a value that is none of them.
func (m Method) String() string {
	if m >= 0 && int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// ParseMethod reads a method name.
func ParseMethod(s string) (Method, error) {
	for i, n := range methodNames {
		if s == n {
			return Method(i), nil
		}
	}
	return 0, fmt.Errorf("unknown method %q (use auto, brute, closed or both)", s)
}

// Distribution computes the exact distribution of q·k with the plan's
// method; with Both it returns the enumerated one once the closed form
// agrees with it count for count.
func (pl *Plan) Distribution(ctx context.Context) (*rational.Histogram, error) {
	if err := pl.Check(NeedCounts); err != nil {
		return nil, err
	}
	switch pl.method {
	case BruteForce:
		return pl.brute(ctx)
	case ClosedForm:
		return pl.closed(ctx)
	}
	brute, err := pl.brute(ctx)
	if err != nil {
		return nil, err
	}
	closed, err := pl.closed(ctx)
	if err != nil {
		return nil, err
	}
	if err := compareHistograms(pl.problem.D, brute, closed); err != nil {
		return nil, err
	}
	return brute, nil
}

// Moments are the exact number of pairs and the mean and population
// variance of q·k over them.
type Moments struct {
	Pairs          *big.Int // the number of pairs (q, k)
	Mean, Variance *big.Rat // E[q·k] and Var(q·k) over them
}

// Moments returns the exact number of pairs, mean and variance of q·k with
// the plan's method; the closed form streams its counts,
// so it holds a few at a time.
func (pl *Plan) Moments(ctx context.Context) (*Moments, error) {
	if err := pl.Check(NeedMoments); err != nil {
		return nil, err
	}
	if pl.method == ClosedForm {
		return pl.closedMoments(ctx)
	}
	h, err := pl.Distribution(ctx)
	if err != nil {
		return nil, err
	}
	mean, variance, _ := h.Moments()
	return &Moments{Pairs: h.Total(), Mean: mean, Variance: variance}, nil
}

// compareHistograms returns a *MismatchError for the first score where the brute
// force histogram b and the closed form c differ, or nil.
func compareHistograms(d int, b, c *rational.Histogram) error {
	n := max(len(b.Counts), len(c.Counts))
	zero := new(big.Int)
	at := func(h *rational.Histogram, i int) *big.Int {
		if i < len(h.Counts) {
			return h.Counts[i]
		}
		return zero
	}
	if b.Base.Cmp(c.Base) != 0 || b.Step.Cmp(c.Step) != 0 {
		return fmt.Errorf("brute force and closed form use different score lattices at d_k = %d", d)
	}
	for i := range n {
		if at(b, i).Cmp(at(c, i)) != 0 {
			return &MismatchError{d: d, index: i, brute: at(b, i), closed: at(c, i), score: b.Score(i).RatString()}
		}
	}
	return nil
}
