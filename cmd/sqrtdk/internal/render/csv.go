package render

import (
	"encoding/csv"
	"io"
	"strings"
)

// WriteCSV writes a header and rows of cells as RFC 4180 CSV, the header
// first.
func WriteCSV(w io.Writer, header []string, rows [][]string) error {
	cw := newCSVWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	return cw.Error()
}

// A csvWriter is the one way a cell reaches a CSV file: it is
// encoding/csv's writer with every cell passed through SafeCSVCell, so
// that no text from an answer file, a file name or a key becomes a
// formula in a spreadsheet.
type csvWriter struct{ *csv.Writer }

func newCSVWriter(w io.Writer) csvWriter { return csvWriter{csv.NewWriter(w)} }

// Write writes one row, each cell made safe.
func (c csvWriter) Write(row []string) error {
	safe := make([]string, len(row))
	for i, cell := range row {
		safe[i] = SafeCSVCell(cell)
	}
	return c.Writer.Write(safe)
}

// WriteAll writes the rows, each cell made safe, and flushes.
func (c csvWriter) WriteAll(rows [][]string) error {
	for _, r := range rows {
		if err := c.Write(r); err != nil {
			return err
		}
	}
	c.Flush()
	return c.Error()
}

// csvArithmetic reports whether a cell is a number or an exact value as
// sqrtdk writes them ("-0.5", "-1/3", "-9/4*sqrt(2)", "2^-3"): digits,
// signs, a point, * / ^, parentheses, an exponent's e and sqrt, nothing
// else. A spreadsheet can only compute a number from such a cell (no other
// function, no reference, no text), so it is data, not an injection.
func csvArithmetic(s string) bool {
	rest := strings.ReplaceAll(s, "sqrt(", "(")
	return strings.ContainsAny(s, "0123456789") && strings.Trim(rest, "0123456789.+-*/^()eE") == ""
}

// SafeCSVCell returns a cell a spreadsheet will not run: OWASP's rule for
// CSV injection, a cell starting with =, +, -, @, a tab or a carriage
// return gets a leading apostrophe, which a spreadsheet shows as text. A
// number or an exact value (csvArithmetic) is left as it is.
func SafeCSVCell(s string) string {
	if s == "" || csvArithmetic(s) {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}
