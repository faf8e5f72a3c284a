package main

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/sqrtdk/sqrtdk/internal/deadlinetest"
)

// runCLI runs one command line in-process and returns stdout, stderr and
// the exit status main would give.
func runCLI(t testing.TB, line ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), line, &out, &errb)
	status := exitStatus(err, &errb)
	return out.String(), errb.String(), status
}

// runBin runs one command line with the built binary, without the race
// detector (where the command's output is what is checked and an
// in-process run under -race would only cost time), and returns stdout,
// stderr and the exit status, as runCLI does.
func runBin(t testing.TB, line ...string) (string, string, int) {
	t.Helper()
	status, stdout, stderr := runCommand(t, exec.Command(sharedBinary(t), line...))
	return stdout, stderr, status
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func shorten(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if len(a) > 40 {
			a = a[:20] + "…"
		}
		out[i] = a
	}
	return out
}

// loadFactor is the machine's load factor now (see deadlinetest.Factor).
func loadFactor() float64 { return deadlinetest.Factor() }

// scaled is d times loadFactor.
func scaled(d time.Duration) time.Duration { return deadlinetest.Scaled(d) }

// awaitDeadline bounds every wait for an event: only a run that never gets
// there (a hang) takes this long.
const awaitDeadline = 2 * time.Minute
