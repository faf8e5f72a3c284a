package main

import (
	"context"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/enumerate"
)

func runTable(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("table", "", stderr)
	var (
		space  spaceFlags
		engine engineFlags
		limits limitFlags
		format formatFlag
		nums   numberFlags
		latex  latexFlags
		dest   destinationFlags
	)
	space.register(fs, "1,2,4,6", false)
	engine.register(fs)
	limits.register(fs)
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
	if opt.Limits, err = limits.parse(ctx); err != nil {
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
		return runShard(ctx, files, fs, "table", q, k, ds, method, opt, slice, slices, dest.output, stdout, stderr)
	}
	lx, err := latex.parse(fs, f, false)
	if err != nil {
		return err
	}
	// Every width is planned and checked, and the whole table's work
	// estimated, before the first long computation starts; a width listed
	// twice is computed once.
	distinct := distinctWidths(ds)
	opt.Progress = new(atomic.Uint64)
	ps, err := plans(q, k, distinct, method, opt, enumerate.NeedMoments)
	if err != nil {
		return err
	}
	t := render.Table{Q: q, K: k, Scales: n.scales, Digits: n.digits, Round: n.round, Cells: n.cells, LaTeX: lx}
	budget := enumerate.NewBudget(opt.Limits)
	for _, pl := range ps {
		budget.AddPlan(pl, enumerate.NeedMoments)
	}
	if cells, c := t.RoundingCost(len(ds)); cells > 0 {
		budget.Add(countOf(cells, "irrational cell", "irrational cells")+" rounded exactly", c)
	}
	if err := budget.Check(); err != nil {
		return spec.AdviseRefusal(err, "ask for fewer widths")
	}
	dst, err := openOutput(files, "-o", dest.output)
	if err != nil {
		return err
	}
	rows := map[int]render.Row{}
	for _, pl := range ps {
		stop := startProgress(stderr, opt.Progress, pl.Visits(), fmt.Sprintf("d_k = %d", pl.Problem().D))
		setProgress(ctx, counted(opt.Progress, pl.Visits(), fmt.Sprintf("d_k = %d", pl.Problem().D)))
		mo, err := pl.Moments(ctx)
		stop()
		if err != nil {
			return spec.AdviseRefusal(err, "")
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
