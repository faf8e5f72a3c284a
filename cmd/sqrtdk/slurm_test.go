package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Slurm recipe, docs/slurm/sqrtdk-shards.sh, run as a cluster user
// would on a real Slurm: scripts/slurm-local.sh starts one (munged,
// slurmctld, slurmd on this host), sets SQRTDK_SLURM=1 and runs these
// tests, which then must not skip; .ci/run does so. Without that variable
// they skip: a plain "go test ./..." needs no Slurm.

// slurmWait bounds every wait for jobs: a merge left waiting on a
// dependency that can never be satisfied fails the test instead of
// hanging it.
const slurmWait = 10 * time.Minute

// needSlurm skips unless scripts/slurm-local.sh started a Slurm, and
// fails if it said so but none answers.
func needSlurm(t *testing.T) {
	t.Helper()
	if os.Getenv("SQRTDK_SLURM") == "" {
		t.Skip("needs a Slurm: run scripts/slurm-local.sh (CI does)")
	}
	out, err := exec.Command("sinfo", "-h", "-o", "%T").CombinedOutput()
	require.NoError(t, err, "SQRTDK_SLURM is set but sinfo fails: %s", out)
	require.Contains(t, string(out), "idle", "the node is not idle")
}

// A recipe is one use of docs/slurm/sqrtdk-shards.sh: its variables.
type recipe struct {
	bin, out, run, merge string
	shards               int
}

func (r recipe) env() []string {
	return append(os.Environ(), "SQRTDK="+r.bin, "OUT="+r.out, "RUN="+r.run, "MERGE="+r.merge,
		fmt.Sprintf("SHARDS=%d", r.shards))
}

var (
	arrayLine = regexp.MustCompile(`shards: job array (\d+) for slices (\S+) of \d+`)
	mergeLine = regexp.MustCompile(`merge: job (\d+);`)
)

// submit runs "sqrtdk-shards.sh submit" and returns the array's job id
// ("" when every slice was done already), the slices it covers and the
// merge's job id.
func (r recipe) submit(t *testing.T) (array, slices, merge string) {
	t.Helper()
	script, err := filepath.Abs("../../docs/slurm/sqrtdk-shards.sh")
	require.NoError(t, err)
	cmd := exec.Command("bash", script, "submit")
	cmd.Dir = filepath.Dir(r.out)
	cmd.Env = r.env()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "submit: %s", out)
	if m := arrayLine.FindSubmatch(out); m != nil {
		array, slices = string(m[1]), string(m[2])
	}
	m := mergeLine.FindSubmatch(out)
	require.NotNil(t, m, "submit printed no merge job: %s", out)
	return array, slices, string(m[1])
}

// A slurmJob is one record of "scontrol show job": a job, or one task of
// an array (Task set).
type slurmJob struct{ ID, Task, State, ExitCode string }

// showJobs returns the records of a job, or of every task of an array.
func showJobs(t *testing.T, id string) []slurmJob {
	t.Helper()
	out, err := exec.Command("scontrol", "show", "job", "-o", id).CombinedOutput()
	require.NoError(t, err, "scontrol show job %s: %s", id, out)
	var jobs []slurmJob
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := map[string]string{}
		for _, kv := range strings.Fields(line) {
			if k, v, ok := strings.Cut(kv, "="); ok {
				f[k] = v
			}
		}
		jobs = append(jobs, slurmJob{ID: f["JobId"], Task: f["ArrayTaskId"], State: f["JobState"], ExitCode: f["ExitCode"]})
	}
	sort.Slice(jobs, func(i, j int) bool { return jobs[i].Task < jobs[j].Task })
	return jobs
}

var finalStates = map[string]bool{"COMPLETED": true, "FAILED": true, "CANCELLED": true, "TIMEOUT": true,
	"NODE_FAIL": true, "OUT_OF_MEMORY": true, "PREEMPTED": true, "BOOT_FAIL": true, "DEADLINE": true}

// waitJobs polls until every record of the given jobs is in a final
// state, and fails after slurmWait, showing them.
func waitJobs(t *testing.T, ids ...string) {
	t.Helper()
	waitJobsFor(t, slurmWait, ids...)
}

