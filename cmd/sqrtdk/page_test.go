package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/pages/app"
	"github.com/sqrtdk/sqrtdk/grade"
)

// pageData is what an exercise page tells its script (see render.ExercisePage).
type pageData struct {
	Page         string   `json:"page"`
	Student      string   `json:"student"`
	File         string   `json:"file"`
	Header       []string `json:"header"`
	KeyName      string   `json:"key_name"`
	Key          string   `json:"key"`
	HiddenPoints string   `json:"hidden_points"`
	MaxLineBytes int      `json:"max_line_bytes"`
	Parts        []struct {
		ID     string `json:"id"`
		Hidden bool   `json:"hidden"`
	} `json:"parts"`
}

var pageDataPattern = regexp.MustCompile(`(?s)<script type="application/json" id="sqrtdk-data">(.*?)</script>`)

// writeExercisePage writes a page with sqrtdk exercise and returns its
// directory and data.
func writeExercisePage(t *testing.T, args ...string) (string, pageData) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "page")
	_, stderr, status := runBin(t, append([]string{"exercise", "--format", "html", "-o", dir}, args...)...)
	require.Equal(t, 0, status, stderr)
	html, err := os.ReadFile(filepath.Join(dir, "index.html"))
	require.NoError(t, err)
	m := pageDataPattern.FindSubmatch(html)
	require.NotNil(t, m, "the page's data")
	var d pageData
	require.NoError(t, json.Unmarshal(m[1], &d))
	return dir, d
}

// answerFile is the answer file an exercise page writes for the answers
// texts (by part id): its script's layout, header, student line, then
// "ID ANSWER" or "ID" per part in key order.
func answerFile(d pageData, texts map[string]string) []string {
	lines := append([]string{}, d.Header...)
	lines = append(lines, "student "+d.Student)
	for _, p := range d.Parts {
		if s := strings.TrimSpace(texts[p.ID]); s != "" {
			lines = append(lines, p.ID+" "+s)
		} else {
			lines = append(lines, p.ID)
		}
	}
	return lines
}

// gradeJSON is the part of sqrtdk grade --format json the pages show.
type gradeJSON struct {
	Score   json.Number `json:"score"`
	Answers []struct {
		ID       string      `json:"id"`
		Verdict  string      `json:"verdict"`
		Points   json.Number `json:"points"`
		Feedback string      `json:"feedback"`
		Mistake  string      `json:"mistake"`
	} `json:"answers"`
}

// gradeJSONFile runs sqrtdk grade --format json on an answer file.
func gradeJSONFile(t *testing.T, key, path string, extra ...string) gradeJSON {
	t.Helper()
	stdout, stderr, status := runBin(t, append([]string{"grade", "--format", "json", "--key", key, path}, extra...)...)
	require.Contains(t, []int{0, 1}, status, stderr)
	var g gradeJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &g), stdout)
	return g
}

// answerTexts reads an answer file against its key: each part's text.
func answerTexts(t *testing.T, keyPath, path string, variant func(*grade.Key) *grade.Key) map[string]string {
	t.Helper()
	kf, err := os.Open(keyPath)
	require.NoError(t, err)
	defer kf.Close()
	k, err := grade.ParseKey(keyPath, kf)
	require.NoError(t, err)
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	a, err := grade.ParseAnswers(path, f, k)
	require.NoError(t, err)
	out := map[string]string{}
	for id, ans := range a.ByPart {
		out[id] = ans.Text
	}
	return out
}

// awkwardAnswers are answers people write that the grammar may or may not
// read: each must get the command line's verdict, word for word.
var awkwardAnswers = []string{
	"65,536", "6.5e4", "≈ 4096", "it grows", "sixty-five thousand", "", "  64  ", "64 # a comment", "#64",
	": 64", "= 64", "1/0", "0.1.2", "2*sqrt(2)", "99.97%", "((((((((((((((((((((1))))))))))))))))))))",
	"9^9^9^9", "10^1000000000", "1e999999999", "−64", "６４", "64;65", "grows|shrinks", "stays at 1",
	"0.33, 0.33, 0.34", "0.09 0.24 0.67", "\u202e46", "x\ty", strings.Repeat("1", 300), "NaN", "Infinity", "-0",
}

