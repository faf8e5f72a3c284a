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

	"codeberg.org/go-fonts/liberation/liberationserifregular"
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
			log, pdf := typesetLaTeX(t, pdflatex, body)
			if problems := latexLogProblems(log); len(problems) > 0 {
				t.Fatalf("%s: pdflatex reports:\n%s", f, strings.Join(problems, "\n"))
			}
			checkReaderSees(t, pdf)
			checkNoEscapedMath(t, body)
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
	log, _ := typesetLaTeX(t, pdflatex, body)
	return log
}

// typesetLaTeX is compileLaTeX that also returns the path of the PDF.
func typesetLaTeX(t *testing.T, pdflatex, body string) (string, string) {
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
	return string(log), filepath.Join(dir, "doc.pdf")
}

// needPoppler returns the paths of pdftotext, pdffonts and pdftoppm, or
// skips as needPDFLaTeX does (poppler-utils, which .ci/run installs).
func needPoppler(t *testing.T) (pdftotext, pdffonts, pdftoppm string) {
	t.Helper()
	var paths []string
	for _, name := range []string{"pdftotext", "pdffonts", "pdftoppm"} {
		p, err := exec.LookPath(name)
		if err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is missing in CI: .ci/run installs poppler-utils", name)
			}
			t.Skipf("%s not installed (apt-get install poppler-utils; .ci/run does it)", name)
		}
		paths = append(paths, p)
	}
	return paths[0], paths[1], paths[2]
}

// checkReaderSees checks what a reader of the typeset PDF sees: its text
// (pdftotext) holds no literal _ or ^ (nor the accent \^{} sets), which
// only mathematics set as text would leave (the answer file a sheet ends with, which a student types,
// may show a ^ in the typed example and nothing after it is checked);
// every font is embedded and none is a bitmap (Type 3) font; and the
// first page renders (pdftoppm) to a page that is not blank.
func checkReaderSees(t *testing.T, pdf string) {
	t.Helper()
	pdftotext, pdffonts, pdftoppm := needPoppler(t)
	text, err := exec.Command(pdftotext, "-layout", pdf, "-").Output()
	require.NoError(t, err)
	seen, _, _ := strings.Cut(string(text), "Your answer file")
	for _, c := range []string{"_", "^", "ˆ", "˜"} {
		if i := strings.Index(seen, c); i >= 0 {
			t.Errorf("the PDF's text has a literal %s: …%s…", c, seen[max(0, i-60):min(len(seen), i+20)])
		}
	}
	fonts, err := exec.Command(pdffonts, pdf).Output()
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(fonts)), "\n")
	require.Greater(t, len(lines), 2, "pdffonts lists no font:\n%s", fonts)
	for _, l := range lines[2:] {
		f := strings.Fields(l)
		require.NotContains(t, l, "Type 3", "a bitmap font")
		require.Contains(t, f, "yes", "a font not embedded: %s", l)
	}
	png := filepath.Join(filepath.Dir(pdf), "page")
	require.NoError(t, exec.Command(pdftoppm, "-r", "30", "-gray", "-f", "1", "-l", "1", "-png", pdf, png).Run())
	matches, _ := filepath.Glob(png + "*.png")
	require.Len(t, matches, 1, "pdftoppm rendered no page")
	info, err := os.Stat(matches[0])
	require.NoError(t, err)
	require.Greater(t, info.Size(), int64(500), "the rendered page is blank")
}

// escapedMath are the text escapes of a subscript, a power or a root:
// what mathematics set as text looks like in the source. pdftotext cannot
// see all of them (the \_ of LaTeX's default font encoding is a rule, not
// a glyph), so the source outside math mode is checked too.
var escapedMath = regexp.MustCompile(`\\_|\\\^\{\}|\\textasciicircum|\\textunderscore|\\surd|\\sloppy`)

