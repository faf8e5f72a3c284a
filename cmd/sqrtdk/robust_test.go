//go:build unix

package main

import (
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/hostiletest"
	"github.com/sqrtdk/sqrtdk/rational"
)

// reseal reads a shard file, edits it and recomputes its checksum.
func reseal(t *testing.T, path string, edit func(d *hostiletest.ShardDoc)) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	out, err := hostiletest.Reseal(data, edit)
	require.NoError(t, err)
	return out
}

// A robustCase is one bad input: the command line, with {dir} for the
// folder of fixtures, and a part of the one line it must print.
type robustCase struct {
	name      string
	args      string
	want      string
	withUsage bool
}

// TestBadInputRobust runs the bad inputs of a hostile tester through the
// command: outputs that are not plain files or are inputs, shard files
// edited, resealed, duplicated, misspelt, huge or strange, runs past the
// whole-run limits, and inputs far longer than any message should quote.
// Every one must exit with status 2, print nothing on stdout and one line
// on stderr (the usage after it for flag errors) quoting at most a few
// hundred characters of the input, with no panic, and leave no file
// behind, final or temporary.
func TestBadInputRobust(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	write := func(name string, data []byte) {
		require.NoError(t, os.WriteFile(at(name), data, 0o644))
	}
	setup := func(args string) {
		_, stderr, code := runCLI(t, strings.Fields(strings.ReplaceAll(args, "{dir}", dir))...)
		require.Equal(t, 0, code, "%s: %s", args, stderr)
	}
	// Valid shards: a table over two widths and a distribution, two slices each.
	setup("table --d 2,3 --shard 0/2 -o {dir}/t0.json")
	setup("table --d 2,3 --shard 1/2 -o {dir}/t1.json")
	setup("dist --d 4 --shard 0/2 -o {dir}/d0.json")
	setup("dist --d 4 --shard 1/2 -o {dir}/d1.json")
	setup("dist --d 1 --values 0,1,3 --k-values 1 --shard 0/1 -o {dir}/skew.json")
	hundred := strings.TrimSuffix(strings.Repeat("1,2,3,4,", 25), ",")
	setup("table --d " + hundred + " --shard 0/1 -o {dir}/t100.json")
	good, err := os.ReadFile(at("d1.json"))
	require.NoError(t, err)
	edit := func(old, new string) []byte {
		require.Contains(t, string(good), old)
		return []byte(strings.Replace(string(good), old, new, 1))
	}
	// Edited shard files, as a person or a faulty machine would leave them.
	write("dup-key.json", edit(`"tool"`, `"format": "sqrtdk-shard/1", "tool"`))
	write("capital-key.json", edit(`"method"`, `"Method"`))
	write("out-of-order.json", edit(`"method": "brute",`, ``))
	write("unknown-key.json", edit(`"sha256"`, `"note": "hi", "sha256"`))
	write("number-counts.json", edit(`"counts": [`+"\n"+`        "`, `"counts": [`+"\n"+`        1, "`))
	write("fraction-width.json", edit(`"d": 4`, `"d": 4.0`))
	write("trailing.json", append(slices.Clone(good), "{}"...))
	write("truncated.json", good[:len(good)/2])
	write("array.json", []byte("[]\n"))
	i := strings.Index(string(good), `"sha256": "`) + len(`"sha256": "`)
	flipped := slices.Clone(good)
	flipped[i] = "01"[(good[i]-'0'+1)%2] // one hex digit changed
	if good[i] == flipped[i] {
		flipped[i] = 'f'
	}
	write("bad-sum.json", flipped)
	write("long-key.json", edit(`"tool"`, `"`+strings.Repeat("k", 100_000)+`"`))
	write("garbage.json", []byte(strings.Repeat("{[\"x\", ", 200_000)))
	write("asymmetric.json", reseal(t, at("d1.json"), func(d *hostiletest.ShardDoc) {
		c := d.Parts[0].Counts
		c[0], c[1] = hostiletest.AddCount(c[0], 1), hostiletest.AddCount(c[1], -1)
	}))
	write("lattice.json", reseal(t, at("d1.json"), func(d *hostiletest.ShardDoc) { d.Parts[0].Base, d.Parts[0].Step = "1/3", "7" }))
	write("no-such-score.json", reseal(t, at("skew.json"), func(d *hostiletest.ShardDoc) { d.Parts[0].Counts[2], d.Parts[0].Counts[3] = "1", "0" }))
	write("wider.json", reseal(t, at("d1.json"), func(d *hostiletest.ShardDoc) {
		c := d.Parts[0].Counts
		c[0], c[4], c[1], c[3] = hostiletest.AddCount(c[0], 1), hostiletest.AddCount(c[4], 1), hostiletest.AddCount(c[1], -1), hostiletest.AddCount(c[3], -1)
	}))
	write("other-tool.json", reseal(t, at("d1.json"), func(d *hostiletest.ShardDoc) { d.Tool = "sqrtdk v0.9" }))
	write("zero-width.json", reseal(t, at("d1.json"), func(d *hostiletest.ShardDoc) { d.Parts[0].D = 0 }))
	write("d0-copy.json", mustRead(t, at("d0.json")))
	require.NoError(t, os.Mkdir(at("folder"), 0o755))
	huge, err := os.Create(at("huge.json"))
	require.NoError(t, err)
	require.NoError(t, huge.Truncate(600<<20)) // sparse: no disk used
	require.NoError(t, huge.Close())
	// Outputs that are not plain files, or are inputs.
	require.NoError(t, os.Symlink("d1.json", at("latest.json")))
	require.NoError(t, os.Link(at("d0.json"), at("hard.json")))
	require.NoError(t, os.Symlink("loop", at("loop")))
	require.NoError(t, syscall.Mkfifo(at("fifo"), 0o644))
	sock, err := net.Listen("unix", at("sock"))
	require.NoError(t, err)
	defer sock.Close()
	require.NoError(t, os.WriteFile(at("fig.svg"), []byte("old"), 0o644))
	require.NoError(t, os.Link(at("fig.svg"), at("fig.csv")))
	// Claims files.
	var jac []string
	for range 200 {
		jac = append(jac, jacobianClaim())
	}
	write("jacobian.claims", []byte(strings.Join(jac, "\n")+"\n"))
	write("five.claims", []byte("variance d=5000 values=-2,-1,0,1,2 is 10000\n"))
	// Planned at seconds: refused by the plan well inside a half-second
	// limit, however slow the machine (a 1 ms limit raced the reading).
	write("slow.claims", []byte("variance d=9000 values=-3,-2,-1,0,1,2,3 is 36000\n"))
	write("long-line.claims", []byte("variance d="+strings.Repeat("7", 3000)+" is 1\n"))
	write("empty.claims", nil)
	write("comments.claims", []byte("# nothing yet\n\n"))
	write("empty.joint", []byte("# no outcomes\n"))

	long := strings.Repeat("x", 10_000)
	digits := strings.Repeat("9", 10_000)
	var widths []string
	for i := range 100 {
		widths = append(widths, fmt.Sprint(300000+i))
	}
	wide := strings.Join(widths, ",")
	var thousand []string
	for range 1001 {
		thousand = append(thousand, "1")
	}
	var scales []string
	for i := 1; i < 60; i++ {
		scales = append(scales, fmt.Sprintf("d^%d/999", i))
	}
	cases := []robustCase{
		// -o: inputs, links, devices, pipes, sockets.
		{"output is an input", "merge -o {dir}/d0.json {dir}/d0.json {dir}/d1.json", "is one of the input files", false},
		{"output links to an input", "merge -o {dir}/latest.json {dir}/d0.json {dir}/d1.json", "is one of the input files", false},
		{"output hard-links an input", "merge -o {dir}/hard.json {dir}/d0.json {dir}/d1.json", "is one of the input files", false},
		{"output is an input by another path", "merge -o {dir}/./d1.json {dir}/d0.json {dir}/d1.json", "is one of the input files", false},
		{"output is a pipe nobody reads", "table -o {dir}/fifo", "named pipe that no process reads", false},
		{"output is a socket", "dist -o {dir}/sock", "is a socket", false},
		{"output is a loop of links", "table -o {dir}/loop", "symbolic links", false},
		{"output is a folder", "table -o {dir}/folder", "is a directory", false},
		{"output in a missing folder", "dist -o {dir}/missing/out.txt", "cannot write beside", false},
		{"figure and data are one file", "plot variance --d 1,2 -o {dir}/fig.svg --data {dir}/fig.csv", "are the same file", false},
		{"refused width with an output", "table --d 0 -o {dir}/out.txt", "d_k must be a positive integer", false},
		{"refused enumeration with an output", "dist --d 40 --method brute -o {dir}/out.txt", "would take about", false},
		{"refused merge with an output", "merge -o {dir}/out.txt {dir}/d0.json {dir}/asymmetric.json", "is symmetric about 0", false},
		{"refused budget with an output", "table --max-time 5m --d " + wide + " -o {dir}/out.txt", "100 parts, largest d_k = 3000", false},
		{"refused shard with an output", "dist --d 30 --shard 0/2 -o {dir}/out.json", "split the run into at least", false},
		{"merge without shards, with an output", "merge -o {dir}/out.txt", "no shard files given", true},
		// Shard files edited, resealed, damaged or strange.
		{"key twice", "merge {dir}/d0.json {dir}/dup-key.json", `key "format" appears twice`, false},
		{"key in capitals", "merge {dir}/d0.json {dir}/capital-key.json", `keys are lower-case`, false},
		{"key missing", "merge {dir}/d0.json {dir}/out-of-order.json", `out-of-order.json: is not a valid shard file (key "metho`, false},
		{"unknown key", "merge {dir}/d0.json {dir}/unknown-key.json", `unknown field "note"`, false},
		{"count as a number", "merge {dir}/d0.json {dir}/number-counts.json", "should be a string, not the number 1", false},
		{"width as a fraction", "merge {dir}/d0.json {dir}/fraction-width.json", "d 4.0 is not an integer", false},
		{"data after the document", "merge {dir}/d0.json {dir}/trailing.json", "data after the JSON document", false},
		{"truncated copy", "merge {dir}/d0.json {dir}/truncated.json", "bad JSON", false},
		{"an array", "merge {dir}/array.json", "a shard file is one JSON object", false},
		{"wrong checksum", "merge {dir}/d0.json {dir}/bad-sum.json", "is corrupted", false},
		{"key of 100,000 characters", "merge {dir}/long-key.json", "unknown field", false},
		{"a megabyte of brackets", "merge {dir}/garbage.json", "bad JSON", false},
		{"counts moved, resealed", "merge {dir}/d0.json {dir}/asymmetric.json", "is symmetric about 0, so they must be equal", false},
		{"base 1/3 step 7, resealed", "merge {dir}/d0.json {dir}/lattice.json", "is not the one these alphabets give", false},
		{"a score no pair has, resealed", "merge {dir}/no-such-score.json", "no pair of these alphabets has that score", false},
		{"wider but consistent, resealed", "merge {dir}/d0.json {dir}/wider.json", "is not one these alphabets can give", false},
		{"another build, resealed", "merge {dir}/d0.json {dir}/other-tool.json", "tool version", false},
		{"width 0, resealed", "merge {dir}/d0.json {dir}/zero-width.json", "width out of range", false},
		{"a folder for a shard", "merge {dir}/folder", "shard file {dir}/folder: is a directory", false},
		{"a 600 MiB shard", "merge {dir}/huge.json", "huge.json: the file holds 600 MiB; a shard file may hold at most 512 MiB", false},
		{"/dev/null for a shard", "merge /dev/null", "is empty", false},
		{"a slice twice", "merge {dir}/d0.json {dir}/d0-copy.json {dir}/d1.json", "duplicated shard", false},
		{"a slice missing", "merge --format json {dir}/d0.json", "slice 1 of 2 is missing", false},
		{"table and dist shards", "merge {dir}/t0.json {dir}/d1.json", "are from different runs", false},
		{"table flags on dist shards", "merge --digits 3 {dir}/d0.json {dir}/d1.json", "applies to table shards", false},
		// Whole runs past their limits.
		{"100 slow widths", "table --max-time 5m --d " + wide, "(limit 5 minutes): 100 parts, largest d_k = 3000", false},
		{"100 slow widths, shorter limit", "table --max-time 1m --d " + wide, "(limit 60 seconds): 100 parts", false},
		{"many irrational cells", "table --max-time 5m --digits 1001 --d 3,5,7 --scales " + strings.Repeat(strings.Join(scales, ",")+",", 9) + strings.Join(scales, ","), "1770 irrational cells rounded exactly", false},
		{"merged irrational cells", "merge --max-time 5m --digits 1001 --scales " + strings.Join(scales, ",") + " {dir}/t100.json", "5900 irrational cells", false},
		{"200 long softmax checks", "check --max-time 5m {dir}/jacobian.claims", "jacobian.claims:1, ", false},
		{"check time limit negative", "check --max-time -1s {dir}/five.claims", "--max-time must be positive", false},
		{"check time limit too short", "check --max-time 500ms {dir}/slow.claims", "slow.claims:1: the closed form at d_k = 9000 (for the whole distribution) would take about", false},
		{"1001 widths in a shard", "table --shard 0/2 --d " + strings.Join(thousand, ","), "a shard holds at most 1000 widths", false},
		{"±0 twice over the multiplicity", "dist --values ±0:1000000", "over 1000000", false},
		{"±0 twice over, in k", "table --k-values ±0:600000", "over 1000000", false},
		{"shard 0 of 0", "dist --shard 0/0", "--shard: want I/N", false},
		{"negative time limit", "table --max-time -5m", "--max-time must be positive", false},
		{"digits past a root's budget", "table --scales d^999/1000 --digits 5000", "at most 2000 decimal places", false},
		// Inputs far longer than a message should quote.
		{"long command", long, "unknown command", true},
		{"long argument", "table " + long, "unexpected argument", true},
		{"long flag name", "table --" + long, "flag provided but not defined", true},
		{"long width", "table --d " + long, "d_k must be a positive integer", false},
		{"long number width", "table --d " + digits, "d_k must be a positive integer", false},
		{"long values", "dist --values 1," + long, "--values", false},
		{"long k values", "dist --k-values " + long, "--k-values", false},
		{"long scale", "table --scales " + long, "unknown scale", false},
		{"long format", "table --format " + long, "unknown format", false},
		{"long digits", "table --digits " + digits, "invalid value", true},
		{"long rounding", "table --round " + long, "unknown rounding", false},
		{"long method", "table --method " + long, "unknown method", false},
		{"long time limit", "table --max-time " + long, "invalid value", true},
		{"long shard", "table --shard " + long, "--shard: want I/N", false},
		{"long LaTeX cells", "table --latex-cells " + long, "--latex-cells", false},
		{"long columns", "table --format latex --columns " + long, "--columns", false},
		{"long output path", "table -o /nonexistent/" + long, "cannot write", false},
		{"long shard path", "merge " + long, "file name too long", false},
		{"long claims path", "check " + long, "file name too long", false},
		{"long claims line", "check {dir}/long-line.claims", "long-line.claims:1", false},
		{"class report in a missing folder", "grade --key ../../exercises/lesson.key --class-report {dir}/missing/r.csv ../../exercises/right.answers", "sqrtdk grade: --class-report: cannot write beside", false},
		{"too many scores", "plot softmax -o {dir}/s.svg --scores 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17", "--scores: give from 1 to 16 scores, not 17", false},
		{"too many widths in a figure", "plot dist -o {dir}/s.svg --d 1,2,3,4,5,6,7,8,9", "--d: 9 widths is more than the 8", false},
		{"too many scales in a figure", "plot variance -o {dir}/s.svg --scales raw,sqrt,d,d^1/3,d^1/4,d^1/5,d^1/6,d^1/7,d^1/8", "--scales: 9 scales", false},
		{"resolution out of range", "plot softmax -o {dir}/s.png --dpi -1", "--dpi: resolution -1 dpi is outside", false},
		{"figure width out of range", "plot softmax -o {dir}/s.png --width 0cm", "--width: width 0cm is outside", false},
		{"student id that is none", "exercise --key ../../exercises/variants.key --seed 7 --student a/b", `--student: "a/b" is not a student id`, false},
		{"template key without a seed", "exercise --key ../../exercises/variants.key --student ada", "--seed: ", false},
		{"shard of a width past 2^64 q vectors", "table --d 999983 --shard 0/2", "--shard: at d_k = 999983 there are more than 2^64 q vectors", false},
		{"plot flag given twice", "plot dist --scale raw --scale=sqrt -o {dir}/x.svg", `sqrtdk plot dist: --scale is given twice ("raw", then "sqrt"); give it once`, true},
		{"empty claims file", "check {dir}/empty.claims", "empty.claims: the file has no claims", false},
		{"claims file of comments", "check {dir}/comments.claims", "comments.claims: the file has no claims", false},
		{"empty joint law", "prove --joint {dir}/empty.joint", "empty.joint: no outcomes", false},
		{"long prove format", "prove --format " + long, "unknown format", false},
		{"long plot kind", "plot " + long, "unknown figure kind", false},
		{"long plot output", "plot dist -o " + long, "-o", false},
		{"long plot width", "plot dist -o x.svg --width " + long, "--width", false},
		{"long help topic", "help " + long, "unknown command", true},
		{"long measured std", "diagnose --measured-std " + long, "--measured-std", false},
		{"long d_k to diagnose", "diagnose --measured-std 1 --d-k " + long, "--d-k", false},
	}
	if err := syscall.Mknod(at("full"), syscall.S_IFCHR|0o666, 1<<8|7); err == nil {
		cases = append(cases,
			robustCase{"output is a full disk (table)", "table -o {dir}/full", "no space left on device", false},
			robustCase{"output is a full disk (dist json)", "dist --d 5 --format json -o {dir}/full", "no space left on device", false},
			robustCase{"output is a full disk (shard)", "dist --d 5 --shard 0/2 -o {dir}/full", "no space left on device", false},
			robustCase{"output is a full disk (merge)", "merge -o {dir}/full {dir}/t0.json {dir}/t1.json", "no space left on device", false},
		)
	} else {
		t.Logf("no device node (%v): the full-disk cases are left out", err)
	}
	require.GreaterOrEqual(t, len(cases), 80)
	fixtures := names(t, dir)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if k := hostiletest.KnownFor(c.args); k != nil {
				t.Skipf("known finding: %s", k)
			}
			args := strings.Fields(strings.ReplaceAll(c.args, "{dir}", dir))
			stdout, stderr, code := runCLI(t, args...)
			message, usage, _ := strings.Cut(stderr, "\n")
			t.Logf("sqrtdk %s\n%s", strings.Join(shorten(args), " "), message)
			require.Equal(t, 2, code, "exit status; stderr:\n%.2000s", stderr)
			require.Empty(t, stdout)
			require.NotContains(t, stderr, "panic")
			require.NotContains(t, stderr, "goroutine")
			require.True(t, strings.HasPrefix(message, "sqrtdk"), "first line %q", message)
			require.Contains(t, message, strings.ReplaceAll(c.want, "{dir}", dir))
			require.Empty(t, hostiletest.MessageFaults(message), message)
			require.LessOrEqual(t, utf8.RuneCountInString(message), maxLineRunes, "the line quotes too much")
			for _, word := range strings.Fields(message) {
				require.LessOrEqual(t, len([]rune(word)), maxLineRunes, "the line quotes a run of %d characters", len(word))
			}
			if c.withUsage {
				require.True(t, strings.HasPrefix(usage, "\nusage: sqrtdk "), "after the message, want a blank line and the usage; got:\n%.2000s", usage)
			} else {
				require.Empty(t, usage, "want one line on stderr, got:\n%.2000s", stderr)
			}
			var extra []string
			for _, n := range names(t, dir) {
				if !slices.Contains(fixtures, n) {
					extra = append(extra, n)
					os.Remove(filepath.Join(dir, n))
				}
			}
			require.Empty(t, extra, "files left behind")
			require.ElementsMatch(t, fixtures, names(t, dir), "a fixture was removed")
		})
	}
	t.Logf("%d bad inputs", len(cases))
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// jacobianClaim is a jacobian-max claim on 64 printed scores whose check
// runs the whole box budget.
func jacobianClaim() string {
	var s []string
	for i := range 64 {
		s = append(s, rational.FormatRat(big.NewRat(int64((i*37)%17)-7, 7), 1, rational.RoundHalfEven))
	}
	return "jacobian-max scores=" + strings.Join(s, ",") + " rounded=1 is 0.0360"
}
