//go:build unix

package hostiletest

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/shard"
)

// This file generates the hostile harness's cases (run.go runs them): for every command a valid, quick command line, then up to three
// mutations drawn from what a hostile user or a broken machine does to a
// command line: flag values at and past each limit, overflowing numbers,
// every kind of -o target, inputs as outputs, inputs that are pipes, named
// pipes, folders, huge, malformed, resealed or closed, closed and full
// standard streams, flags given twice, and signals at random moments.
// Each mutation says what an error line must then name (a flag or a
// file), and which files the run may write when it succeeds.

// An hfile is a file a case makes in its folder before the run.
type hfile struct {
	name   string
	kind   string // "file", "fifo", "dir", "symlink", "hardlink", "sparse"
	data   []byte
	target string // of a link
	size   int64  // of a sparse file
}

// Kinds of standard input and output a case runs with.
const (
	streamDefault    = iota // stdin /dev/null, stdout a buffer
	streamData              // stdin: the case's bytes
	streamSilent            // stdin: a pipe no one writes
	streamClosed            // closed when sqrtdk starts
	streamFull              // stdout: a pipe no one reads
	streamDevFull           // stdout: /dev/full
	streamClosedPipe        // stdout: a pipe whose reader has exited (… | head -c0)
)

// A Case is one hostile command line and what is around it.
type Case struct {
	seed     uint64
	index    int
	family   string
	args     []string
	files    []hfile
	stdin    []byte
	inKind   int
	outKind  int
	sig      syscall.Signal
	after    time.Duration
	culprits []string // an error line must name one of these
	outputs  []string // names the run may create or replace when it succeeds
	class    bool     // a class run: one error line per unreadable file
	as       int64    // an address-space limit below the harness's, or 0
	refused  bool     // the run must be refused (exit status 2)
	many     bool     // the case's folder holds the classFiles
	notes    []string // the mutations, for the report
}

func (c *Case) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "case %d (seed %d, %s: %s)\n  sqrtdk", c.index, c.seed, c.family, strings.Join(c.notes, "; "))
	for _, a := range c.args {
		fmt.Fprintf(&b, " %s", shellQuote(a))
	}
	switch c.inKind {
	case streamData:
		fmt.Fprintf(&b, " < (%d bytes)", len(c.stdin))
	case streamSilent:
		b.WriteString(" < (a pipe no one writes)")
	case streamClosed:
		b.WriteString(" <&-")
	}
	switch c.outKind {
	case streamClosed:
		b.WriteString(" >&-")
	case streamFull:
		b.WriteString(" | (a pipe no one reads)")
	case streamDevFull:
		b.WriteString(" > /dev/full")
	case streamClosedPipe:
		b.WriteString(" | (a pipe whose reader exited)")
	}
	if c.as > 0 {
		fmt.Fprintf(&b, "  [prlimit --as=%d]", c.as)
	}
	if c.sig != 0 {
		fmt.Fprintf(&b, "  [%v after %v]", c.sig, c.after)
	}
	for _, f := range c.files {
		fmt.Fprintf(&b, "\n  file %q: %s", f.name, f.kind)
		switch f.kind {
		case "file":
			fmt.Fprintf(&b, " of %d bytes %.60q", len(f.data), f.data)
		case "sparse":
			fmt.Fprintf(&b, " of %d bytes", f.size)
		case "symlink", "hardlink":
			fmt.Fprintf(&b, " to %q", f.target)
		}
	}
	return b.String()
}

func shellQuote(s string) string {
	if len(s) > 80 {
		s = s[:40] + fmt.Sprintf("…(%d bytes)…", len(s)-60) + s[len(s)-20:]
	}
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:,=^+", r)
	}) < 0 {
		return s
	}
	return fmt.Sprintf("%q", s)
}

// fixtureNames are the files every case's folder starts with (made once,
// see hostileFixtures), and inputNames which of them are inputs.
var fixtureNames = []string{"lesson.key", "variants.key", "right.answers", "mistakes.answers", "ada.answers", "small.claims",
	"law.joint", "t0.json", "t1.json", "d0.json", "d1.json", "victim.txt", "heavy.claims", "long.answers"}

// A base is a valid, quick command line of one command, and the inputs
// and flags a mutation may act on.
type base struct {
	family string
	args   []string
	flags  []string       // the flags the command takes, for value mutations
	inputs map[int]string // argument index -> input kind, for file mutations
	class  bool
	outs   []string // the output flags it takes
	made   []string // the files it writes as it is
	long   bool     // it computes for seconds or more: always signalled
	page   bool     // it writes a page directory (mutatePageDir applies)
	many   bool     // it reads the classFiles (made for the case)
}

// classFiles are the answer files of a large class: 3000 copies of
// right.answers, which a large-class case makes in its folder.
var classFiles = func() []string {
	var names []string
	for i := range 3000 {
		names = append(names, fmt.Sprintf("c%04d.answers", i))
	}
	return names
}()

