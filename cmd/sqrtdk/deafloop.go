//go:build sqrtdk_deafloop

package main

import (
	"context"
	"io"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
)

// The watchdog's test builds sqrtdk with the sqrtdk_deafloop tag, which
// adds this command: it reserves the output -o names and then computes,
// never looking at its context, until the process is ended. Every loop of
// the released commands now stops on its context (the last deaf one, a
// root's factoring, was made fast), so only this one shows that the
// watchdog ends such a loop and removes what the run created.
func init() {
	commands["deaf-loop"] = command{"(tests only) compute, deaf to signals, until ended", runDeafLoop}
}

func runDeafLoop(_ context.Context, files *guard.Files, args []string, _, _ io.Writer) error {
	if len(args) == 2 && args[0] == "-o" {
		if _, err := openOutput(files, "-o", args[1]); err != nil {
			return err
		}
	}
	x := uint64(1)
	for x != 0 {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return nil
}
