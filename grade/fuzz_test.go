package grade

import (
	"context"
	"os"
	"strings"
	"testing"
)

// FuzzGradeAnswers reads and grades arbitrary answer files against the
// lesson's key: every file is read (its bad lines are problems, never a
// reason to stop) and graded, and nothing panics.
func FuzzGradeAnswers(f *testing.F) {
	for _, name := range []string{"../exercises/right.answers", "../exercises/mistakes.answers"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add("1 65,536; 8.0; 1; 0.125 (=1/8)\r3 grows like sqrt(d)\rp1 [0.33 0.33 0.34]\n1.raw 8\n1.raw 9\n")
	f.Add("student a\nstudent b\n\x00")
	text, err := os.ReadFile("../exercises/lesson.key")
	if err != nil {
		f.Fatal(err)
	}
	k, err := ParseKey("lesson.key", strings.NewReader(string(text)))
	if err != nil {
		f.Fatal(err)
	}
	g := NewGrader(Options{})
	f.Fuzz(func(t *testing.T, file string) {
		a, err := ParseAnswers("f.answers", strings.NewReader(file), k)
		if err != nil {
			if !strings.Contains(file, "\x00") {
				t.Fatalf("a text file refused: %v", err)
			}
			return
		}
		r, err := g.Grade(context.Background(), k, a)
		if err != nil {
			t.Fatalf("grading stopped: %v", err)
		}
		if len(r.Parts) != len(k.Parts()) {
			t.Fatalf("%d parts graded of %d", len(r.Parts), len(k.Parts()))
		}
	})
}