// mutatePageDir points a page's -o at a directory that is not a page
// sqrtdk wrote: one holding the key the run reads, a person's own
// index.html or sqrtdk.css, through a symbolic link or not. Each is
// refused and left as it was.
func mutatePageDir(r *rand.Rand, c *Case, b *base) bool {
	if !b.page {
		return false
	}
	dir := b.made[0]
	c.files = append(c.files, hfile{name: "pages", kind: "dir"})
	k := r.IntN(4)
	if k == 0 && c.args[0] != "exercise" {
		k = 1
	}
	switch k {
	case 0: // the key inside the page directory
		c.files = append(c.files, hfile{name: "pages/index.html", kind: "file", data: []byte(fixtureText("lesson.key"))})
		setFlag(c, "--key", "pages/index.html")
		c.culprits = append(c.culprits, "pages/index.html")
	case 1:
		c.files = append(c.files, hfile{name: "pages/index.html", kind: "file", data: []byte("<p>my own page</p>\n")})
	case 2:
		c.files = append(c.files, hfile{name: "pages/sqrtdk.css", kind: "file", data: []byte("body { color: red }\n")})
	default:
		c.files = append(c.files, hfile{name: "pages/notes.txt", kind: "file", data: []byte("mine\n")}, hfile{name: "link", kind: "symlink", target: "pages"})
		dir = "link"
	}
	if dir == b.made[0] {
		dir = "pages"
	}
	setFlag(c, "-o", dir)
	c.outputs = slices.DeleteFunc(c.outputs, func(s string) bool { return s == b.made[0] })
	c.culprits = append(c.culprits, "-o", dir)
	c.refused = true
	return true
}

