package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/sqrtdk/sqrtdk/proofs"
)

// A transcript's LaTeX is a handout that reads like a page of a textbook:
// a whole document that pdflatex typesets with the packages of a plain
// TeX Live (inputenc, amsmath, geometry). Every line of the transcript is
// read by the one grammar of sqrtdk's mathematical notation (mathexpr.go)
// and its mathematics set in math mode, from the same text the text
// transcript prints; nothing is escaped into literal underscores or
// carets. Each run is a subsection, its steps a list numbered as the
// lesson numbers them (1 assume … 5 scale), each with its verdict, and
// each assertion an item with its own verdict set flush right; the
// conclusion is a displayed equation for every d_k (or at each width the
// space has). The handout names no command, flag or time limit: where a
// value comes from is said in the reader's terms.

// verdictMacro sets a verdict flush right on the line's end, or on a line
// of its own when the line is full (the TeXbook's way of setting a
// signature), so that "by construction" never breaks.
const verdictMacro = "\\newcommand{\\verdict}[1]{{\\unskip\\nobreak\\hfil\\penalty50\\hskip2em\\hbox{}\\nobreak\\hfil\\mbox{#1}\\parfillskip=0pt\\finalhyphendemerits=0\\par}}\n"

// HandoutPreamble is what the proof handout loads: all of it is in TeX
// Live's texlive-latex-base.
const HandoutPreamble = "\\usepackage[utf8]{inputenc}\n\\usepackage{amsmath}\n\\usepackage[a4paper,margin=25mm]{geometry}\n"

