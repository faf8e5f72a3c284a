package main

import (
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// plans makes and checks, before any work, the plan of every width, so
// that a refusal comes at once and not after hours of earlier widths; each
// plan counts its progress on a counter of its own (Options.Progress).
func plans(q, k rational.Alphabet, ds []int, m enumerate.Method, opt enumerate.Options, need enumerate.Need) ([]*enumerate.Plan, error) {
	out := make([]*enumerate.Plan, len(ds))
	for i, d := range ds {
		opt.Progress = new(atomic.Uint64)
		pl, err := enumerate.NewPlan(enumerate.Problem{Q: q, K: k, D: d}, m, opt)
		if err != nil {
			return nil, err
		}
		if err := pl.Check(need); err != nil {
			return nil, spec.AdviseRefusal(err)
		}
		out[i] = pl
	}
	return out, nil
}

// addPlans adds the planned widths to a run's budget, grouped by method.
func addPlans(b *enumerate.Budget, ps []*enumerate.Plan) {
	groups := map[enumerate.Method][]*enumerate.Plan{}
	var order []enumerate.Method
	for _, pl := range ps {
		if groups[pl.Method()] == nil {
			order = append(order, pl.Method())
		}
		groups[pl.Method()] = append(groups[pl.Method()], pl)
	}
	for _, m := range order {
		var s float64
		for _, pl := range groups[m] {
			s += pl.Seconds()
		}
		how := map[enumerate.Method]string{enumerate.BruteForce: "enumerated", enumerate.ClosedForm: "by the closed form", enumerate.Both: "by both methods"}[m]
		b.Add(enumerate.BudgetPart{What: fmt.Sprintf("%s %s", countOf(len(groups[m]), "width", "widths"), how), Seconds: s, Enumeration: m == enumerate.BruteForce})
	}
}

// addRounding adds a table's irrational cells, rows of them, to a run's
// budget: each may need an exact root (rational.Scale.RoundingSeconds).
func addRounding(b *enumerate.Budget, t *render.Table, rows int) {
	var s float64
	cells := 0
	for i, sc := range t.Scales {
		if c := sc.RoundingSeconds(t.Places(i)); c > 0 {
			s += c * float64(rows)
			cells += rows
		}
	}
	if cells > 0 {
		b.Add(enumerate.BudgetPart{What: countOf(cells, "irrational cell", "irrational cells") + " rounded exactly", Seconds: s})
	}
}

// adviseBudget words a run's budget refusal with advice on what to ask
// for instead, and more time where --max-time exists.
func adviseBudget(err error, advice string, maxTimeFlag bool) error {
	var be *enumerate.BudgetError
	if !errors.As(err, &be) {
		return err
	}
	if !maxTimeFlag {
		return fmt.Errorf("%w; %s", err, advice)
	}
	return fmt.Errorf("%w; %s, or allow more time with --max-time", err, advice)
}

// countOf writes "1 width" or "3 widths".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
