package render

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A column of a text table: its header, cells, alignment, the narrowest
// width it may have and the gap of spaces printed before it.
type column struct {
	header   string
	cells    []string
	right    bool
	minWidth int
	gap      int
}

// minWidths holds the field widths of the lesson's format string for the
// scales it prints; other scales get 6.
var minWidths = map[string]int{rational.Raw.Name(): 4, rational.Sqrt.Name(): 9, rational.ByD.Name(): 6}

// WriteText writes the table in the lesson's plain-text layout.
func (t *Table) WriteText(w io.Writer) error {
	cols := []column{
		{header: "d_k", minWidth: 4},
		{header: "cases", minWidth: 6, gap: 1},
	}
	for _, r := range t.Rows {
		cols[0].cells = append(cols[0].cells, fmt.Sprint(r.D))
		cols[1].cells = append(cols[1].cells, t.cases(r))
	}
	for i, s := range t.Scales {
		c := column{header: scaleHeader(s), right: true, minWidth: 6, gap: 2}
		if m, ok := minWidths[s.Name()]; ok {
			c.minWidth = m
		}
		if i == 0 {
			c.gap = 1
		}
		for _, r := range t.Rows {
			c.cells = append(c.cells, t.decimal(r, i))
		}
		cols = append(cols, c)
	}
	if !t.allBrute() {
		c := column{header: "method", gap: 2}
		for _, r := range t.Rows {
			c.cells = append(c.cells, r.Method.String())
		}
		cols = append(cols, c)
	}
	return writeColumns(w, cols)
}

// writeColumns lays the columns out, each padded by padColumn. A cell
// wider than its column widens it. A right-aligned header one or more
// characters wider than its cells may spill into the gap after it, keeping
// at least one space, as the lesson's "/sqrt(d_k)" does; otherwise it
// widens the column too.
func writeColumns(w io.Writer, cols []column) error {
	lines := make([]string, len(cols[0].cells)+1)
	carry := 0 // the characters the previous header spilt into this gap
	for i, c := range cols {
		cells := append([]string{c.header}, c.cells...)
		spill := utf8.RuneCountInString(c.header) - c.minWidth
		for _, s := range c.cells {
			spill = min(spill, utf8.RuneCountInString(c.header)-utf8.RuneCountInString(s))
		}
		spills := spill > 0 && c.right && i+1 < len(cols) && spill <= cols[i+1].gap-1
		if spills {
			cells = padColumn(c.cells, c.minWidth, c.right)
			cells = append([]string{c.header}, cells...)
		} else {
			cells = padColumn(cells, c.minWidth, c.right)
		}
		for r, s := range cells {
			gap := c.gap
			if r == 0 {
				gap -= carry
			}
			lines[r] += strings.Repeat(" ", gap) + s
		}
		carry = 0
		if spills {
			carry = spill
		}
	}
	for _, l := range lines {
		if _, err := io.WriteString(w, strings.TrimRight(l, " ")+"\n"); err != nil {
			return err
		}
	}
	return nil
}

func methodPhrase(m enumerate.Method) string {
	switch m {
	case enumerate.ClosedForm:
		return "closed form"
	case enumerate.Both:
		return "enumerated and closed form agree"
	}
	return m.String()
}