func bases() []base {
	space := []string{"values", "k-values", "d", "method", "workers", "max-time"}
	book := []string{"format", "caption", "label", "columns"}
	numbers := []string{"digits", "round", "latex-cells", "scales"}
	fig := []string{"width", "height", "dpi", "digits"}
	cat := func(lists ...[]string) []string { return slices.Concat(lists...) }
	return []base{
		{family: "table", args: []string{"table", "--d", "1,2,3"}, flags: cat(space, book, numbers, []string{"shard"}), outs: []string{"-o"}},
		{family: "dist", args: []string{"dist", "--d", "3"}, flags: cat(space, book, []string{"shard"}), outs: []string{"-o"}},
		{family: "table-shard", args: []string{"table", "--d", "2,3", "--shard", "0/2"}, flags: cat(space, []string{"shard"}), outs: []string{"-o"}},
		{family: "merge", args: []string{"merge", "t0.json", "t1.json"}, flags: cat(book, numbers), inputs: map[int]string{1: "shard", 2: "shard"}, outs: []string{"-o"}},
		{family: "merge-dist", args: []string{"merge", "d0.json", "d1.json"}, flags: book, inputs: map[int]string{1: "shard", 2: "shard"}, outs: []string{"-o"}},
		{family: "prove", args: []string{"prove", "--d", "1,2"}, flags: cat(space, []string{"k-from", "pairs", "tie", "scale", "format"})},
		{family: "prove-joint", args: []string{"prove", "--joint", "law.joint"}, flags: []string{"d", "method", "max-time", "scale", "format", "values"}, inputs: map[int]string{2: "joint"}},
		{family: "check", args: []string{"check", "small.claims"}, flags: []string{"format", "max-time"}, inputs: map[int]string{1: "claims"}},
		{family: "plot-dist", args: []string{"plot", "dist", "--d", "2,3", "-o", "fig.svg"}, flags: cat(fig, space, []string{"scale"}), outs: []string{"-o", "--data"}, made: []string{"fig.svg"}},
		{family: "plot-variance", args: []string{"plot", "variance", "--d", "1,2,4", "--data", "v.csv"}, flags: cat(fig, space, []string{"scales"}), outs: []string{"-o", "--data"}, made: []string{"v.csv"}},
		{family: "plot-softmax", args: []string{"plot", "softmax", "-o", "s.png"}, flags: cat(fig, []string{"scores", "factors"}), outs: []string{"-o", "--data"}, made: []string{"s.png"}},
		{family: "plot-saturation", args: []string{"plot", "saturation", "--d", "1,2", "--data", "sat.csv"}, flags: cat(fig, []string{"d", "scales", "method", "max-time"}), outs: []string{"-o", "--data"}, made: []string{"sat.csv"}},
		{family: "diagnose", args: []string{"diagnose", "--measured-std", "1", "--d-k", "64"},
			flags: []string{"measured-std", "d-k", "d-model", "heads", "q-std", "k-std", "init-std", "input-std", "qk-norm", "intended-scale", "tolerance", "format"}},
		{family: "grade", args: []string{"grade", "--key", "lesson.key", "right.answers"}, flags: []string{"format", "student", "seed"},
			inputs: map[int]string{2: "key", 3: "answers"}, outs: []string{"-o", "--class-report"}},
		{family: "grade-class", args: []string{"grade", "--key", "lesson.key", "right.answers", "mistakes.answers"}, flags: []string{"format"},
			inputs: map[int]string{2: "key", 3: "answers", 4: "answers"}, class: true, outs: []string{"-o", "--class-report"}},
		{family: "grade-variants", args: []string{"grade", "--key", "variants.key", "--seed", "7", "ada.answers"}, flags: []string{"seed", "student", "format"},
			inputs: map[int]string{2: "key", 5: "answers"}, outs: []string{"-o"}},
		{family: "exercise", args: []string{"exercise", "--key", "variants.key", "--seed", "7", "--student", "ada"}, flags: []string{"seed", "student", "format", "answer-key"},
			inputs: map[int]string{2: "key"}, outs: []string{"-o"}},
		{family: "page", args: []string{"exercise", "--key", "lesson.key", "--student", "ada", "--format", "html", "-o", "page"}, flags: []string{"student", "seed"},
			inputs: map[int]string{2: "key"}, made: []string{"page"}, page: true},
		{family: "lab", args: []string{"prove", "--format", "html", "-o", "lab"}, flags: []string{"values", "d"}, made: []string{"lab"}, page: true},
		{family: "large-class", args: slices.Concat([]string{"grade", "--key", "lesson.key", "--max-time", "300ms"}, classFiles), inputs: map[int]string{2: "key"},
			flags: []string{"max-time", "format"}, class: true, outs: []string{"-o", "--class-report"}, many: true},
		// Claims and answers whose work is long for their size, under a
		// budget the run must hold (run.go checks the end).
		{family: "heavy-check", args: []string{"check", "--max-time", "1s", "heavy.claims"}, flags: []string{"max-time", "format"}, inputs: map[int]string{3: "claims"}},
		{family: "long-answers", args: []string{"grade", "--key", "lesson.key", "--max-time", "1s", "long.answers"}, flags: []string{"max-time", "format"},
			inputs: map[int]string{2: "key", 5: "answers"}, outs: []string{"-o"}},
		{family: "version", args: []string{"version"}},
		{family: "help", args: []string{"help", "grade"}},
		// Runs of seconds to hours, stopped by a signal at a random moment.
		{family: "long-dist", args: []string{"dist", "--d", "20", "--method", "brute"}, flags: space, long: true},
		{family: "long-table", args: []string{"table", "--d", "2,19", "--method", "brute", "-o", "t.txt"}, flags: space, outs: []string{"-o"}, made: []string{"t.txt"}, long: true},
		{family: "long-shard", args: []string{"dist", "--d", "20", "--shard", "0/2", "-o", "s.json"}, flags: space, outs: []string{"-o"}, made: []string{"s.json"}, long: true},
		{family: "long-prove", args: []string{"prove", "--d", "6000"}, flags: space, long: true},
		{family: "long-plot", args: []string{"plot", "dist", "--d", "2", "--scale", "d^1/1000", "-o", "f.svg", "--data", "f.csv"}, flags: fig, outs: []string{"-o", "--data"}, made: []string{"f.svg", "f.csv"}, long: true},
		{family: "long-merge", args: []string{"merge", "--digits", "1001", "--scales", many59, "t0.json", "t1.json"}, flags: numbers, inputs: map[int]string{5: "shard", 6: "shard"}, outs: []string{"-o"}, long: true},
		{family: "long-grade", args: []string{"grade", "--key", "lesson.key", "right.answers", "right.answers", "right.answers", "right.answers"}, inputs: map[int]string{2: "key", 3: "answers"}, class: true, outs: []string{"-o", "--class-report"}, long: true},
	}
}

// many59 is a list of 59 irrational scales, whose cells take seconds to
// round to 1001 places.
var many59 = func() string {
	var s []string
	for i := 1; i < 60; i++ {
		s = append(s, fmt.Sprintf("d^%d/999", i))
	}
	return strings.Join(s, ",")
}()

