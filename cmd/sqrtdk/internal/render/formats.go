package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A fiveFormats is a result written in each of the table formats.
type fiveFormats interface {
	WriteText(io.Writer) error
	WriteMarkdown(io.Writer) error
	WriteLaTeX(io.Writer) error
	WriteCSV(io.Writer) error
	WriteJSON(io.Writer) error
}

// writeIn writes x in format f, text for any format not named.
func writeIn(w io.Writer, x fiveFormats, f Format) error {
	write := map[Format]func(io.Writer) error{Markdown: x.WriteMarkdown, LaTeX: x.WriteLaTeX, CSV: x.WriteCSV, JSON: x.WriteJSON}[f]
	if write == nil {
		write = x.WriteText
	}
	return write(w)
}

// Write writes the table in format f.
func (t *Table) Write(w io.Writer, f Format) error { return writeIn(w, t, f) }

// Write writes the distribution in format f.
func (d *Dist) Write(w io.Writer, f Format) error { return writeIn(w, d, f) }

// WriteMarkdown writes a GitHub pipe table with padded, right-aligned
// columns, the same columns as the text table.
func (t *Table) WriteMarkdown(w io.Writer) error {
	header := []string{"d_k", "cases"}
	for _, s := range t.Scales {
		header = append(header, scaleHeader(s))
	}
	// The columns of the text table: the method only when a row was not
	// enumerated.
	method := !t.allBrute()
	if method {
		header = append(header, "method")
	}
	var rows [][]string
	for _, r := range t.Rows {
		row := []string{fmt.Sprint(r.D), t.cases(r)}
		for i := range t.Scales {
			row = append(row, t.decimal(r, i))
		}
		if method {
			row = append(row, r.Method.String())
		}
		rows = append(rows, row)
	}
	return writePipeTable(w, header, rows)
}

// writePipeTable writes a GitHub pipe table: every cell escaped (see
// markdownText), every column right-aligned and padded to at least three
// characters by padColumn.
func writePipeTable(w io.Writer, header []string, rows [][]string) error {
	lines := make([]string, len(rows)+2)
	for j, h := range header {
		cells := []string{markdownText(h)}
		for _, r := range rows {
			cells = append(cells, markdownText(r[j]))
		}
		cells = padColumn(cells, 3, true)
		width := utf8.RuneCountInString(cells[0])
		for i, c := range cells {
			if i > 0 {
				i++ // after the rule below the header
			}
			lines[i] += "| " + c + " "
		}
		lines[1] += "|" + strings.Repeat("-", width+1) + ":"
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l + "|\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCSV writes a header row, then one row per width with each scale's
// correctly rounded decimal and exact form.
func (t *Table) WriteCSV(w io.Writer) error {
	cw := newCSVWriter(w)
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

// A jsonScaled is one row's variances keyed by scale name, in the order the
// scales were given (a Go map would sort them).
type jsonScaled struct {
	names  []string
	values []jsonValue
}

// MarshalJSON writes the object with its keys in order, each key and value
// encoded by encoding/json.
func (v jsonScaled) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, name := range v.names {
		if i > 0 {
			b.WriteByte(',')
		}
		key, err := json.Marshal(name)
		if err != nil {
			return nil, err
		}
		val, err := json.Marshal(v.values[i])
		if err != nil {
			return nil, err
		}
		b.Write(key)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// WriteJSON writes one object: the alphabets, the rounding, and per width
// the cases (a decimal string), the method and each scale's variance keyed
// by its canonical name in the order the scales were given.
func (t *Table) WriteJSON(w io.Writer) error {
	type row struct {
		D        int        `json:"d_k"`
		Cases    string     `json:"cases"`
		Method   string     `json:"method"`
		Variance jsonScaled `json:"variance"`
	}
	out := struct {
		Q        []string `json:"q_values"`
		K        []string `json:"k_values"`
		Rounding string   `json:"rounding"`
		Rows     []row    `json:"rows"`
	}{Q: t.Q.Tokens(), K: t.K.Tokens(), Rounding: t.Round.String(), Rows: []row{}}
	for _, r := range t.Rows {
		v := jsonScaled{}
		for i, x := range r.Variance {
			v.names = append(v.names, t.Scales[i].Name())
			v.values = append(v.values, jsonValue{Exact: x.String(), Rational: isRational(x), Decimal: t.decimal(r, i)})
		}
		out.Rows = append(out.Rows, row{D: r.D, Cases: r.Cases.String(), Method: r.Method.String(), Variance: v})
	}
	return writeJSON(w, out)
}

// isRational reports whether an exact value is a rational number.
func isRational(v rational.Value) bool {
	_, ok := v.Rat()
	return ok
}
