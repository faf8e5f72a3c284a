//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSignalsStopEveryLongLoop sends SIGINT or SIGTERM to runs that spend
// their time outside enumeration: exact roots of irrational cells (table
// and merge), softmax branch and bound and many closed forms (check). Each
// must stop with 130 or 143, one line on stderr, nothing on stdout and no
// file left, and it logs how long it took to stop (the README's figures).
func TestSignalsStopEveryLongLoop(t *testing.T) {
	// About 1.5 s per case, six cases: cheap enough for -short, and the
	// only test of item 4 of the robustness issue, so CI runs it.
	dir := t.TempDir()
	bin := sharedBinary(t)
	work := filepath.Join(dir, "work")
	require.NoError(t, os.Mkdir(work, 0o755))
	at := func(name string) string { return filepath.Join(work, name) }
	var scales []string
	for i := 1; i < 60; i++ {
		scales = append(scales, fmt.Sprintf("d^%d/999", i))
	}
	for i, s := range []string{"0/2", "1/2"} {
		code, _, stderr := execSqrtdk(t, bin, "table", "--d", "7,11,13", "--shard", s, "-o", at(fmt.Sprintf("t%d.json", i)))
		require.Equal(t, 0, code, stderr)
	}
	var jac, law []string
	for range 5 {
		jac = append(jac, jacobianClaim())
	}
	require.NoError(t, os.WriteFile(at("jacobian.claims"), []byte(strings.Join(jac, "\n")+"\n"), 0o644))
	for d := 9000; d < 9100; d++ {
		law = append(law, fmt.Sprint(d))
	}
	require.NoError(t, os.WriteFile(at("law.claims"), []byte("law quantity=variance values=-1,0,1 d="+strings.Join(law, ",")+" is 2/3*d\n"), 0o644))
	fixtures := names(t, work)
	for _, c := range []struct {
		name string
		sig  syscall.Signal
		args []string
	}{
		{"table, 177 cells of 1001 places", syscall.SIGINT, []string{"table", "--digits", "1001", "--scales", strings.Join(scales, ","), "--d", "7,11,13", "-o", at("t.txt")}},
		{"table, the same, SIGTERM", syscall.SIGTERM, []string{"table", "--digits", "1001", "--scales", strings.Join(scales, ","), "--d", "7,11,13"}},
		{"table, large prime widths", syscall.SIGINT, []string{"table", "--digits", "1001", "--scales", "d^1/999,d^2/999,d^4/999", "--d", "99991,99989,99971,99961"}},
		{"merge, 177 cells of 1001 places", syscall.SIGTERM, []string{"merge", "--digits", "1001", "--scales", strings.Join(scales, ","), "-o", at("m.txt"), at("t0.json"), at("t1.json")}},
		{"check, jacobian-max of 64 scores", syscall.SIGINT, []string{"check", at("jacobian.claims")}},
		{"check, a law over 100 closed forms", syscall.SIGTERM, []string{"check", at("law.claims")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, code, latency := signalAfter(t, bin, c.args, cpuAtLeast(300*time.Millisecond), c.sig)
			t.Logf("%s: stopped %v after %v", c.name, latency.Round(time.Millisecond), c.sig)
			want := map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143}[c.sig]
			require.Equal(t, want, code, "stderr: %s", stderr)
			require.Empty(t, stdout)
			require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
			assert.Less(t, latency, scaled(3*time.Second), "slow to stop (load factor %.1f)", loadFactor())
			got := names(t, work)
			require.True(t, slices.Equal(fixtures, got), "files left behind: %v", got)
		})
	}
}

// TestInterruptStopsPromptly sends SIGINT to a d_k = 20 brute-force run of
// the built binary (1.1·10¹² pairs, minutes of work) and checks that it
// exits with status 130, one line on stderr, nothing on stdout and no
// output file. It logs how long the process took to stop.
func TestInterruptStopsPromptly(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a long enumeration for a second")
	}
	dir := t.TempDir()
	bin := sharedBinary(t)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"dist", []string{"dist", "--d", "20", "--method", "brute"}},
		{"shard to file", []string{"dist", "--d", "20", "--shard", "0/2", "-o", filepath.Join(dir, "s0.json")}},
		{"table to file", []string{"table", "--d", "2,20", "--method", "brute", "-o", filepath.Join(dir, "t.txt")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, code, latency := signalAfter(t, bin, c.args, cpuAtLeast(300*time.Millisecond), syscall.SIGINT)
			t.Logf("sqrtdk %s: stopped %v after SIGINT", strings.Join(c.args, " "), latency.Round(time.Millisecond))
			require.Equal(t, 130, code, "stderr: %s", stderr)
			require.Empty(t, stdout)
			require.Equal(t, "sqrtdk: interrupted; no result was printed\n", stderr)
			left, _ := filepath.Glob(filepath.Join(dir, "*.json"))
			partial, _ := filepath.Glob(filepath.Join(dir, ".*"))
			txt, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
			require.Empty(t, append(append(left, partial...), txt...), "files left behind")
		})
	}
}

// signalAfter starts the built binary, sends it sig once it is ready
// (catching sig, and r's event), failing the test if it finished before,
// and returns its output, exit status and how long it took to stop after
// the signal.
func signalAfter(t *testing.T, bin string, args []string, r readiness, sig syscall.Signal) (stdout, stderr string, code int, latency time.Duration) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	require.NoError(t, cmd.Start())
	// The buffers are read only after Wait, which returns once exec's
	// copying goroutines are done with them.
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	r.sig = sig
	await(t, cmd, done, r, 1500*time.Millisecond)
	sent := time.Now()
	require.NoError(t, cmd.Process.Signal(sig))
	err := <-done
	latency = time.Since(sent)
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, "stderr: %s", errOut.String())
	return out.String(), errOut.String(), exit.ExitCode(), latency
}

// TestStopSignals sends SIGINT, SIGTERM and SIGHUP to a shard run writing
// with -o, once its temporary file exists (the run is then enumerating
// d_k = 20, minutes of work): each must stop it with 128 + the signal's
// number, one line on stderr naming the signal, and no file left in the
// directory, temporary or final.
func TestStopSignals(t *testing.T) {
	dir := t.TempDir()
	bin := sharedBinary(t)
	out := filepath.Join(dir, "out")
	require.NoError(t, os.Mkdir(out, 0o755))
	for _, c := range []struct {
		sig    syscall.Signal
		status int
		line   string
	}{
		{syscall.SIGINT, 130, "sqrtdk: interrupted; no result was printed\n"},
		{syscall.SIGTERM, 143, "sqrtdk: terminated (SIGTERM); no result was printed\n"},
		{syscall.SIGHUP, 129, "sqrtdk: hung up (SIGHUP); no result was printed\n"},
	} {
		t.Run(c.sig.String(), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(bin, "dist", "--d", "20", "--shard", "0/2", "--workers", "1", "-o", filepath.Join(out, "s.json"))
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Start())
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			waitForFile(t, filepath.Join(out, ".s.json.*.partial"))
			await(t, cmd, done, readiness{sig: c.sig}, 0)
			require.NoError(t, cmd.Process.Signal(c.sig))
			err := <-done
			var exit *exec.ExitError
			require.ErrorAs(t, err, &exit)
			require.Equal(t, c.status, exit.ExitCode(), "stderr: %s", stderr.String())
			require.Equal(t, c.line, stderr.String())
			require.Empty(t, stdout.String())
			left, _ := os.ReadDir(out)
			require.Empty(t, left, "files left behind")
		})
	}
}
