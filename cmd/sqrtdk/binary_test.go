package main

import (
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sync"
	"testing"
)

// The tests that run sqrtdk as a process share one build of it, made on
// first use and removed when the tests end.
var shared struct {
	once sync.Once
	dir  string
	bin  string
	err  error
	out  []byte
}

// sharedBinary returns the path of the built sqrtdk, building it once.
func sharedBinary(t testing.TB) string {
	t.Helper()
	shared.once.Do(func() {
		if shared.dir, shared.err = os.MkdirTemp("", "sqrtdk-bin-"); shared.err != nil {
			return
		}
		shared.bin = filepath.Join(shared.dir, "sqrtdk")
		shared.out, shared.err = exec.Command("go", "build", "-o", shared.bin, ".").CombinedOutput()
	})
	if shared.err != nil {
		t.Fatalf("go build: %v: %s", shared.err, shared.out)
	}
	return shared.bin
}

// peakRSSEnv, set to a JSON list of a command and its arguments, makes the
// test binary run that command, print its peak RSS in KiB and exit with its
// status (see peakRSS, on Linux).
const peakRSSEnv = "SQRTDK_TEST_PEAK_RSS_OF"

// reportPeakRSS does what peakRSSEnv asks, where it is defined.
var reportPeakRSS func(cmd string) int

func TestMain(m *testing.M) {
	if cmd := os.Getenv(peakRSSEnv); cmd != "" && reportPeakRSS != nil {
		os.Exit(reportPeakRSS(cmd))
	}
	// The tests signal the processes they start, which inherit the
	// signals this one ignores (under nohup, SIGHUP): sqrtdk keeps
	// ignoring those, as it should, and the tests' SIGHUP would be lost.
	// Catching them here (and discarding them) gives children the
	// default action again.
	for _, s := range stopSignals {
		if signal.Ignored(s) {
			signal.Notify(make(chan os.Signal, 1), s)
		}
	}
	code := m.Run()
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}
