//go:build unix

package hostiletest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// Limits are what the harness holds every run to.
type Limits struct {
	Memory  int64         // prlimit --as, in bytes
	Time    time.Duration // then the harness sends SIGTERM
	Stop    time.Duration // the longest a run may take to end after a signal
	MaxLine int           // the most characters of an error line
}

// A Fault is one broken promise of a run.
type Fault struct{ Kind, Detail string }

// The kinds of fault: "status", "stack trace", "input changed", "left
// behind", "error line", "names nothing" and "slow stop".

type Result struct {
	c       *Case
	status  int // -1: killed by a signal
	latency time.Duration
	signal  bool // a signal was sent
	elapsed time.Duration
	faults  []Fault
}

// fixtureTexts holds the fixtures' contents for the generator's mutations.
var fixtureTexts = map[string]string{}

func fixtureText(name string) string { return fixtureTexts[name] }

// Fixtures makes, in dir, the files every case starts with: the lesson's
// key and answers (from the repository at repo), claims, a joint law,
// shard files of a table and of a distribution made by the binary bin,
// and an unrelated file. It must run before Generate.
func Fixtures(bin, repo, dir string) error {
	var errs []error
	check := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	copyIn := func(name, from string) {
		b, err := os.ReadFile(filepath.Join(repo, from))
		check(err)
		check(os.WriteFile(filepath.Join(dir, name), b, 0o644))
	}
	write := func(name, text string) { check(os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)) }
	copyIn("lesson.key", "exercises/lesson.key")
	copyIn("variants.key", "exercises/variants.key")
	copyIn("right.answers", "exercises/right.answers")
	copyIn("mistakes.answers", "exercises/mistakes.answers")
	copyIn("law.joint", "proofs/laws/equal-terms.joint")
	write("ada.answers", "student ada\n1.cases 1\n2.raw 2.0\n3 grows\n")
	write("small.claims", "# quick claims\ncases d=8 is 65536\nvariance d=2 scale=sqrt is 1.00\ntrend quantity=variance scale=d^1/4 d=1,2,4 is grows\n")
	write("victim.txt", "an unrelated file that must survive\n")
	write("heavy.claims", heavyClaims)
	write("long.answers", longAnswers)
	for _, line := range []string{"table --d 2,3 --shard 0/2 -o t0.json", "table --d 2,3 --shard 1/2 -o t1.json",
		"dist --d 4 --shard 0/2 -o d0.json", "dist --d 4 --shard 1/2 -o d1.json"} {
		cmd := exec.Command(bin, strings.Fields(line)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			check(fmt.Errorf("%s: %v: %s", line, err, out))
		}
	}
	for _, n := range fixtureNames {
		b, err := os.ReadFile(filepath.Join(dir, n))
		check(err)
		fixtureTexts[n] = string(b)
	}
	return errors.Join(errs...)
}

// heavyClaims are claims whose checking is long for their size: nested
// surds, softmax at d_k near 10^9, the closed form near d_k = 10^4.
var heavyClaims = "# heavy claims\n" +
	strings.Repeat("number value="+nestedSurd(6)+"*"+nestedSurd(5)+" is 4\n", 20) +
	strings.Repeat("softmax scores=1,2,3,4,5,6,7,8 dk=999999937 is 0.12, 0.12, 0.12, 0.12, 0.13, 0.13, 0.13, 0.13\n", 10) +
	"softmax scores=1,2,3 dk=1000000000 is 0.33, 0.33, 0.34\n" +
	strings.Repeat("variance d=9973 is 9973\n", 5) +
	"distribution d=9001 values=-1,1 is [(0, 1)]\n"

// longAnswers answers the lesson's key with thousands of digits.
var longAnswers = "student ada\n" +
	"1 " + strings.Repeat("6", 4000) + " 8." + strings.Repeat("0", 4000) + " 1.00 0." + strings.Repeat("1", 4000) + "\n" +
	"2.raw " + strings.Repeat("7", 2000) + "/" + strings.Repeat("3", 2000) + "\n" +
	"2.sqrt 16e" + strings.Repeat("0", 10) + "\n" +
	"p3.var " + strings.Repeat("9", 3000) + "e-2999\n" +
	"p1 " + strings.Repeat("0.3333333333, ", 400) + "\n"

