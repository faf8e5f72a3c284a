package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/sqrtdk/sqrtdk/internal/report"
	"github.com/sqrtdk/sqrtdk/internal/shard"
)

func runMerge(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("merge", "[--format F] [--digits N] [--round R] [--scales LIST] [--latex-cells C] [-o FILE] SHARD-FILE...", stderr)
	var out outputFlags
	out.register(fs)
	scaleList := fs.String("scales", "raw,sqrt,d", "for table shards: scales, comma-separated: raw, sqrt, d or d^P")
	outPath := fs.String("o", "", "write the result to `FILE` instead of standard output; the file appears only when complete")
	names, err := parseFlagsAndArgs(fs, args)
	if err != nil {
		return err
	}
	if len(names) == 0 {
		return flagUsageError(fs, "no shard files given")
	}
	format, round, cells, err := out.parse()
	if err != nil {
		return err
	}
	scales, err := parseScales(*scaleList)
	if err != nil {
		return err
	}
	if err := checkDigitsCost(out.digits.cost(), scales); err != nil {
		return err
	}
	files := make([]shard.File, 0, len(names))
	for _, name := range names {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		r, err := shard.ReadFile(name)
		if err != nil {
			return err
		}
		files = append(files, shard.File{Name: name, Result: r})
	}
	m, err := shard.Merge(files)
	if err != nil {
		return err
	}
	dst, err := openOutput(*outPath)
	if err != nil {
		return err
	}
	defer dst.discard()
	switch m.Command {
	case "dist":
		var tableOnly string
		fs.Visit(func(f *flag.Flag) {
			if tableOnly == "" && (f.Name == "digits" || f.Name == "round" || f.Name == "latex-cells" || f.Name == "scales") {
				tableOnly = f.Name
			}
		})
		if tableOnly != "" {
			return fmt.Errorf("--%s applies to table shards; these shards are from 'sqrtdk dist'", tableOnly)
		}
		p := m.Parts[0]
		d := report.Dist{Q: m.Q, K: m.K, D: p.D, Method: m.Method, Hist: p.Hist}
		return dst.write(stdout, func(w io.Writer) error { return d.Write(w, format) })
	}
	t := report.Table{Q: m.Q, K: m.K, Scales: scales, Digits: out.digits.n, Round: round, Cells: cells}
	for _, p := range m.Parts {
		t.Rows = append(t.Rows, report.NewRow(p.D, p.Hist, m.Method, scales))
	}
	return dst.write(stdout, func(w io.Writer) error { return t.Write(w, format) })
}
