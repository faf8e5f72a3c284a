package render

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Write writes the table in format f.
func (t *Table) Write(w io.Writer, f Format) error {
	switch f {
	case Markdown:
		return t.WriteMarkdown(w)
	case LaTeX:
		return t.WriteLaTeX(w)
	case CSV:
		return t.WriteCSV(w)
	case JSON:
		return t.WriteJSON(w)
	}
	return t.WriteText(w)
}

// Write writes the distribution in format f.
func (d *Dist) Write(w io.Writer, f Format) error {
	switch f {
	case Markdown:
		return d.WriteMarkdown(w)
	case LaTeX:
		return d.WriteLaTeX(w)
	case CSV:
		return d.WriteCSV(w)
	case JSON:
		return d.WriteJSON(w)
	}
	return d.WriteText(w)
}

// WriteMarkdown writes a GitHub pipe table with padded, right-aligned columns.
func (t *Table) WriteMarkdown(w io.Writer) error {
	header := []string{"d_k", "cases"}
	for _, s := range t.Scales {
		header = append(header, s.Header())
	}
	header = append(header, "method")
	var rows [][]string
	for _, r := range t.Rows {
		row := []string{fmt.Sprint(r.D), t.cases(r)}
		for i := range t.Scales {
			row = append(row, t.decimal(r, i))
		}
		rows = append(rows, append(row, r.Method.String()))
	}
	return writePipeTable(w, header, rows)
}

func writePipeTable(w io.Writer, header []string, rows [][]string) error {
	widths := make([]int, len(header))
	for i, h := range header {
		widths[i] = max(utf8.RuneCountInString(h), 3)
		for _, r := range rows {
			widths[i] = max(widths[i], utf8.RuneCountInString(r[i]))
		}
	}
	var b strings.Builder
	line := func(cells []string) {
		for i, c := range cells {
			fmt.Fprintf(&b, "| %s%s ", strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)), c)
		}
		b.WriteString("|\n")
	}
	line(header)
	for i := range header {
		fmt.Fprintf(&b, "|%s:", strings.Repeat("-", widths[i]+1))
	}
	b.WriteString("|\n")
	for _, r := range rows {
		line(r)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCSV writes a header row, then one row per width with each scale's
// correctly rounded decimal and exact form.
func (t *Table) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	header := []string{"d_k", "cases", "method"}
	for _, s := range t.Scales {
		header = append(header, s.Name(), s.Name()+"_exact")
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, r := range t.Rows {
		row := []string{fmt.Sprint(r.D), r.Cases.String(), r.Method.String()}
		for i, v := range r.Variance {
			row = append(row, t.decimal(r, i), v.String())
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// jsonValue is one variance: its exact form ("p", "p/q", or the canonical
// surd such as "2^(1/4)" when irrational), whether that is rational, and its
// correctly rounded decimal.
type jsonValue struct {
	Exact    string `json:"exact"`
	Rational bool   `json:"rational"`
	Decimal  string `json:"decimal"`
}

// WriteJSON writes one object: the alphabets, the rounding, and per width
// the cases (a decimal string), the method and each scale's variance keyed
// by its canonical name in the order the scales were given.
func (t *Table) WriteJSON(w io.Writer) error {
	var b strings.Builder
	b.WriteString("{\n")
	fmt.Fprintf(&b, "  \"q_values\": %s,\n  \"k_values\": %s,\n", mustJSON(t.Q.Tokens()), mustJSON(t.K.Tokens()))
	fmt.Fprintf(&b, "  \"rounding\": %q,\n  \"rows\": [", t.Round.String())
	for ri, r := range t.Rows {
		if ri > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n    {\"d_k\": %d, \"cases\": %q, \"method\": %q, \"variance\": {", r.D, r.Cases.String(), r.Method.String())
		for i, v := range r.Variance {
			if i > 0 {
				b.WriteString(", ")
			}
			jv := jsonValue{Exact: v.String(), Rational: v.IsRational(), Decimal: t.decimal(r, i)}
			fmt.Fprintf(&b, "%s: %s", mustJSON(t.Scales[i].Name()), mustJSON(jv))
		}
		b.WriteString("}}")
	}
	b.WriteString("\n  ]\n}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func mustJSON(v any) string {
	out, err := json.Marshal(v)
	if err != nil {
		panic(err) // only plain strings and structs of strings reach here
	}
	return string(out)
}