// TestExerciseCheckMatchesGrade grades, line by line as a page does, the
// shipped answer files and awkward answers to every part, and compares
// every verdict, point, feedback and mistake with sqrtdk grade on the
// answer file the page would write.
func TestExerciseCheckMatchesGrade(t *testing.T) {
	cases := []struct {
		name, key string
		args      []string
		answers   []string
	}{
		{"lesson", "../../exercises/lesson.key", []string{"--student", "ada"}, []string{"../../exercises/right.answers", "../../exercises/mistakes.answers"}},
		{"variant", "../../exercises/variants.key", []string{"--seed", "s1", "--student", "bob"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, d := writeExercisePage(t, append([]string{"--key", c.key}, c.args...)...)
			sets := []map[string]string{}
			for _, path := range c.answers {
				sets = append(sets, answerTexts(t, c.key, path, nil))
			}
			if testing.Short() {
				sets = append(sets, awkwardSet(d, awkwardAnswers[:8]))
			} else {
				for i := 0; i < len(awkwardAnswers); i += 8 {
					sets = append(sets, awkwardSet(d, awkwardAnswers[i:min(i+8, len(awkwardAnswers))]))
				}
			}
			ex, err := app.NewExercise(context.Background(), d.KeyName, d.Key, d.File)
			require.NoError(t, err)
			for _, texts := range sets {
				lines := answerFile(d, texts)
				path := filepath.Join(t.TempDir(), d.File)
				require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
				extra := []string{}
				if c.name == "variant" {
					extra = []string{"--seed", "s1"}
				}
				want := gradeJSONFile(t, c.key, path, extra...)
				require.Len(t, want.Answers, len(d.Parts))
				for i, p := range d.Parts {
					n := len(d.Header) + 2 + i
					got := ex.Check(p.ID, n, lines[n-1])
					w := want.Answers[i]
					msg := fmt.Sprintf("part %s answered %q", p.ID, texts[p.ID])
					require.Empty(t, got.Error, msg)
					assert.Equal(t, w.Verdict, got.Verdict, msg)
					assert.Equal(t, w.Points.String(), got.Points, msg)
					// The marks are grade's; the words are the page's, for
					// the student.
					assert.Equal(t, app.ForStudent(w.Feedback), got.Feedback, msg)
					assert.True(t, app.SpeaksToStudent(got.Feedback), "%s: %s", msg, got.Feedback)
					assert.Equal(t, w.Mistake, got.Mistake, msg)
				}
				assert.Equal(t, want.Score.String(), ex.Check(d.Parts[0].ID, len(d.Header)+2, lines[len(d.Header)+1]).Score, "the running score")
			}
		})
	}
}

// awkwardSet answers part i with answers[i mod len].
func awkwardSet(d pageData, answers []string) map[string]string {
	out := map[string]string{}
	for i, p := range d.Parts {
		out[p.ID] = answers[i%len(answers)]
	}
	return out
}

// TestLabMatchesProve runs forms of the proof lab and sqrtdk prove (the
// built binary) with the flags the lab shows: the same transcript, the
// same last line and the same exit status, refusals and bad input
// included. The whole grid runs without -short; -short runs a cover of it
// that still gives every value of every field at least once.
func TestLabMatchesProve(t *testing.T) {
	bin := sharedBinary(t)
	values := []string{"-1,1", "-1,0:2,1", "±2", "1,x", "1/2,-3/2"}
	ks := []app.Lab{{}, {K: "q"}, {K: "-q"}, {KValues: "0,1"}}
	ties := []string{"none", "q", "k", "both"}
	scales := []string{"sqrt", "d", "raw", "d^x"}
	widths := []string{"1,2,3", "2", "0", "1,40"}
	var forms []app.Lab
	var fields [][5]int // each form's (value, k, tie, scale, width) indices
	for i, v := range values {
		for j, k := range ks {
			for l, tie := range ties {
				s, w := (i+l)%len(scales), (j+l)%len(widths)
				forms = append(forms, app.Lab{Values: v, K: k.K, KValues: k.KValues, Tie: tie, Scale: scales[s], D: widths[w]})
				fields = append(fields, [5]int{i, j, l, s, w})
			}
		}
	}
	if testing.Short() {
		forms = labCover(forms, fields)
	}
	for _, lab := range forms {
		res := lab.Prove(context.Background())
		status, stdout, stderr := execSqrtdk(t, bin, append([]string{"prove"}, lab.Args()...)...)
		msg := res.Command
		assert.Equal(t, stdout, res.Transcript, msg)
		assert.Equal(t, strings.TrimSuffix(stderr, "\n"), res.Status, msg)
		assert.Equal(t, status, res.Exit, msg)
		assert.NotEmpty(t, res.Message, msg)
		assert.True(t, app.SpeaksToStudent(res.Message), "%s: %s", msg, res.Message)
		if status == 2 {
			assert.NotEmpty(t, res.Field, "a refusal names the field to change: %s", res.Message)
			assert.Contains(t, res.Message, "Change “", msg)
		}
	}
	t.Logf("%d forms", len(forms))
}

