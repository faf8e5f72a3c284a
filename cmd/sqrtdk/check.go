package main

import (
	"context"
	"fmt"
	"io"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

func runCheck(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("check", "FILE... (- reads standard input)", stderr)
	var format choiceFormatFlag
	format.register(fs, "text", "text", "json")
	var limits limitFlags
	limits.register(fs)
	names, err := parseFlagsAndArgs(fs, args)
	if err != nil {
		return err
	}
	if len(names) == 0 {
		return flagUsageError(fs, "name at least one claims file")
	}
	f, err := format.parse()
	if err != nil {
		return err
	}
	if err := oneStdin(names); err != nil {
		return err
	}
	// Every file is read and parsed before anything is computed, so a
	// malformed file is reported at once.
	var parsedFiles [][]*claims.Claim
	for _, name := range names {
		in, err := files.Open(ctx, claimsInput, name)
		if err != nil {
			return err
		}
		parsed, err := claims.Parse(in.Name, in)
		in.Close()
		if err != nil {
			return in.Err(err)
		}
		parsedFiles = append(parsedFiles, parsed)
	}
	lim, err := limits.parse(ctx)
	if err != nil {
		return usageErrorf("%v", err)
	}
	// The work of every claim is estimated before any starts.
	checker := claims.NewChecker(lim)
	var all []*claims.Claim
	for _, f := range parsedFiles {
		all = append(all, f...)
	}
	if err := checker.Plan(all); err != nil {
		return spec.AdviseRefusal(err, "check fewer claims per run")
	}
	var results []claims.Verdict
	for _, f := range parsedFiles {
		for _, c := range f {
			r, err := checker.Check(ctx, c)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				if refused := spec.AdviseRefusal(err, "check fewer claims per run"); refused != err {
					return refused
				}
				return usageErrorf("%v", err)
			}
			results = append(results, r)
		}
	}
	if err := render.WriteVerdicts(stdout, results, f); err != nil {
		return err
	}
	fails := 0
	for _, r := range results {
		if !r.Holds {
			fails++
		}
	}
	if fails > 0 {
		return &checkFailed{msg: fmt.Sprintf("%d of %s %s", fails, numwords.Count(len(results), "claim"), numwords.Agree(fails, "fails", "fail"))}
	}
	return nil
}

// oneStdin refuses standard input named twice: it can be read once.
func oneStdin(names []string) error {
	n := 0
	for _, name := range names {
		if name == "-" {
			n++
		}
	}
	if n > 1 {
		return usageErrorf("standard input (-) can be read only once")
	}
	return nil
}
