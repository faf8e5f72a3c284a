package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGradescopeGolden checks grade's Gradescope results byte for byte
// against testdata/, but for its execution_time, which is measured: the
// one field that is not the same on every run (the other whole outputs
// are scripts in testdata/script).
func TestGradescopeGolden(t *testing.T) {
	t.Chdir("../..")
	out, stderr, status := runCLI(t, "grade", "--key", "exercises/lesson.key", "--format", "gradescope", "exercises/mistakes.answers")
	require.Equal(t, 1, status, stderr)
	out = regexp.MustCompile(`"execution_time": [0-9]+,`).ReplaceAllString(out, `"execution_time": 0,`)
	assert.Equal(t, readFile(t, "cmd/sqrtdk/testdata/grade_mistakes_gradescope.json"), out)
}

// withStdin runs fn with standard input reading text.
func withStdin(t *testing.T, text string, fn func()) {
	t.Helper()
	old := stdin
	stdin = strings.NewReader(text)
	defer func() { stdin = old }()
	fn()
}

func TestStandardInput(t *testing.T) {
	t.Chdir("../..")
	withStdin(t, "\uFEFFcases d=8 is 65536\nvariance d=2 is 3\n", func() {
		out, _, status := runCLI(t, "check", "-")
		assert.Equal(t, 1, status)
		assert.Contains(t, out, "holds  <stdin>:1  cases d=8")
		assert.Contains(t, out, "FAILS  <stdin>:2  variance d=2")
	})
	answers, err := os.ReadFile("exercises/mistakes.answers")
	require.NoError(t, err)
	want, _, _ := runCLI(t, "grade", "--key", "exercises/lesson.key", "exercises/mistakes.answers")
	withStdin(t, string(answers), func() {
		out, _, status := runCLI(t, "grade", "--key", "exercises/lesson.key", "-")
		assert.Equal(t, 1, status)
		assert.Equal(t, strings.Replace(want, "exercises/mistakes.answers", "<stdin>", 1), out)
	})
	_, stderr, status := runCLI(t, "check", "-", "-")
	assert.Equal(t, 2, status)
	assert.Contains(t, stderr, "standard input (-) can be read only once")
}

// tempWriter returns a function that writes a file into dir and returns
// its path.
func tempWriter(t *testing.T, dir string) func(name, text string) string {
	return func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
}

