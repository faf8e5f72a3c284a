package render

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSafeCSVCell: every cell a spreadsheet would run (OWASP: starting
// with = + - @ tab or CR) gets a leading apostrophe; numbers and other
// text are left alone. The cases are generated: each dangerous first
// character before each tail.
func TestSafeCSVCell(t *testing.T) {
	tails := []string{"", "1+1", "cmd|' /C calc'!A0", "HYPERLINK(\"http://x\")", "SUM(A1:A2)", " ", "a,b"}
	for _, c := range []string{"=", "+", "-", "@", "\t", "\r"} {
		for _, tail := range tails {
			in := c + tail
			if csvArithmetic(in) {
				continue
			}
			assert.Equal(t, "'"+in, SafeCSVCell(in), "%q", in)
		}
	}
	for _, in := range []string{"", "ada", "0.5", "-0.5", "+3", "-1/3", "-2.5e-3", "6", "-9/4*sqrt(2)", "-sqrt(2)", "2^-3", "b01.answers", "'=already", " =x", "ok=1"} {
		assert.Equal(t, in, SafeCSVCell(in), "%q", in)
	}
	for _, in := range []string{"-1/3x", "-inf", "-NaN", "-0x10", "+1 1", "-1,5", "-√2", "-A1", "+sqrt(A1)", "-1+cmd|' /C calc'!A0", "=1", "@1", "-exp(1)", "-", "+"} {
		assert.Equal(t, "'"+in, SafeCSVCell(in), "%q is not a number", in)
	}
}

// TestCSVOneWriter: the cells of every CSV writer pass SafeCSVCell: no
// file of the package but csv.go makes an encoding/csv writer, and the
// writers it makes neutralise a formula in any column.
func TestCSVOneWriter(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, f := range files {
		if f == "csv.go" || strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.NotContains(t, string(src), "csv.NewWriter", "%s writes CSV past SafeCSVCell", f)
	}
	var b bytes.Buffer
	require.NoError(t, WriteCSV(&b, []string{"=h", "ok"}, [][]string{{"@SUM(1)", "-1"}, {"+x", "\tx"}}))
	rows, err := csv.NewReader(&b).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, [][]string{{"'=h", "ok"}, {"'@SUM(1)", "-1"}, {"'+x", "'\tx"}}, rows)
}
