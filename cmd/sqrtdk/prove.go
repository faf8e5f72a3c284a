package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

func runProve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("prove", "[--values V] [--k-values V] [--d LIST] [--format text|markdown|json]", stderr)
	values := fs.String("values", "-1,1", "entries of q: exact rationals `v[:m]` (m = multiplicity), comma-separated; ±a means -a,a")
	kValues := fs.String("k-values", "", "entries of k, same syntax (default: those of q)")
	widths := fs.String("d", "1,2,3,4", "widths d_k, comma-separated (every pair is enumerated, so keep them small)")
	format := fs.String("format", "text", "transcript format: text, markdown or json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	q, err := rational.ParseAlphabet(*values)
	if err != nil {
		return fmt.Errorf("--values: %v", err)
	}
	k := q
	if *kValues != "" {
		if k, err = rational.ParseAlphabet(*kValues); err != nil {
			return fmt.Errorf("--k-values: %v", err)
		}
	}
	ds, err := parseWidths(*widths)
	if err != nil {
		return fmt.Errorf("--d: %v", err)
	}
	write := map[string]func(*proofs.Transcript, io.Writer) error{
		"text":     (*proofs.Transcript).WriteText,
		"markdown": (*proofs.Transcript).WriteMarkdown,
		"json":     (*proofs.Transcript).WriteJSON,
	}[strings.TrimSpace(*format)]
	if write == nil {
		return fmt.Errorf("--format: unknown format %q (use text, markdown or json)", *format)
	}
	t, err := proofs.Prove(ctx, q, k, ds)
	if err != nil {
		return err
	}
	if err := write(t, stdout); err != nil {
		return err
	}
	if !t.Holds() {
		d := t.Diagnosis
		return &checkFailed{msg: fmt.Sprintf("the proof fails for these entries (smallest counterexample: d_k = %d, Step %d)", d.Smallest, d.Step)}
	}
	return nil
}
