package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/sqrtdk/sqrtdk/proofs"
)

// A transcript's LaTeX is a handout: a whole document, as the exercise
// sheets are, that pdflatex typesets with nothing but the inputenc package
// of every TeX Live base. Each run is a subsection, each step a paragraph
// and its assertions a list, which breaks across pages and never runs into
// the margin (\sloppy spaces out a line rather than let a long formula
// stick out). Text goes through the one LaTeX text escaper, which writes
// the transcript's symbols in LaTeX's own terms; a line may break after
// each "/" of a long fraction.

func writeTranscriptLaTeX(w io.Writer, t *proofs.Transcript) error {
	var b strings.Builder
	b.WriteString("\\documentclass[a4paper]{article}\n\\usepackage[utf8]{inputenc}\n\\begin{document}\n\\sloppy\n")
	b.WriteString("\\section*{The proof that Var(q$\\cdot$k) = d\\_k, checked exactly}\n")
	fmt.Fprintf(&b, "Space: %s.\n\n%s.\n", handoutText(t.Model.String()), handoutText(capitalize(independenceNote)))
	for _, r := range runs(t) {
		fmt.Fprintf(&b, "\n\\subsection*{%s}\n", handoutText(runHeader(t, r)))
		if len(r.Sources) > 0 {
			b.WriteString("\\begin{itemize}\n")
			for _, s := range r.Sources {
				fmt.Fprintf(&b, "\\item from %s: %s\n", handoutText(s.Name), handoutText(s.Description))
			}
			b.WriteString("\\end{itemize}\n")
		}
		for _, st := range r.Steps {
			fmt.Fprintf(&b, "\n\\paragraph{Step %d, %s: %s.} %s\n\\begin{itemize}\n", st.Number, handoutText(st.Title), holdsWord(stepHolds(st)), handoutText(st.Statement))
			for _, a := range st.Assertions {
				where := a.Source
				if a.Scope != "" && where != "" {
					where = a.Scope + "; from " + where
				} else if a.Scope != "" {
					where = a.Scope
				} else if where != "" {
					where = "from " + where
				}
				if where != "" {
					where = " (" + where + ")"
				}
				fmt.Fprintf(&b, "\\item \\textbf{%s}: %s%s: %s", verdictWord(a), handoutText(a.Statement), handoutText(where), handoutText(a.Values))
				for _, n := range notes(a) {
					fmt.Fprintf(&b, "\\\\\n\\hspace*{1em}\\small %s\\normalsize", handoutText(n))
				}
				b.WriteString("\n")
			}
			b.WriteString("\\end{itemize}\n")
		}
	}
	b.WriteString("\n\\subsection*{Verdict}\n")
	for _, l := range transcriptSummary(t) {
		b.WriteString(handoutText(l) + "\n\n")
	}
	b.WriteString("\\end{document}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// handoutText escapes text for the handout and lets a line break after
// each "/".
func handoutText(s string) string {
	return strings.ReplaceAll(latexText(s), "/", "/\\allowbreak{}")
}
