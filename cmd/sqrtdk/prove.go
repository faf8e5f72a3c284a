package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/sqrtdk/sqrtdk/proofs"
)

func runProve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("prove", "", stderr)
	var space spaceFlags
	space.register(fs, "1,2,3,4", false)
	format := fs.String("format", "text", "transcript format: text, markdown or json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	q, k, ds, err := space.parse()
	if err != nil {
		return err
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
