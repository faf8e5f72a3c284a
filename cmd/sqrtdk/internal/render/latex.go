package render

import (
	"bufio"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// LaTeX output is a booktabs tabular that compiles with nothing in the
// preamble but LaTeXPreamble: fractions are \frac in inline math, which
// sets them in text style as amsmath's \tfrac would. Every table is set
// with \arraystretch at LaTeXArrayStretch, so that fractions in
// consecutive rows do not touch and all of a book's tables have rows of
// one height. A caption stands above its table with the caption package's
// spacing for a caption on top (position=top), which booktabs' documentation
// recommends over space added by hand. Integers of five digits or
// more are grouped in threes with thin spaces (\,), counted from the decimal
// point on both sides, as siunitx groups them by default; siunitx itself is
// not needed.

// LaTeXPreamble is all a document needs to typeset sqrtdk's LaTeX output
// (both packages are in TeX Live's texlive-latex-recommended).
const LaTeXPreamble = `\usepackage{booktabs}\usepackage{caption}`

// LaTeXArrayStretch is the \arraystretch of every tabular: at the default
// 1, a text-style fraction is as tall as a row, so fractions in
// consecutive rows touch.
const LaTeXArrayStretch = "1.3"

// maxLaTeXCasesDigits is the longest number of cases written out in full
// in LaTeX (grouped, about a third of an article's text width); when one
// row's is longer, every row's is written exactly as the power n^{d_k} it
// is, so that a column writes its counts one way.
const maxLaTeXCasesDigits = 30

// LaTeXOptions shape a LaTeX table beyond its cells.
type LaTeXOptions struct {
	// Caption and Label, when either is set, wrap the tabular in a
	// centred table environment with the caption above it. Both are
	// LaTeX, written as given; CheckLaTeXOptions says what they may hold.
	Caption, Label string
	// Columns are the columns to print, in order, by the names that
	// ParseTableColumns or ParseDistColumns accept; nil means the default.
	Columns []string
}

// The columns of a LaTeX variance table: the width, the number of cases,
// one column per scale (all of them, as the table's Scales say) and the
// method. By default the method is printed only when a row was not
// enumerated, as in text output.
const (
	ColumnD      = "d_k"
	ColumnCases  = "cases"
	ColumnScales = "scales"
	ColumnMethod = "method"
)

// The columns of a LaTeX distribution, all printed by default.
const (
	ColumnScore       = "score"
	ColumnCount       = "count"
	ColumnProbability = "probability"
)

var (
	tableColumns = []string{ColumnD, ColumnCases, ColumnScales, ColumnMethod}
	distColumns  = []string{ColumnScore, ColumnCount, ColumnProbability}
)

// ParseTableColumns reads a comma list of variance-table columns: d_k,
// cases, scales, method, each at most once, in the order to print them.
func ParseTableColumns(list string) ([]string, error) { return parseColumns(list, tableColumns) }

// ParseDistColumns reads a comma list of distribution columns: score,
// count, probability, each at most once, in the order to print them.
func ParseDistColumns(list string) ([]string, error) { return parseColumns(list, distColumns) }

func parseColumns(list string, allowed []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, c := range strings.Split(list, ",") {
		c = strings.TrimSpace(c)
		ok := false
		for _, a := range allowed {
			ok = ok || a == c
		}
		switch {
		case !ok:
			return nil, fmt.Errorf("unknown column %q (use %s)", c, strings.Join(allowed, ", "))
		case seen[c]:
			return nil, fmt.Errorf("column %q is named twice", c)
		}
		seen[c] = true
		out = append(out, c)
	}
	return out, nil
}

// CheckLaTeXOptions reports a caption or label that would not compile. A
// caption is one line of the small LaTeX checkCaption accepts (caption.go):
// text, groups, inline math and a list of LaTeX's own commands with their
// arguments; a label is letters, digits and : - _ . / + only. A label needs a caption, since LaTeX numbers a table by
// its caption.
func CheckLaTeXOptions(o LaTeXOptions) error {
	if err := checkCaption(o.Caption); err != nil {
		return err
	}
	for _, r := range o.Label {
		if !labelRune(r) {
			return fmt.Errorf("label %q: use letters, digits and : - _ . / + only", o.Label)
		}
	}
	if o.Label != "" && o.Caption == "" {
		return fmt.Errorf("a label needs a caption: LaTeX numbers a table by its caption")
	}
	if o.Label != "" && strings.Contains(o.Caption, `\label{`) {
		return fmt.Errorf("the caption has a \\label and --label gives another: keep one")
	}
	return nil
}

// latexTable writes the frame around a tabular's rows: the optional table
// environment, the stretch, the column spec and the header.
type latexTable struct {
	opt LaTeXOptions
}

func (l latexTable) begin(b *bufio.Writer, align string, header []string) {
	fmt.Fprintf(b, "%% sqrtdk: needs %s\n", LaTeXPreamble)
	wrapped := l.opt.Caption != "" || l.opt.Label != ""
	if wrapped {
		b.WriteString("\\begin{table}[htbp]\n\\centering\n")
	} else {
		b.WriteString("\\begingroup\n")
	}
	b.WriteString("\\renewcommand{\\arraystretch}{" + LaTeXArrayStretch + "}%\n")
	if l.opt.Caption != "" {
		b.WriteString("\\captionsetup{position=top}\n")
		b.WriteString("\\caption{" + l.opt.Caption + "}\n")
	}
	if l.opt.Label != "" {
		b.WriteString("\\label{" + l.opt.Label + "}\n")
	}
	fmt.Fprintf(b, "\\begin{tabular}{%s}\n\\toprule\n", align)
	b.WriteString(strings.Join(header, " & ") + " \\\\\n\\midrule\n")
}

func (l latexTable) row(b *bufio.Writer, cells []string) {
	b.WriteString(strings.Join(cells, " & ") + " \\\\\n")
}

func (l latexTable) end(b *bufio.Writer) {
	b.WriteString("\\bottomrule\n\\end{tabular}")
	switch {
	case l.opt.Caption != "" || l.opt.Label != "":
		b.WriteString("\n\\end{table}\n")
	default:
		b.WriteString("%\n\\endgroup\n")
	}
}

// latexColumns returns the table's columns, the given ones or the default.
func (t *Table) latexColumns() ([]string, error) {
	if t.LaTeX.Columns == nil {
		cols := []string{ColumnD, ColumnCases, ColumnScales}
		if !t.allBrute() {
			cols = append(cols, ColumnMethod)
		}
		return cols, nil
	}
	for _, c := range t.LaTeX.Columns {
		if _, err := parseColumns(c, tableColumns); err != nil {
			return nil, err
		}
	}
	return t.LaTeX.Columns, nil
}

// WriteLaTeX writes a booktabs tabular whose cells are exact, decimal or
// both, shaped by t.LaTeX (see LaTeXOptions and LaTeXPreamble).
func (t *Table) WriteLaTeX(w io.Writer) error {
	if err := CheckLaTeXOptions(t.LaTeX); err != nil {
		return err
	}
	cols, err := t.latexColumns()
	if err != nil {
		return err
	}
	var align string
	var header []string
	cells := make([][]string, len(t.Rows))
	for _, c := range cols {
		switch c {
		case ColumnD:
			align += "r"
			header = append(header, "$d_k$")
			for i, r := range t.Rows {
				cells[i] = append(cells[i], groupDigits(strconv.Itoa(r.D)))
			}
		case ColumnCases:
			align += "r"
			header = append(header, "cases")
			powers := t.casesAsPowers()
			for i, r := range t.Rows {
				cells[i] = append(cells[i], t.latexCases(r, powers))
			}
		case ColumnScales:
			align += strings.Repeat("r", len(t.Scales))
			for _, s := range t.Scales {
				header = append(header, scaleLaTeXHeader(s))
			}
			for i, r := range t.Rows {
				for j, v := range r.Variance {
					cells[i] = append(cells[i], t.latexCell(v, t.decimal(r, j)))
				}
			}
		case ColumnMethod:
			align += "l"
			header = append(header, "method")
			for i, r := range t.Rows {
				cells[i] = append(cells[i], r.Method.String())
			}
		}
	}
	b := bufio.NewWriter(w)
	l := latexTable{opt: t.LaTeX}
	l.begin(b, align, header)
	for _, row := range cells {
		l.row(b, row)
	}
	l.end(b)
	return b.Flush()
}

// casesAsPowers reports whether the cases column writes every count as
// the power n^{d_k}: when one is longer than maxLaTeXCasesDigits digits
// and every one is that power of the alphabets' sizes (else every digit
// of every count is written).
func (t *Table) casesAsPowers() bool {
	long := false
	n := t.Q.Size() * t.K.Size()
	for _, r := range t.Rows {
		if !isPower(r.Cases, n, r.D) {
			return false
		}
		long = long || len(r.Cases.String()) > maxLaTeXCasesDigits
	}
	return long
}

// latexCases writes a row's number of cases, grouped, or as the exact
// power n^{d_k} when the column writes powers.
func (t *Table) latexCases(r Row, powers bool) string {
	if !powers {
		return groupDigits(r.Cases.String())
	}
	n := t.Q.Size() * t.K.Size()
	return fmt.Sprintf("$%s^{%s}$", groupDigits(strconv.FormatInt(n, 10)), groupDigits(strconv.Itoa(r.D)))
}

func (t *Table) latexCell(v rational.Value, decimal string) string {
	dec := "$" + groupDigits(decimal) + "$"
	switch t.Cells {
	case CellDecimal:
		return dec
	case CellBoth:
		return "$" + LaTeXValue(v) + "$ (" + dec + ")"
	}
	return "$" + LaTeXValue(v) + "$"
}

// LaTeXValue returns math-mode LaTeX for an exact value, such as
// \frac{1}{6} or \frac{3}{2}\sqrt[4]{2}, with long integers grouped.
func LaTeXValue(v rational.Value) string {
	c, n, r := v.Parts()
	_, isRational := v.Rat()
	var b strings.Builder
	if c.Sign() < 0 {
		b.WriteByte('-')
	}
	num := groupDigits(new(big.Int).Abs(c.Num()).String())
	coefOne := c.IsInt() && num == "1"
	switch {
	case !c.IsInt():
		fmt.Fprintf(&b, "\\frac{%s}{%s}", num, groupDigits(c.Denom().String()))
	case !coefOne || isRational:
		b.WriteString(num)
	}
	if isRational {
		return b.String()
	}
	if r == 2 {
		fmt.Fprintf(&b, "\\sqrt{%s}", groupDigits(n.String()))
	} else {
		fmt.Fprintf(&b, "\\sqrt[%d]{%s}", r, groupDigits(n.String()))
	}
	return b.String()
}

// groupDigits groups a decimal number's integer part, and its fractional
// part, in threes with thin spaces (\,) counted from the decimal point,
// when the part has five digits or more: 4096, 65\,536, 0.125\,00.
func groupDigits(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	intPart, frac, hasPoint := strings.Cut(s, ".")
	var b strings.Builder
	b.WriteString(sign)
	if len(intPart) >= 5 {
		for i, r := range intPart {
			if i > 0 && (len(intPart)-i)%3 == 0 {
				b.WriteString(`\,`)
			}
			b.WriteRune(r)
		}
	} else {
		b.WriteString(intPart)
	}
	if !hasPoint {
		return b.String()
	}
	b.WriteByte('.')
	if len(frac) < 5 {
		return b.String() + frac
	}
	for i, r := range frac {
		if i > 0 && i%3 == 0 {
			b.WriteString(`\,`)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// latexColumns returns the distribution's columns.
func (d *Dist) latexColumns() ([]string, error) {
	if d.LaTeX.Columns == nil {
		return distColumns, nil
	}
	for _, c := range d.LaTeX.Columns {
		if _, err := parseColumns(c, distColumns); err != nil {
			return nil, err
		}
	}
	return d.LaTeX.Columns, nil
}

// WriteLaTeX writes the distribution as a booktabs tabular of exact
// scores, counts and probabilities, shaped by d.LaTeX (see LaTeXOptions
// and LaTeXPreamble), one row at a time.
func (d *Dist) WriteLaTeX(w io.Writer) error {
	if err := CheckLaTeXOptions(d.LaTeX); err != nil {
		return err
	}
	cols, err := d.latexColumns()
	if err != nil {
		return err
	}
	header := map[string]string{ColumnScore: `$q\cdot k$`, ColumnCount: "count", ColumnProbability: "probability"}
	var heads []string
	for _, c := range cols {
		heads = append(heads, header[c])
	}
	b := bufio.NewWriter(w)
	l := latexTable{opt: d.LaTeX}
	l.begin(b, strings.Repeat("r", len(cols)), heads)
	prob := d.probabilities()
	cells := make([]string, len(cols))
	err = d.each(func(r distRow) error {
		for i, c := range cols {
			switch c {
			case ColumnScore:
				cells[i] = "$" + LaTeXValue(rational.NewRat(d.Hist.Score(r.index))) + "$"
			case ColumnCount:
				cells[i] = groupDigits(r.c.String())
			case ColumnProbability:
				p, _ := new(big.Rat).SetString(prob(r.c))
				cells[i] = "$" + LaTeXValue(rational.NewRat(p)) + "$"
			}
		}
		l.row(b, cells)
		return stickyError(b) // the walk stops at the first failed write
	})
	if err != nil {
		return err
	}
	l.end(b)
	return b.Flush()
}

// latexText escapes text for LaTeX and writes the symbols the sheets use
// in LaTeX's own terms: the one LaTeX text escaper.
var latexText = strings.NewReplacer(
	`\`, `\textbackslash{}`, `{`, `\{`, `}`, `\}`, `$`, `\$`, `&`, `\&`, `#`, `\#`,
	`^`, `\^{}`, `_`, `\_`, `%`, `\%`, `~`, `\~{}`, `|`, `\textbar{}`, `<`, `\textless{}`, `>`, `\textgreater{}`,
	"√", `$\surd$`, "·", `$\cdot$`, "²", `$^2$`, "±", `$\pm$`, "≈", `$\approx$`, "…", `\dots{}`,
	"÷", `$\div$`, "−", `$-$`, "×", `$\times$`, "ₖ", `$_k$`, "≤", `$\le$`, "≥", `$\ge$`, "¼", `$\frac14$`,
	"≠", `$\neq$`, "Σ", `$\Sigma$`, "Π", `$\Pi$`,
).Replace