func TestGradeBadInput(t *testing.T) {
	t.Chdir("../..")
	dir := t.TempDir()
	write := tempWriter(t, dir)
	huge := write("huge.key", "answer a variance d=9000 values=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33\n")
	points := write("points.key", "# a key\nanswer a variance d=2 points=-2\n")
	twice := write("twice.key", "with points=1 points=2\nanswer a variance d=2\n")
	overflow := write("overflow.key", "draw d from -5000000000000000000..5000000000000000000\nanswer a variance d={d}\n")
	everyChoice := write("every.key", "draw d from 8,-1\nanswer a variance d={d}\n")
	fraction := write("fraction.key", "draw v from 1,"+strings.Repeat("7", 38)+"/7\nanswer a variance d={v}\n")
	few := write("few.key", "draw d from 5,7\nanswer a variance d={d}\n")
	typo := write("typo.key", "range d=1..64\nanswer a variance d=80\n")
	nostudent := write("nostudent.answers", "1.raw 8.0\n")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"grade", "exercises/right.answers"}, "--key: name the answer key"},
		{[]string{"grade", "--key", "exercises/lesson.key"}, "grade: name at least one answer file"},
		{[]string{"grade", "--key", huge, "exercises/right.answers"}, "huge.key:1: the closed form at d_k = 9000 (for the whole distribution) would hold about 85.3 GiB (limit 1 GiB); choose a smaller d_k, or allow more memory with --max-memory"},
		{[]string{"grade", "--key", points, "exercises/right.answers"}, "points.key:2: answer a: points=-2: write a non-negative decimal number"},
		{[]string{"grade", "--key", twice, "exercises/right.answers"}, "twice.key:1: with: points is set twice"},
		{[]string{"grade", "--key", overflow, "exercises/right.answers"}, "overflow.key:1: draw d: -5000000000000000000..5000000000000000000 has 10000000000000000001 choices; at most 10000"},
		{[]string{"grade", "--key", everyChoice, "--seed", "1", "exercises/right.answers"}, "every.key:2: answer a: variance: d=-1: d_k must be a positive integer (when d = -1)"},
		{[]string{"grade", "--key", fraction, "--seed", "1", "exercises/right.answers"}, "fraction.key:2: answer a: variance: d=" + strings.Repeat("7", 20)}, // the 200-character line cuts the rest of the 38 digits
		{[]string{"grade", "--key", few, "--seed", "1", "exercises/right.answers"}, "few.key:1: the draws give 2 variants; at least 200 are needed"},
		{[]string{"grade", "--key", typo, "exercises/right.answers"}, "typo.key:2: answer a: d=80 is outside the range 1..64 of line 1"},
		{[]string{"grade", "--key", "exercises/lesson.key", "--format", "yaml", nostudent}, `--format: unknown format "yaml"`},
		{[]string{"grade", "--key", "exercises/lesson.key", "--format", "gradescope", nostudent, nostudent}, "--format gradescope writes the results of one answer file"},
		{[]string{"grade", "--key", "exercises/lesson.key", "--seed", "1", nostudent}, "--seed: exercises/lesson.key draws no values"},
		{[]string{"grade", "--key", "exercises/variants.key", nostudent}, "--seed: exercises/variants.key draws values"},
		{[]string{"grade", "--key", "exercises/variants.key", "--seed", "1", nostudent}, `nostudent.answers:1: exercises/variants.key draws a variant per student: the answer file needs a line "student ID"`},
		{[]string{"grade", "--key", "exercises/lesson.key", filepath.Join(dir, "none.answers")}, "no such file or directory"},
		{[]string{"grade", "--lint", "exercises/lesson.key", nostudent}, "--lint checks a key alone"},
		{[]string{"grade", "--lint", huge}, "huge.key:1: the closed form at d_k = 9000"},
		{[]string{"exercise", "--key", "exercises/variants.key", "--seed", "1"}, "name the student (--student ID) or the class (--roster FILE)"},
		{[]string{"exercise", "--key", "exercises/variants.key", "--student", "ada"}, "give the seed the variants were made with"},
		{[]string{"exercise", "--key", "exercises/lesson.key", "--student", "ada", "--format", "key"}, "--format key prints a key: add --answer-key"},
		{[]string{"exercise", "--key", "exercises/lesson.key", "--student", "a b"}, `"a b" is not a student id`},
		{[]string{"check", "--format", "csv", "claims/lesson.claims"}, `--format: unknown format "csv" (use text, json)`},
	}
	for _, c := range cases {
		out, stderr, status := runCLI(t, c.args...)
		assert.Equal(t, 2, status, "sqrtdk %v: %s", c.args, stderr)
		assert.Empty(t, out, "sqrtdk %v", c.args)
		assert.True(t, strings.HasPrefix(stderr, "sqrtdk "+c.args[0]+": "), "%v: %q", c.args, stderr)
		assert.Contains(t, firstLine(stderr), c.want, "sqrtdk %v", c.args)
		assert.NotContains(t, stderr, "panic")
	}
}