// The hostile values of each flag: at and past its limits, overflowing,
// malformed, empty, huge, with control characters; valid ones among
// them, so that a case also reaches the work behind the checks.
func flagPool(name string) []string {
	many := func(n int, f func(i int) string) string {
		var s []string
		for i := range n {
			s = append(s, f(i))
		}
		return strings.Join(s, ",")
	}
	long := strings.Repeat("x", 5000)
	switch name {
	case "d", "d-k", "d-model", "heads":
		return []string{"0", "-1", "", "1,,2", "1000001", "1000000", "999983", "9223372036854775807", "9223372036854775808",
			"99999999999999999999", "1e3", "0x10", " 3", "+3", "3,3,3", "2", "8", "20", "30", "40", "64", "100000", "2,40",
			many(25, func(i int) string { return fmt.Sprint(i + 1) }), many(1001, func(int) string { return "1" }),
			many(100, func(i int) string { return fmt.Sprint(200000 + i) }), "2\n3", "٣", long}
	case "values", "k-values":
		return []string{"", "1/0", "1:0", "1:1000000", "1:1000001", "±-1", "1e3", strings.Repeat("9", 500),
			many(65, func(i int) string { return fmt.Sprintf("%d/%d", i+1, i+2) }), "±0:1000000", "-1,0,1", "0", "1", "-1,1", "±2",
			"1/3,-2/7", "0:1000000,1", "9223372036854775808,-9223372036854775808", "½", "NaN", "∞", "-0",
			"0." + strings.Repeat("0", 400) + "1", "1," + long, "\x1b[2J", "-1:999999,1:999999", "-3:2,-1:3,1:5,3:7", "0:1000000,1:999999"}
	case "method":
		return []string{"auto", "brute", "closed", "both", "fast", "", "BRUTE"}
	case "workers":
		return []string{"0", "1", "2", "1024", "1025", "-1", "99999999999999999999", "x"}
	case "max-time":
		return []string{"0", "1ns", "1ms", "-1s", "1000000h", "2562047h", "9999999999h", "x", "1e3s", "1.5h", "24h"}
	case "format":
		return []string{"text", "markdown", "latex", "csv", "json", "gradescope", "key", "yaml", "", "JSON", long}
	case "digits":
		return []string{"0", "1", "30", "2000", "10000", "10001", "-1", "-2", "99999999999999999999", "x"}
	case "round":
		return []string{"half-even", "half-up", "ceiling", ""}
	case "latex-cells":
		return []string{"exact", "decimal", "both", "maybe"}
	case "scales":
		return []string{"raw", "sqrt", "d", "d^1/4", "d^1001/2", "d^1/1000", "d^999/1000", "d^-1", "d^0", "d^1/0", "cube", "", "raw,raw",
			many(59, func(i int) string { return fmt.Sprintf("d^%d/999", i+1) }), "d^1/3,d^2/3", "d^" + strings.Repeat("9", 400)}
	case "scale", "intended-scale":
		return []string{"raw", "sqrt", "d", "d^1/4", "d^1/1000", "d^999/1000", "d^-1", "d^1/0", "cube", "", "1/d", "each:d^-1/4", "d^-1/99999", "d^" + strings.Repeat("9", 400)}
	case "caption":
		return []string{`x\`, `\end{table}`, "50%", "{", "}", "$", "a_b", `Variance of $q\cdot k$`, long, "line\nbreak", "\x1b[31mred", "#", "&", ""}
	case "label":
		return []string{"tab v", "", "tab:ok", long, "tab:\x01"}
	case "columns":
		return []string{"d_k", "score", "d_k,d_k", "scales,d_k", "", "score,count,probability", "method", long}
	case "shard":
		return []string{"0/1", "0/2", "1/2", "1048575/1048576", "0/1048576", "0/1048577", "1048576/1048576", "0/0", "-1/2", "x",
			"9999999999/9999999999", "1/2/3", "5/1048576", ""}
	case "k-from":
		return []string{"q", "-q", "−q", "k", ""}
	case "pairs":
		return []string{"-1 -1:2, 1 1:2, -1 1, 1 -1", "1 1:1000000,2 2", "", "1", "1 1:0", "x y",
			many(5000, func(i int) string { return fmt.Sprintf("%d %d", i, -i) })}
	case "tie":
		return []string{"q", "k", "both", "none", "all", ""}
	case "width", "height":
		return []string{"12cm", "0cm", "-1cm", "1e9cm", "100000in", "12", "cm", "1.5pt", "999999999999999999999cm", long}
	case "dpi":
		return []string{"300", "0", "-1", "100000", "72", "1e9", "99999999999999999999"}
	case "scores", "factors":
		return []string{"1,2,3", "", "1/0", many(1000, func(i int) string { return fmt.Sprint(i) }), "1e3", "99999999999999999999999/1", "-1000000,1000000", "1/8"}
	case "measured-std", "q-std", "k-std", "input-std", "tolerance":
		return []string{"0", "1", "-1", "x", "1/sqrt(3)", "1e308", "0.3116", long, "1152^-1/2", "sqrt(" + strings.Repeat("9", 100) + ")"}
	case "init-std":
		return []string{"0.02", "0.02,0.03", "x", "1,2,3", "-1"}
	case "qk-norm":
		return []string{"rms", "l2", "x", ""}
	case "seed", "student":
		return []string{"", "1", "2026", "ada", "a b", "\x1b]0;pwned\x07", "new\nline", long}
	case "answer-key":
		return []string{"true", "false", "x"}
	}
	return []string{"", long}
}

// keyReadBytes is the most of a key grade reads before refusing it.
const keyReadBytes = 1 << 20

// inputLimit is the most bytes an input of each kind may hold.
var inputLimit = map[string]int64{
	"shard": shard.MaxFileBytes, "key": guard.MaxTextBytes, "answers": guard.MaxTextBytes,
	"claims": guard.MaxTextBytes, "joint": guard.MaxJointLawBytes,
}

// hostileLines are well-formed lines of each input kind that ask for too
// much or overflow: an input mutation adds one to a valid file (a draw
// line replaces the template key's first draw).
var hostileLines = map[string][]string{
	"key": {
		"draw d from -5000000000000000000..5000000000000000000",
		"draw d from 1..10000", "draw d from 1..10001", "draw d from 9223372036854775806..9223372036854775807",
		"draw d from 8,-1", "draw d from 1,100000000000000000000000000000000000000/7", "draw d from 1000000..1000000",
		"\nquestion z Too much\nanswer z variance d=6000 values=-1,0,1,2,3\n",
		"\nquestion z Twice\nanswer z variance d=2 points=1 points=2\n",
		"\nquestion z Shown\nanswer z distribution d=10000 show=yes\n",
	},
	"claims": {
		strings.Repeat("distribution d=10000 is [(0, 1)]\n", 20),
		strings.Repeat("variance d=6000 values=-1,0,1,2,3 is 1\n", 100),
		"variance d=2 points=1 points=2 is 2\n",
		"variance d=1000000 is 1000000\n",
		"cases d=99999999999999999999 is 1\n",
		// Nested surds, softmax at a huge d_k, the closed form near 10^4.
		"number value=" + nestedSurd(12) + " is 2\n",
		strings.Repeat("number value="+nestedSurd(6)+" is 2\n", 50),
		"softmax scores=1,2,3 dk=1000000000 is 0.33, 0.33, 0.34\n",
		strings.Repeat("softmax scores=1,2,3,4,5,6,7,8 dk=999999937 is 0.12, 0.12, 0.12, 0.12, 0.13, 0.13, 0.13, 0.13\n", 40),
		strings.Repeat("variance d=9999 is 9999\n", 20),
	},
	"joint": {
		"1  " + strings.Repeat("1,", 63) + "1  " + strings.Repeat("1,", 63) + "1\n",
		"99999999999999999999999999/3  1,1  1,1\n",
		strings.Repeat("1  1,-1  -1,1\n", 20000),
	},
	"answers": {
		strings.Repeat("\n", 100000),
		"1.cases " + strings.Repeat("9", 4000) + "\n",
		"p1 " + strings.Repeat("0.1, ", 800) + "\n",
		// Long answers: big-number arithmetic on thousands of digits.
		"1.d 0." + strings.Repeat("1", 4000) + "\n",
		"2.sqrt " + strings.Repeat("7", 2000) + "/" + strings.Repeat("3", 2000) + "\n",
		"p3.var " + strings.Repeat("9", 3000) + "e-2999\n",
	},
}

// A mutation changes a case; it returns false when it does not apply.
type mutation struct {
	name  string
	apply func(r *rand.Rand, c *Case, b *base) bool
}

var mutations = []mutation{
	{"a flag's value", mutateFlag},
	{"a flag's value", mutateFlag},
	{"a flag's value", mutateFlag},
	{"an input file", mutateInput},
	{"an input file", mutateInput},
	{"an input file", mutateContent},
	{"an output target", mutateOutput},
	{"an output target", mutateOutput},
	{"standard streams", mutateStreams},
	{"a signal", mutateSignal},
	{"a flag twice", mutateRepeat},
	{"junk on the command line", mutateJunk},
	{"an input named like a temporary", mutateTempName},
	{"a page directory", mutatePageDir},
	{"a page directory", mutatePageDir},
	{"an address-space limit", mutateAddressSpace},
}

// Generate makes case index of the run with the given seed: the same
// seed and index give the same case on every machine.
func Generate(seed uint64, index int) *Case {
	r := rand.New(rand.NewPCG(seed, uint64(index)))
	bs := bases()
	// A long run is drawn one time in twelve: enough to stop hundreds of
	// runs mid-work in a thousand cases, few enough to keep CI quick.
	var b base
	for {
		b = bs[r.IntN(len(bs))]
		if !b.long || r.IntN(3) == 0 {
			break
		}
	}
	c := &Case{seed: seed, index: index, family: b.family, args: slices.Clone(b.args), class: b.class, outputs: slices.Clone(b.made), many: b.many}
	// Inputs are replaced first, so that an output mutation sees the
	// inputs the case will have.
	var chosen []mutation
	for range r.IntN(4) {
		chosen = append(chosen, mutations[r.IntN(len(mutations))])
	}
	slices.SortStableFunc(chosen, func(a, b mutation) int {
		return map[bool]int{true: 0, false: 1}[a.name == "an input file"] - map[bool]int{true: 0, false: 1}[b.name == "an input file"]
	})
	for _, m := range chosen {
		if m.apply(r, c, &b) {
			c.notes = append(c.notes, m.name)
		}
	}
	if len(c.notes) == 0 {
		c.notes = []string{"as valid"}
	}
	if b.long && c.sig == 0 {
		mutateSignal(r, c, &b)
		c.notes = append(c.notes, "a signal")
	}
	// A grade run with more than one answer file (a mutation may add one,
	// or a flag's missing value make one) is a class run.
	if c.args[0] == "grade" {
		c.class = true
	}
	return c
}

// setFlag gives flag the value, replacing a value it has.
func setFlag(c *Case, flag, value string) {
	for i, a := range c.args {
		if a == flag && i+1 < len(c.args) {
			c.args[i+1] = value
			return
		}
	}
	c.args = append(c.args, flag, value)
}

func mutateFlag(r *rand.Rand, c *Case, b *base) bool {
	if len(b.flags) == 0 {
		return false
	}
	name := b.flags[r.IntN(len(b.flags))]
	pool := flagPool(name)
	v := pool[r.IntN(len(pool))]
	if name == "answer-key" {
		c.args = append(c.args, "--answer-key="+v)
	} else {
		setFlag(c, "--"+name, v)
	}
	c.culprits = append(c.culprits, "--"+name)
	return true
}

func mutateRepeat(r *rand.Rand, c *Case, b *base) bool {
	for i := 1; i+1 < len(c.args); i++ {
		if strings.HasPrefix(c.args[i], "-") && r.IntN(2) == 0 {
			c.args = append(c.args, c.args[i], c.args[i+1])
			c.culprits = append(c.culprits, c.args[i])
			return true
		}
	}
	return false
}

func mutateJunk(r *rand.Rand, c *Case, b *base) bool {
	junk := [][]string{{"--bogus"}, {"--bogus", "1"}, {"stray"}, {"--"}, {"-", "-"}, {"--d"}, {"-o"}, {"--key"},
		{strings.Repeat("z", 3000)}, {"--\x1b[2J"}, {"-h"}, {"--help"}, {"--format="}}
	j := junk[r.IntN(len(junk))]
	c.args = append(c.args, j...)
	name, _, _ := strings.Cut(strings.TrimLeft(j[0], "-"), "=")
	c.culprits = append(c.culprits, name)
	if j[0] == "-" {
		c.inKind = streamData
		c.stdin = []byte("1 2\n")
	}
	return true
}

// mutateInput replaces one input file of the case with a hostile one.
func mutateInput(r *rand.Rand, c *Case, b *base) bool { return replaceInput(r, c, b, false) }

// mutateContent replaces one input file with a valid one that asks for
// too much (hostileLines).
func mutateContent(r *rand.Rand, c *Case, b *base) bool { return replaceInput(r, c, b, true) }

func replaceInput(r *rand.Rand, c *Case, b *base, content bool) bool {
	if len(b.inputs) == 0 {
		return false
	}
	var idx []int
	for i := range b.inputs {
		if i < len(c.args) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return false
	}
	slices.Sort(idx)
	i := idx[r.IntN(len(idx))]
	kind := b.inputs[i]
	orig := c.args[i]
	text := fixtureText(orig)
	use := func(name string, f hfile) {
		f.name = name
		c.files = append(c.files, f)
		c.args[i] = name
		c.culprits = append(c.culprits, name)
	}
	ext := filepath.Ext(orig)
	if content {
		// Content that is well formed and hostile: overflowing ranges,
		// huge widths, settings twice.
		lines := hostileLines[kind]
		if len(lines) == 0 {
			return false
		}
		line := lines[r.IntN(len(lines))]
		if strings.HasPrefix(line, "draw ") {
			if !strings.Contains(text, "draw d from 5..9") {
				return false
			}
			text = strings.Replace(text, "draw d from 5..9", line, 1)
		} else {
			text += line
		}
		use("hostile"+ext, hfile{kind: "file", data: []byte(text)})
		return true
	}
	switch r.IntN(22) {
	case 0:
		c.args[i] = "missing" + ext
		c.culprits = append(c.culprits, "missing"+ext)
	case 1:
		use("adir", hfile{kind: "dir"})
	case 2:
		use("input.fifo", hfile{kind: "fifo"})
		ensureSignal(r, c, 50, 400)
	case 3:
		// At the limit (read, then refused as malformed), or past it.
		size := []int64{inputLimit[kind], inputLimit[kind] + 1, 2 * inputLimit[kind]}[r.IntN(3)]
		use("huge"+ext, hfile{kind: "sparse", size: size})
	case 4:
		use("cr"+ext, hfile{kind: "file", data: []byte(strings.ReplaceAll(text, "\n", "\r"))})
	case 5:
		use("crlf"+ext, hfile{kind: "file", data: []byte(strings.ReplaceAll(text, "\n", "\r\n"))})
	case 6:
		use("bom"+ext, hfile{kind: "file", data: []byte("\uFEFF" + text)})
	case 7, 8:
		at := r.IntN(len(text) + 1)
		ctl := []string{"\x1b[2J\x1b[31m", "\x00", "\u202e", "\r", "\x07", "\xff\xfe", "\x9b"}[r.IntN(7)]
		use("ctl"+ext, hfile{kind: "file", data: []byte(text[:at] + ctl + text[at:])})
	case 9:
		use("cut"+ext, hfile{kind: "file", data: []byte(text[:r.IntN(len(text)+1)])})
	case 10, 11:
		data := []byte(text)
		for range 1 + r.IntN(4) {
			if len(data) > 0 {
				data[r.IntN(len(data))] = byte(r.IntN(256))
			}
		}
		use("flipped"+ext, hfile{kind: "file", data: data})
	case 12:
		lines := strings.SplitAfter(text, "\n")
		k := r.IntN(len(lines))
		use("dup"+ext, hfile{kind: "file", data: []byte(strings.Join(slices.Insert(lines, k, lines[k]), ""))})
	case 13:
		use("longline"+ext, hfile{kind: "file", data: []byte(text + strings.Repeat("x", 4095+r.IntN(3)) + "\n")})
	case 14:
		use("empty"+ext, hfile{kind: "file"})
	case 15:
		c.args[i] = "/dev/null"
		c.culprits = append(c.culprits, "/dev/null")
	case 16:
		use("new\nline"+ext, hfile{kind: "file", data: []byte(text)})
		c.culprits = append(c.culprits, "line"+ext)
	case 17:
		c.args[i] = "-"
		c.culprits = append(c.culprits, "<stdin>")
		switch r.IntN(4) {
		case 0:
			c.inKind = streamSilent
			ensureSignal(r, c, 50, 400)
		case 1:
			c.inKind = streamClosed
		default:
			c.inKind, c.stdin = streamData, []byte(text)
		}
	case 18:
		use("loop"+ext, hfile{kind: "symlink", target: "loop" + ext})
	case 19:
		// The same input twice (a stray argument for a command that
		// takes its inputs by flags).
		c.args = append(c.args, orig)
		c.culprits = append(c.culprits, orig)
		c.class = c.class || kind == "answers"
	case 20:
		// Past the limit while streaming: standard input has no size.
		if kind == "key" {
			c.args[i] = "-"
			c.culprits = append(c.culprits, "<stdin>")
			c.inKind, c.stdin = streamData, []byte(strings.Repeat("\n", keyReadBytes+1+r.IntN(10)))
		} else {
			use("long"+ext, hfile{kind: "file", data: []byte(strings.Repeat("# padding\n", 1+r.IntN(100)) + text)})
		}
	case 21:
		if kind == "shard" && slices.Contains(fixtureNames, orig) {
			use("resealed"+ext, hfile{kind: "resealed", target: orig, size: int64(r.IntN(1 << 20))})
		} else {
			use("link"+ext, hfile{kind: "symlink", target: orig})
		}
	}
	return true
}

// mutateOutput points an output flag at a hostile target.
func mutateOutput(r *rand.Rand, c *Case, b *base) bool {
	if len(b.outs) == 0 {
		return false
	}
	flag := b.outs[r.IntN(len(b.outs))]
	ext := map[string]string{"-o": ".txt", "--class-report": ".csv", "--data": ".csv"}[flag]
	if strings.HasPrefix(c.family, "plot") && flag == "-o" {
		ext = []string{".svg", ".pdf", ".png", ".eps", ".txt", ""}[r.IntN(6)]
	}
	var inputs []string
	for i := range b.inputs {
		if i < len(c.args) && c.args[i] != "-" {
			inputs = append(inputs, c.args[i])
		}
	}
	slices.Sort(inputs)
	target := func(name string, out bool) {
		setFlag(c, flag, name)
		c.culprits = append(c.culprits, flag, name)
		if out {
			c.outputs = append(c.outputs, name)
		}
	}
	k := r.IntN(20)
	if len(inputs) > 0 && r.IntN(5) < 2 {
		k = 11 + r.IntN(4) // an input as the output: what loses data
	}
	switch {
	case k < 3:
		target("out"+ext, true)
	case k == 3:
		target("victim.txt", true)
	case k == 4:
		target("/dev/null", false)
	case k == 5:
		target("/dev/full", false)
	case k == 6:
		target([]string{"/dev/stdout", "/dev/stderr", "/dev/fd/1", "/proc/self/fd/2"}[r.IntN(4)], false)
	case k == 7:
		target("/dev/fd/9", false)
	case k == 8:
		target([]string{".", "sub", "sub/"}[r.IntN(3)], false)
		c.files = append(c.files, hfile{name: "sub", kind: "dir"})
	case k == 9:
		target("missing/out"+ext, false)
	case k == 10:
		c.files = append(c.files, hfile{name: "out.fifo", kind: "fifo"})
		target("out.fifo", false)
	case k == 11 && len(inputs) > 0:
		in := inputs[r.IntN(len(inputs))]
		target(in, false)
		c.culprits = append(c.culprits, in)
	case k == 12 && len(inputs) > 0:
		c.files = append(c.files, hfile{name: "to-input", kind: "symlink", target: inputs[r.IntN(len(inputs))]})
		target("to-input", false)
	case k == 13 && len(inputs) > 0:
		c.files = append(c.files, hfile{name: "hard-input", kind: "hardlink", target: inputs[r.IntN(len(inputs))]})
		target("hard-input", false)
	case k == 14 && len(inputs) > 0:
		c.files = append(c.files, hfile{name: "sub", kind: "dir"})
		target("sub/../"+inputs[r.IntN(len(inputs))], false)
	case k == 15:
		// Two outputs, one file.
		for _, other := range b.outs {
			if other != flag {
				setFlag(c, other, "same"+ext)
				c.culprits = append(c.culprits, other)
				target("same"+ext, true)
				return true
			}
		}
		target("out"+ext, true)
	case k == 16:
		target("", false)
	case k == 17:
		target(strings.Repeat("n", 300)+ext, false)
	case k == 18:
		target("new\nline"+ext, true)
	default:
		target("dangling"+ext, true)
		c.outputs = append(c.outputs, "sub/made"+ext)
		c.files = append(c.files, hfile{name: "dangling" + ext, kind: "symlink", target: "sub/made" + ext})
		c.files = append(c.files, hfile{name: "sub", kind: "dir"})
	}
	return true
}

func mutateStreams(r *rand.Rand, c *Case, b *base) bool {
	switch r.IntN(5) {
	case 4:
		c.outKind = streamClosedPipe
	case 0:
		c.outKind = streamClosed
	case 1:
		c.outKind = streamFull
		ensureSignal(r, c, 100, 500)
	case 2:
		c.outKind = streamDevFull
	default:
		if c.inKind == streamDefault {
			c.inKind = streamClosed
		}
	}
	c.culprits = append(c.culprits, "standard")
	return true
}

func mutateSignal(r *rand.Rand, c *Case, b *base) bool {
	c.sig = signals[r.IntN(3)]
	// Half the signals come in the first 50 ms (while flags are parsed,
	// inputs read, outputs opened), half at any moment of the first 1.5 s.
	if r.IntN(2) == 0 {
		c.after = time.Duration(r.IntN(50_000)) * time.Microsecond
	} else {
		c.after = time.Duration(r.IntN(1500)) * time.Millisecond
	}
	return true
}

// ensureSignal gives a case that would wait for ever (on a pipe no one
// writes or reads) a signal lo to lo+span ms after it starts, unless it
// has one.
func ensureSignal(r *rand.Rand, c *Case, lo, span int) {
	if c.sig == 0 {
		c.sig = signals[r.IntN(3)]
		c.after = time.Duration(lo+r.IntN(span)) * time.Millisecond
	}
}

// signals are the signals sqrtdk stops on (its stopSignals), which cases
// send at random moments.
var signals = []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// nestedSurd returns a surd nested n deep (at most 6: the 64th root is
// the deepest the grammar takes) of a large fraction.
func nestedSurd(n int) string {
	e := strings.Repeat("9", 40) + "/7"
	for range n {
		e = "sqrt(" + e + ")"
	}
	return e
}

// mutateTempName renames an input to the name of a temporary file of the
// case's output (".OUT.<digits>.partial"), which a run must read and
// keep: a run deletes only files it made.
func mutateTempName(r *rand.Rand, c *Case, b *base) bool {
	if len(b.inputs) == 0 || len(b.outs) == 0 {
		return false
	}
	var idx []int
	for i := range b.inputs {
		if i < len(c.args) && slices.Contains(fixtureNames, c.args[i]) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return false
	}
	slices.Sort(idx)
	i := idx[r.IntN(len(idx))]
	flag := b.outs[r.IntN(len(b.outs))]
	out := "out.txt"
	setFlag(c, flag, out)
	c.outputs = append(c.outputs, out)
	name := fmt.Sprintf(".%s.%d.partial", out, r.IntN(1<<31))
	c.files = append(c.files, hfile{name: name, kind: "file", data: []byte(fixtureText(c.args[i]))})
	c.args[i] = name
	c.culprits = append(c.culprits, name, flag)
	// Another file so named, not an input, is left in place too.
	c.files = append(c.files, hfile{name: ".out.txt.7.partial", kind: "file", data: []byte("a person's file")})
	return true
}

// mutateAddressSpace runs the case under a lower address-space limit: a
// Go process reserves much of it at start (sqrtdk about 733 MiB), and
// sqrtdk must plan below what is left rather than die of "out of
// memory". Below about 800 MiB Go's runtime cannot even start its
// threads (at 768 MiB it dies before main): no lower limit is drawn.
func mutateAddressSpace(r *rand.Rand, c *Case, b *base) bool {
	c.as = []int64{896 << 20, 960 << 20}[r.IntN(2)]
	c.culprits = append(c.culprits, "--max-memory")
	return true
}
