package main

import (
	"context"
	"fmt"
	"io"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/shard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"
	"github.com/sqrtdk/sqrtdk/enumerate"
)

func runMerge(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("merge", "SHARD-FILE...", stderr)
	var (
		format formatFlag
		nums   numberFlags
		latex  latexFlags
		dest   destinationFlags
		limits limitFlags
	)
	limits.register(fs)
	format.register(fs)
	nums.register(fs)
	latex.register(fs)
	dest.register(fs, false)
	names, err := parseFlagsAndArgs(fs, args)
	if err != nil {
		return err
	}
	if len(names) == 0 {
		return flagUsageError(fs, "no shard files given")
	}
	f, err := format.parse()
	if err != nil {
		return err
	}
	n, err := nums.parse()
	if err != nil {
		return err
	}
	lim, err := limits.parse(ctx)
	if err != nil {
		return err
	}
	files.Declare(shardInput, names...)
	dst, err := openOutput(files, "-o", dest.output)
	if err != nil {
		return err
	}
	// The files are read one at a time into a running sum, the sum's
	// counts and the file's held to the memory limit.
	var merger shard.Merger
	for _, name := range names {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		in, err := files.Open(ctx, shardInput, name)
		if err != nil {
			return err
		}
		r, err := shard.ReadLimited(in, in.Name, lim.Memory()-merger.Held())
		in.Close()
		if err != nil {
			return spec.AdviseRefusal(in.Err(err), "")
		}
		if err := merger.Add(shard.File{Name: name, Result: r}); err != nil {
			return err
		}
	}
	m, err := merger.Result()
	if err != nil {
		return err
	}
	switch m.Command {
	case "dist":
		if tableOnly := firstSet(fs, tableOnlyFlags()); tableOnly != "" {
			return fmt.Errorf("--%s applies to table shards; these shards are from 'sqrtdk dist'", tableOnly)
		}
		lx, err := latex.parse(fs, f, true)
		if err != nil {
			return err
		}
		p := m.Parts[0]
		d := render.Dist{Q: m.Q, K: m.K, D: p.D, Method: m.Method, Hist: p.Hist, LaTeX: lx}
		return dst.write(stdout, func(w io.Writer) error { return d.Write(w, f) })
	}
	lx, err := latex.parse(fs, f, false)
	if err != nil {
		return err
	}
	t := render.Table{Q: m.Q, K: m.K, Scales: n.scales, Digits: n.digits, Round: n.round, Cells: n.cells, LaTeX: lx}
	budget := enumerate.NewBudget(lim)
	if cells, c := t.RoundingCost(len(m.Parts)); cells > 0 {
		budget.Add(countOf(cells, "irrational cell", "irrational cells")+" rounded exactly", c)
	}
	if err := budget.Check(); err != nil {
		return spec.AdviseRefusal(err, "ask for fewer scales or places")
	}
	for _, p := range m.Parts {
		t.Rows = append(t.Rows, render.NewRow(p.D, p.Hist, m.Method, n.scales))
	}
	if err := t.PrepareDecimals(ctx); err != nil {
		return err
	}
	return dst.write(stdout, func(w io.Writer) error { return t.Write(w, f) })
}