// TestGradeNothingLost: a line that cannot be read, a missing file, the
// same file twice: every file the teacher names gets its row, and nothing
// readable goes ungraded.
func TestGradeNothingLost(t *testing.T) {
	t.Chdir("../..")
	dir := t.TempDir()
	write := tempWriter(t, dir)
	unknown := write("unknown.answers", "1.raw 8.0\n9 1\n")
	dup := write("dup.answers", "1.raw 8.0\n1.raw 2.0\n")
	missing := filepath.Join(dir, "missing.answers")
	// A line the key does not have is left out and flagged; the rest is graded.
	out, stderr, status := runCLI(t, "grade", "--key", "exercises/lesson.key", unknown)
	assert.Equal(t, 1, status, stderr)
	assert.Contains(t, out, "1.raw      1/1  8.0  Right.")
	assert.Contains(t, out, `flag unreadable-lines: 1 line of the file could not be read and was left out: line 2: the key has no question "9"`)
	// Two answers to one part: could not read, flagged for review.
	out, _, status = runCLI(t, "grade", "--key", "exercises/lesson.key", dup)
	assert.Equal(t, 1, status)
	assert.Contains(t, out, `Could not read: the part is answered twice, "8.0" on line 1 and "2.0" on line 2.`)
	assert.Contains(t, out, "1 could not read (flagged for review)")
	// A class run with a missing file grades the others and gives it its row.
	out, stderr, status = runCLI(t, "grade", "--key", "exercises/lesson.key", "--format", "csv", "exercises/right.answers", missing, unknown)
	assert.Equal(t, 3, status, "graded and written, with a row to review")
	assert.Contains(t, stderr, "missing.answers: no such file or directory")
	assert.Contains(t, stderr, "1 of 3 answer files could not be graded")
	rows := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, rows, 4, out)
	assert.True(t, strings.HasPrefix(rows[1], "ada,,exercises/right.answers,15,15,,,"), rows[1])
	assert.Contains(t, rows[2], "missing.answers,0,15,")
	assert.Contains(t, rows[2], "no such file or directory")
	assert.Contains(t, rows[3], "unreadable-lines")
	// The same file twice is graded once.
	out, _, _ = runCLI(t, "grade", "--key", "exercises/lesson.key", "--format", "csv", "exercises/right.answers", "./exercises/right.answers")
	assert.Equal(t, 2, strings.Count(out, "\n"), out)
	assert.Contains(t, out, "same-file")
	// Gradescope gets a results.json for a file that is not there, and
	// for one it cannot read, naming no server path.
	for _, name := range []string{missing, dir} {
		out, _, status = runCLI(t, "grade", "--key", "exercises/lesson.key", "--format", "gradescope", name)
		assert.Equal(t, 2, status)
		assert.Contains(t, out, `"score": 0`)
		assert.Contains(t, out, "could not be graded")
		assert.NotContains(t, out, dir, "no server path")
	}
	out, _, status = runCLI(t, "grade", "--key", "exercises/lesson.key", "--format", "gradescope", unknown)
	assert.Equal(t, 1, status)
	assert.Contains(t, out, `"score": 1`)
	// Control characters of an answer are never echoed raw.
	esc := write("esc.answers", "1.raw \x1b[31m8.0\x07\n")
	out, _, _ = runCLI(t, "grade", "--key", "exercises/lesson.key", esc)
	assert.NotContains(t, out, "\x1b")
	assert.NotContains(t, out, "\x07")
	assert.Contains(t, out, "␛[31m8.0␇")
}

// TestAutograderRecipe runs internal/autograder/run_autograder with the built
// binary in a stand-in of Gradescope's /autograder layout (AUTOGRADER_ROOT
// points at a temporary directory) and checks the results.json it writes.
func TestAutograderRecipe(t *testing.T) {
	dir := t.TempDir()
	bin := sharedBinary(t)
	script, err := filepath.Abs("internal/autograder/run_autograder")
	require.NoError(t, err)
	lesson, err := os.ReadFile("../../exercises/lesson.key")
	require.NoError(t, err)
	variants, err := os.ReadFile("../../exercises/variants.key")
	require.NoError(t, err)
	adaVariant := "student ada\n1 1024 5.0 1.00 0.200\n2 4802.0 2401.00\n3 shrinks\n"
	for i, c := range []struct {
		key, seed, submission, metadata string
		want                            []string
	}{
		{string(lesson), "", "right.answers", "", []string{`"score": 15`}},
		{string(lesson), "", "mistakes.answers", "", []string{`"score": 2`, `"tags": [`, `"vectors-not-pairs"`}},
		{string(lesson), "", "", "", []string{`"score": 0`, "Upload exactly one answer file"}},
		// The submitter is the student: ada's variant, though the file names bob.
		{string(variants), "2026", strings.Replace(adaVariant, "ada", "bob", 1), `{"users": [{"email": "ada@example.org", "name": "Ada", "sid": "ada"}]}`,
			[]string{`"score": 8`, `"student": "ada"`, `"student-line"`}},
	} {
		root := filepath.Join(dir, fmt.Sprintf("root-%d", i))
		for _, d := range []string{"source", "submission", "results"} {
			require.NoError(t, os.MkdirAll(filepath.Join(root, d), 0o755))
		}
		require.NoError(t, os.WriteFile(filepath.Join(root, "source", "course.key"), []byte(c.key), 0o644))
		if c.seed != "" {
			require.NoError(t, os.WriteFile(filepath.Join(root, "source", "seed.txt"), []byte(c.seed+"\n"), 0o644))
		}
		switch {
		case strings.HasSuffix(c.submission, ".answers"):
			data, err := os.ReadFile(filepath.Join("../../exercises", c.submission))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(root, "submission", "answers.txt"), data, 0o644))
		case c.submission != "":
			require.NoError(t, os.WriteFile(filepath.Join(root, "submission", "answers.txt"), []byte(c.submission), 0o644))
		}
		if c.metadata != "" {
			require.NoError(t, os.WriteFile(filepath.Join(root, "submission_metadata.json"), []byte(c.metadata), 0o644))
		}
		cmd := exec.Command("bash", script)
		cmd.Env = append(os.Environ(), "AUTOGRADER_ROOT="+root, "SQRTDK="+bin, "KEY="+filepath.Join(root, "source", "course.key"))
		log, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", log)
		got, err := os.ReadFile(filepath.Join(root, "results", "results.json"))
		require.NoError(t, err, "%s", log)
		var parsed map[string]any
		require.NoError(t, json.Unmarshal(got, &parsed), "results.json is JSON: %s", got)
		for _, w := range c.want {
			assert.Contains(t, string(got), w, "case %d: %s", i, got)
		}
		assert.NotContains(t, string(got), root, "case %d: no server path", i)
	}
}

