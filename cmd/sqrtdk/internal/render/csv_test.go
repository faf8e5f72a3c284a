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

// TestCSVOneWriter: the cells of every CSV writer pass SafeCSVCell: no Go
// file of the repository but this package's csv.go imports encoding/csv,
// and the writers it makes neutralise a formula in any column.
func TestCSVOneWriter(t *testing.T) {
	root := "../../../.."
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || path == "csv.go" {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if filepath.Clean(path) != filepath.Clean(filepath.Join(root, "cmd/sqrtdk/internal/render/csv.go")) {
			assert.NotContains(t, string(src), `"encoding/csv"`, "%s writes CSV past SafeCSVCell", path)
		}
		return nil
	})
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, WriteCSV(&b, []string{"=h", "ok"}, [][]string{{"@SUM(1)", "-1"}, {"+x", "\tx"}}))
	rows, err := csv.NewReader(&b).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, [][]string{{"'=h", "ok"}, {"'@SUM(1)", "-1"}, {"'+x", "'\tx"}}, rows)
}
