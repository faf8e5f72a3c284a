package main

import (
	"context"
	"fmt"
	"io"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/report"
)

func runDist(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("dist", "[--values V] [--k-values V] [--d N] [--format F] [--method M]", stderr)
	var spec specFlags
	spec.register(fs)
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
	p := enumerate.Problem{Q: q, K: k, D: d}
	if err := checkProblem(p, method); err != nil {
		return err
	}
	h, used, err := enumerate.Distribution(ctx, p, method, opt)
	if err != nil {
		return err
	}
	out := report.Dist{Q: q, K: k, D: d, Method: used.String(), Hist: h}
	return out.Write(stdout, f)
}
