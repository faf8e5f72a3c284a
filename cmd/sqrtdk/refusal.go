package main

import (
	"errors"
	"fmt"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// adviseRefusal words an engine's refusal for the command line: the
// engine's numbers, then the flag that gets the result another way.
func adviseRefusal(err error) error {
	var tl *enumerate.TooLargeError
	if !errors.As(err, &tl) {
		return err
	}
	var advice string
	switch {
	case tl.Unreachable(), tl.Method == enumerate.BruteForce && tl.Counts > 0:
		advice = "use --method closed for the exact distribution without enumerating"
	case tl.Method == enumerate.BruteForce && tl.Slices > 0:
		advice = fmt.Sprintf("split the run into at least %d slices, or allow more time with --max-time", tl.MinSlices)
	case tl.Method == enumerate.BruteForce:
		advice = "use --method closed for the exact distribution without enumerating, or allow more time with --max-time"
	case tl.Memory():
		advice = "choose a smaller d_k ('sqrtdk table' needs only the variance and streams the counts)"
	default:
		advice = "choose a smaller d_k, or allow more time with --max-time"
	}
	return fmt.Errorf("%w; %s", err, advice)
}

// plans makes and checks, before any work, the plan of every width, so
// that a refusal comes at once and not after hours of earlier widths.
func plans(q, k rational.Alphabet, ds []int, m enumerate.Method, opt enumerate.Options, need enumerate.Need) ([]*enumerate.Plan, error) {
	out := make([]*enumerate.Plan, len(ds))
	for i, d := range ds {
		pl, err := enumerate.NewPlan(enumerate.Problem{Q: q, K: k, D: d}, m, opt)
		if err != nil {
			return nil, err
		}
		if err := pl.Check(need); err != nil {
			return nil, adviseRefusal(err)
		}
		out[i] = pl
	}
	return out, nil
}