func waitJobsFor(t *testing.T, limit time.Duration, ids ...string) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		done := true
		var all []slurmJob
		for _, id := range ids {
			if id == "" {
				continue
			}
			for _, j := range showJobs(t, id) {
				all = append(all, j)
				done = done && finalStates[j.State]
			}
		}
		if done {
			return
		}
		if time.Now().After(deadline) {
			out, _ := exec.Command("scontrol", "show", "job").CombinedOutput()
			t.Fatalf("jobs %v not done after %v: %+v\n%s", ids, limit, all, out)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// taskStates returns "task=STATE" for every task of an array, in order.
func taskStates(t *testing.T, array string) []string {
	var out []string
	for _, j := range showJobs(t, array) {
		out = append(out, j.Task+"="+j.State)
	}
	return out
}

// entries lists a directory: names, with "/" after directories.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range es {
		n := e.Name()
		if e.IsDir() {
			n += "/"
		}
		names = append(names, n)
	}
	return names
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// timeRun runs the binary and returns its wall time; it must succeed.
func timeRun(t *testing.T, bin string, args ...string) time.Duration {
	wall, _ := timeRunCPU(t, bin, args...)
	return wall
}

// timeRunCPU runs the binary and returns its wall time and CPU time (user
// and system); it must succeed.
func timeRunCPU(t *testing.T, bin string, args ...string) (wall, cpu time.Duration) {
	t.Helper()
	start := time.Now()
	cmd := exec.Command(bin, args...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	return time.Since(start), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// TestSlurmRecipe submits the recipe with 4 shards, waits for the array and
// the merge, and compares result.txt byte for byte with the single run, for
// dist and table and for two output formats each (the recipe's merge, and a
// second merge of the same shard files by hand). The dist case logs the
// timings: the single run, the same four slices and merge run one after
// another by hand, and the recipe on Slurm from submit to the merge's end.
func TestSlurmRecipe(t *testing.T) {
	needSlurm(t)
	dir := t.TempDir()
	bin := buildSqrtdk(t, dir)
	for _, c := range []struct {
		name, run, merge, other string
	}{
		{"dist json", "dist --d 18", "--format json", "--format markdown"},
		{"table text", "table --d 16,17,18", "", "--format csv"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := recipe{bin: bin, out: filepath.Join(dir, strings.Fields(c.name)[0]), run: c.run, merge: c.merge, shards: 4}
			args := append(strings.Fields(c.run), "--method", "brute")
			start := time.Now()
			code, single, stderr := execSqrtdk(t, bin, append(args, strings.Fields(c.merge)...)...)
			singleTime := time.Since(start)
			require.Equal(t, 0, code, stderr)

			// The work without Slurm, on this machine: the four slices and
			// the merge run one after another, each slice with the workers
			// Slurm gives a task (--cpus-per-task=2).
			byHand := filepath.Join(dir, "byhand-"+strings.Fields(c.name)[0])
			require.NoError(t, os.Mkdir(byHand, 0o755))
			start = time.Now()
			var files []string
			for i := range r.shards {
				f := filepath.Join(byHand, fmt.Sprintf("s%d.json", i))
				files = append(files, f)
				timeRun(t, bin, append(strings.Fields(c.run), "--shard", fmt.Sprintf("%d/4", i), "--workers", "2", "-o", f)...)
			}
			timeRun(t, bin, append(append([]string{"merge"}, strings.Fields(c.merge)...), files...)...)
			serialTime := time.Since(start)

			start = time.Now()
			array, slices, merge := r.submit(t)
			require.Equal(t, "0-3", slices)
			waitJobs(t, array, merge)
			slurmTime := time.Since(start)
			assert.Equal(t, []string{"0=COMPLETED", "1=COMPLETED", "2=COMPLETED", "3=COMPLETED"}, taskStates(t, array))
			assert.Equal(t, "COMPLETED", showJobs(t, merge)[0].State, "merge log: %s", readFile(t, filepath.Join(r.out, "logs", "sqrtdk-merge-"+merge+".log")))
			require.Equal(t, single, readFile(t, filepath.Join(r.out, "result.txt")), "result.txt differs from the single run")
			// The merge's log is what it printed: the result.
			assert.Equal(t, single, readFile(t, filepath.Join(r.out, "logs", "sqrtdk-merge-"+merge+".log")))
			assert.ElementsMatch(t, []string{"logs/", "result.txt", "run.txt", "shard-0-of-4.json", "shard-1-of-4.json",
				"shard-2-of-4.json", "shard-3-of-4.json"}, entries(t, r.out))

			// The same shard files in a second format, merged by hand.
			code, single, stderr = execSqrtdk(t, bin, append(args, strings.Fields(c.other)...)...)
			require.Equal(t, 0, code, stderr)
			mergeArgs := append([]string{"merge"}, strings.Fields(c.other)...)
			for i := range r.shards {
				mergeArgs = append(mergeArgs, filepath.Join(r.out, fmt.Sprintf("shard-%d-of-4.json", i)))
			}
			code, merged, stderr := execSqrtdk(t, bin, mergeArgs...)
			require.Equal(t, 0, code, stderr)
			require.Equal(t, single, merged)

			t.Logf("timing %s: single run %.2f s; 4 slices + merge run serially by hand %.2f s; "+
				"on Slurm, submit to merge done %.2f s; scheduler overhead %.2f s (5 jobs)",
				c.run, singleTime.Seconds(), serialTime.Seconds(), slurmTime.Seconds(), (slurmTime - serialTime).Seconds())
		})
	}
}

// TestSlurmFaults cancels a running array task in the middle of its slice
// (Slurm sends SIGTERM), checks that only complete shard files are left and
// that the merge ends, refusing and naming the missing slice, instead of
// waiting forever; then submits again, checks that only the missing slice
// runs and that the result is the single run's, byte for byte. A run that
// fails in every task (a bad RUN) gets a merge that names every slice.
func TestSlurmFaults(t *testing.T) {
	needSlurm(t)
	dir := t.TempDir()
	bin := buildSqrtdk(t, dir)
	const run = "dist --d 19"
	r := recipe{bin: bin, out: filepath.Join(dir, "fault"), run: run, shards: 4}

	t.Run("cancel a running task", func(t *testing.T) {
		array, _, merge := r.submit(t)
		// Slice 1 is mid-enumeration once its temporary file exists.
		waitForFile(t, filepath.Join(r.out, ".shard-1-of-4.json.*.partial"))
		out, err := exec.Command("scancel", array+"_1").CombinedOutput()
		require.NoError(t, err, "scancel: %s", out)
		waitJobs(t, array, merge)

		assert.Equal(t, []string{"0=COMPLETED", "1=CANCELLED", "2=COMPLETED", "3=COMPLETED"}, taskStates(t, array))
		taskLog := readFile(t, filepath.Join(r.out, "logs", "sqrtdk-"+array+"_1.log"))
		assert.Contains(t, taskLog, "sqrtdk: terminated (SIGTERM); no result was printed\n",
			"the cancelled task did not stop on SIGTERM")
		assert.ElementsMatch(t, []string{"logs/", "run.txt", "shard-0-of-4.json", "shard-2-of-4.json", "shard-3-of-4.json"},
			entries(t, r.out), "only complete shard files may be left")

		m := showJobs(t, merge)[0]
		assert.Equal(t, "FAILED", m.State, "the merge must run and refuse")
		assert.Equal(t, "1:0", m.ExitCode)
		mergeLog := readFile(t, filepath.Join(r.out, "logs", "sqrtdk-merge-"+merge+".log"))
		assert.Equal(t, "sqrtdk-shards: slice 1 of 4 is missing, no result (task logs: "+r.out+"/logs/sqrtdk-"+array+
			"_<slice>.log); submit again with the same variables to run only the missing slices\n", mergeLog)
	})

	t.Run("resubmit runs only the missing slice", func(t *testing.T) {
		before := map[string]os.FileInfo{}
		for _, i := range []int{0, 2, 3} {
			st, err := os.Stat(filepath.Join(r.out, fmt.Sprintf("shard-%d-of-4.json", i)))
			require.NoError(t, err)
			before[st.Name()] = st
		}
		array, slices, merge := r.submit(t)
		assert.Equal(t, "1", slices)
		waitJobs(t, array, merge)
		assert.Equal(t, []string{"1=COMPLETED"}, taskStates(t, array), "only slice 1 should have been submitted")
		assert.Equal(t, "COMPLETED", showJobs(t, merge)[0].State)
		for name, st := range before {
			now, err := os.Stat(filepath.Join(r.out, name))
			require.NoError(t, err)
			assert.True(t, os.SameFile(st, now) && st.ModTime().Equal(now.ModTime()), "%s was rewritten", name)
		}
		code, single, stderr := execSqrtdk(t, bin, "dist", "--d", "19", "--method", "brute")
		require.Equal(t, 0, code, stderr)
		require.Equal(t, single, readFile(t, filepath.Join(r.out, "result.txt")))
		assert.NotContains(t, strings.Join(entries(t, r.out), " "), ".partial")

		// Everything done: a third submit runs no task, only the merge.
		array, _, merge = r.submit(t)
		assert.Empty(t, array)
		waitJobs(t, merge)
		assert.Equal(t, "COMPLETED", showJobs(t, merge)[0].State)
		require.Equal(t, single, readFile(t, filepath.Join(r.out, "result.txt")))
	})

	t.Run("another run into the same directory is refused", func(t *testing.T) {
		other := r
		other.run = "dist --d 18"
		script, err := filepath.Abs("../../docs/slurm/sqrtdk-shards.sh")
		require.NoError(t, err)
		cmd := exec.Command("bash", script, "submit")
		cmd.Env = other.env()
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err = cmd.Run()
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit)
		assert.Equal(t, 2, exit.ExitCode())
		assert.Contains(t, stderr.String(), "holds the shards of another run (RUN=dist --d 19 SHARDS=4), not RUN=dist --d 18 SHARDS=4")
	})

	t.Run("bad RUN", func(t *testing.T) {
		bad := recipe{bin: bin, out: filepath.Join(dir, "bad"), run: "dist --d 19 --values 1,oops", shards: 4}
		array, _, merge := bad.submit(t)
		waitJobs(t, array, merge)
		assert.Equal(t, []string{"0=FAILED", "1=FAILED", "2=FAILED", "3=FAILED"}, taskStates(t, array))
		taskLog := readFile(t, filepath.Join(bad.out, "logs", "sqrtdk-"+array+"_2.log"))
		assert.Regexp(t, `^sqrtdk dist: --values: [^\n]*oops[^\n]*\n$`, taskLog, "one line naming the problem")
		assert.Equal(t, "FAILED", showJobs(t, merge)[0].State)
		mergeLog := readFile(t, filepath.Join(bad.out, "logs", "sqrtdk-merge-"+merge+".log"))
		assert.Contains(t, mergeLog, "sqrtdk-shards: slices 0-3 of 4 are missing, no result")
		assert.ElementsMatch(t, []string{"logs/", "run.txt"}, entries(t, bad.out))
	})
}

