package main

import (
	"context"
	"fmt"
	"io"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/report"
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
	// Every width is planned and checked before the first long computation starts.
	ps, err := plans(q, k, ds, method, opt, enumerate.NeedMoments)
	if err != nil {
		return err
	}
	dst, err := openOutput(dest.output)
	if err != nil {
		return err
	}
	defer dst.discard()
	t := report.Table{Q: q, K: k, Scales: n.scales, Digits: n.digits, Round: n.round, Cells: n.cells, LaTeX: lx}
	for _, pl := range ps {
		progress, stop := startProgress(stderr, pl.Visits(), fmt.Sprintf("d_k = %d", pl.Problem.D))
		mo, err := pl.WithProgress(progress).Moments(ctx)
		stop()
		if err != nil {
			return adviseRefusal(err)
		}
		t.Rows = append(t.Rows, report.NewRowFromVariance(pl.Problem.D, mo.Pairs, mo.Variance, pl.Method, n.scales))
	}
	return dst.write(stdout, func(w io.Writer) error { return t.Write(w, f) })
}
