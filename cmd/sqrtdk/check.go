package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/sqrtdk/sqrtdk/claims"
)

func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("check", "FILE...", stderr)
	names, err := parseFlagsAndArgs(fs, args)
	if err != nil {
		return err
	}
	if len(names) == 0 {
		return flagUsageError(fs, "name at least one claims file")
	}
	// Every file is read and parsed before anything is computed, so a
	// malformed file is reported at once.
	var files []*claims.File
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return usageErrorf("check: %v", err)
		}
		parsed, err := claims.Parse(name, f)
		f.Close()
		if err != nil {
			return usageErrorf("%v", err)
		}
		files = append(files, parsed)
	}
	checker := claims.NewChecker(ctx)
	var results []claims.Verdict
	for _, f := range files {
		for _, c := range f.Claims {
			r, err := checker.Check(c)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return usageErrorf("%v", err)
			}
			results = append(results, r)
		}
	}
	if err := claims.WriteReport(stdout, results); err != nil {
		return err
	}
	if _, fails := claims.Summary(results); fails > 0 {
		return &checkFailed{msg: fmt.Sprintf("%d of %d claims fail", fails, len(results))}
	}
	return nil
}
