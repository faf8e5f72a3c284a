package claims

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary text to the parser: it must return a file or an
// error naming a line, and never panic. The seed corpus (the shipped files
// and the bad ones) runs in every normal test run.
func FuzzParse(f *testing.F) {
	paths, _ := filepath.Glob("*.claims")
	bad, _ := filepath.Glob("testdata/bad/*.claims")
	for _, p := range append(paths, bad...) {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add("law quantity=std d=1,2 is sqrt(d)^(1/2)*√(d/2)")
	f.Add("number value=((((1)))) is 1 # comment")
	f.Fuzz(func(t *testing.T, text string) {
		file, err := Parse("fuzz.claims", strings.NewReader(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.claims:") {
				t.Fatalf("error without file and line: %v", err)
			}
			return
		}
		if len(file) == 0 {
			t.Fatal("a file parsed without claims")
		}
	})
}

// FuzzReadAnswer feeds arbitrary text to the answer grammar for every shape
// of question: it must read it or say why, and never panic.
func FuzzReadAnswer(f *testing.F) {
	for _, s := range []string{"65,536", "≈ 4096", "0.125 (=1/8)", "4^10 = 1048576", "$\\frac{1}{2}$", "grows like √d_k",
		"stays at 1", "[0.09 0.24 0.67]", "3 out of 8", "6.5 × 10^{4}", "1,5", "((", "√", "= = =", "(=)", "\\sqrt[", "2¹⁶"} {
		f.Add(s)
	}
	qs := []string{"cases d=8", "variance d=8 scale=sqrt", "softmax scores=1,2,3", "trend quantity=variance d=1,2,4",
		"law quantity=std d=1,2,4", "distribution d=2", "share d=2 score=0"}
	var questions []*Question
	for _, q := range qs {
		p, err := ParseQuestion(q, nil)
		if err != nil {
			f.Fatal(err)
		}
		questions = append(questions, p)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, q := range questions {
			for _, comma := range []bool{false, true} {
				a, err := q.Read(text, comma)
				if err != nil {
					continue
				}
				_ = a.Reading()
				_, _ = q.Claim("f", 1, a)
				if c := a.Truncated(); c != nil {
					_, _ = q.Claim("f", 1, c)
				}
				for _, s := range a.Sides() {
					_, _ = q.Claim("f", 1, s)
				}
			}
		}
	})
}
