package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/shard"
	"github.com/sqrtdk/sqrtdk/rational"
)

// runFlags are the flags that say which part of a run to do and where its
// result goes.
type runFlags struct {
	slice, output string
}

func (r *runFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&r.slice, "shard", "", "enumerate only slice `I/N` (0 ≤ I < N) of the q vectors and write a shard result for 'sqrtdk merge' instead of the usual output")
	fs.StringVar(&r.output, "o", "", "write the result to `FILE` instead of standard output; the file appears only when the result is complete")
}

var slicePattern = regexp.MustCompile(`^(0|[1-9][0-9]{0,8})/([1-9][0-9]{0,8})$`)

// parseSlice reads "I/N"; ok is false when no --shard was given.
func (r *runFlags) parseSlice() (i, n int, ok bool, err error) {
	if r.slice == "" {
		return 0, 0, false, nil
	}
	m := slicePattern.FindStringSubmatch(r.slice)
	if m == nil {
		return 0, 0, false, fmt.Errorf("--shard: want I/N with 0 ≤ I < N, such as 0/4, not %q", r.slice)
	}
	i, _ = strconv.Atoi(m[1])
	n, _ = strconv.Atoi(m[2])
	if i >= n || n > enumerate.MaxShards {
		return 0, 0, false, fmt.Errorf("--shard: want I/N with 0 ≤ I < N ≤ %d, not %q", enumerate.MaxShards, r.slice)
	}
	return i, n, true, nil
}

// mergeOnlyFlags are output flags that mean nothing to a shard run: they
// belong to the merge that prints the result.
var mergeOnlyFlags = []string{"format", "digits", "round", "latex-cells", "scales"}

// runShard enumerates slice i of n for every width and writes the shard
// result; one file holds one histogram per width.
func runShard(ctx context.Context, fs *flag.FlagSet, command string, q, k rational.Alphabet, ds []int,
	method enumerate.Method, opt enumerate.Options, i, n int, out *output, stdout, stderr io.Writer) error {
	if method != enumerate.Auto && method != enumerate.BruteForce {
		return fmt.Errorf("--shard enumerates by brute force; --method %s cannot be split (the closed form needs one machine only)", method)
	}
	var misplaced string
	fs.Visit(func(f *flag.Flag) {
		for _, name := range mergeOnlyFlags {
			if f.Name == name && misplaced == "" {
				misplaced = name
			}
		}
	})
	if misplaced != "" {
		return fmt.Errorf("--%s shapes the merged result: give it to 'sqrtdk merge', not to a --shard run", misplaced)
	}
	for _, d := range ds {
		if err := checkSlice(enumerate.Problem{Q: q, K: k, D: d}, i, n); err != nil {
			return err
		}
	}
	res := &shard.Result{Tool: shard.ToolVersion(), Command: command, Q: q, K: k, Method: "brute", Index: i, Count: n}
	for _, d := range ds {
		p := enumerate.Problem{Q: q, K: k, D: d}
		lo, hi, err := p.ShardRange(i, n)
		if err != nil {
			return err
		}
		var stop func()
		opt.Progress, stop = startProgress(stderr, p.ShardPairs(lo, hi), fmt.Sprintf("d_k = %d, slice %d/%d", d, i, n))
		h, err := enumerate.BruteRange(ctx, p, lo, hi, opt)
		stop()
		if err != nil {
			return err
		}
		nq, _ := p.QCount()
		res.Parts = append(res.Parts, shard.Part{D: d, Lo: lo, Hi: hi, QTotal: nq, Hist: h})
	}
	return out.write(stdout, res.Write)
}

// maxSliceSeconds is the longest one slice may take here, as brute force
// allows for a whole run.
const maxSliceSeconds = 3600

// checkSlice refuses, before any work, a slice that brute force cannot do
// or that would take hours, and says how many slices would do.
func checkSlice(p enumerate.Problem, i, n int) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if err := checkBruteReach(p); err != nil {
		return err
	}
	lo, hi, err := p.ShardRange(i, n)
	if err != nil {
		return err
	}
	nq, _ := p.QCount()
	whole := p.BruteSeconds()
	if s := whole * float64(hi-lo) / float64(nq); s > maxSliceSeconds {
		return fmt.Errorf("slice %d/%d at d_k = %d has %s pairs, about %.0f hours here; split the run into at least %.0f slices",
			i, n, p.D, p.ShardPairs(lo, hi), s/3600, math.Ceil(whole/maxSliceSeconds*1.01))
	}
	return nil
}