// labCover picks, greedily, forms that together give every value of every
// field: each next form is the one adding the most values not yet given.
func labCover(forms []app.Lab, fields [][5]int) []app.Lab {
	seen := map[[2]int]bool{}
	var out []app.Lab
	for {
		best, gain := -1, 0
		for n, f := range fields {
			g := 0
			for field, v := range f {
				if !seen[[2]int{field, v}] {
					g++
				}
			}
			if g > gain {
				best, gain = n, g
			}
		}
		if best < 0 {
			return out
		}
		for field, v := range fields[best] {
			seen[[2]int{field, v}] = true
		}
		out = append(out, forms[best])
	}
}

// TestExercisePageFiles: what each kind of page holds, and what a page
// without feedback leaves out.
func TestExercisePageFiles(t *testing.T) {
	key := "../../exercises/lesson.key"
	kf, err := os.ReadFile(key)
	require.NoError(t, err)
	k, err := grade.ParseKey(key, strings.NewReader(string(kf)))
	require.NoError(t, err)

	dir, d := writeExercisePage(t, "--key", key, "--student", "ada")
	assert.ElementsMatch(t, []string{".sqrtdk-manifest", "index.html", "sqrtdk.css", "sqrtdk.js", "wasm_exec.js", "sqrtdk-wasm.js"}, names(t, dir))
	assert.Equal(t, "lesson.key", d.KeyName)
	assert.NotEmpty(t, d.Key)

	dir, d = writeExercisePage(t, "--key", key, "--student", "ada", "--no-feedback")
	assert.ElementsMatch(t, []string{".sqrtdk-manifest", "index.html", "sqrtdk.css", "sqrtdk.js"}, names(t, dir), "no module: nothing computes")
	assert.Empty(t, d.Key)
	all := readAll(t, dir)
	// Nothing of the key's answer, hint, ask and mistake lines: neither
	// the claims nor the texts after their ids (a mistake's feedback after
	// its =>).
	lines, err := k.Lines()
	require.NoError(t, err)
	for _, line := range lines {
		word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		if word != "answer" && word != "hint" && word != "ask" && word != "mistake" {
			continue
		}
		_, text, _ := strings.Cut(strings.TrimSpace(rest), " ")
		claim, says, _ := strings.Cut(text, "=>")
		for _, s := range []string{strings.Join(strings.Fields(claim), " "), strings.TrimSpace(says)} {
			if s != "" {
				assert.NotContains(t, all, s, "from the key line %q", line)
			}
		}
	}
	assert.NotContains(t, all, "answer 1.cases")

	// Hidden parts: not in the page's key, their points said apart.
	hidden := filepath.Join(t.TempDir(), "hidden.key")
	text := strings.Replace(string(kf), "answer p4 std d=64 values=-2,2 scale=sqrt", "answer p4 std d=64 values=-2,2 scale=sqrt visibility=hidden", 1)
	text = strings.Replace(text, "answer 3 trend quantity=variance scale=d^1/4 d=1,2,4,6,8 points=2", "answer 3 trend quantity=variance scale=d^1/4 d=1,2,4,6,8 points=2 visibility=after_due_date", 1)
	require.NoError(t, os.WriteFile(hidden, []byte(text), 0o644))
	dir, d = writeExercisePage(t, "--key", hidden, "--student", "ada")
	assert.Equal(t, "3", d.HiddenPoints)
	assert.NotContains(t, d.Key, "values=-2,2 scale=sqrt")
	assert.NotContains(t, d.Key, "scale=d^1/4")
	assert.NotContains(t, d.Key, "Var(q·k / c)", "question 3's hint")
	hiddenIDs := []string{}
	for _, p := range d.Parts {
		if p.Hidden {
			hiddenIDs = append(hiddenIDs, p.ID)
		}
	}
	assert.Equal(t, []string{"3", "p4"}, hiddenIDs)
	assert.Contains(t, readAll(t, dir), "Your teacher grades this part later")
}

func readAll(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	for _, n := range names(t, dir) {
		data, err := os.ReadFile(filepath.Join(dir, n))
		require.NoError(t, err)
		b.Write(data)
	}
	return b.String()
}

