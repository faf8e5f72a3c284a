//go:build linux

package main

import (
	"bytes"
	"math"
	"os/exec"
	"regexp"
	"strconv"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestProveMemoryPlanNearPeak holds the memory prove plans for a width's
// assertions (the estimate its refusal names, by which prove --d 10000 is
// refused before work) to the peak resident memory of the same run done:
// within a factor of 1.6 either way, at widths where the pairs i < j
// dominate. The estimate is of memory held at the peak, garbage included,
// so only the process's peak can check it.
func TestProveMemoryPlanNearPeak(t *testing.T) {
	if testing.Short() {
		t.Skip("runs prove at d_k = 3000 (about a second and 500 MB)")
	}
	bin := sharedBinary(t)
	estimate := regexp.MustCompile(`the assertions at d_k = \d+ would hold about ([0-9.]+) MiB`)
	for _, d := range []string{"2000", "3000"} {
		var stderr bytes.Buffer
		refused := exec.Command(bin, "prove", "--d", d, "--max-memory", "100MiB")
		refused.Stderr = &stderr
		require.Error(t, refused.Run())
		m := estimate.FindStringSubmatch(stderr.String())
		require.NotNil(t, m, "%s", stderr.String())
		mib, err := strconv.ParseFloat(m[1], 64)
		require.NoError(t, err)

		run := exec.Command(bin, "prove", "--d", d, "--max-memory", "4GiB")
		require.NoError(t, run.Run())
		peak := float64(run.ProcessState.SysUsage().(*syscall.Rusage).Maxrss) / 1024 // KiB to MiB
		t.Logf("d_k = %s: planned %.0f MiB for the assertions, peak RSS %.0f MiB", d, mib, peak)
		require.InDelta(t, 0, logRatio(mib, peak), 0.47, "d_k = %s: planned %.0f MiB, peak %.0f MiB", d, mib, peak) // ln 1.6
	}
}

// logRatio is ln(a/b): a band on it is a factor either way.
func logRatio(a, b float64) float64 { return math.Log(a / b) }