// makeCaseDir copies the fixtures into dir and makes the case's files.
func makeCaseDir(dir string, c *Case) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, n := range fixtureNames {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(fixtureTexts[n]), 0o644); err != nil {
			return err
		}
	}
	if c.many {
		for _, n := range classFiles {
			if err := os.WriteFile(filepath.Join(dir, n), []byte(fixtureTexts["right.answers"]), 0o644); err != nil {
				return err
			}
		}
	}
	for _, f := range c.files {
		p := filepath.Join(dir, f.name)
		var err error
		switch f.kind {
		case "file":
			err = os.WriteFile(p, f.data, 0o644)
		case "fifo":
			err = syscall.Mkfifo(p, 0o644)
		case "dir":
			if err = os.Mkdir(p, 0o755); errors.Is(err, fs.ErrExist) {
				err = nil
			}
		case "symlink":
			err = os.Symlink(f.target, p)
		case "hardlink":
			err = os.Link(filepath.Join(dir, f.target), p)
		case "sparse":
			var h *os.File
			if h, err = os.Create(p); err == nil {
				err = h.Truncate(f.size)
				h.Close()
			}
		case "resealed":
			var data []byte
			if data, err = resealAt(filepath.Join(dir, f.target), uint64(f.size)); err == nil {
				err = os.WriteFile(p, data, 0o644)
			}
		}
		if f.kind == "hardlink" && err != nil {
			continue // a link to an input another mutation removed or made a folder
		}
		if err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("making %s %q: %v", f.kind, f.name, err)
		}
	}
	return nil
}

// resealAt edits a shard file as someone who knows the format would, in
// one of a few ways drawn from seed, and recomputes its checksum.
func resealAt(path string, seed uint64) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(seed, 1))
	return Reseal(data, func(d *ShardDoc) {
		if len(d.Parts) == 0 {
			d.Tool = "sqrtdk v0.0.1"
			return
		}
		p := &d.Parts[r.IntN(len(d.Parts))]
		if len(p.Counts) == 0 {
			p.Counts = []string{"1"}
		}
		c := p.Counts
		switch r.IntN(7) {
		case 0:
			i, j := r.IntN(len(c)), r.IntN(len(c))
			c[i], c[j] = AddCount(c[i], 1), AddCount(c[j], -1)
		case 1:
			c[r.IntN(len(c))] = AddCount(c[r.IntN(len(c))], int64(r.IntN(1000))+1)
		case 2:
			p.Base, p.Step = "1/3", "7"
		case 3:
			p.D = []int{0, -1, 1000001, 2147483647, p.D + 1}[r.IntN(5)]
		case 4:
			d.Tool = "sqrtdk v0.0.1"
		case 5:
			d.Shard.Index, d.Shard.Count = r.IntN(3), r.IntN(3)
		case 6:
			p.Counts = append(p.Counts, "0", "1")
		}
	})
}

// snapshotTree returns every path under dir (folders too) with a digest
// of what it is: a regular file's bytes, a link's target, or its type.
func snapshotTree(dir string) map[string]string {
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case e.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				out[rel] = "unreadable"
				break
			}
			sum := sha256.Sum256(b)
			out[rel] = hex.EncodeToString(sum[:8])
		case e.Type()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			out[rel] = "link to " + target
		default:
			out[rel] = e.Type().String()
		}
		return nil
	})
	return out
}

// A cappedBuffer keeps the first max bytes written to it.
type cappedBuffer struct {
	mu  sync.Mutex
	b   bytes.Buffer
	max int
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := c.max - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (c *cappedBuffer) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b.String()
}

