package repotest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// precisionWords finds a number's precision worded in a string literal: a
// format verb before "places", "decimal places", "significant digits" or
// "digits" ("%d decimal places", which says "1 decimal places"), or a
// literal that starts with a space and one of those words (what
// strconv.Itoa(n) + " places" builds). Prose with a fixed number ("2
// significant digits" in a help text) is not a count that varies.
var precisionWords = regexp.MustCompile(`%[-+# 0-9.*]*[a-zA-Z][\s)]*(decimal )?(places?|(significant )?digits?)\b` +
	`|^\s+(decimal places?|places?|significant digits?|digits?)\b`)

// TestPrecisionWordsHaveOneHome holds that every message, reading,
// feedback line, sheet and page words a number of places or digits
// through internal/numwords, which says "1 decimal place" and "2 decimal
// places": a copy elsewhere said "1 decimal places" on the student pages,
// on sheets and in a softmax's error. Tests and testdata are not searched.
func TestPrecisionWordsHaveOneHome(t *testing.T) {
	var found []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "testdata", "numwords", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err == nil && precisionWords.MatchString(s) {
				found = append(found, fset.Position(lit.Pos()).String()+": "+lit.Value)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s: word the precision with internal/numwords (Places, SignificantDigits, Digits)", strings.TrimPrefix(f, root+"/"))
	}
}

// TestPrecisionWordsPattern: the pattern sees each way a precision was
// worded by hand, and not the words numwords' results are put into.
func TestPrecisionWordsPattern(t *testing.T) {
	for _, s := range []string{"%d decimal places", "(scores printed to %s places)", "held to %d significant digits",
		"a count of %d digits", "%s… (%d digits)", " places", " decimal place", "%d places of a root"} {
		if !precisionWords.MatchString(s) {
			t.Errorf("%q is not seen", s)
		}
	}
	for _, s := range []string{"too few places", "more than %s (rounded=%d)", "give at least %s.", "places=", "decimals=N or digits=N",
		"the places it shows", "%s is outside 0..%d", "places", "digits", "held to 2 significant digits"} {
		if precisionWords.MatchString(s) {
			t.Errorf("%q is seen", s)
		}
	}
}
