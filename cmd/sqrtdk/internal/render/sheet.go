package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/sqrtdk/sqrtdk/grade"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// WriteVariantKey writes the variant k as a key file that grades without a
// seed (grade.Key.Lines): a first comment naming the student and the drawn
// values, and each answer line followed by a comment with its solution.
func WriteVariantKey(w io.Writer, k *grade.Key, solutions []string) error {
	var b strings.Builder
	if k.Student != "" {
		fmt.Fprintf(&b, "# The key of the variant for student %s", k.Student)
		if len(k.Draws) > 0 {
			drawn := make([]string, len(k.Draws))
			for i, d := range k.Draws {
				drawn[i] = d.Name + " = " + k.Values[d.Name]
			}
			fmt.Fprintf(&b, ": %s", strings.Join(drawn, ", "))
		}
		b.WriteString(".\n")
	}
	sol := map[int]string{}
	for i, p := range k.Parts() {
		sol[p.Line] = solutions[i]
	}
	lines, err := k.Lines()
	if err != nil {
		return err
	}
	for i, line := range lines {
		b.WriteString(line + "\n")
		if s, ok := sol[i+1]; ok {
			b.WriteString("#   solution: " + s + "\n")
		}
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// WriteSheet writes the exercise sheet of k for its student in format f,
// Markdown or LaTeX (a whole document): the title, the student, each
// question with its wording and its parts (id, what it asks, points, and
// a blank or, with solutions, the answer), and the answer file to fill
// in. The LaTeX sheet is an exam sheet (sheet_latex.go).
func WriteSheet(w io.Writer, k *grade.Key, f Format, solutions []string) error {
	sol := map[string]string{}
	for i, p := range k.Parts() {
		if solutions != nil {
			sol[p.ID] = solutions[i]
		}
	}
	title := k.Title
	if title == "" {
		title = "Exercises"
	}
	if f == LaTeX {
		return writeSheetLaTeX(w, k, title, sol, solutions != nil)
	}
	st, ok := sheetStyles[f]
	if !ok {
		return formatError(f, Markdown, LaTeX)
	}
	var b strings.Builder
	b.WriteString(st.begin)
	fmt.Fprintf(&b, st.title, st.escape(title))
	if k.Student != "" {
		fmt.Fprintf(&b, st.student, st.escape(k.Student))
	}
	fmt.Fprintf(&b, st.grammar, st.escape(answerGrammar))
	for _, q := range k.Questions {
		fmt.Fprintf(&b, st.question, st.escape(q.ID))
		if q.Ask != "" {
			b.WriteString(st.escape(q.Ask) + "\n\n")
		}
		b.WriteString(st.tableBegin)
		for _, p := range q.Parts {
			fmt.Fprintf(&b, st.row, st.escape(p.ID), st.escape(grade.Describe(p)+PlacesNote(p)), Points(p.Points), st.escape(sol[p.ID]))
		}
		b.WriteString(st.tableEnd)
	}
	if solutions == nil {
		b.WriteString(st.answerFile + answerTemplate(k) + st.answerFileEnd)
	}
	b.WriteString(st.end)
	_, err := io.WriteString(w, b.String())
	return err
}

// A sheetStyle is how a format writes the parts of an exercise sheet: the
// Printf formats of the headings, of the grammar paragraph and of a table
// row (id, asks, points, answer), the fixed text around them, and the
// format's one escaper. LaTeX sheets are laid out as exam sheets by
// writeSheetLaTeX.
type sheetStyle struct {
	begin, title, student, grammar, question string
	tableBegin, row, tableEnd                string
	answerFile, answerFileEnd, end           string
	escape                                   func(string) string
}

var sheetStyles = map[Format]sheetStyle{
	Markdown: {
		title: "# %s\n\n", student: "Student: %s\n\n", grammar: "%s\n\n", question: "## Question %s\n\n",
		tableBegin: "| id | asks | points | answer |\n|---|---|---:|---|\n", row: "| %s | %s | %s | %s |\n", tableEnd: "\n",
		answerFile:    "## Your answer file\n\nCopy these lines into a text file, write each answer after its id, and hand the file in:\n\n```\n",
		answerFileEnd: "```\n",
		escape:        markdownText,
	},
}

// answerGrammar is the short form of the answer grammar (sqrtdk help
// answers) at the top of every sheet.
const answerGrammar = "How to write an answer: a number as you would write it (65536, 65,536, 6.5e4, 0.125, 1/8, 12.5%, 2√2, sqrt(8), 4^8); " +
	"work or a check after it if you like (4^8 = 65536, 0.125 (= 1/8)), every side must be right; a list for softmax (0.09, 0.24, 0.67); " +
	"a trend in words, with a rate if you like (grows like √d, shrinks, stays at 1). Unless a question says how many places, " +
	"give a decimal at least 2 significant digits (0.13, not 0.1) or the exact value. Write 1.5, not 1,5."

// PlacesNote says how many places or digits a decimal answer must show,
// when the key sets it (the default rule is in answerGrammar, and said
// once at the top of a page): " (at least 1 decimal place and 3
// significant digits)".
func PlacesNote(p *grade.Part) string {
	if p.Decimals == 0 && p.Digits == grade.MinDigits {
		return ""
	}
	var notes []string
	if p.Decimals > 0 {
		notes = append(notes, numwords.Places(p.Decimals))
	}
	if p.Digits > 0 {
		notes = append(notes, numwords.SignificantDigits(p.Digits))
	}
	if len(notes) == 0 {
		return ""
	}
	return " (at least " + strings.Join(notes, " and ") + ")"
}

// answerTemplate is the answer file a student fills in.
func answerTemplate(k *grade.Key) string {
	var b strings.Builder
	if k.Student != "" {
		b.WriteString("student " + k.Student + "\n")
	}
	for _, p := range k.Parts() {
		b.WriteString(p.ID + "\n")
	}
	return b.String()
}

// JoinSheets writes the sheets of a class, each written whole by
// WriteSheet in format f, as one document with a page break between
// them: LaTeX keeps the first sheet's preamble and puts \clearpage
// between the sheets' bodies; Markdown, which has no page break, puts a
// rule between them.
func JoinSheets(w io.Writer, sheets [][]byte, f Format) error {
	const begin, end = "\\begin{document}\n", "\\end{document}\n"
	var b strings.Builder
	for i, s := range sheets {
		text := string(s)
		switch f {
		case LaTeX:
			pre, body, ok := strings.Cut(text, begin)
			body, _, ok2 := strings.Cut(body, end)
			if !ok || !ok2 {
				return fmt.Errorf("a LaTeX sheet without its document")
			}
			if i == 0 {
				b.WriteString(pre + begin)
			} else {
				b.WriteString("\\clearpage\n")
			}
			b.WriteString(body)
			if i == len(sheets)-1 {
				b.WriteString(end)
			}
		case Markdown:
			if i > 0 {
				b.WriteString("\n---\n\n")
			}
			b.WriteString(text)
		default:
			return formatError(f, Markdown, LaTeX)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
