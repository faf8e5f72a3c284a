package web

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/grade"
)

func TestDebugTiming(t *testing.T) {
	f, err := os.Open("../../../../exercises/lesson.key")
	require.NoError(t, err)
	k, err := grade.ParseKey("lesson.key", f)
	require.NoError(t, err)
	v, _ := k.Variant("", "ada")
	text, err := v.VisibleText()
	require.NoError(t, err)
	t0 := time.Now()
	e, err := NewExercise(context.Background(), "lesson.key", text, "answers-ada.txt")
	require.NoError(t, err)
	t.Log("new", time.Since(t0))
	t0 = time.Now()
	c := e.Check("1.cases", 4, "1.cases 65536")
	t.Log(c, time.Since(t0))
}

func TestDebugTiming2(t *testing.T) {
	f, err := os.Open("../../../../exercises/lesson.key")
	require.NoError(t, err)
	k, err := grade.ParseKey("lesson.key", f)
	require.NoError(t, err)
	v, _ := k.Variant("", "ada")
	text, err := v.VisibleText()
	require.NoError(t, err)
	e, err := NewExercise(context.Background(), "lesson.key", text, "answers-ada.txt")
	require.NoError(t, err)
	for _, l := range []string{"p2.std 4096", "p2.std 64", "p2.std 63", "p2.raw 4096", "p2.scaled 1", "p2.scaled 2", "p4 4", "p4 1", "3 grows", "3 shrinks", "p1 0.33, 0.33, 0.34", "p1 0.09, 0.24, 0.67"} {
		t0 := time.Now()
		id := l[:strings.Index(l, " ")]
		c := e.Check(id, 4, l)
		t.Log(l, c.Verdict, time.Since(t0))
	}
}

func BenchmarkDebugCheck(b *testing.B) {
	f, _ := os.Open("../../../../exercises/lesson.key")
	k, _ := grade.ParseKey("lesson.key", f)
	v, _ := k.Variant("", "ada")
	text, _ := v.VisibleText()
	e, _ := NewExercise(context.Background(), "lesson.key", text, "answers-ada.txt")
	e.Check("p2.raw", 4, "p2.raw 4096")
	for b.Loop() {
		e.Check("p2.raw", 4, "p2.raw 4096")
	}
}
