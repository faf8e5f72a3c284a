//go:build unix

package grade

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// benchAnswers are answers to exercises/lesson.key as a class writes them,
// right ones in their usual notations and the usual mistakes, for the
// grading benchmark: each student's file draws one per part.
var benchAnswers = map[string][]string{
	"1.cases":   {"65536", "65,536", "4^8", "2^16", "6.5536e4", "65536 pairs", "256", "4^8 = 65536", ""},
	"1.raw":     {"8.0", "8", "2.8", "6.0", "8.00", "≈ 8.0", "4.0"},
	"1.sqrt":    {"1.00", "1", "0.13", "1.0", "8.00", "0.125"},
	"1.d":       {"0.125", "1/8", "0.13", "12.5%", "1.000", "0.12", ""},
	"2.raw":     {"32.0", "32", "2.0", "5.7", "16.0", "4^2·2"},
	"2.sqrt":    {"16.00", "16", "4.00", "1.00", "32.00", "22.6"},
	"3":         {"grows", "it grows", "grows like sqrt(d)", "stays at 1", "increases", "grows linearly", "shrinks"},
	"p1":        {"0.33, 0.33, 0.34", "[0.33 0.33 0.34]", "0.09, 0.24, 0.67", "0.3, 0.3, 0.3", "(0.33, 0.33, 0.34)"},
	"p2.raw":    {"4096", "4,096", "64", "2^12"},
	"p2.std":    {"64", "std 64", "4096", "8"},
	"p2.scaled": {"1", "1.0", "1/4096", "64"},
	"p3.var":    {"2", "32", "2.0", "√2"},
	"p3.zero":   {"1/2", "0.5", "50%", "8", "one half", "8 out of 16"},
	"p4":        {"4", "4.0", "1", "16", "2√2"},
}

// benchClass writes n answer files to lesson.key, drawn from benchAnswers
// with a fixed seed.
func benchClass(n int) []string {
	rng := rand.New(rand.NewPCG(21, 1000))
	ids := []string{"1.cases", "1.raw", "1.sqrt", "1.d", "2.raw", "2.sqrt", "3", "p1", "p2.raw", "p2.std", "p2.scaled", "p3.var", "p3.zero", "p4"}
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		fmt.Fprintf(&b, "student s%04d\n", i)
		for _, id := range ids {
			opts := benchAnswers[id]
			if a := opts[rng.IntN(len(opts))]; a != "" {
				fmt.Fprintf(&b, "%s %s\n", id, a)
			}
		}
		out[i] = b.String()
	}
	return out
}

// cpuSeconds returns the process's user and system CPU time so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// BenchmarkGradeClass grades a class of 1,000 answer files against the
// lesson's key with one Grader, as sqrtdk grade does: reading each file,
// grading it and analysing the class; cpu-s/class is the process's CPU
// time (every core) per class, the figure the README gives.
func BenchmarkGradeClass(b *testing.B) {
	text, err := os.ReadFile("../exercises/lesson.key")
	if err != nil {
		b.Fatal(err)
	}
	files := benchClass(1000)
	b.ResetTimer()
	start := cpuSeconds()
	for range b.N {
		k, err := ParseKey("lesson.key", strings.NewReader(string(text)))
		if err != nil {
			b.Fatal(err)
		}
		g := NewGrader(Options{})
		if err := g.Plan(k); err != nil {
			b.Fatal(err)
		}
		var rs []*Result
		for i, f := range files {
			a, err := ParseAnswers(fmt.Sprintf("s%04d.answers", i), strings.NewReader(f), k)
			if err != nil {
				b.Fatal(err)
			}
			r, err := g.Grade(context.Background(), k, a)
			if err != nil {
				b.Fatal(err)
			}
			rs = append(rs, r)
		}
		Compare(rs)
		Analyse(rs)
	}
	b.ReportMetric((cpuSeconds()-start)/float64(b.N), "cpu-s/class")
}

// TestWriteBenchClass writes the benchmark's class to the folder
// SQRTDK_WRITE_CLASS names, for bench/grade-class.sh to grade end to end.
func TestWriteBenchClass(t *testing.T) {
	dir := os.Getenv("SQRTDK_WRITE_CLASS")
	if dir == "" {
		t.Skip("SQRTDK_WRITE_CLASS names no folder")
	}
	for i, f := range benchClass(1000) {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("s%04d.answers", i)), []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
