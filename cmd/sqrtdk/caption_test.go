package main

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// captionPieces are what generated captions are made of: text, LaTeX the
// caption language allows, and what breaks pdflatex or prints what was not
// meant (issue 22: "x\" and "\end{table}" passed the old check and broke
// the book's build).
var captionPieces = []string{
	"Var", "of", "the", "scores", "é", "ü", "ß", "Å", "x", "1", "64", "--", "'", "``", "''", ".", ",", "(", ")", "!",
	"{", "}", "{}", "$", "$", "$", "$$", "\\", "\\ ", "\\\\", "~", "<", "|", "·", "√", "ð", "×", "ₖ",
	"\\emph{", "\\textbf{a}", "\\texttt{x}", "\\em", "\\end{table}", "\\begin{x}", "\\par", "\\def", "\\footnote{a}",
	"\\ref{x}", "\\ref{tab:var}", "\\pageref{a.b}", "\\cite{knuth84}", "\\cite[p.~3]{a,b}", "\\cite[{x}]{a}", "\\cite{a b}",
	"\\label{tab:x}", "\\label{", "\\ref{$x$}", "\\S", "\\S 3", "$\\S$", "\\left(", "\\right)", "\\today", "\\LaTeX", "\\ldots", "\\quad",
	"\\frac", "\\frac{1}{2}", "\\frac{1}", "\\sqrt{", "\\sqrt{d_k}", "\\sqrt[3]{x}", "\\sqrt[", "\\cdot", "\\alpha",
	"\\sum", "\\le", "\\mathrm{Var}", "\\textasciicircum",
	"^", "_", "^2", "_k", "^{1/4}", "_{ij}", "^\\frac{1}{2}", "^\\alpha",
	"%", "\\%", "#", "\\#", "&", "\\&", "\\_", "\\{", "\\}", "\\$", "\\,", "\\;", "\\!",
}

// TestCaptionCheckAgreesWithPDFLaTeX generates captions from pieces that
// compile and pieces that do not, and typesets every one the check of
// --caption accepts, as 'sqrtdk table' writes it, with the real pdflatex:
// an accepted caption that fails to compile (or warns) fails the test.
// Known good and known bad captions pin both sides of the check.
func TestCaptionCheckAgreesWithPDFLaTeX(t *testing.T) {
	pdflatex := needPDFLaTeX(t)
	rng := rand.New(rand.NewPCG(22, 23))
	n := 3000
	if testing.Short() {
		n = 600
	}
	captions := []string{
		`Exact variance of $q\cdot k/\sqrt{d_k}$ for $d_k = 1, \ldots, 6$`,
		`\emph{Var}(q$\cdot$k) at $d_k = 64$, after Vaswani et~al.`,
		`Résumé: $\frac{1}{2}$ and $x^{2}_{k}$ and $\sqrt[3]{8} = 2$, 50\% \& more`,
		`{\em nested {groups}} and $\alpha_{ij}^{2}$`,
		`As in \S 4.3 and Table~\ref{tab:var} of \cite[p.~12]{vaswani17,knuth84}\label{tab:this}`,
	}
	for range n {
		var b strings.Builder
		for j := range 1 + rng.IntN(6) {
			if j > 0 && rng.IntN(3) > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(captionPieces[rng.IntN(len(captionPieces))])
		}
		captions = append(captions, b.String())
	}
	var accepted []string
	var tables []string
	refused := 0
	for i, c := range captions {
		stdout, stderr, code := runCLI(t, "table", "--d", "2", "--format", "latex", "--caption", c)
		if code != 0 {
			require.Equal(t, 2, code, "%q: %s", c, stderr)
			require.Contains(t, stderr, "--caption: ", "%q", c)
			require.Greater(t, i, 4, "a good caption refused: %q: %s", c, stderr)
			refused++
			continue
		}
		accepted = append(accepted, c)
		tables = append(tables, stdout)
	}
	t.Logf("%d captions: %d accepted, %d refused", len(captions), len(accepted), refused)
	require.Greater(t, len(accepted), len(captions)/10, "the generator makes good captions too")
	require.Greater(t, refused, len(captions)/10, "and bad ones")
	// One document of every accepted caption, a page each (floats wait
	// for a \clearpage); when it fails, halves of it, to name each caption
	// that does not compile in a few runs.
	var bisect func(lo, hi int) bool
	bisect = func(lo, hi int) bool {
		problems := bookIndependent(latexLogProblems(compileLaTeX(t, pdflatex, strings.Join(tables[lo:hi], "\\clearpage\n"))))
		switch {
		case len(problems) == 0:
			return true
		case hi-lo == 1:
			t.Errorf("accepted caption %q does not compile:\n%s", accepted[lo], strings.Join(problems, "\n"))
			return false
		}
		mid := (lo + hi) / 2
		a, b := bisect(lo, mid), bisect(mid, hi)
		return a && b
	}
	require.True(t, bisect(0, len(tables)), "every accepted caption compiles")
	// The two, and one of each kind of mistake, are refused.
	for _, bad := range []string{`\label{a}\label{b}`, `\ref{a b}`, `\cite{}`, `$\S$`, `x\`, `\end{table}`, `$\frac{1}$`, `$x^2^3$`, `a < b`, `$é$`, `√d`, `a \\ b`, `$$x$$`, `\left( x`} {
		_, stderr, code := runCLI(t, "table", "--d", "2", "--format", "latex", "--caption", bad)
		assert.Equal(t, 2, code, "%q", bad)
		assert.Contains(t, stderr, "--caption: ", "%q", bad)
	}
}

// bookIndependent drops the warnings a book settles: a reference or a
// citation undefined in a test document, which the book defines.
func bookIndependent(problems []string) []string {
	var out []string
	for _, p := range problems {
		if strings.Contains(p, "undefined on input line") || strings.HasPrefix(p, "LaTeX Warning: There were undefined") {
			continue
		}
		out = append(out, p)
	}
	return out
}

// TestCaptionRefusalOffersWhatItAccepts checks the refusal of an unknown
// command: every command it offers instead is one a caption may use.
func TestCaptionRefusalOffersWhatItAccepts(t *testing.T) {
	_, stderr, code := runCLI(t, "table", "--d", "2", "--format", "latex", "--caption", `\unknown x`)
	require.Equal(t, 2, code)
	offered := regexp.MustCompile(`\\[A-Za-z]+`).FindAllString(strings.TrimPrefix(stderr, `\unknown`), -1)
	require.NotEmpty(t, offered, stderr)
	for _, c := range offered {
		if c == `\unknown` {
			continue
		}
		caption := c + "{a}"
		if c == `\S` || c == `\ldots` {
			caption = c
		}
		if c == `\frac` || c == `\sqrt` || c == `\cdot` || c == `\alpha` {
			caption = "$" + c + "{1}{2}$"
			if c != `\frac` {
				caption = "$" + c + "{2}$"
			}
		}
		_, stderr, code := runCLI(t, "table", "--d", "2", "--format", "latex", "--caption", caption)
		assert.Equal(t, 0, code, "%s offered but %q refused: %s", c, caption, stderr)
	}
}
