package render

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWriteColumnsLayout(t *testing.T) {
	render := func(cols []column) string {
		var b strings.Builder
		_ = writeColumns(&b, cols)
		return b.String()
	}
	// A header one wider than its cells spills into the gap after it.
	assert.Equal(t, "a    /sqrt(d_k)   /d_k\n"+"1         1.00   1.000\n", render([]column{
		{header: "a", cells: []string{"1"}, minWidth: 4},
		{header: "/sqrt(d_k)", cells: []string{"1.00"}, right: true, minWidth: 9, gap: 1},
		{header: "/d_k", cells: []string{"1.000"}, right: true, minWidth: 6, gap: 2},
	}))
	// The last column cannot spill: it widens. Wide cells widen their column.
	assert.Equal(t, "x          hdr-long\n"+"123456789     1.000\n", render([]column{
		{header: "x", cells: []string{"123456789"}, minWidth: 4},
		{header: "hdr-long", cells: []string{"1.000"}, right: true, minWidth: 6, gap: 2},
	}))
	// A header two wider than its cells, with a gap of 2, widens instead of spilling.
	assert.Equal(t, "  abcdef  z\n"+"    1.00  1\n", render([]column{
		{header: "abcdef", cells: []string{"1.00"}, right: true, minWidth: 4, gap: 2},
		{header: "z", cells: []string{"1"}, right: true, minWidth: 1, gap: 2},
	}))
}