// TestPageOutputDirectory: -o DIR appears whole, replaces a page written
// before, and refuses whatever else is there.
func TestPageOutputDirectory(t *testing.T) {
	base := t.TempDir()
	key := "../../exercises/lesson.key"
	page := func(dir string, extra ...string) (string, int) {
		_, stderr, status := runCLI(t, append([]string{"exercise", "--key", key, "--student", "ada", "--format", "html", "-o", dir}, extra...)...)
		return stderr, status
	}
	dir := filepath.Join(base, "page")
	_, status := page(dir)
	require.Equal(t, 0, status)
	_, status = page(dir, "--no-feedback")
	require.Equal(t, 0, status, "a page is replaced")
	assert.ElementsMatch(t, []string{".sqrtdk-manifest", "index.html", "sqrtdk.css", "sqrtdk.js"}, names(t, dir), "the old page's module is gone with it")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644))
	stderr, status := page(dir)
	assert.Equal(t, 2, status)
	assert.Contains(t, stderr, "holds notes.txt, which is not part of the page sqrtdk wrote")
	data, err := os.ReadFile(filepath.Join(dir, "notes.txt"))
	require.NoError(t, err)
	assert.Equal(t, "mine", string(data), "nothing is lost")
	stderr, status = page(filepath.Join(base, "missing", "page"))
	assert.Equal(t, 2, status)
	assert.Contains(t, stderr, "does not exist")
	file := filepath.Join(base, "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	stderr, status = page(file)
	assert.Equal(t, 2, status)
	assert.Contains(t, stderr, "not a directory")
	empty := filepath.Join(base, "empty")
	require.NoError(t, os.Mkdir(empty, 0o755))
	_, status = page(empty)
	assert.Equal(t, 0, status, "an empty directory takes a page")
	entries, err := os.ReadDir(base)
	require.NoError(t, err)
	for _, e := range entries {
		assert.False(t, strings.HasPrefix(e.Name(), "."), "a temporary directory is left: %s", e.Name())
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"exercise", "--key", key, "--student", "ada", "--format", "html"}, "name it with -o DIR"},
		{[]string{"exercise", "--key", key, "--student", "ada", "--no-feedback"}, "--no-feedback is for --format html"},
		{[]string{"exercise", "--key", key, "--student", "ada", "--format", "html", "--answer-key", "-o", dir}, "leave out --answer-key"},
		{[]string{"prove", "--format", "html"}, "name it with -o DIR"},
		{[]string{"prove", "--format", "html", "--pairs", "1 1, -1 -1", "-o", dir}, "--pairs"},
	} {
		_, stderr, status := runCLI(t, c.args...)
		assert.Equal(t, 2, status, "%v", c.args)
		assert.Contains(t, stderr, c.want, "%v", c.args)
	}
}

// TestProveOutputFile: prove -o FILE writes what it prints, and a failing
// proof still writes its transcript (exit status 1).
func TestProveOutputFile(t *testing.T) {
	bin := sharedBinary(t)
	for _, args := range [][]string{{"--d", "1,2"}, {"--d", "1,2", "--k-from", "q"}, {"--d", "2", "--format", "json"}} {
		status, want, _ := execSqrtdk(t, bin, append([]string{"prove"}, args...)...)
		path := filepath.Join(t.TempDir(), "proof.txt")
		st, stdout, stderr := execSqrtdk(t, bin, append([]string{"prove", "-o", path}, args...)...)
		assert.Equal(t, status, st, stderr)
		assert.Empty(t, stdout)
		assert.Equal(t, want, readFile(t, path), "%v", args)
	}
}

// TestExercisePageOddKeyName: a key file whose name holds a line break
// cannot break the answer file's header.
func TestExercisePageOddKeyName(t *testing.T) {
	key := filepath.Join(t.TempDir(), "odd\nname.key")
	require.NoError(t, os.WriteFile(key, []byte(readFile(t, "../../exercises/lesson.key")), 0o644))
	_, d := writeExercisePage(t, "--key", key, "--student", "ada")
	for _, h := range d.Header {
		assert.NotContains(t, h, "\n")
	}
	assert.Equal(t, "odd?name.key", d.KeyName)
	lines := answerFile(d, map[string]string{"p4": "4"})
	path := filepath.Join(t.TempDir(), d.File)
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	assert.Equal(t, "1", gradeJSONFile(t, key, path).Score.String())
}
