//go:build sqrtdk_deafloop

package main

import (
	"context"
	"io"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
)

// The watchdog's test builds sqrtdk with the sqrtdk_deafloop tag, which
// adds this command: it reserves the output -o names, arms the budget of
// --max-time and --max-memory, and then computes, never looking at its
// context, until the process is ended. Every loop of
// the released commands now stops on its context (the last deaf one, a
// root's factoring, was made fast), so only this one shows that the
// watchdog ends such a loop and removes what the run created.
func init() {
	commands["deaf-loop"] = command{"(tests only) compute, deaf to signals, until ended", runDeafLoop}
}

func runDeafLoop(ctx context.Context, files *guard.Files, args []string, _, stderr io.Writer) error {
	fs := newFlagSet("deaf-loop", "", stderr)
	output := fs.String("o", "", "reserve this output")
	var limits limitFlags
	limits.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *output != "" {
		if _, err := openOutput(files, "-o", *output); err != nil {
			return err
		}
	}
	if _, err := limits.parse(ctx); err != nil {
		return err
	}
	x := uint64(1)
	for x != 0 {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return nil
}
