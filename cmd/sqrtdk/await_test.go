//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The process tests wait on events, not sleeps: a signal is sent once the
// process catches it (its SigCgt mask in /proc: Go's runtime is running)
// and has reached the state the test is about (a named pipe opened, a
// partial file written, CPU time spent computing, or its CPU time standing
// still while it waits). Each of those comes after main has installed
// sqrtdk's handlers (withStopSignals is main's first call), which SigCgt
// alone does not show. Where /proc is missing they fall back to a fixed
// pause. Deadlines on how fast a run stops are the standard's 2 s times
// loadFactor.

// procStatusMask reads a signal mask line (SigCgt, SigIgn) of
// /proc/PID/status.
func procStatusMask(pid int, field string) (uint64, bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			m, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
			return m, err == nil
		}
	}
	return 0, false
}

// sigBit is sig's bit in a /proc signal mask.
func sigBit(sig syscall.Signal) uint64 { return 1 << (uint(sig) - 1) }

// procCPU is the CPU time (user and system) process pid has used so far,
// from /proc/PID/stat in clock ticks of 10 ms.
func procCPU(pid int) (time.Duration, bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// The command name in parentheses may hold spaces: fields count from
	// the last ')'.
	i := strings.LastIndexByte(string(data), ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseUint(f[11], 10, 64)
	stime, err2 := strconv.ParseUint(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, true
}

// hasProc says whether /proc describes processes (Linux).
func hasProc() bool {
	_, err := os.Stat(fmt.Sprintf("/proc/%d/status", os.Getpid()))
	return err == nil
}

// readiness is what a test waits for before it signals a run: the run's
// handler for sig, then ready (nil: nothing more).
type readiness struct {
	sig   syscall.Signal
	ready func(pid int) bool
	what  string // what ready waits for, for the failure message
}

// await polls until the process cmd started catches r.sig and r.ready
// holds, failing the test if the process ends first (done receives its
// end) or awaitDeadline passes. Without /proc it pauses for fallback.
func await(t testing.TB, cmd *exec.Cmd, done <-chan error, r readiness, fallback time.Duration) {
	t.Helper()
	if !hasProc() {
		select {
		case err := <-done:
			t.Fatalf("ended before the signal (%v)", err)
		case <-time.After(fallback):
		}
		return
	}
	pid := cmd.Process.Pid
	deadline := time.After(awaitDeadline)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	handler := false
	for {
		select {
		case err := <-done:
			t.Fatalf("ended before the signal (%v), waiting for %s", err, r.what)
		case <-deadline:
			t.Fatalf("not ready after %v: waiting for %s (handler installed: %v)", awaitDeadline, r.what, handler)
		case <-tick.C:
		}
		if !handler {
			m, ok := procStatusMask(pid, "SigCgt")
			handler = ok && m&sigBit(r.sig) != 0
		}
		if handler && (r.ready == nil || r.ready(pid)) {
			return
		}
	}
}

// cpuAtLeast is ready once the process has used d of CPU time: it is well
// inside the work it was started for.
func cpuAtLeast(d time.Duration) readiness {
	return readiness{ready: func(pid int) bool {
		c, ok := procCPU(pid)
		return ok && c >= d
	}, what: fmt.Sprintf("%v of CPU time", d)}
}

// blocked is ready once the process's CPU time has stood still over 20
// polls in a row (100 ms or more): it waits rather than computes.
func blocked() readiness {
	last, still := time.Duration(-1), 0
	return readiness{ready: func(pid int) bool {
		c, ok := procCPU(pid)
		if !ok {
			return false
		}
		if c == last {
			still++
		} else {
			last, still = c, 0
		}
		return still >= 20
	}, what: "its CPU time to stand still"}
}

// fifoOpened is ready once someone holds the named pipe path open for
// reading: it opens the writing end (without blocking), which it keeps
// open and never writes, so that the reader then waits on a read. The
// writing end is closed when the test ends.
func fifoOpened(t testing.TB, path string) readiness {
	return readiness{ready: func(int) bool {
		fd, err := syscall.Open(path, syscall.O_WRONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err != nil {
			return false // ENXIO: no reader yet
		}
		t.Cleanup(func() { syscall.Close(fd) })
		return true
	}, what: "the named pipe " + path + " to be opened"}
}

// catching is r for sig.
func (r readiness) catching(sig syscall.Signal) readiness {
	r.sig = sig
	return r
}
