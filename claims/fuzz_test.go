package claims

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqrtdk/sqrtdk/rational"
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

// FuzzExpr feeds arbitrary text to the one expression grammar, as a number
// and as a formula in d: it must parse it or say why, never panic, and its
// work is bounded by the text's length: at most two nodes per byte, at
// most maxPowers powers (each a dozen products of values of at most
// maxValueBits bits), and a comparison of formulas at most maxCompareWork
// node evaluations. A formula that can be compared equals itself and not
// itself plus one.
func FuzzExpr(f *testing.F) {
	for _, s := range []string{"2^10/4*256", "2^-3", "2^(1/2)", "64^0.5", "64**0.5", "(4*4+8*0+4*4)/16", "21 1/3", "2 x 2",
		"2·32", "2√2", "2(3)", "sqrt(sqrt(d))", "d_k/d_k^2", "1/(d^(1/2)-d)", "(d+1)^3/(d-2)", "√-1", "2^2^2^2^2", "1e-4000",
		"((((((((((1))))))))))", "d^(1/64)^(1/64)", "0^-1", "-(-(-d))", "1 + √2", "square root of 128", "1 over d_k", "9 1/2 + 1/2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > maxAnswerBytes {
			return
		}
		for _, allowD := range []bool{false, true} {
			e, err := parseExpr(text, allowD)
			if err != nil {
				continue
			}
			if n := size(e); n > 2*len(text)+1 {
				t.Fatalf("%q: %d nodes from %d bytes", text, n, len(text))
			}
			_, _ = e.eval(0)
			_, _ = e.eval(3)
			if !allowD || comparable(e) != nil {
				continue
			}
			c, err := sameFunction(e, e)
			if err == nil && !c.equal {
				t.Fatalf("%q differs from itself at d = %s", text, c.differs)
			}
			c, err = sameFunction(e, sum{left: e, right: constant{rational.NewInt(1)}})
			if err == nil && c.equal {
				t.Fatalf("%q equals itself plus one", text)
			}
		}
	})
}
