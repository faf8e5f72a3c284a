package render

import (
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/grade"
)

// A LaTeX exercise sheet is laid out as an exam sheet, in one file that
// compiles with a plain TeX Live (texlive-latex-base and -recommended): a
// running head with the title and a foot with the page number out of the
// pages; a header with lines for the name and the student id (the id
// filled in for a student's variant) and for the points out of the
// total; how to write an answer, boxed; then each question with its
// points, its wording and its parts, each part followed by an answer box
// a hand can write in (with solutions, the box holds the answer). A part
// and its box never part across a page. All text, the key's and the
// generated, goes through the one reader of sqrtdk's mathematical
// notation (mathexpr.go), so d_k, d^3/4 and √d_k are set as mathematics.

// SheetPreamble is what an exercise sheet loads.
const SheetPreamble = "\\usepackage[utf8]{inputenc}\n\\usepackage{amsmath}\n\\usepackage[a4paper,margin=22mm,headheight=14pt]{geometry}\n\\usepackage{array,tabularx}\n\\usepackage{fancyhdr}\n"

// sheetAnswerHeight is the height of an answer box: two lines of hand
// writing.
const sheetAnswerHeight = "14mm"

func writeSheetLaTeX(w io.Writer, k *grade.Key, title string, sol map[string]string, solutions bool) error {
	var b strings.Builder
	total := new(big.Rat)
	for _, p := range k.Parts() {
		total.Add(total, p.Points)
	}
	b.WriteString("\\documentclass[11pt]{article}\n" + SheetPreamble)
	b.WriteString("\\setlength{\\parindent}{0pt}\n\\setlength{\\parskip}{0.5ex}\n")
	fmt.Fprintf(&b, "\\pagestyle{fancy}\n\\fancyhf{}\n\\lhead{%s}\n\\rhead{%s}\n\\cfoot{\\thepage}\n\\renewcommand{\\headrulewidth}{0.4pt}\n",
		mathLaTeX(title), sheetHeadRight(k, solutions))
	// \answerbox{content}: a framed box the width of the text.
	b.WriteString("\\newcommand{\\answerbox}[1]{\\par\\nopagebreak\\noindent\\fbox{\\parbox[c][" + sheetAnswerHeight +
		"][c]{\\dimexpr\\linewidth-2\\fboxsep-2\\fboxrule\\relax}{\\strut #1}}\\par}\n")
	b.WriteString("\\begin{document}\n")
	fmt.Fprintf(&b, "\\begin{center}{\\Large\\bfseries %s}", mathLaTeX(title))
	if solutions {
		b.WriteString("\\\\[0.5ex]{\\large Answer key}")
	}
	b.WriteString("\\end{center}\n")
	student := "\\hrulefill"
	if k.Student != "" {
		student = "\\texttt{" + latexText(k.Student) + "}"
	}
	b.WriteString("\\noindent\\begin{tabularx}{\\textwidth}{@{}l X l p{0.25\\textwidth}@{}}\n")
	fmt.Fprintf(&b, "Name: & \\hrulefill & Student id: & %s \\\\[2ex]\n", student)
	fmt.Fprintf(&b, "Date: & \\hrulefill & Points: & \\hrulefill\\ / %s \\\\\n\\end{tabularx}\n\n\\medskip\n", Points(total))
	fmt.Fprintf(&b, "\\noindent\\fbox{\\parbox{\\dimexpr\\linewidth-2\\fboxsep-2\\fboxrule\\relax}{\\small %s}}\n", mathLaTeX(answerGrammar))
	for _, q := range k.Questions {
		qp := new(big.Rat)
		for _, p := range q.Parts {
			qp.Add(qp, p.Points)
		}
		fmt.Fprintf(&b, "\n\\subsection*{Question %s \\hfill {\\normalsize\\normalfont %s}}\n", latexText(q.ID), PointsWords(qp))
		if q.Ask != "" {
			b.WriteString(mathLaTeX(q.Ask) + "\n\n\\medskip\n")
		}
		for _, p := range q.Parts {
			b.WriteString("\\begin{minipage}{\\linewidth}\n")
			fmt.Fprintf(&b, "\\textbf{\\texttt{%s}}\\quad %s \\hfill (%s)\n", latexText(p.ID), mathLaTeX(grade.Describe(p)+PlacesNote(p)), PointsWords(p.Points))
			fmt.Fprintf(&b, "\\answerbox{%s}\n", mathLaTeX(sol[p.ID]))
			b.WriteString("\\end{minipage}\n\\medskip\n\n")
		}
	}
	if !solutions {
		b.WriteString("\n\\subsection*{Your answer file}\nIf you hand in a file rather than this sheet, write each answer after its id in a text file; " +
			"type a power as \\texttt{4\\^{}8} and a root as \\texttt{sqrt(8)}:\n\\begin{verbatim}\n")
		b.WriteString(answerTemplate(k) + "\\end{verbatim}\n")
	}
	b.WriteString("\\end{document}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// sheetHeadRight is the right of the running head: the student's id on a
// variant, "Answer key" on a key.
func sheetHeadRight(k *grade.Key, solutions bool) string {
	switch {
	case solutions:
		return "Answer key"
	case k.Student != "":
		return "Student id: \\texttt{" + latexText(k.Student) + "}"
	}
	return "Name: \\rule{45mm}{0.4pt}"
}

// PointsWords writes "1 point" or "2.5 points".
func PointsWords(r *big.Rat) string {
	return Points(r) + " " + pointNoun(r)
}

// ScoreWords writes a score out of a maximum: "3 of 4 points", "0.5 of
// 1 point" (the noun agrees with the maximum).
func ScoreWords(score, max *big.Rat) string {
	return Points(score) + " of " + PointsWords(max)
}

// pointNoun is "point" for exactly one point and "points" otherwise.
func pointNoun(r *big.Rat) string {
	if r.Cmp(big.NewRat(1, 1)) == 0 {
		return "point"
	}
	return "points"
}
