package render

import (
	"bytes"
	"strings"
	"text/tabwriter"
)

// escape brackets a cell for text/tabwriter, which then passes it through
// whole: a tab or an escape character inside it is text, not a column.
const escape = "\xff"

// padColumn returns the cells of one column padded with spaces to a common
// width, at least minWidth runes, by text/tabwriter: on the left when right
// is set, else on the right. A cell's control characters (a newline in a
// file name) are written as escapes (Escape), so that every cell is one
// line.
func padColumn(cells []string, minWidth int, right bool) []string {
	if len(cells) == 0 {
		return nil
	}
	var buf bytes.Buffer
	flags := tabwriter.StripEscape
	if right {
		flags |= tabwriter.AlignRight
	}
	tw := tabwriter.NewWriter(&buf, minWidth, 1, 0, ' ', flags)
	for _, c := range cells {
		tw.Write([]byte(escape + strings.ReplaceAll(Escape(c), escape, "") + escape + "\t\n"))
	}
	tw.Flush() // writes to a bytes.Buffer, which does not fail
	return strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
}

// grid lays rows of cells out in columns, each padded by padColumn (right
// aligned where right[j] is set), joined by sep; the last column is not
// padded, and trailing spaces are trimmed. Every row has the same number
// of cells.
func grid(rows [][]string, sep string, right ...bool) []string {
	if len(rows) == 0 {
		return nil
	}
	lines := make([]string, len(rows))
	n := len(rows[0])
	for j := range n {
		cells := make([]string, len(rows))
		for i, r := range rows {
			cells[i] = r[j]
		}
		if j < n-1 {
			cells = padColumn(cells, 0, j < len(right) && right[j])
		}
		for i, c := range cells {
			if j > 0 {
				lines[i] += sep
			}
			lines[i] += Escape(c)
		}
	}
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	return lines
}
