package app

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/grade"
)

func lessonText(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile("../../../../../exercises/lesson.key")
	require.NoError(t, err)
	k, err := grade.ParseKey("lesson.key", strings.NewReader(string(data)))
	require.NoError(t, err)
	text, err := k.VisibleText()
	require.NoError(t, err)
	return text
}

func TestCheckScoresTheLatestAnswerOfEachPart(t *testing.T) {
	e, err := NewExercise(context.Background(), "lesson.key", lessonText(t), "answers-ada.txt")
	require.NoError(t, err)
	c := e.Check("1.cases", 4, "1.cases 65536")
	assert.Equal(t, Check{ID: "1.cases", Verdict: "right", Points: "1", MaxPoints: "1", Feedback: "Right.", Score: "1", MaxScore: "15"}, c)
	c = e.Check("3", 9, "3 grows")
	assert.Equal(t, "right", c.Verdict)
	assert.Equal(t, "3", c.Score, "question 3 is worth 2")
	c = e.Check("1.cases", 4, "1.cases 256")
	assert.Equal(t, "wrong", c.Verdict)
	assert.Equal(t, "2", c.Score, "the wrong answer replaces the right one")
	assert.Equal(t, "vectors-not-pairs", c.Mistake)
	c = e.Check("3", 9, "3")
	assert.Equal(t, "no answer", c.Verdict)
	assert.Equal(t, "0", c.Score)
	require.NoError(t, e.Warm("p2.std"))
	assert.Equal(t, "0", e.Check("3", 9, "3").Score, "warming changes no score")
	require.Error(t, e.Warm("nope"))
}

func TestCheckSaysWhatTheCommandLineSays(t *testing.T) {
	e, err := NewExercise(context.Background(), "lesson.key", lessonText(t), "answers-ada.txt")
	require.NoError(t, err)
	c := e.Check("p2.raw", 7, "p2.raw "+strings.Repeat("9", claims.MaxLineBytes))
	assert.Equal(t, "sqrtdk grade: answers-ada.txt:7: the line is longer than 4096 bytes", c.Error)
	assert.Empty(t, c.Verdict)
	c = e.Check("p2.raw", 7, "p2.std 64")
	assert.Contains(t, c.Error, "another part")
	c = e.Check("p2.raw", 7, "p2.raw lots of pairs")
	assert.Equal(t, "could not read", c.Verdict)
	assert.True(t, strings.HasPrefix(c.Feedback, `Could not read "lots of pairs": `), c.Feedback)
	c = e.Check("p2.raw", 7, "p2.raw four thousand ninety-six")
	assert.Equal(t, "right", c.Verdict, "the answer grammar is the command line's")
	c = e.Check("nope", 7, "nope 1")
	assert.Contains(t, c.Error, `no part "nope"`)
}

func TestSessionProtocol(t *testing.T) {
	s := NewSession(context.Background())
	var out map[string]any
	for req, want := range map[string]string{
		`not json`:                   "cannot read the request",
		`{"op":"check","id":"1"}`:    "check before exercise",
		`{"op":"warm","id":"1"}`:     "warm before exercise",
		`{"op":"prove"}`:             "prove without a lab",
		`{"op":"fly"}`:               `unknown op "fly"`,
		`{"op":"exercise","key":""}`: "no answer lines",
	} {
		require.NoError(t, json.Unmarshal(s.Handle([]byte(req)), &out))
		assert.Contains(t, out["error"], want, req)
	}
	req, _ := json.Marshal(Request{Op: "exercise", KeyName: "lesson.key", Key: lessonText(t), File: "a.txt"})
	assert.JSONEq(t, `{"ok":true}`, string(s.Handle(req)))
	req, _ = json.Marshal(Request{Op: "check", ID: "p4", LineNo: 20, Line: "p4 4"})
	require.NoError(t, json.Unmarshal(s.Handle(req), &out))
	assert.Equal(t, "right", out["verdict"])
	req, _ = json.Marshal(Request{Op: "prove", Lab: &Lab{Values: "-1,1", D: "1,2"}})
	require.NoError(t, json.Unmarshal(s.Handle(req), &out))
	assert.Equal(t, float64(0), out["exit"])
	assert.Equal(t, "sqrtdk prove --values -1,1 --d 1,2", out["command"])
}

func TestCommandLineQuotes(t *testing.T) {
	assert.Equal(t, "sqrtdk prove --values -1,0:2,1 --k-from -q --d 1,2", commandLine("sqrtdk prove", []string{"--values", "-1,0:2,1", "--k-from", "-q", "--d", "1,2"}))
	assert.Equal(t, `sqrtdk prove --values '1, 2' --d '' --scale 'it'\''s'`, commandLine("sqrtdk prove", []string{"--values", "1, 2", "--d", "", "--scale", "it's"}))
}

// BenchmarkCheckAgain grades answers to parts already graded once, as a
// page does at each keystroke: a right and a wrong answer to d_k = 4096,
// to a softmax and to a trend.
func BenchmarkCheckAgain(b *testing.B) {
	e, err := NewExercise(context.Background(), "lesson.key", lessonText(b), "answers-ada.txt")
	require.NoError(b, err)
	for _, c := range []struct{ id, line string }{
		{"p2.raw", "p2.raw 4096"}, {"p2.std", "p2.std 4096"}, {"p1", "p1 0.33, 0.33, 0.34"},
		{"p1", "p1 0.09, 0.24, 0.67"}, {"3", "3 grows"}, {"3", "3 stays at 1"},
	} {
		e.Check(c.id, 7, c.line)
		b.Run(c.line, func(b *testing.B) {
			for b.Loop() {
				e.Check(c.id, 7, c.line)
			}
		})
	}
}
