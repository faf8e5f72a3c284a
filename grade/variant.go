package grade

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
)

// Pick returns the index, from 0 to n−1, that a variant draws for one
// value: the SHA-256 digest of "sqrtdk-variant-v1", seed, student and name
// (each followed by a zero byte), read as a 256-bit big-endian integer,
// modulo n. It depends on nothing else, so a variant is the same on every
// machine and in every release; the modulo's bias is below n/2^256.
func Pick(seed, student, name string, n int) int {
	h := sha256.New()
	for _, s := range []string{"sqrtdk-variant-v1", seed, student, name} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	x := new(big.Int).SetBytes(h.Sum(nil))
	return int(x.Mod(x, big.NewInt(int64(n))).Int64())
}

// Variant returns the key drawn from a template for one student: each
// draw takes its choice Pick(seed, student, name, len(choices)). A key
// without draws is its own variant for every student.
func (k *Key) Variant(seed, student string) (*Key, error) {
	if !studentPattern.MatchString(student) {
		return nil, &StudentIDError{ID: student}
	}
	if len(k.Draws) == 0 {
		v := *k
		v.Student = student
		return &v, nil
	}
	if seed == "" {
		return nil, fmt.Errorf("%s draws values (line %d): give the seed the variants were made with", k.Name, k.Draws[0].Line)
	}
	values := map[string]string{}
	for _, d := range k.Draws {
		values[d.Name] = d.Choices[Pick(seed, student, d.Name, len(d.Choices))]
	}
	v, err := parseKeyLines(k.Name, k.lines, k.Draws, values)
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) {
			se.Msg += fmt.Sprintf(" (in the variant for student %s: %s)", student, drawnWords(k.Draws, values))
		}
		return nil, err
	}
	v.Student = student
	return v, nil
}

// drawnWords writes the drawn values, "d = 7, a = 2".
func drawnWords(draws []Draw, values map[string]string) string {
	var parts []string
	for _, d := range draws {
		parts = append(parts, d.Name+" = "+values[d.Name])
	}
	return strings.Join(parts, ", ")
}

// probeFigure returns a figure the question can read, to learn what the
// checker computes for a question that is not about one value.
func probeFigure(p *Part) string {
	switch p.Claim.Kind {
	case "trend":
		return "grows"
	case "distribution":
		return "[(0, 0)]"
	case "softmax":
		n := len(strings.Split(p.Claim.Setting("scores"), ","))
		return strings.TrimSuffix(strings.Repeat("0.0, ", n), ", ")
	case "softmax-entry", "jacobian-max":
		return "0.0"
	}
	return "0"
}

// Solutions returns the answer to every part of k in key order: the exact
// value (with its decimal, half-even, at the places the key asks for), or
// for a question not about one value what the checker computes (a trend's
// direction and values, softmax ranges, a sample's expectation).
func (g *Grader) Solutions(k *Key) ([]string, error) {
	var out []string
	for _, p := range k.Parts() {
		c, err := p.Claim.Answer(k.Name, p.Line, probeFigure(p))
		if err != nil {
			return nil, err
		}
		v, err := g.ch.Check(c)
		if err != nil {
			return nil, err
		}
		s, err := g.exact(p, v)
		if err != nil {
			return nil, err
		}
		if p.Claim.Kind == "trend" {
			s = strings.TrimPrefix(s, "neither grows, shrinks nor stays constant")
		}
		out = append(out, s)
	}
	return out, nil
}

