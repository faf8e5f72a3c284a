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
		c := column{header: s.Header(), right: true, minWidth: 6, gap: 2}
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

// writeColumns lays the columns out. A cell wider than its column widens
// it. A right-aligned header one or more characters wider than its cells may
// spill into the gap after it, keeping at least one space, as the lesson's
// "/sqrt(d_k)" does; otherwise it widens the column too.
func writeColumns(w io.Writer, cols []column) error {
	widths := make([]int, len(cols))
	spill := make([]int, len(cols))
	for i, c := range cols {
		widths[i] = c.minWidth
		for _, s := range c.cells {
			widths[i] = max(widths[i], utf8.RuneCountInString(s))
		}
		if extra := utf8.RuneCountInString(c.header) - widths[i]; extra > 0 {
			if c.right && i+1 < len(cols) && extra <= cols[i+1].gap-1 {
				spill[i] = extra
			} else {
				widths[i] = len(c.header)
			}
		}
	}
	var b strings.Builder
	line := func(cell func(i int) string, header bool) error {
		b.Reset()
		carry := 0
		for i, c := range cols {
			b.WriteString(strings.Repeat(" ", c.gap-carry))
			carry = 0
			s := cell(i)
			switch {
			case header && spill[i] > 0:
				b.WriteString(s)
				carry = spill[i]
			case c.right:
				b.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(s)) + s)
			default:
				b.WriteString(s + strings.Repeat(" ", widths[i]-utf8.RuneCountInString(s)))
			}
		}
		_, err := io.WriteString(w, strings.TrimRight(b.String(), " ")+"\n")
		return err
	}
	if err := line(func(i int) string { return cols[i].header }, true); err != nil {
		return err
	}
	for r := range cols[0].cells {
		if err := line(func(i int) string { return cols[i].cells[r] }, false); err != nil {
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