// checkNoEscapedMath checks that the LaTeX source outside math mode and
// outside verbatim holds none of escapedMath.
func checkNoEscapedMath(t *testing.T, src string) {
	t.Helper()
	var text strings.Builder
	for _, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(line, "%") {
			continue
		}
		text.WriteString(line + "\n")
	}
	s := text.String()
	if before, _, ok := strings.Cut(s, "\\begin{verbatim}"); ok {
		s = before
	}
	s = regexp.MustCompile(`\\texttt\{[^}]*\}`).ReplaceAllString(s, "")
	inMath := false
	var prose strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s):
			if !inMath {
				prose.WriteString(s[i : i+2])
			}
			i++
		case s[i] == '$':
			inMath = !inMath
		case !inMath:
			prose.WriteByte(s[i])
		}
	}
	if m := escapedMath.FindString(prose.String()); m != "" {
		t.Errorf("mathematics set as text: %s", m)
	}
}

// TestPGFPlotsCompiles writes every kind of figure with --format pgfplots,
// typesets each in a document whose preamble is render.PGFPlotsPreamble
// with the real pdflatex, fails on any error, warning or overfull box, and
// reads the PDF as a reader would (checkReaderSees).
func TestPGFPlotsCompiles(t *testing.T) {
	pdflatex := needPDFLaTeX(t)
	if out, err := exec.Command("kpsewhich", "pgfplots.sty").Output(); err != nil || len(out) == 0 {
		if os.Getenv("CI") != "" {
			t.Fatal("pgfplots is missing in CI: .ci/run installs texlive-pictures")
		}
		t.Skip("pgfplots not installed (apt-get install texlive-pictures; .ci/run does it)")
	}
	for _, kind := range []string{"variance", "dist", "softmax", "saturation"} {
		t.Run(kind, func(t *testing.T) {
			stdout, stderr, code := runCLI(t, "plot", kind, "--format", "pgfplots")
			require.Equal(t, 0, code, stderr)
			require.Contains(t, stdout, "\\begin{axis}")
			doc := "\\documentclass{article}\n" + render.PGFPlotsPreamble + "\n\\begin{document}\n\\noindent\n" + stdout + "\\end{document}\n"
			log, pdf := typesetLaTeX(t, pdflatex, doc)
			if problems := latexLogProblems(log); len(problems) > 0 {
				t.Fatalf("pdflatex reports:\n%s", strings.Join(problems, "\n"))
			}
			checkReaderSees(t, pdf)
			checkNoEscapedMath(t, stdout)
		})
	}
}

// TestFigurePDFsAreText draws every kind of figure as a PDF, in the default
// font and in one given by --font (a file), and reads it as a reader
// would: pdffonts lists the embedded font, pdftotext finds the axis
// titles as text, and checkReaderSees its other checks.
func TestFigurePDFsAreText(t *testing.T) {
	pdftotext, pdffonts, _ := needPoppler(t)
	dir := t.TempDir()
	serif := filepath.Join(dir, "serif.ttf")
	require.NoError(t, os.WriteFile(serif, liberationserifregular.TTF, 0o644))
	for kind, title := range map[string]string{"variance": "variance of the score", "dist": "density (probability", "softmax": "softmax weight", "saturation": "mean slope"} {
		for font, want := range map[string]string{"": "LiberationSans", serif: "LiberationSerif"} {
			pdf := filepath.Join(dir, kind+filepath.Base(want)+".pdf")
			args := []string{"plot", kind, "-o", pdf}
			if font != "" {
				args = append(args, "--font", font)
			}
			_, stderr, code := runCLI(t, args...)
			require.Equal(t, 0, code, stderr)
			fonts, err := exec.Command(pdffonts, pdf).Output()
			require.NoError(t, err)
			require.Contains(t, string(fonts), want, "%s", kind)
			text, err := exec.Command(pdftotext, pdf, "-").Output()
			require.NoError(t, err)
			require.Contains(t, string(text), title, "%s: the axis title is text", kind)
			checkReaderSees(t, pdf)
		}
	}
	_, stderr, code := runCLI(t, "plot", "variance", "-o", filepath.Join(dir, "x.pdf"), "--font", "No Such Family 1234")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "--font: no font file")
	_, stderr, code = runCLI(t, "plot", "variance", "--format", "pgfplots", "--font", serif)
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "document's own fonts")
}
