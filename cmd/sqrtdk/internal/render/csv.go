package render

import (
	"encoding/csv"
	"io"
)

// WriteCSV writes a header and rows of cells as RFC 4180 CSV, the header
// first: the one CSV writer.
func WriteCSV(w io.Writer, header []string, rows [][]string) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	return cw.Error()
}