// WriteVariantKey writes k as a key file that grades without a seed: the
// template's lines with the drawn values in place, the draw lines turned
// into a comment naming the student and the values, and each answer line
// followed by a comment with its solution.
func WriteVariantKey(w io.Writer, k *Key, solutions []string) error {
	var b strings.Builder
	if k.Student != "" {
		fmt.Fprintf(&b, "# The key of the variant for student %s", k.Student)
		if len(k.Draws) > 0 {
			fmt.Fprintf(&b, ": %s", drawnWords(k.Draws, k.Values))
		}
		b.WriteString(".\n")
	}
	sol := map[int]string{}
	for i, p := range k.Parts() {
		sol[p.Line] = solutions[i]
	}
	for i, raw := range k.lines {
		if words := strings.Fields(raw); len(words) > 0 && words[0] == "draw" {
			continue
		}
		line, err := substitute(raw, k.Values)
		if err != nil {
			return err
		}
		b.WriteString(line + "\n")
		if s, ok := sol[i+1]; ok {
			b.WriteString("#   solution: " + s + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteSheet writes the exercise sheet of k for its student in Markdown
// ("markdown") or as a LaTeX document ("latex"): the title, the student, each
// question with its wording and a table of its parts (id, what it asks,
// a blank or, with solutions, the answer), and the answer file to fill in.
func WriteSheet(w io.Writer, k *Key, format string, solutions []string) error {
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
	var b strings.Builder
	switch format {
	case "markdown":
		fmt.Fprintf(&b, "# %s\n\n", title)
		if k.Student != "" {
			fmt.Fprintf(&b, "Student: %s\n\n", k.Student)
		}
		for _, q := range k.Questions {
			fmt.Fprintf(&b, "## Question %s\n\n", q.ID)
			if q.Ask != "" {
				b.WriteString(q.Ask + "\n\n")
			}
			b.WriteString("| id | asks | points | answer |\n|---|---|---:|---|\n")
			for _, p := range q.Parts {
				fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", p.ID, markdownCell(Describe(p)+placesNote(p)), FormatPoints(p.Points), markdownCell(sol[p.ID]))
			}
			b.WriteString("\n")
		}
		if solutions == nil {
			b.WriteString("## Your answer file\n\nCopy these lines into a text file, write each answer after its id, and hand the file in:\n\n```\n")
			b.WriteString(answerTemplate(k))
			b.WriteString("```\n")
		}
	case "latex":
		b.WriteString("\\documentclass[a4paper]{article}\n\\usepackage[utf8]{inputenc}\n\\usepackage{array,tabularx}\n\\begin{document}\n")
		fmt.Fprintf(&b, "\\section*{%s}\n", latexText(title))
		if k.Student != "" {
			fmt.Fprintf(&b, "Student: \\texttt{%s}\n", latexText(k.Student))
		}
		for _, q := range k.Questions {
			fmt.Fprintf(&b, "\\subsection*{Question %s}\n", latexText(q.ID))
			if q.Ask != "" {
				b.WriteString(latexText(q.Ask) + "\n\n")
			}
			// tabularx gives the question the width the other columns leave,
			// so a row never runs into the margin.
			b.WriteString("\\noindent\\begin{tabularx}{\\textwidth}{>{\\ttfamily}l X r p{0.25\\textwidth}}\n\\hline\n\\textrm{id} & asks & points & answer \\\\\n\\hline\n")
			for _, p := range q.Parts {
				fmt.Fprintf(&b, "%s & %s & %s & %s \\\\[1.5ex]\n", latexText(p.ID), latexText(Describe(p)+placesNote(p)), FormatPoints(p.Points), latexText(sol[p.ID]))
			}
			b.WriteString("\\hline\n\\end{tabularx}\n")
		}
		if solutions == nil {
			b.WriteString("\\subsection*{Your answer file}\nWrite each answer after its id in a text file and hand it in:\n\\begin{verbatim}\n")
			b.WriteString(answerTemplate(k))
			b.WriteString("\\end{verbatim}\n")
		}
		b.WriteString("\\end{document}\n")
	default:
		return fmt.Errorf("unknown sheet format %q (use markdown or latex)", format)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// placesNote says how many places or digits a decimal answer must show.
func placesNote(p *Part) string {
	var notes []string
	if p.Decimals > 0 {
		notes = append(notes, placesWords(p.Decimals))
	}
	if p.Digits > 0 {
		notes = append(notes, fmt.Sprintf("%d significant digits", p.Digits))
	}
	if len(notes) == 0 {
		return ""
	}
	return " (at least " + strings.Join(notes, " and ") + ")"
}

// answerTemplate is the answer file a student fills in.
func answerTemplate(k *Key) string {
	var b strings.Builder
	if k.Student != "" {
		b.WriteString("student " + k.Student + "\n")
	}
	for _, p := range k.Parts() {
		b.WriteString(p.ID + "\n")
	}
	return b.String()
}

func markdownCell(s string) string {
	return strings.NewReplacer("|", "\\|", "\n", " ").Replace(s)
}

// latexText escapes text for LaTeX and writes the symbols the sheets use
// in LaTeX's own terms.
var latexText = strings.NewReplacer(
	`\`, `\textbackslash{}`, `{`, `\{`, `}`, `\}`, `$`, `\$`, `&`, `\&`, `#`, `\#`,
	`^`, `\^{}`, `_`, `\_`, `%`, `\%`, `~`, `\~{}`, `|`, `\textbar{}`, `<`, `\textless{}`, `>`, `\textgreater{}`,
	"√", `$\surd$`, "·", `$\cdot$`, "²", `$^2$`, "±", `$\pm$`, "≈", `$\approx$`, "…", `\dots{}`,
	"÷", `$\div$`, "−", `$-$`, "×", `$\times$`, "ₖ", `$_k$`, "≤", `$\le$`, "≥", `$\ge$`, "¼", `$\frac14$`,
).Replace

// A StudentIDError refuses a student id that is not one: ids are letters,
// digits and _ . @ + -, without spaces.
type StudentIDError struct{ ID string }

func (e *StudentIDError) Error() string {
	return fmt.Sprintf("%q is not a student id (letters, digits and _ . @ + -, no spaces)", e.ID)
}
