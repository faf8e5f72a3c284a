package render

import (
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

func TestLaTeXValue(t *testing.T) {
	for _, c := range []struct {
		v    rational.Value
		want string
	}{
		{rational.NewRat(big.NewRat(1, 6)), `\frac{1}{6}`},
		{rational.NewRat(big.NewRat(-7, 2)), `-\frac{7}{2}`},
		{rational.NewRat(big.NewRat(6, 1)), `6`},
		{rational.NewRat(big.NewRat(1, 1)), `1`},
		{rational.NewRat(big.NewRat(-65536, 1)), `-65\,536`},
		{rational.NewRat(big.NewRat(1, 1048576)), `\frac{1}{1\,048\,576}`},
		{rational.PowerOf(6, big.NewRat(1, 2)), `\sqrt{6}`},
		{rational.PowerOf(2, big.NewRat(-1, 2)), `\frac{1}{2}\sqrt{2}`},
		{rational.PowerOf(2, big.NewRat(5, 4)), `2\sqrt[4]{2}`},
	} {
		assert.Equal(t, c.want, LaTeXValue(c.v), c.v.String())
	}
}

func TestGroupDigits(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"0", "0"},
		{"4096", "4096"}, // four digits stay together
		{"-4096", "-4096"},
		{"65536", `65\,536`},
		{"1208925819614629174706176", `1\,208\,925\,819\,614\,629\,174\,706\,176`},
		{"-123456.5", `-123\,456.5`},
		{"0.1250", "0.1250"},
		{"0.12500", `0.125\,00`},
		{"12345.123456", `12\,345.123\,456`},
	} {
		assert.Equal(t, c.want, groupDigits(c.in), c.in)
	}
}

func TestCheckLaTeXOptions(t *testing.T) {
	for _, ok := range []LaTeXOptions{
		{},
		{Caption: `Exact variance of $q\cdot k$ for $d_k = 1, \dots, 6$`, Label: "tab:variance"},
		{Caption: `Braces \{ and 50\% and \#1 and a \& b and d\_k`},
		{Caption: `{\em nested {groups}}`},
	} {
		assert.NoError(t, CheckLaTeXOptions(ok), ok.Caption)
	}
	for _, c := range []struct {
		o    LaTeXOptions
		want string
	}{
		{LaTeXOptions{Caption: "a {b"}, "does not close"},
		{LaTeXOptions{Caption: "a }b{"}, "did not open"},
		{LaTeXOptions{Caption: "50% of it"}, `\%`},
		{LaTeXOptions{Caption: "a & b"}, `\&`},
		{LaTeXOptions{Caption: "#1"}, `\#`},
		{LaTeXOptions{Caption: "width d_k"}, "outside math"},
		{LaTeXOptions{Caption: "d^2"}, "outside math"},
		{LaTeXOptions{Caption: "$x"}, "pair up"},
		{LaTeXOptions{Caption: "two\nlines"}, "one line"},
		{LaTeXOptions{Caption: "x", Label: "tab var"}, "letters, digits"},
		{LaTeXOptions{Caption: "x", Label: `tab}`}, "letters, digits"},
		{LaTeXOptions{Label: "tab:var"}, "needs a caption"},
	} {
		err := CheckLaTeXOptions(c.o)
		require.Error(t, err, "%+v", c.o)
		assert.Contains(t, err.Error(), c.want, "%+v", c.o)
	}
}

func TestParseColumns(t *testing.T) {
	cols, err := ParseTableColumns("scales, d_k")
	require.NoError(t, err)
	assert.Equal(t, []string{"scales", "d_k"}, cols)
	for _, bad := range []string{"", "d_k,d_k", "score", "method,"} {
		_, err := ParseTableColumns(bad)
		assert.Error(t, err, bad)
	}
	cols, err = ParseDistColumns("probability,score")
	require.NoError(t, err)
	assert.Equal(t, []string{"probability", "score"}, cols)
	_, err = ParseDistColumns("cases")
	assert.Error(t, err)
}

// signsTable returns the ±1 variance table for the widths, with the
// method of the last row as given.
func signsTable(t *testing.T, lastMethod enumerate.Method, ds ...int) *Table {
	t.Helper()
	scales := []rational.Scale{rational.Raw, rational.ByD}
	tb := &Table{Q: rational.Signs(), K: rational.Signs(), Scales: scales}
	for i, d := range ds {
		method := enumerate.BruteForce
		if i == len(ds)-1 {
			method = lastMethod
		}
		cases := new(big.Int).Exp(big.NewInt(4), big.NewInt(int64(d)), nil)
		tb.Rows = append(tb.Rows, NewRowFromVariance(d, cases, big.NewRat(int64(d), 1), method, scales))
	}
	return tb
}

