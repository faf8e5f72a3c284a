package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"sync/atomic"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"
	"github.com/sqrtdk/sqrtdk/internal/split"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/shard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/version"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

var slicePattern = regexp.MustCompile(`^(0|[1-9][0-9]{0,8})/([1-9][0-9]{0,8})$`)

// parseSlice reads --shard "I/N"; ok is false when it was not given.
func (r *destinationFlags) parseSlice() (i, n int, ok bool, err error) {
	if r.slice == "" {
		return 0, 0, false, nil
	}
	m := slicePattern.FindStringSubmatch(r.slice)
	if m == nil {
		return 0, 0, false, fmt.Errorf("--shard: want I/N with 0 ≤ I < N, such as 0/4, not %q", r.slice)
	}
	i, _ = strconv.Atoi(m[1])
	n, _ = strconv.Atoi(m[2])
	if i >= n || n > split.MaxSlices {
		return 0, 0, false, fmt.Errorf("--shard: want I/N with 0 ≤ I < N ≤ %d, not %q", split.MaxSlices, r.slice)
	}
	return i, n, true, nil
}

// runShard enumerates slice i of n for every width and writes the shard
// result to path (standard output when empty); one file holds one
// histogram per width.
func runShard(ctx context.Context, files *guard.Files, fs *flag.FlagSet, command string, q, k rational.Alphabet, ds []int,
	method enumerate.Method, opt enumerate.Options, i, n int, path string, stdout, stderr io.Writer) error {
	if method != enumerate.Auto && method != enumerate.BruteForce {
		return fmt.Errorf("--shard enumerates by brute force; --method %s cannot be split (the closed form needs one machine only)", method)
	}
	if name := firstSet(fs, mergeOnlyFlags()); name != "" {
		return fmt.Errorf("--%s shapes the merged result: give it to 'sqrtdk merge', not to a --shard run", name)
	}
	if len(ds) > shard.MaxParts {
		return fmt.Errorf("--d: a shard holds at most %d widths, not %d; split the widths over several runs", shard.MaxParts, len(ds))
	}
	// Every slice is planned and checked before the first is enumerated.
	opt.Progress = new(atomic.Uint64) // shared: the slices of the widths run one after another
	ps := make([]*enumerate.Plan, len(ds))
	for j, d := range ds {
		pl, err := enumerate.NewPlan(enumerate.Problem{Q: q, K: k, D: d}, enumerate.BruteForce, opt)
		if err != nil {
			return err
		}
		if err := pl.CheckShard(i, n); err != nil {
			if errors.As(err, new(*enumerate.LimitError)) {
				return spec.AdviseRefusal(err, "")
			}
			return fmt.Errorf("--shard: %v", err)
		}
		ps[j] = pl
	}
	out, err := openOutput(files, "-o", path)
	if err != nil {
		return err
	}
	res := &shard.Result{Tool: version.String(), Command: command, Q: q, K: k, Method: enumerate.BruteForce, Index: i, Count: n}
	for _, pl := range ps {
		p := pl.Problem()
		lo, hi, err := split.Range(p.Q, p.D, i, n)
		if err != nil {
			return err
		}
		stop := startProgress(stderr, opt.Progress, split.Visits(p.K, p.D, lo, hi), fmt.Sprintf("d_k = %d, slice %d/%d", p.D, i, n))
		setProgress(ctx, counted(opt.Progress, split.Visits(p.K, p.D, lo, hi), fmt.Sprintf("d_k = %d, slice %d/%d", p.D, i, n)))
		h, err := pl.BruteShard(ctx, i, n)
		stop()
		if err != nil {
			return spec.AdviseRefusal(err, "")
		}
		nq, _ := split.QCount(p.Q, p.D)
		res.Parts = append(res.Parts, shard.Part{D: p.D, Lo: lo, Hi: hi, QTotal: nq, Hist: h})
	}
	return out.write(stdout, res.Write)
}