// Run runs one case with the binary bin in the folder dir, which it makes
// and removes, and judges it against the limits. It may run in several
// goroutines at once; every problem, the harness's own included, is a
// Fault.
func Run(bin, dir string, c *Case, lim Limits) Result {
	res := Result{c: c}
	defer os.RemoveAll(dir)
	if err := makeCaseDir(dir, c); err != nil {
		res.faults = append(res.faults, Fault{"left behind", "the case's files could not be made: " + err.Error()})
		return res
	}
	before := snapshotTree(dir)

	as := lim.Memory
	if c.as > 0 && c.as < as {
		as = c.as
	}
	argv := []string{"--as=" + strconv.FormatInt(as, 10), "--", bin}
	if c.inKind == streamClosed || c.outKind == streamClosed {
		script := `exec "$0" "$@"`
		if c.inKind == streamClosed {
			script += " <&-"
		}
		if c.outKind == streamClosed {
			script += " >&-"
		}
		argv = []string{"--as=" + strconv.FormatInt(as, 10), "--", "bash", "-c", script, bin}
	}
	cmd := exec.Command("prlimit", append(argv, c.args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TERM=dumb")
	stdout, stderr := &cappedBuffer{max: 1 << 20}, &cappedBuffer{max: 1 << 20}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	// Pipes no one writes or reads, and /dev/full: the harness keeps its
	// ends open until the run is over.
	var closeAfter []*os.File
	var setupErr error
	pipe := func() (*os.File, *os.File) {
		r, w, err := os.Pipe()
		if err != nil {
			setupErr = err
		}
		closeAfter = append(closeAfter, r, w)
		return r, w
	}
	switch c.inKind {
	case streamData:
		cmd.Stdin = bytes.NewReader(c.stdin)
	case streamSilent:
		cmd.Stdin, _ = pipe()
	}
	switch c.outKind {
	case streamFull:
		_, cmd.Stdout = pipe()
	case streamClosedPipe:
		var r *os.File
		r, cmd.Stdout = pipe()
		r.Close() // the reader has exited: a write gets EPIPE, or SIGPIPE

	case streamDevFull:
		f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			setupErr = err
		}
		cmd.Stdout = f
		closeAfter = append(closeAfter, f)
	}
	if setupErr != nil {
		res.faults = append(res.faults, Fault{"status", "harness: " + setupErr.Error()})
		return res
	}
	started := time.Now()
	if err := cmd.Start(); err != nil {
		res.faults = append(res.faults, Fault{"status", "cannot start: " + err.Error()})
		return res
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var sentAt time.Time
	var sent syscall.Signal
	signalTimer := make(<-chan time.Time)
	if c.sig != 0 {
		signalTimer = time.After(c.after)
	}
	timeout := time.After(lim.Time)
	var stopDeadline <-chan time.Time
	var err error
wait:
	for {
		select {
		case err = <-done:
			break wait
		case <-signalTimer:
			if sentAt.IsZero() {
				sentAt, sent = time.Now(), c.sig
				cmd.Process.Signal(c.sig)
				stopDeadline = time.After(lim.Stop + 500*time.Millisecond)
			}
		case <-timeout:
			if sentAt.IsZero() {
				sentAt, sent = time.Now(), syscall.SIGTERM
				cmd.Process.Signal(syscall.SIGTERM)
				stopDeadline = time.After(lim.Stop + 500*time.Millisecond)
			}
		case <-stopDeadline:
			res.faults = append(res.faults, Fault{"slow stop", fmt.Sprintf("still running %v after %v; killed", time.Since(sentAt).Round(time.Millisecond), sent)})
			cmd.Process.Kill()
			err = <-done
			break wait
		}
	}
	ended := time.Now()
	for _, f := range closeAfter {
		if f != nil {
			f.Close()
		}
	}
	res.elapsed = ended.Sub(started)
	if !sentAt.IsZero() {
		res.signal, res.latency = true, ended.Sub(sentAt)
		if res.latency > lim.Stop && len(res.faults) == 0 {
			res.faults = append(res.faults, Fault{"slow stop", fmt.Sprintf("ended %v after %v", res.latency.Round(time.Millisecond), sent)})
		}
	}
	res.status = 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		res.status = exit.ExitCode()
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			// Killed by the signal the harness sent: it came before the
			// process had installed its handlers (a few ms after exec);
			// the shell reports the same 128 + n.
			res.status = -1
			if ws.Signal() == sent {
				res.status = 128 + int(sent)
			} else {
				res.faults = append(res.faults, Fault{"status", "killed by " + ws.Signal().String()})
			}
		}
	} else if err != nil {
		res.faults = append(res.faults, Fault{"status", err.Error()})
	}
	res.faults = append(res.faults, judge(c, res.status, sent, stdout.String(), stderr.String(), before, snapshotTree(dir), lim.MaxLine)...)
	// A run holds its --max-time while it works: it ends within the
	// watchdog's grace of a second (and half a second more for a loaded
	// machine) of it, or is still running when the harness's time limit
	// is up; a case's own signal ends it first.
	if t, ok := maxTime(c.args); ok && (c.sig == 0 || sent != c.sig) {
		ran := ended.Sub(started)
		if !sentAt.IsZero() {
			ran = sentAt.Sub(started)
		}
		if ran > t+budgetGrace {
			res.faults = append(res.faults, Fault{"over budget", fmt.Sprintf("ran %v with --max-time %v", ran.Round(time.Millisecond), t)})
		}
	}
	return res
}

// budgetGrace is how long past its --max-time a run may take to end: the
// watchdog's second, and half a second for a loaded machine.
const budgetGrace = 1500 * time.Millisecond

