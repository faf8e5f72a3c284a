//go:build linux

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stopCase is a run that blocks or computes past its signal: the input it
// reads from stdin (nil: none), whether its stdout is a pipe no one reads.
type stopCase struct {
	name     string
	args     []string
	stdin    func(t *testing.T) *os.File
	fullPipe bool
	bin      string                       // the binary to run; "" for the shared build
	ready    func(t *testing.T) readiness // when it waits where the case is about
}

// stopLatency starts the built binary, signals it once it is ready (see
// await) and returns its exit status, stderr and the time it took to end
// after the signal.
func stopLatency(t *testing.T, dir string, c stopCase, r readiness, sig syscall.Signal) (int, string, time.Duration) {
	t.Helper()
	bin := c.bin
	if bin == "" {
		bin = sharedBinary(t)
	}
	cmd := exec.Command(bin, c.args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if c.stdin != nil {
		cmd.Stdin = c.stdin(t)
	}
	if c.fullPipe {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		defer r.Close() // never read: the pipe fills
		cmd.Stdout = w
		defer w.Close()
	}
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	r.sig = sig
	await(t, cmd, done, r, 500*time.Millisecond)
	sent := time.Now()
	require.NoError(t, cmd.Process.Signal(sig))
	var err error
	select {
	case err = <-done:
	case <-time.After(scaled(10 * time.Second)):
		cmd.Process.Kill()
		<-done
		t.Fatalf("still running %v after %v", scaled(10*time.Second), sig)
	}
	latency := time.Since(sent)
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "%v: %s", err, stderr.String())
	return exit.ExitCode(), stderr.String(), latency
}

// TestEveryWaitIsStoppable signals runs that wait on input no one writes,
// on output no one reads, or compute where nothing looks at the context:
// each must end within 2 s with the signal's status and one line, and
// leave no file. It logs each latency (the README's figures).
func TestEveryWaitIsStoppable(t *testing.T) {
	dir := t.TempDir()
	at := func(n string) string { return filepath.Join(dir, n) }
	for _, n := range []string{"key.fifo", "claims.fifo", "shard.fifo", "joint.fifo", "late.fifo"} {
		require.NoError(t, syscall.Mkfifo(at(n), 0o644))
	}
	for _, n := range []string{"right.answers", "lesson.key"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "exercises", n))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(at(n), b, 0o644))
	}
	var many []string
	for i := range 3000 {
		n := fmt.Sprintf("s%04d.answers", i)
		require.NoError(t, os.WriteFile(at(n), []byte(fmt.Sprintf("student s%d\n1 65536 8.0 1.00 0.125\n", i)), 0o644))
		many = append(many, n)
	}
	silentPipe := func(t *testing.T) *os.File {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		t.Cleanup(func() { w.Close(); r.Close() })
		return r
	}
	fifo := func(n string) func(t *testing.T) readiness {
		return func(t *testing.T) readiness { return fifoOpened(t, at(n)) }
	}
	waits := func(*testing.T) readiness { return blocked() }
	cases := []stopCase{
		{name: "check - reading a pipe no one writes", args: []string{"check", "-"}, stdin: silentPipe, ready: waits},
		{name: "grade with a named pipe as key", args: []string{"grade", "--key", "key.fifo", "right.answers"}, ready: fifo("key.fifo")},
		{name: "check of a named pipe", args: []string{"check", "claims.fifo"}, ready: fifo("claims.fifo")},
		{name: "merge of a named pipe", args: []string{"merge", "-o", "m.txt", "shard.fifo"}, ready: fifo("shard.fifo")},
		{name: "prove --joint of a named pipe", args: []string{"prove", "--joint", "joint.fifo"}, ready: fifo("joint.fifo")},
		{name: "grade reading an answer pipe", args: []string{"grade", "--key", "lesson.key", "-"}, stdin: silentPipe, ready: waits},
		{name: "dist into a full pipe", args: []string{"dist", "--values", "-1,0,1", "--d", "4000", "--method", "closed"}, fullPipe: true, ready: waits},
		// Grading 3000 files takes a tenth of a second on an idle
		// machine: the run then waits on the named pipe given last, with
		// its report reserved. It is signalled once it opens that pipe.
		{name: "grade of 3000 answer files", args: append(append([]string{"grade", "--key", "lesson.key", "--class-report", "r.csv"}, many...), "late.fifo"), ready: fifo("late.fifo")},
	}
	for _, c := range cases {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
			t.Run(c.name+"/"+sig.String(), func(t *testing.T) {
				code, stderr, latency := stopLatency(t, dir, c, c.ready(t), sig)
				t.Logf("stopped %v after %v", latency.Round(time.Millisecond), sig)
				assert.Equal(t, 128+int(sig), code, stderr)
				assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
				assert.Less(t, latency, scaled(2*time.Second), "load factor %.1f", loadFactor())
				for _, n := range names(t, dir) {
					if !strings.HasSuffix(n, ".answers") {
						assert.Contains(t, []string{"key.fifo", "claims.fifo", "shard.fifo", "joint.fifo", "late.fifo", "lesson.key"}, n, "left behind")
					}
				}
			})
		}
	}
}

