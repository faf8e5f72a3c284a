package main

import (
	"context"
	"io"
)

func runDiagnose(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return usageErrorf("diagnose: not yet")
}
