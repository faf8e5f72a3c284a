package main

import (
	"context"
	"fmt"
	"io"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/report"
)

func runDist(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("dist", "[--values V] [--k-values V] [--d N] [--format F] [--method M] [--shard I/N] [-o FILE]", stderr)
	var spec specFlags
	var rf runFlags
	spec.register(fs)
	rf.register(fs)
	width := fs.String("d", "2", "width d_k")
	format := fs.String("format", "text", "output format: text, markdown, latex, csv or json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	q, k, method, opt, err := spec.parse()
	if err != nil {
		return err
	}
	f, err := report.ParseFormat(*format)
	if err != nil {
		return fmt.Errorf("--format: %v", err)
	}
	d, err := parseWidth(*width)
	if err != nil {
		return fmt.Errorf("--d: %v", err)
	}
	slice, slices, sharded, err := rf.parseSlice()
	if err != nil {
		return err
	}
	p := enumerate.Problem{Q: q, K: k, D: d}
	if !sharded {
		if err := checkProblem(p, method); err != nil {
			return err
		}
	}
	dst, err := openOutput(rf.output)
	if err != nil {
		return err
	}
	defer dst.discard()
	if sharded {
		return runShard(ctx, fs, "dist", q, k, []int{d}, method, opt, slice, slices, dst, stdout, stderr)
	}
	var stop func()
	opt.Progress, stop = startProgress(stderr, p.Cases(), fmt.Sprintf("d_k = %d", d))
	h, used, err := enumerate.Distribution(ctx, p, method, opt)
	stop()
	if err != nil {
		return err
	}
	out := report.Dist{Q: q, K: k, D: d, Method: used.String(), Hist: h}
	return dst.write(stdout, func(w io.Writer) error { return out.Write(w, f) })
}
