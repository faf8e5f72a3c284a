package main

import (
	"fmt"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// plans makes and checks, before any work, the plan of every width, so
// that a refusal comes at once and not after hours of earlier widths. The
// plans share opt.Progress: they run one after another, and each run's
// display starts it from zero (startProgress).
func plans(q, k rational.Alphabet, ds []int, m enumerate.Method, opt enumerate.Options, need enumerate.Need) ([]*enumerate.Plan, error) {
	out := make([]*enumerate.Plan, len(ds))
	for i, d := range ds {
		pl, err := enumerate.NewPlan(enumerate.Problem{Q: q, K: k, D: d}, m, opt)
		if err != nil {
			return nil, err
		}
		if err := pl.Check(need); err != nil {
			return nil, spec.AdviseRefusal(err, "")
		}
		out[i] = pl
	}
	return out, nil
}

// distinctWidths returns ds without repeats, in first-seen order.
func distinctWidths(ds []int) []int {
	seen := map[int]bool{}
	var out []int
	for _, d := range ds {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// countOf writes "1 width" or "3 widths".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