func TestTableLaTeXShape(t *testing.T) {
	write := func(tb *Table) string {
		var b strings.Builder
		require.NoError(t, tb.WriteLaTeX(&b))
		return b.String()
	}
	// All enumerated: no method column, the rows stretched, and a bare
	// tabular grouped so the stretch stays local.
	out := write(signsTable(t, enumerate.BruteForce, 1, 2))
	assert.Contains(t, out, "\\begin{tabular}{rrrr}\n")
	assert.NotContains(t, out, "method")
	assert.Contains(t, out, "\\begingroup\n\\renewcommand{\\arraystretch}{1.3}%\n")
	assert.True(t, strings.HasSuffix(out, "\\end{tabular}%\n\\endgroup\n"), out)
	// No fraction, the same stretch: every table's rows have one height.
	out = write(signsTable(t, enumerate.BruteForce, 1))
	assert.Contains(t, out, "\\begingroup\n\\renewcommand{\\arraystretch}{1.3}%\n")
	// A closed-form row brings the method column back, as in text output;
	// --columns chooses and orders columns.
	out = write(signsTable(t, enumerate.ClosedForm, 1, 2))
	assert.Contains(t, out, "\\begin{tabular}{rrrrl}\n")
	tb := signsTable(t, enumerate.ClosedForm, 1, 2)
	tb.LaTeX.Columns = []string{ColumnScales, ColumnD}
	out = write(tb)
	assert.Contains(t, out, "\\begin{tabular}{rrr}\n")
	assert.Contains(t, out, "raw & $/d_k$ & $d_k$ \\\\\n")
	assert.Contains(t, out, "$2$ & $\\frac{1}{2}$ & 2 \\\\\n")
	// A caption wraps it in a table environment, caption above.
	tb.LaTeX.Caption, tb.LaTeX.Label = "Variance", "tab:v"
	out = write(tb)
	assert.Contains(t, out, "\\begin{table}[htbp]\n\\centering\n\\renewcommand{\\arraystretch}{1.3}%\n\\captionsetup{position=top}\n\\caption{Variance}\n\\label{tab:v}\n\\begin{tabular}")
	assert.True(t, strings.HasSuffix(out, "\\end{tabular}\n\\end{table}\n"), out)
	// Bad options are refused, not written.
	tb.LaTeX.Columns = []string{"score"}
	assert.Error(t, tb.WriteLaTeX(&strings.Builder{}))
	tb.LaTeX = LaTeXOptions{Label: "x"}
	assert.Error(t, tb.WriteLaTeX(&strings.Builder{}))
}

func TestLaTeXCases(t *testing.T) {
	tb := signsTable(t, enumerate.ClosedForm, 40, 50, 60)
	var b strings.Builder
	require.NoError(t, tb.WriteLaTeX(&b))
	// 4^40 has 25 digits, 4^50 has 31: the column writes powers, both.
	assert.Contains(t, b.String(), "\n40 & $4^{40}$ & ")
	assert.Contains(t, b.String(), "\n50 & $4^{50}$ & ")
	// Short counts only: every digit.
	b.Reset()
	require.NoError(t, signsTable(t, enumerate.ClosedForm, 6, 40).WriteLaTeX(&b))
	assert.Contains(t, b.String(), "\n6 & 4096 & ")
	assert.Contains(t, b.String(), "\n40 & 1\\,208\\,925\\,819\\,614\\,629\\,174\\,706\\,176 & ")
	// A count that is not the power is never written as one.
	tb.Rows[2].Cases = new(big.Int).Add(tb.Rows[2].Cases, big.NewInt(1))
	b.Reset()
	require.NoError(t, tb.WriteLaTeX(&b))
	assert.NotContains(t, b.String(), "4^{60}")
	assert.NotContains(t, b.String(), "4^{40}", "one way per column")
	assert.Contains(t, b.String(), "\n60 & 1\\,329\\,227\\,995\\,784\\,915\\,872\\,903\\,807\\,060\\,280\\,344\\,577 & ")
}

// TestMarkdownColumnsAreText checks that a Markdown table has the columns
// of the text table, with or without the method column.
func TestMarkdownColumnsAreText(t *testing.T) {
	for _, m := range []enumerate.Method{enumerate.BruteForce, enumerate.ClosedForm} {
		tb := signsTable(t, m, 1, 2)
		var text, md strings.Builder
		require.NoError(t, tb.WriteText(&text))
		require.NoError(t, tb.WriteMarkdown(&md))
		textHeader := strings.Fields(strings.SplitN(text.String(), "\n", 2)[0])
		var mdHeader []string
		for _, c := range strings.Split(strings.Trim(strings.SplitN(md.String(), "\n", 2)[0], "| "), "|") {
			mdHeader = append(mdHeader, strings.ReplaceAll(strings.TrimSpace(c), `\_`, "_"))
		}
		assert.Equal(t, textHeader, mdHeader, "%v", m)
	}
}