// TestSlurmTiming measures, for the run in SQRTDK_SLURM_TIMING (such as
// "dist --d 20"), the single run, its 4 slices and merge run one after
// another by hand, and the recipe with 4 shards on Slurm (submit to the
// merge's end), 3 times each, and logs the medians: the figures in
// docs/cluster.md. It runs only when asked:
//
//	SQRTDK_SLURM_TIMING="dist --d 20" scripts/slurm-local.sh go test -count=1 -v -run SlurmTiming ./cmd/sqrtdk
func TestSlurmTiming(t *testing.T) {
	run := os.Getenv("SQRTDK_SLURM_TIMING")
	if run == "" {
		t.Skip(`set SQRTDK_SLURM_TIMING to a run, such as "dist --d 20"`)
	}
	needSlurm(t)
	dir := t.TempDir()
	bin := buildSqrtdk(t, dir)
	const rounds, shards = 3, 4
	median := func(d []time.Duration) float64 {
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return d[len(d)/2].Seconds()
	}
	var single, singleCPU, serial, slurm, idle []time.Duration
	for round := range rounds {
		wall, cpu := timeRunCPU(t, bin, append(strings.Fields(run), "--method", "brute")...)
		single, singleCPU = append(single, wall), append(singleCPU, cpu)

		byHand := filepath.Join(dir, fmt.Sprintf("byhand-%d", round))
		require.NoError(t, os.Mkdir(byHand, 0o755))
		start := time.Now()
		files := []string{"merge"}
		for i := range shards {
			f := filepath.Join(byHand, fmt.Sprintf("s%d.json", i))
			files = append(files, f)
			timeRun(t, bin, append(strings.Fields(run), "--shard", fmt.Sprintf("%d/%d", i, shards), "--workers", "2", "-o", f)...)
		}
		timeRun(t, bin, files...)
		serial = append(serial, time.Since(start))

		r := recipe{bin: bin, out: filepath.Join(dir, fmt.Sprintf("slurm-%d", round)), run: run, shards: shards}
		start = time.Now()
		array, _, merge := r.submit(t)
		waitJobsFor(t, time.Hour, array, merge)
		took := time.Since(start)
		slurm = append(slurm, took)
		require.Equal(t, "COMPLETED", showJobs(t, merge)[0].State)
		ids := []string{merge}
		for _, j := range showJobs(t, array) {
			ids = append(ids, j.ID)
		}
		running := jobsRunning(t, ids)
		idle = append(idle, took-running)
		t.Logf("round %d: single %.2f s, serial by hand %.2f s, Slurm %.2f s of which no job running %.2f s", round,
			single[round].Seconds(), serial[round].Seconds(), took.Seconds(), (took - running).Seconds())
	}
	s, c, h, w, i := median(single), median(singleCPU), median(serial), median(slurm), median(idle)
	t.Logf("medians of %d for %q, %d shards: single run %.2f s (%.2f CPU-s); slices + merge serially by hand %.2f s; "+
		"Slurm submit to result %.2f s, of which no job running %.2f s (%.2f s for each of %d jobs)",
		rounds, run, shards, s, c, h, w, i, i/float64(shards+1), shards+1)
}