// TestDecimalCommaFlag: 1,5 is read as 1.5 only when the key or
// --decimal-comma says so.
func TestDecimalCommaFlag(t *testing.T) {
	t.Chdir("../..")
	answers := filepath.Join(t.TempDir(), "comma.answers")
	require.NoError(t, os.WriteFile(answers, []byte("1.d 0,125\n"), 0o644))
	out, _, _ := runCLI(t, "grade", "--key", "exercises/lesson.key", answers)
	assert.Contains(t, out, `1.d        0/1  0,125  Could not read "0,125": the comma in "0,125" is ambiguous`)
	out, _, _ = runCLI(t, "grade", "--key", "exercises/lesson.key", "--decimal-comma", answers)
	assert.Contains(t, out, "1.d        1/1  0,125  Right.")
}

// TestGradescopeLeaksNothing: no answer in a test name (a number question
// says what it asks, never its value), hidden parts keep the total until
// grades are published, and the output counts the visible points alone.
func TestGradescopeLeaksNothing(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, "hidden.key")
	require.NoError(t, os.WriteFile(key, []byte("answer p1 variance d=8\nanswer p2 number value=2 visibility=hidden points=3\nanswer p3 number value=sqrt(4096)\nask p3 The square root of 4096.\n"), 0o644))
	answers := filepath.Join(dir, "a.answers")
	require.NoError(t, os.WriteFile(answers, []byte("p1 8\np2 2\np3 64\n"), 0o644))
	out, _, status := runCLI(t, "grade", "--key", key, "--format", "gradescope", answers)
	require.Equal(t, 0, status)
	var r struct {
		Score      json.Number
		Output     string
		Visibility string
		Tests      []struct{ Name, Visibility string }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, "5", r.Score.String(), "the total for the gradebook")
	assert.Equal(t, "after_published", r.Visibility, "the total waits for the hidden part")
	assert.Contains(t, r.Output, "2 of 2 points on the parts shown now; 1 more part is shown when grades are published")
	assert.Equal(t, "p2: the number question p2 asks for", r.Tests[1].Name)
	assert.Equal(t, "hidden", r.Tests[1].Visibility)
	assert.Equal(t, "p3: The square root of 4096.", r.Tests[2].Name)
	assert.NotContains(t, out, dir)
}

// TestGradePlansLikeCheck: a key is planned before any answer is graded,
// by the planner check uses: claims check refuses, grade refuses as a key.
func TestGradePlansLikeCheck(t *testing.T) {
	dir := t.TempDir()
	var claimsText, keyText strings.Builder
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&claimsText, "variance d=%d values=-1,0,1,2,3 is 1\n", 80*i)
		fmt.Fprintf(&keyText, "answer a%d variance d=%d values=-1,0,1,2,3\n", i, 80*i)
	}
	cl := filepath.Join(dir, "many.claims")
	key := filepath.Join(dir, "many.key")
	answers := filepath.Join(dir, "x.answers")
	require.NoError(t, os.WriteFile(cl, []byte(claimsText.String()), 0o644))
	require.NoError(t, os.WriteFile(key, []byte(keyText.String()), 0o644))
	require.NoError(t, os.WriteFile(answers, []byte("a1 80\n"), 0o644))
	// The limit is ten seconds, far below the key's plan (minutes) and far
	// above planning its 611 parts even under the race detector (at 1 s
	// the deadline could come first there).
	_, checkErr, status := runCLI(t, "check", "--max-time", "10s", cl)
	require.Equal(t, 2, status, checkErr)
	assert.Contains(t, checkErr, "many.claims:")
	for _, args := range [][]string{{"grade", "--max-time", "10s", "--key", key, answers}, {"grade", "--max-time", "10s", "--lint", key}} {
		out, stderr, status := runCLI(t, args...)
		assert.Equal(t, 2, status, "%v: %s", args, stderr)
		assert.Empty(t, out)
		assert.Contains(t, stderr, "many.key:")
		assert.Contains(t, stderr, "--max-time")
	}
}
