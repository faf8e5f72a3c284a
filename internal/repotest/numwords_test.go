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

// countWords finds a count worded by hand before a plural noun that
// people read ("%d claims", which says "1 claims"), unless it is a limit
// ("more than %d claims", "at most %d scores"), which is never 1. A verb
// after a count is not searched: "%d is" is mostly a value, not a count.
var countWords = regexp.MustCompile(`%s points?\b|%[-+0-9]*d (answer files?|claims?|parts?|answers?|lines?|students?|warnings?|lint warnings?|` +
	`choices?|figures?|scores?|heads?|points?|cases?|pairs?|printed outputs?|enclosures?|arguments?|variants?|questions?|files?)\b`)

// countLimit is the words before a count that make it a limit.
// An exponent ("2^%d pairs") is not a count either.
var countLimit = regexp.MustCompile(`((more than|fewer than|longer than|larger than|at most|at least|up to|from 1 to) |2\^)$`)

// countsAllowed are the literals whose count is never 1, with why.
var countsAllowed = map[string]string{
	"all %d pairs i < j":                    "the branch is taken for more than one pair (steps.go: same && count > 1)",
	"d_k = %d scores":                       "the lesson's label of a distribution, \"d_k = 2 scores\", not a count",
	"[%s, …, %s] (%d scores, %d not shown)": "an abbreviated list, past maxExactChars of text: thousands of scores",
	"%s: %d parts, largest %s, %s":          "the refusal's case for two parts or more (enumerate/errors.go)",
	"grading %d answer files":               "one file is \"grading the answer file\" (cmd/sqrtdk/grade.go)",
	"%d heads do not divide d_model = %d, so d_model/heads is no head width": "one head divides every width",
}

// TestNumberWordsHaveOneHome holds that every message, reading, feedback
// line, sheet and page words a count before its noun, and a number of
// places or digits, through internal/numwords, which says "1 claim" and
// "1 decimal place": copies elsewhere said "1 decimal places" and "1
// significant digits" on the student pages and sheets, "1 figures for 2
// scores" to a student, "1 claims: 1 hold" and "1 students of the
// roster" to a teacher. Tests and testdata are not searched.
func TestNumberWordsHaveOneHome(t *testing.T) {
	var found []string
	seen := map[string]bool{}
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
			if err != nil {
				return true
			}
			if precisionWords.MatchString(s) {
				found = append(found, fset.Position(lit.Pos()).String()+": "+lit.Value)
			}
			if _, ok := countsAllowed[s]; ok {
				seen[s] = true
				return true
			}
			for _, m := range countWords.FindAllStringIndex(s, -1) {
				if !countLimit.MatchString(s[:m[0]]) {
					found = append(found, fset.Position(lit.Pos()).String()+": "+lit.Value)
					break
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for s := range countsAllowed {
		if !seen[s] {
			t.Errorf("countsAllowed lists %q, which no file has now: take it out", s)
		}
	}
	for _, f := range found {
		t.Errorf("%s: word the count or precision with internal/numwords (Count, Agree, Places, SignificantDigits, Digits)", strings.TrimPrefix(f, root+"/"))
	}
}

// TestNumberWordsPatterns: the patterns see each way a count or a
// precision was worded by hand, and not the words numwords' results are
// put into, nor a limit.
func TestNumberWordsPatterns(t *testing.T) {
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
	for _, s := range []string{"%d figures for %d scores", "%s of %s points", "(Partial credit: %s of %s points.)", "%d students of the roster", "%d claims: %d hold", "%s: %d parts, %s points", "(%d warnings)"} {
		m := countWords.FindStringIndex(s)
		if m == nil || countLimit.MatchString(s[:m[0]]) {
			t.Errorf("%q is not seen", s)
		}
	}
	for _, s := range []string{"more than %d claims in one file", "at most %d scores", "%s for %s", "%d of %s %s", "%d bits", "q has %d entries"} {
		if m := countWords.FindStringIndex(s); m != nil && !countLimit.MatchString(s[:m[0]]) {
			t.Errorf("%q is seen", s)
		}
	}
}
