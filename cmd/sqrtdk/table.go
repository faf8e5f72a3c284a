package main

import (
	"context"
	"fmt"
	"io"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/enumerate"
)

func runTable(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("table", "", stderr)
	var (
		space  spaceFlags
		engine engineFlags
		format formatFlag
		nums   numberFlags
		latex  latexFlags
		dest   destinationFlags
	)
	space.register(fs, "1,2,4,6", false)
	engine.register(fs)
	format.register(fs)
	nums.register(fs)
	latex.register(fs)
	dest.register(fs, true)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	q, k, ds, err := space.parse()
	if err != nil {
		return err
	}
	method, opt, err := engine.parse()
	if err != nil {
		return err
	}
	f, err := format.parse()
	if err != nil {
		return err
	}
	n, err := nums.parse()
	if err != nil {
		return err
	}
	slice, slices, sharded, err := dest.parseSlice()
	if err != nil {
		return err
	}
	if sharded {
		return runShard(ctx, fs, "table", q, k, ds, method, opt, slice, slices, dest.output, stdout, stderr)
	}
	lx, err := latex.parse(fs, f, false)
	if err != nil {
		return err
	}
	// Every width is planned and checked, and the whole table's work
	// estimated, before the first long computation starts; a width listed
	// twice is computed once.
	distinct := distinctWidths(ds)
	ps, err := plans(q, k, distinct, method, opt, enumerate.NeedMoments)
	if err != nil {
		return err
	}
	t := render.Table{Q: q, K: k, Scales: n.scales, Digits: n.digits, Round: n.round, Cells: n.cells, LaTeX: lx}
	budget := enumerate.Budget{Options: opt}
	addPlans(&budget, ps)
	addRounding(&budget, &t, len(ds))
	if err := budget.Check(); err != nil {
		return adviseBudget(err, "ask for fewer widths, scales or places", true)
	}
	dst, err := openOutput(dest.output)
	if err != nil {
		return err
	}
	defer dst.discard()
	rows := map[int]render.Row{}
	for _, pl := range ps {
		stop := startProgress(stderr, pl.Options().Progress, pl.Visits(), fmt.Sprintf("d_k = %d", pl.Problem().D))
		mo, err := pl.Moments(ctx)
		stop()
		if err != nil {
			return spec.AdviseRefusal(err)
		}
		rows[pl.Problem().D] = render.NewRowFromVariance(pl.Problem().D, mo.Pairs, mo.Variance, pl.Method(), n.scales)
	}
	for _, d := range ds {
		t.Rows = append(t.Rows, rows[d])
	}
	if err := t.PrepareDecimals(ctx); err != nil {
		return err
	}
	return dst.write(stdout, func(w io.Writer) error { return t.Write(w, f) })
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
