//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestProveMemoryPlanNearPeak holds the memory prove plans for a width's
// assertions (the estimate its refusal names, by which prove --d 10000 is
// refused before work) to the peak resident memory of the same run done:
// within a factor of 2 either way, at widths where the pairs i < j
// dominate. The estimate is of memory held at the peak, garbage included,
// so only the process's peak can check it. The band is the collector's:
// it lets the heap grow to twice what it last marked live (GOGC=100), and
// on a loaded machine, where its mark worker gets less of a core, it
// reaches that goal: 330 MiB resident for 184 MiB planned at d_k = 2000 in
// a CI run at load 8 (2026-12-03), 1.8x; 263 and 595 MiB for 184 and 414
// in a run of this test alone, also at load 8: 1.43x.
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

		peak := peakRSS(t, bin, "prove", "--d", d, "--max-memory", "4GiB")
		t.Logf("d_k = %s: planned %.0f MiB for the assertions, peak RSS %.0f MiB", d, mib, peak)
		require.InDelta(t, 0, logRatio(mib, peak), math.Ln2, "d_k = %s: planned %.0f MiB, peak %.0f MiB", d, mib, peak)
	}
}

// logRatio is ln(a/b): a band on it is a factor either way.
func logRatio(a, b float64) float64 { return math.Log(a / b) }

func init() { reportPeakRSS = runReportingPeakRSS }

// runReportingPeakRSS runs the command cmd (a JSON list), discarding its
// output, prints its peak RSS in KiB and returns its exit status.
func runReportingPeakRSS(cmd string) int {
	var args []string
	if err := json.Unmarshal([]byte(cmd), &args); err != nil || len(args) == 0 {
		fmt.Fprintln(os.Stderr, peakRSSEnv+":", cmd)
		return 2
	}
	c := exec.Command(args[0], args[1:]...)
	c.Stderr = os.Stderr
	err := c.Run()
	if c.ProcessState == nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	fmt.Println(c.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)
	return c.ProcessState.ExitCode()
}

// peakRSS runs a command and returns its peak resident memory in MiB. A
// process's peak counts the memory of the one that started it when that
// one shares its memory until exec (as Go's os/exec does): here the test
// binary, which may hold a gigabyte after other tests (the peak read 1409
// MiB for a run of 259). So the test binary is started again, small, to
// start the command and report its peak.
func peakRSS(t *testing.T, args ...string) float64 {
	t.Helper()
	list, err := json.Marshal(args)
	require.NoError(t, err)
	helper := exec.Command(os.Args[0], "-test.run=^$")
	helper.Env = append(os.Environ(), peakRSSEnv+"="+string(list))
	var stderr bytes.Buffer
	helper.Stderr = &stderr
	out, err := helper.Output()
	require.NoError(t, err, "%v: %s", args, stderr.String())
	kib, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	require.NoError(t, err, "%q", out)
	return kib / 1024
}
