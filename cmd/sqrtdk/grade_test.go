package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gradeGolden are whole outputs of grade, exercise and check's new formats,
// with the exit status each must give, run from the repository root.
var gradeGolden = []struct {
	name   string
	args   string
	status int
}{
	{"grade_right.txt", "grade --key exercises/lesson.key exercises/right.answers", 0},
	{"grade_mistakes.txt", "grade --key exercises/lesson.key exercises/mistakes.answers", 1},
	{"grade_mistakes.json", "grade --key exercises/lesson.key --format json exercises/mistakes.answers", 1},
	{"grade_mistakes_gradescope.json", "grade --key exercises/lesson.key --format gradescope exercises/mistakes.answers", 1},
	{"grade_class.txt", "grade --key exercises/lesson.key exercises/right.answers exercises/mistakes.answers", 1},
	{"grade_class.csv", "grade --key exercises/lesson.key --format csv exercises/right.answers exercises/mistakes.answers", 1},
	{"exercise_ada.md", "exercise --key exercises/variants.key --seed 2026 --student ada", 0},
	{"exercise_ada.tex", "exercise --key exercises/variants.key --seed 2026 --student ada --format latex", 0},
	{"exercise_ada_key.txt", "exercise --key exercises/variants.key --seed 2026 --student ada --answer-key", 0},
	{"exercise_ada_solutions.tex", "exercise --key exercises/variants.key --seed 2026 --student ada --answer-key --format latex", 0},
	{"exercise_lesson.tex", "exercise --key exercises/lesson.key --student ada --format latex", 0},
	{"check_predictions.json", "check --format json claims/predictions.claims", 1},
}

func TestGradeGolden(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	require.NoError(t, err)
	t.Chdir("../..")
	for _, c := range gradeGolden {
		t.Run(c.name, func(t *testing.T) {
			out, stderr, status := runCLI(t, strings.Fields(c.args)...)
			require.Equal(t, c.status, status, "sqrtdk %s: %s", c.args, stderr)
			assertGolden(t, filepath.Join(dir, c.name), out, c.args)
		})
	}
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

func TestGradeBadInput(t *testing.T) {
	t.Chdir("../..")
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	huge := write("huge.key", "answer a variance d=9000 values=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33\n")
	points := write("points.key", "# a key\nanswer a variance d=2 points=-2\n")
	unknown := write("unknown.answers", "1.raw 8.0\n9 1\n")
	dup := write("dup.answers", "1.raw 8.0\n1.raw 8\n")
	nostudent := write("nostudent.answers", "1.raw 8.0\n")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"grade", "exercises/right.answers"}, "--key: name the answer key"},
		{[]string{"grade", "--key", "exercises/lesson.key"}, "grade: name at least one answer file"},
		{[]string{"grade", "--key", huge, "exercises/right.answers"}, "huge.key:1: answer a: variance: d=9000:"},
		{[]string{"grade", "--key", points, "exercises/right.answers"}, "points.key:2: answer a: points=-2: write a non-negative decimal number"},
		{[]string{"grade", "--key", "exercises/lesson.key", unknown}, `unknown.answers:2: the key has no question "9"`},
		{[]string{"grade", "--key", "exercises/lesson.key", dup}, "dup.answers:2: 1.raw is answered twice (also on line 1)"},
		{[]string{"grade", "--key", "exercises/lesson.key", "--format", "yaml", dup}, `--format: unknown format "yaml"`},
		{[]string{"grade", "--key", "exercises/lesson.key", "--format", "gradescope", dup, unknown}, "--format gradescope writes the results of one answer file"},
		{[]string{"grade", "--key", "exercises/lesson.key", "--seed", "1", dup}, "--seed: exercises/lesson.key draws no values"},
		{[]string{"grade", "--key", "exercises/variants.key", nostudent}, "--seed: exercises/variants.key draws values"},
		{[]string{"grade", "--key", "exercises/variants.key", "--seed", "1", nostudent}, `nostudent.answers:1: exercises/variants.key draws a variant per student: the answer file needs a line "student ID"`},
		{[]string{"grade", "--key", "exercises/lesson.key", filepath.Join(dir, "none.answers")}, "no such file or directory"},
		{[]string{"exercise", "--key", "exercises/variants.key", "--seed", "1"}, "--student: name the student the sheet is for"},
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
	// A class run grades the files it can read and reports the others.
	out, stderr, status := runCLI(t, "grade", "--key", "exercises/lesson.key", "exercises/right.answers", unknown)
	assert.Equal(t, 2, status)
	assert.Contains(t, stderr, `unknown.answers:2: the key has no question "9"`)
	assert.Contains(t, stderr, "1 of 2 answer files could not be read")
	assert.Contains(t, out, "15 of 15 points")
	// Gradescope still gets a results.json that says why nothing was graded.
	out, _, status = runCLI(t, "grade", "--key", "exercises/lesson.key", "--format", "gradescope", unknown)
	assert.Equal(t, 2, status)
	assert.Contains(t, out, `"score": 0`)
	assert.Contains(t, out, `the key has no question \"9\"`)
}

// TestAutograderRecipe runs docs/autograder/run_autograder with the built
// binary in a stand-in of Gradescope's /autograder layout (AUTOGRADER_ROOT
// points at a temporary directory) and checks the results.json it writes.
func TestAutograderRecipe(t *testing.T) {
	dir := t.TempDir()
	bin := buildSqrtdk(t, dir)
	script, err := filepath.Abs("../../docs/autograder/run_autograder")
	require.NoError(t, err)
	key, err := filepath.Abs("../../exercises/lesson.key")
	require.NoError(t, err)
	for _, c := range []struct {
		submission string
		score      string
	}{
		{"right.answers", `"score": 15`},
		{"mistakes.answers", `"score": 2`},
		{"", `"score": 0`},
	} {
		root := filepath.Join(dir, "root-"+c.submission)
		for _, d := range []string{"source", "submission", "results"} {
			require.NoError(t, os.MkdirAll(filepath.Join(root, d), 0o755))
		}
		data, err := os.ReadFile(key)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(root, "source", "lesson.key"), data, 0o644))
		if c.submission != "" {
			data, err := os.ReadFile(filepath.Join("../../exercises", c.submission))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(root, "submission", "answers.txt"), data, 0o644))
		}
		cmd := exec.Command("bash", script)
		cmd.Env = append(os.Environ(), "AUTOGRADER_ROOT="+root, "SQRTDK="+bin, "KEY="+filepath.Join(root, "source", "lesson.key"))
		log, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", log)
		got, err := os.ReadFile(filepath.Join(root, "results", "results.json"))
		require.NoError(t, err, "%s", log)
		assert.Contains(t, string(got), c.score, "%s: %s", c.submission, got)
	}
}