var (
	launchLine = regexp.MustCompile(`^\[([0-9T:.-]+)\] Launching batch job (\d+) `)
	doneLine   = regexp.MustCompile(`^\[([0-9T:.-]+)\] \[(\d+)\.batch\] done with job`)
)

// jobsRunning reads slurmd's log (beside SLURM_CONF, as
// scripts/slurm-local.sh writes it) and returns how long at least one of
// the given jobs was running: from "Launching batch job" to "done with
// job", intervals merged.
func jobsRunning(t *testing.T, ids []string) time.Duration {
	t.Helper()
	text := readFile(t, filepath.Join(filepath.Dir(os.Getenv("SLURM_CONF")), "slurmd.log"))
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	parse := func(s string) time.Time {
		at, err := time.ParseInLocation("2006-01-02T15:04:05.000", s, time.Local)
		require.NoError(t, err)
		return at
	}
	begin, end := map[string]time.Time{}, map[string]time.Time{}
	for _, line := range strings.Split(text, "\n") {
		if m := launchLine.FindStringSubmatch(line); m != nil && want[m[2]] {
			begin[m[2]] = parse(m[1])
		}
		if m := doneLine.FindStringSubmatch(line); m != nil && want[m[2]] {
			end[m[2]] = parse(m[1])
		}
	}
	type span struct{ from, to time.Time }
	var spans []span
	for _, id := range ids {
		require.Contains(t, begin, id, "no launch of job %s in slurmd.log", id)
		require.Contains(t, end, id, "no end of job %s in slurmd.log", id)
		spans = append(spans, span{begin[id], end[id]})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].from.Before(spans[j].from) })
	var total time.Duration
	cur := spans[0]
	for _, sp := range spans[1:] {
		if sp.from.After(cur.to) {
			total += cur.to.Sub(cur.from)
			cur = sp
		} else if sp.to.After(cur.to) {
			cur.to = sp.to
		}
	}
	return total + cur.to.Sub(cur.from)
}