// maxTime returns the --max-time a command line gives, if it gives a
// valid one.
func maxTime(args []string) (time.Duration, bool) {
	var t time.Duration
	ok := false
	for i := 0; i+1 < len(args); i++ {
		if args[i] == "--max-time" {
			d, err := time.ParseDuration(args[i+1])
			t, ok = d, err == nil && d > 0
		}
	}
	return t, ok
}

// judge holds a finished run to the harness's promises.
func judge(c *Case, status int, sent syscall.Signal, stdout, stderr string, before, after map[string]string, maxLine int) []Fault {
	var faults []Fault
	add := func(kind, format string, args ...any) {
		faults = append(faults, Fault{kind, fmt.Sprintf(format, args...)})
	}
	signalled := map[int]bool{129: true, 130: true, 143: true}
	if c.refused && (status == 0 || status == 1) {
		add("not refused", "exit status %d for an output that holds what sqrtdk did not write", status)
	}
	switch {
	case status == -1:
	case status == 0, status == 1, status == 2:
	case status == 3 && c.class:
		// A class graded and written, with rows to review (a file that
		// could not be graded, a roster's student absent).
	case signalled[status] && sent != 0 && status == 128+int(sent):
	default:
		add("status", "exit status %d", status)
	}
	for _, s := range []string{"goroutine ", "panic:", "fatal error:", "SIGSEGV", "SIGABRT"} {
		if strings.Contains(stderr, s) || strings.Contains(stdout, s) {
			add("stack trace", "%q in the output: %s", s, firstLines(stderr, 3))
			break
		}
	}

	// Files: inputs intact, nothing left by a failure, only outputs made.
	succeeded := status == 0 || status == 1 || status == 3
	for p, was := range before {
		now, ok := after[p]
		if succeeded && slices.Contains(c.outputs, p) {
			continue
		}
		switch {
		case !ok:
			add("input changed", "%s was removed", p)
		case now != was:
			add("input changed", "%s changed", p)
		}
	}
	// A file an output flag names may be made, whatever its name ("-o
	// --class-report" names a file --class-report), unless it is a
	// fixture, which an output must not replace.
	named := map[string]bool{}
	for i := 1; i < len(c.args); i++ {
		if f := c.args[i-1]; (f == "-o" || f == "--class-report" || f == "--data") && !slices.Contains(fixtureNames, filepath.Clean(c.args[i])) {
			named[filepath.Clean(c.args[i])] = true
		}
	}
	// A directory an output flag names (a page) may hold what the run
	// wrote in it.
	under := func(p string) bool {
		for n := range named {
			if strings.HasPrefix(p, n+"/") {
				return true
			}
		}
		for _, o := range c.outputs {
			if strings.HasPrefix(p, o+"/") {
				return true
			}
		}
		return false
	}
	for p := range after {
		if _, ok := before[p]; ok {
			continue
		}
		switch {
		case strings.Contains(p, ".partial"):
			add("left behind", "temporary file %s", p)
		case !succeeded:
			add("left behind", "%s after exit status %d", p, status)
		case !slices.Contains(c.outputs, p) && !named[p] && !(succeeded && under(p)):
			add("left behind", "%s, which no flag named", p)
		}
	}

	// The error lines, unless an output went to standard error.
	for i, a := range c.args {
		if i > 0 && strings.HasPrefix(c.args[i-1], "-") && (a == "/dev/stderr" || a == "/dev/fd/2" || a == "/proc/self/fd/2") {
			return faults
		}
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if stderr == "" {
		lines = nil
	}
	for i, l := range lines {
		if l == "" && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "usage: sqrtdk") {
			lines = lines[:i]
			break
		}
	}
	for _, l := range lines {
		switch {
		case !strings.HasPrefix(l, "sqrtdk"):
			add("error line", "a line that is not sqrtdk's: %.200q", l)
		case utf8.RuneCountInString(l) > maxLine:
			add("error line", "a line of %d characters: %.200q", utf8.RuneCountInString(l), l)
		}
		for _, f := range MessageFaults(l) {
			add("error line", "%s: %.200q", f, l)
		}
	}
	switch {
	case (status == 2 || status == 3) && len(lines) == 0:
		add("error line", "exit status %d and no error line", status)
	case (status == 1 || status == 2) && len(lines) > 1 && !c.class:
		add("error line", "%d error lines: %s", len(lines), firstLines(stderr, 4))
	case signalled[status] && len(lines) > 0 && !strings.HasSuffix(lines[len(lines)-1], "no result was printed"):
		add("error line", "stopped by a signal without saying so: %s", firstLines(stderr, 3))
	}
	if (status == 2 || status == 3) && len(lines) > 0 && len(c.culprits) > 0 {
		// A line names the input when it names a culprit, a flag of the
		// command line (a refusal of a combination names the flag that
		// gets the result another way), one of its input files, quotes
		// one of its arguments, or is a refusal naming its limit's flag.
		named := false
		for _, l := range lines {
			// A refusal before work names the limit it would pass and the
			// flag that allows more: what the command line asked too much of.
			if strings.Contains(l, "(limit ") && (strings.Contains(l, "--max-memory") || strings.Contains(l, "--max-time")) {
				named = true
			}
			// So does a run stopped by its budget, and a --max-memory
			// above what the environment leaves.
			if strings.Contains(l, "stopped at its time limit") || strings.Contains(l, "stopped at its memory limit") || strings.Contains(l, "is more than this process can hold") ||
				strings.Contains(l, "this process cannot hold enough memory to run") {
				named = true
			}
			for _, a := range c.args {
				_, file := before[filepath.Clean(a)]
				if (strings.HasPrefix(a, "--") && len(a) > 2 || file) && strings.Contains(l, a) || a != "" && strings.Contains(l, strconv.Quote(a)) {
					named = true
				}
			}
			for _, cu := range c.culprits {
				// A long name may be cut in the middle: its start names it.
				cu = render.Escape(cu)
				if strings.Contains(l, cu[:min(len(cu), 16)]) || cu == "--d" && strings.Contains(l, "d_k = ") {
					named = true
				}
			}
		}
		if !named {
			add("names nothing", "names none of %q: %.200q", c.culprits, lines[0])
		}
	}
	return faults
}

