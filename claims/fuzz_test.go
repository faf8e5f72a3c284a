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
		if len(file.Claims) == 0 {
			t.Fatal("a file parsed without claims")
		}
	})
}
