package main

import (
	"context"
	"fmt"
	"io"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/report"
)

func runDist(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("dist", "[--values V] [--k-values V] [--d N] [--format F] [--method M] [--max-time T] [--shard I/N] [-o FILE]", stderr)
	var (
		space  spaceFlags
		engine engineFlags
		format formatFlag
		dest   destinationFlags
	)
	space.register(fs, "2", true)
	engine.register(fs)
	format.register(fs)
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
	slice, slices, sharded, err := dest.parseSlice()
	if err != nil {
		return err
	}
	if sharded {
		return runShard(ctx, fs, "dist", q, k, ds, method, opt, slice, slices, dest.output, stdout, stderr)
	}
	ps, err := plans(q, k, ds, method, opt, enumerate.NeedCounts)
	if err != nil {
		return err
	}
	pl := ps[0]
	dst, err := openOutput(dest.output)
	if err != nil {
		return err
	}
	defer dst.discard()
	progress, stop := startProgress(stderr, pl.Cases(), fmt.Sprintf("d_k = %d", pl.Problem.D))
	h, err := pl.WithProgress(progress).Distribution(ctx)
	stop()
	if err != nil {
		return adviseRefusal(err)
	}
	out := report.Dist{Q: q, K: k, D: pl.Problem.D, Method: pl.Method, Hist: h}
	return dst.write(stdout, func(w io.Writer) error { return out.Write(w, f) })
}
