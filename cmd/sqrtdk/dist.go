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
	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

func runDist(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("dist", "", stderr)
	var (
		space  spaceFlags
		engine engineFlags
		limits limitFlags
		format formatFlag
		latex  latexFlags
		dest   destinationFlags
	)
	space.register(fs, "2", true)
	engine.register(fs)
	limits.register(fs)
	format.register(fs)
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
	slice, slices, sharded, err := dest.parseSlice()
	if err != nil {
		return err
	}
	if sharded {
		return runShard(ctx, files, fs, "dist", q, k, ds, method, opt, slice, slices, dest.output, stdout, stderr)
	}
	lx, err := latex.parse(fs, f, true)
	if err != nil {
		return err
	}
	opt.Progress = new(atomic.Uint64)
	ps, err := plans(q, k, ds, method, opt, enumerate.NeedCounts)
	if err != nil {
		return err
	}
	pl := ps[0]
	// The whole run, computing and writing the distribution, is planned
	// before either starts.
	budget := enumerate.NewBudget(opt.Limits)
	budget.AddPlan(pl, enumerate.NeedCounts)
	bits := q.VectorsLog2(pl.Problem().D) + k.VectorsLog2(pl.Problem().D)
	budget.Add(fmt.Sprintf("writing %s as %s", numwords.Count(pl.Scores(), "score"), f), render.DistWriteCost(f, pl.Scores(), bits))
	if err := budget.Check(); err != nil {
		return spec.AdviseRefusal(err, "choose a smaller d_k or another --format")
	}
	dst, err := openOutput(files, "-o", dest.output)
	if err != nil {
		return err
	}
	stop := startProgress(stderr, opt.Progress, pl.Visits(), fmt.Sprintf("d_k = %d", pl.Problem().D))
	setProgress(ctx, counted(opt.Progress, pl.Visits(), fmt.Sprintf("d_k = %d", pl.Problem().D)))
	h, err := pl.Distribution(ctx)
	stop()
	if err != nil {
		return spec.AdviseRefusal(err, "")
	}
	out := render.Dist{Q: q, K: k, D: pl.Problem().D, Method: pl.Method(), Hist: h, LaTeX: lx}
	return dst.write(stdout, func(w io.Writer) error { return out.Write(w, f) })
}