// known returns the finding that excuses every fault of a case, if one
// does.
func known(c *Case, faults []Fault) *Finding {
	line := strings.Join(c.args, " ")
	var contents []string
	for _, f := range c.files {
		contents = append(contents, string(f.data))
	}
	for i := range Findings {
		k := &Findings[i]
		if !k.matches(line, contents...) {
			continue
		}
		all := true
		for _, f := range faults {
			if !contains(k.faults, f.Kind) {
				all = false
			}
		}
		if all {
			return k
		}
	}
	return nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return fmt.Sprintf("%.600q", strings.Join(lines, "\n"))
}

// A Reporter is where Report writes: a *testing.T.
type Reporter interface {
	Logf(format string, args ...any)
	Errorf(format string, args ...any)
}

// Report logs the run's figures and reports an error for every case with
// a fault that no known finding excuses; verbose logs every case.
func Report(t Reporter, results []Result, seed uint64, verbose bool, took time.Duration) {
	statuses := map[int]int{}
	knownCount := map[*Finding]int{}
	var latencies []time.Duration
	failed := 0
	for _, r := range results {
		statuses[r.status]++
		if r.signal {
			latencies = append(latencies, r.latency)
		}
		if verbose {
			t.Logf("%s\n  exit status %d after %v; faults %v", r.c, r.status, r.elapsed.Round(time.Millisecond), r.faults)
		}
		if len(r.faults) == 0 {
			continue
		}
		if k := known(r.c, r.faults); k != nil {
			knownCount[k]++
			t.Logf("known (%s: %s): %s\n  %v", k.owner, k.what, r.c, r.faults)
			continue
		}
		failed++
		t.Errorf("%s\n  exit status %d after %v\n  faults: %v\n  rerun: SQRTDK_HOSTILE_SEED=%d SQRTDK_HOSTILE_CASE=%d go test -run 'TestHostile$' ./cmd/sqrtdk",
			r.c, r.status, r.elapsed.Round(time.Millisecond), r.faults, seed, r.c.index)
	}
	slices.Sort(latencies)
	var lat string
	if n := len(latencies); n > 0 {
		lat = fmt.Sprintf("; stop after a signal: median %v, slowest %v over %d signals",
			latencies[n/2].Round(time.Millisecond), latencies[n-1].Round(time.Millisecond), n)
	}
	var st []string
	for s, n := range statuses {
		st = append(st, fmt.Sprintf("%d×%d", n, s))
	}
	sort.Strings(st)
	t.Logf("hostile harness: seed %d, %s in %v (exit statuses %s)%s; %d failed, %d known",
		seed, numwords.Count(len(results), "case"), took.Round(time.Millisecond), strings.Join(st, " "), lat, failed, sumValues(knownCount))
	for k, n := range knownCount {
		t.Logf("  known, %s: %s (%s)", numwords.Count(n, "case"), k.what, k.owner)
	}
}

func sumValues(m map[*Finding]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// Index returns the index of the result's case.
func (r Result) Index() int { return r.c.index }
