package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
)

// latexProblems are the lines of a pdflatex log that fail the test: an
// error, an overfull box (a row wider than the text or a table taller than
// the page), a character the font lacks, a group or conditional left open
// at the end, or any LaTeX or package warning (latexLogProblems lets the
// note that labels changed pass, which every first run with a \label gives).
var latexProblems = regexp.MustCompile(`(?m)^(!.*|Overfull \\[hv]box.*|Missing character.*|\(\\end occurred .*|(LaTeX|Package \w+) Warning: .*)$`)

// TestLaTeXCompiles typesets every LaTeX output the scripts hold (their
// want.tex, in testdata/script) with the real pdflatex, in a document whose preamble is only what
// render.LaTeXPreamble says (the article class, 10 pt, its default text
// width), and fails on any error, warning or overfull box.
func TestLaTeXCompiles(t *testing.T) {
	pdflatex := needPDFLaTeX(t)
	scripts, err := filepath.Glob(filepath.Join("testdata", "script", "*.txtar"))
	require.NoError(t, err)
	bodies := map[string]string{}
	for _, s := range scripts {
		a, err := txtar.ParseFile(s)
		require.NoError(t, err)
		for _, f := range a.Files {
			if strings.HasSuffix(f.Name, ".tex") {
				bodies[filepath.Base(s)+"/"+f.Name] = string(f.Data)
			}
		}
	}
	require.GreaterOrEqual(t, len(bodies), 9, "the golden LaTeX outputs")
	for f, body := range bodies {
		t.Run(f, func(t *testing.T) {
			log := compileLaTeX(t, pdflatex, body)
			if problems := latexLogProblems(log); len(problems) > 0 {
				t.Fatalf("%s: pdflatex reports:\n%s", f, strings.Join(problems, "\n"))
			}
		})
	}
}

// TestLaTeXCompileCatchesMistakes checks that the test above can fail: a
// macro amsmath would define, a row too wide for the page and an
// unbalanced group are each reported.
func TestLaTeXCompileCatchesMistakes(t *testing.T) {
	pdflatex := needPDFLaTeX(t)
	for name, body := range map[string]string{
		"needs amsmath": "\\begin{tabular}{r}\n$\\tfrac{1}{2}$ \\\\\n\\end{tabular}\n",
		"too wide":      "\\begin{tabular}{r}\n" + strings.Repeat("1234567890", 8) + " \\\\\n\\end{tabular}\n",
		"unbalanced":    "\\begingroup\n\\begin{tabular}{r}\n1 \\\\\n\\end{tabular}\n",
	} {
		log := compileLaTeX(t, pdflatex, body)
		require.NotEmpty(t, latexLogProblems(log), "%s: pdflatex accepted it:\n%s", name, log)
	}
}

// needPDFLaTeX returns the path of pdflatex. Without it the test skips,
// except in CI (CI set, as package grade's LaTeX tests do), where .ci/run
// installs it, so that CI never passes by skipping.
func needPDFLaTeX(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("pdflatex")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdflatex is missing in CI: .ci/run installs texlive-latex-base and texlive-latex-recommended")
		}
		t.Skip("pdflatex not installed (apt-get install texlive-latex-base texlive-latex-recommended; .ci/run does it)")
	}
	return path
}

// latexLogProblems returns the lines of the log that latexProblems matches,
// less the note that labels may have changed.
func latexLogProblems(log string) []string {
	var out []string
	for _, p := range latexProblems.FindAllString(log, -1) {
		if !strings.HasPrefix(p, "LaTeX Warning: Label(s) may have changed.") {
			out = append(out, p)
		}
	}
	return out
}

// compileLaTeX typesets body in a minimal document, or as it is when it is
// a whole document (an exercise sheet), and returns the log; a run that
// stops on an error returns the log too.
func compileLaTeX(t *testing.T, pdflatex, body string) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "body.tex"), []byte(body), 0o644))
	doc := "\\documentclass{article}\n" + render.LaTeXPreamble + "\n\\begin{document}\n\\input{body}\n\\end{document}\n"
	if strings.Contains(body, "\\documentclass") {
		doc = body
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(doc), 0o644))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "doc.tex")
	cmd.Dir = dir
	cmd.Stdin = nil
	out, runErr := cmd.CombinedOutput()
	log, err := os.ReadFile(filepath.Join(dir, "doc.log"))
	require.NoError(t, err, "pdflatex wrote no log:\n%s", out)
	if runErr != nil && !latexProblems.Match(log) {
		t.Fatalf("pdflatex failed without an error in its log: %v\n%s", runErr, out)
	}
	return string(log)
}
