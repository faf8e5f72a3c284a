//go:build linux

package main

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/hostiletest"
)

// TestHostile runs the hostile harness (cmd/sqrtdk/internal/hostiletest): 1000
// seeded bad command lines (150 with -short) through the built binary, each
// under an address-space limit of 1 GiB and a time limit of 3 s (times the
// load factor, as is the 2 s to stop), holding every run
// to exit status 0, 1, 2, 129, 130 or 143, no stack trace, inputs
// unchanged, nothing left by a failure, one error line of at most 200
// characters naming what is wrong, and an end within 2 s of a signal.
//
// Environment:
//
//	SQRTDK_HOSTILE_CASES=N    cases to run (default 1000; 150 with -short)
//	SQRTDK_HOSTILE_SEED=S     the seed (default 22); "random" draws one
//	SQRTDK_HOSTILE_CASE=I     run case I of the seed only, and log it
//	SQRTDK_HOSTILE_JOBS=J     cases run at once (default GOMAXPROCS)
//	SQRTDK_HOSTILE_VERBOSE=1  log every case and what it did
//
// A failure prints its seed and case, and the command that reruns it.
// Failures that belong to other helpers' work are listed, with their
// owners, in hostiletest.Findings.
func TestHostile(t *testing.T) {
	if _, err := exec.LookPath("prlimit"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("prlimit (util-linux) is missing")
		}
		t.Skip("prlimit (util-linux) is missing")
	}
	cases, seed, only, jobs := hostileConfig(t)
	bin := sharedBinary(t)
	work := t.TempDir()
	require.NoError(t, hostiletest.Fixtures(bin, filepath.Join("..", ".."), t.TempDir()))
	// On a busy machine a run gets less of a core: its time limits are
	// the standard's times the load factor.
	lim := hostiletest.Limits{Memory: 1 << 30, Time: scaled(3 * time.Second), Stop: scaled(2 * time.Second), MaxLine: maxLineRunes}

	start := time.Now()
	indices := make(chan int)
	var mu sync.Mutex
	var results []hostiletest.Result
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range indices {
				res := hostiletest.Run(bin, filepath.Join(work, strconv.Itoa(i)), hostiletest.Generate(seed, i), lim)
				mu.Lock()
				results = append(results, res)
				mu.Unlock()
			}
		}()
	}
	if only >= 0 {
		indices <- only
	} else {
		for i := range cases {
			indices <- i
		}
	}
	close(indices)
	wg.Wait()
	sort.Slice(results, func(i, j int) bool { return results[i].Index() < results[j].Index() })
	hostiletest.Report(t, results, seed, only >= 0 || os.Getenv("SQRTDK_HOSTILE_VERBOSE") != "", time.Since(start))
}

// hostileConfig reads the harness's environment.
func hostileConfig(t *testing.T) (cases int, seed uint64, only, jobs int) {
	cases, seed, only, jobs = 1000, 22, -1, runtime.GOMAXPROCS(0)
	if testing.Short() {
		cases = 150
	}
	if s := os.Getenv("SQRTDK_HOSTILE_CASES"); s != "" {
		n, err := strconv.Atoi(s)
		require.NoError(t, err, "SQRTDK_HOSTILE_CASES")
		cases = n
	}
	switch s := os.Getenv("SQRTDK_HOSTILE_SEED"); s {
	case "":
	case "random":
		seed = rand.Uint64() % 1_000_000
	default:
		n, err := strconv.ParseUint(s, 10, 64)
		require.NoError(t, err, "SQRTDK_HOSTILE_SEED")
		seed = n
	}
	if s := os.Getenv("SQRTDK_HOSTILE_CASE"); s != "" {
		n, err := strconv.Atoi(s)
		require.NoError(t, err, "SQRTDK_HOSTILE_CASE")
		only = n
	}
	if s := os.Getenv("SQRTDK_HOSTILE_JOBS"); s != "" {
		n, err := strconv.Atoi(s)
		require.NoError(t, err, "SQRTDK_HOSTILE_JOBS")
		jobs = max(1, n)
	}
	return cases, seed, only, jobs
}