// TestWatchdogEndsDeafLoops signals a run that computes for minutes in a
// loop that never looks at its context: the watchdog ends it a second
// after the signal, with the signal's status, and removes its temporary
// files.
func TestWatchdogEndsDeafLoops(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(t.TempDir(), "sqrtdk-deaf")
	out, err := exec.Command("go", "build", "-tags", "sqrtdk_deafloop", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	c := stopCase{name: "a loop deaf to its context", bin: bin, args: []string{"deaf-loop", "-o", "f.svg"}}
	code, stderr, latency := stopLatency(t, dir, c, cpuAtLeast(200*time.Millisecond), syscall.SIGTERM)
	t.Logf("stopped %v after SIGTERM", latency.Round(time.Millisecond))
	assert.Equal(t, 143, code, stderr)
	assert.Equal(t, "sqrtdk: terminated (SIGTERM); no result was printed\n", stderr)
	assert.Less(t, latency, scaled(2*time.Second), "load factor %.1f", loadFactor())
	assert.Empty(t, names(t, dir), "files left behind")
}

// TestBudgetEndsDeafLoops runs a loop that never looks at its context
// past its --max-time: the run is ended a second after its budget ran
// out, as a refusal: exit status 2, one line naming the flag, and no file
// left, temporary or final.
func TestBudgetEndsDeafLoops(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(t.TempDir(), "sqrtdk-deaf")
	out, err := exec.Command("go", "build", "-tags", "sqrtdk_deafloop", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	cmd := exec.Command(bin, "deaf-loop", "-o", "f.svg", "--max-time", "300ms")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("still running 30 s after a --max-time of 300ms")
	}
	t.Logf("ended after %v", time.Since(start).Round(time.Millisecond))
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 2, exit.ExitCode(), stderr.String())
	assert.Regexp(t, `^sqrtdk deaf-loop: --max-time 300ms: stopped at its time limit after [0-9.]+m?s; no file was written\n$`, stderr.String())
	assert.Empty(t, names(t, dir), "files left behind")
}

// TestNohupKeepsSIGHUPIgnored starts a long run under nohup, which
// ignores SIGHUP: sqrtdk must keep ignoring it (os/signal would catch it
// again), and still stop on SIGTERM with its status and line.
func TestNohupKeepsSIGHUPIgnored(t *testing.T) {
	nohup, err := exec.LookPath("nohup")
	if err != nil {
		t.Skip("no nohup")
	}
	cmd := exec.Command(nohup, sharedBinary(t), "dist", "--d", "20", "--method", "brute")
	cmd.Dir = t.TempDir()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	await(t, cmd, done, cpuAtLeast(200*time.Millisecond).catching(syscall.SIGTERM), 300*time.Millisecond)
	stillIgnores(t, cmd.Process.Pid, syscall.SIGHUP)
	require.NoError(t, cmd.Process.Signal(syscall.SIGHUP))
	select {
	case err := <-done:
		t.Fatalf("ended on a SIGHUP that nohup ignores (%v): %s", err, stderr.String())
	case <-time.After(1500 * time.Millisecond):
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	select {
	case err = <-done:
	case <-time.After(scaled(10 * time.Second)):
		cmd.Process.Kill()
		t.Fatal("still running 10 s (times the load factor) after SIGTERM")
	}
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 143, exit.ExitCode(), stderr.String())
	assert.Contains(t, stderr.String(), "sqrtdk: terminated (SIGTERM); no result was printed\n")
}

// TestIgnoredAtStartStaysIgnored starts a long run as a shell's
// background job does (SIGINT and SIGHUP ignored): neither stops it, and
// SIGTERM, which Go's runtime always catches, still does, with its
// status and line.
func TestIgnoredAtStartStaysIgnored(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	cmd := exec.Command(sh, "-c", `trap "" INT HUP; exec "$0" dist --d 20 --method brute`, sharedBinary(t))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	await(t, cmd, done, cpuAtLeast(200*time.Millisecond).catching(syscall.SIGTERM), 300*time.Millisecond)
	stillIgnores(t, cmd.Process.Pid, syscall.SIGINT, syscall.SIGHUP)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGHUP} {
		require.NoError(t, cmd.Process.Signal(sig))
	}
	select {
	case err := <-done:
		t.Fatalf("ended on a signal it was started ignoring (%v): %s", err, stderr.String())
	case <-time.After(1500 * time.Millisecond):
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	select {
	case err = <-done:
	case <-time.After(scaled(10 * time.Second)):
		cmd.Process.Kill()
		t.Fatal("still running 10 s (times the load factor) after SIGTERM")
	}
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 143, exit.ExitCode(), stderr.String())
	assert.Equal(t, "sqrtdk: terminated (SIGTERM); no result was printed\n", stderr.String())
}

// stillIgnores requires that the process ignores each of sigs (its
// SigIgn mask in /proc) after it has begun its work: sqrtdk kept the
// "ignore" it was started with.
func stillIgnores(t *testing.T, pid int, sigs ...syscall.Signal) {
	t.Helper()
	if !hasProc() {
		return
	}
	m, ok := procStatusMask(pid, "SigIgn")
	require.True(t, ok, "no SigIgn in /proc/%d/status", pid)
	for _, s := range sigs {
		assert.NotZero(t, m&sigBit(s), "%v is no longer ignored", s)
	}
}