func writeTranscriptLaTeX(w io.Writer, t *proofs.Transcript) error {
	var b strings.Builder
	b.WriteString("\\documentclass[11pt]{article}\n" + HandoutPreamble + "\\setlength{\\parindent}{0pt}\n\\renewcommand{\\labelitemi}{$\\bullet$}\n" + verdictMacro + "\\setlength{\\parskip}{0.6ex}\n\\begin{document}\n")
	b.WriteString("\\section*{Why $\\mathrm{Var}(q\\cdot k) = d_k$: the proof, checked exactly}\n")
	fmt.Fprintf(&b, "\\textbf{The space.} %s.\n", mathLaTeX(capitalizeProse(t.Model.String())))
	fmt.Fprintf(&b, "%s.\n", mathLaTeX(capitalizeProse(independenceNote)))
	b.WriteString("Every value below is exact, computed with fractions from the laws of the space, never sampled. " +
		"An assertion \\emph{holds} when its two sides are equal exactly; it holds \\emph{by construction} when the space " +
		"was built to make it true, and then it is not counted as checked.\n")
	for _, r := range runs(t) {
		fmt.Fprintf(&b, "\n\\subsection*{%s}\n", mathLaTeX(capitalizeProse(runHeader(t, r))))
		if a, ok := r.Assertion("formula"); ok && r.D == 0 {
			fmt.Fprintf(&b, "The formula of Step~4 is compared with the exact law of $q\\cdot k$, computed outcome by outcome, for %s.\n", mathLaTeX(a.Scope))
		}
		b.WriteString("\\begin{enumerate}\n")
		for _, st := range r.Steps {
			fmt.Fprintf(&b, "\\setcounter{enumi}{%d}\n\\item \\textbf{%s.} %s\\verdict{%s}\n", st.Number-1, mathLaTeX(capitalizeProse(st.Title)), mathLaTeX(capitalizeProse(st.Statement)), handoutVerdict(holdsWord(stepHolds(st))))
			b.WriteString("\\begin{itemize}\n")
			for _, a := range st.Assertions {
				fmt.Fprintf(&b, "\\item %s%s: %s.\\verdict{%s}\n", mathLaTeX(handoutStatement(a)), handoutScope(a.Scope), mathLaTeX(a.Values), handoutVerdict(verdictWord(a)))
				for _, n := range notes(a) {
					fmt.Fprintf(&b, "{\\small %s.\\par}\n", mathLaTeX(capitalizeProse(n)))
				}
			}
			b.WriteString("\\end{itemize}\n")
		}
		b.WriteString("\\end{enumerate}\n")
	}
	b.WriteString("\n\\subsection*{Conclusion}\n")
	b.WriteString(handoutConclusion(t))
	b.WriteString("\\end{document}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// handoutVerdict sets a verdict: "holds" in italics, "by construction" in
// italics, "FAILS" in bold capitals.
func handoutVerdict(v string) string {
	if v == "FAILS" {
		return "\\textbf{FAILS}"
	}
	return "\\emph{" + v + "}"
}

// handoutScope writes an assertion's scope as "for every i" or "for
// d_k = 1, …, 1542".
func handoutScope(scope string) string {
	if scope == "" {
		return ""
	}
	return " for " + mathLaTeX(scope)
}

// handoutConclusion is the verdict, the conclusion as displayed
// equations (for every d_k, and at each width checked), the reasons and,
// when the proof fails, the diagnosis.
func handoutConclusion(t *proofs.Transcript) string {
	var b strings.Builder
	if t.Holds() {
		b.WriteString(mathLaTeX("Every step holds "+handoutCoverage(t)+".") + "\n")
	}
	for _, r := range runs(t) {
		b.WriteString(conclusionDisplay(r))
	}
	summary := transcriptSummary(t)
	if t.Holds() {
		summary = summary[1:] // the coverage line, written above in the reader's terms
	}
	for _, l := range summary {
		b.WriteString(mathLaTeX(l) + "\n\n")
	}
	return b.String()
}

// handoutCoverage says for which widths the proof was checked, without
// naming the engine: "for every d_k, and at d_k = 2, 64".
func handoutCoverage(t *proofs.Transcript) string {
	var parts []string
	if t.General != nil {
		parts = append(parts, "for every d_k")
	}
	if len(t.Runs) > 0 {
		widths := make([]string, len(t.Runs))
		for i, r := range t.Runs {
			widths[i] = fmt.Sprint(r.D)
		}
		parts = append(parts, "at d_k = "+strings.Join(widths, ", "))
	}
	return strings.Join(parts, ", and ")
}

// conclusionDisplay writes the run's conclusion, Var(q·k) and
// Var(q·k/√d_k) with their exact values, as a displayed equation: for
// every d_k from the formulas of the run for every width, at one width
// from its values.
func conclusionDisplay(r proofs.Run) string {
	var sides []string
	for _, id := range []string{"var-score", "var-scaled"} {
		a, ok := r.Assertion(id)
		if !ok {
			continue
		}
		value, want := a.LeftValue.String(), a.RightValue.String()
		if a.LeftFormula != nil {
			value, want = a.LeftFormula.String(), a.RightFormula.String()
		}
		eq := displayMath(a.Left) + " = " + displayMath(value)
		if !a.Holds {
			eq += ` \neq ` + displayMath(want)
		}
		sides = append(sides, eq)
	}
	if len(sides) == 0 {
		return ""
	}
	where := `\quad\text{for every } d_k \ge 1`
	if r.D > 0 {
		where = fmt.Sprintf(`\quad\text{at } d_k = %d`, r.D)
	}
	return "\\[\n" + strings.Join(sides, ",\\qquad ") + where + ".\n\\]\n"
}

// displayMath writes a formula for a displayed equation; it is math as a
// whole, so a part the grammar reads as prose is an error of the grammar
// that the handout's tests catch (it appears as \mathrm text).
func displayMath(s string) string {
	var b strings.Builder
	for _, seg := range parseMathLine(s) {
		if seg.expr != nil {
			b.WriteString(seg.expr.DisplayLaTeX())
			continue
		}
		b.WriteString(`\text{` + latexText(seg.prose) + `}`)
	}
	return b.String()
}

// handoutStatements are the statements a handout words for its reader,
// by assertion ID: the text transcript names the engine that computed a
// value, which a handout's reader has no use for.
var handoutStatements = map[string]string{
	"engine": "law of q·k from the laws of its terms = law of q·k counted outcome by outcome",
}

// handoutStatement is an assertion's statement as the handout words it.
func handoutStatement(a proofs.Assertion) string {
	if s, ok := handoutStatements[a.ID]; ok {
		return s
	}
	return a.Statement
}
