package main

import (
	"context"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/internal/diagnose"
	"github.com/sqrtdk/sqrtdk/rational"
)

func runDiagnose(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("diagnose", "--measured-std S --d-k N [--d-model N | --heads H] [--q-std S] [--k-std S]", stderr)
	measured := fs.String("measured-std", "", "std of the scores right before softmax, measured on one batch at initialisation (required)")
	dk := fs.String("d-k", "", "width of one attention head (required)")
	dModel := fs.String("d-model", "", "width of the whole model, all heads together")
	heads := fs.String("heads", "", "number of attention heads")
	qStd := fs.String("q-std", "", "measured std of the query entries (default: assume 1)")
	kStd := fs.String("k-std", "", "measured std of the key entries (default: assume 1)")
	tolerance := fs.String("tolerance", "1.5", "largest factor by which the best hypothesis may be off and still be believed")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	var in diagnose.Input
	var err error
	if *measured == "" {
		return usageErrorf("diagnose: --measured-std is required (the std of the scores before softmax)")
	}
	if in.MeasuredStd, err = positiveRat("--measured-std", *measured); err != nil {
		return err
	}
	if *dk == "" {
		return usageErrorf("diagnose: --d-k is required (the width of one head)")
	}
	if in.DK, err = positiveInt("--d-k", *dk); err != nil {
		return err
	}
	if *dModel != "" {
		if in.DModel, err = positiveInt("--d-model", *dModel); err != nil {
			return err
		}
	}
	if *heads != "" {
		if in.Heads, err = positiveInt("--heads", *heads); err != nil {
			return err
		}
	}
	if *qStd != "" {
		if in.QStd, err = positiveRat("--q-std", *qStd); err != nil {
			return err
		}
	}
	if *kStd != "" {
		if in.KStd, err = positiveRat("--k-std", *kStd); err != nil {
			return err
		}
	}
	tol, err := rational.ParseRat(*tolerance)
	if err != nil || tol.Cmp(big.NewRat(1, 1)) <= 0 {
		return usageErrorf("--tolerance must be a number above 1, not %q", *tolerance)
	}
	r, err := diagnose.Diagnose(in, tol)
	if err != nil {
		return usageErrorf("diagnose: %v", err)
	}
	if err := r.WriteText(stdout); err != nil {
		return err
	}
	if r.Verdict != diagnose.ScaleRight {
		return &checkFailed{msg: "diagnosis: " + r.Verdict.String()}
	}
	return nil
}

// positiveRat reads an exact positive number for the named flag.
func positiveRat(name, s string) (*big.Rat, error) {
	r, err := rational.ParseRat(s)
	if err != nil {
		return nil, usageErrorf("%s: %v", name, err)
	}
	if r.Sign() <= 0 {
		return nil, usageErrorf("%s must be positive, not %s", name, strings.TrimSpace(s))
	}
	return r, nil
}

// positiveInt reads a positive integer width or count for the named flag.
func positiveInt(name, s string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < 1 || n > diagnose.MaxWidth {
		return 0, usageErrorf("%s must be an integer from 1 to %d, not %q", name, diagnose.MaxWidth, s)
	}
	return n, nil
}
