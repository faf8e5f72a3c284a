package main

import (
	"context"
	"fmt"
	"io"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/enumerate"
)

func runDist(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("dist", "", stderr)
	var (
		space  spaceFlags
		engine engineFlags
		format formatFlag
		latex  latexFlags
		dest   destinationFlags
	)
	space.register(fs, "2", true)
	engine.register(fs)
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
	lx, err := latex.parse(fs, f, true)
	if err != nil {
		return err
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
	stop := startProgress(stderr, pl.Options().Progress, pl.Visits(), fmt.Sprintf("d_k = %d", pl.Problem().D))
	h, err := pl.Distribution(ctx)
	stop()
	if err != nil {
		return spec.AdviseRefusal(err)
	}
	out := render.Dist{Q: q, K: k, D: pl.Problem().D, Method: pl.Method(), Hist: h, LaTeX: lx}
	return dst.write(stdout, func(w io.Writer) error { return out.Write(w, f) })
}
