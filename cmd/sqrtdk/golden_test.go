package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// runCLI runs one command line in-process and returns stdout, stderr and
// the exit status main would give.
func runCLI(t testing.TB, line ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), line, &out, &errb)
	status := exitStatus(err, &errb)
	return out.String(), errb.String(), status
}

// goldenCases are whole outputs checked byte for byte against testdata/.
var goldenCases = []struct {
	name string
	args string
}{
	{"table_default.txt", "table"},
	{"dist_default.txt", "dist --d 2"},
	{"table_markdown.md", "table --format markdown"},
	{"table_latex.tex", "table --format latex"},
	{"table_latex_both.tex", "table --format latex --latex-cells both --scales raw,sqrt,d,d^1/4"},
	{"table_latex_decimal.tex", "table --format latex --latex-cells decimal"},
	{"table_latex_large.tex", "table --format latex --d 6,40,100"},
	{"table_latex_book.tex", "table --format latex --d 1,2,4,8,16,32 --columns d_k,cases,scales --label tab:variance --caption"},
	{"table_csv.csv", "table --format csv --scales raw,sqrt,d,d^1/4"},
	{"table_json.json", "table --format json --d 2,6 --scales raw,sqrt,d,d^1/4"},
	{"table_wide.txt", "table --d 1,2,4,8,10,12 --scales raw,sqrt,d,d^1/4"},
	{"table_pm2.txt", "table --values ±2 --d 2"},
	{"table_closed.txt", "table --d 6,40 --method auto"},
	{"table_closed_wide.txt", "table --d 3000 --values -1,0:2,1 --scales raw,sqrt,d^1/4 --method closed"},
	{"table_half_up.txt", "table --d 16 --scales d^3/2 --digits 4 --round half-up --method closed"},
	{"table_multiset.txt", "table --values -1,0:2,1 --k-values 1/2,-3/2 --d 1,3 --scales raw,sqrt,d^1/3 --digits 6"},
	{"dist_markdown.md", "dist --d 3 --format markdown"},
	{"dist_csv.csv", "dist --values 0,1 --d 3 --format csv"},
	{"dist_latex.tex", "dist --values 1/2,-1/3 --d 2 --format latex"},
	{"dist_latex_book.tex", "dist --d 20 --method closed --format latex --label tab:dist20 --caption"},
	{"dist_latex_columns.tex", "dist --d 3 --format latex --columns probability,score"},
	{"dist_json.json", "dist --d 2 --format json"},
	{"dist_closed.txt", "dist --d 4 --method closed"},
	{"dist_rational.txt", "dist --values 0.5,-1.25 --k-values 1,2 --d 2"},
}

// goldenCaptions are the --caption arguments of golden cases, which hold
// spaces; each is the last argument of its case.
var goldenCaptions = map[string]string{
	"table_latex_book.tex": `Exact variance of $q\cdot k$ for entries $\pm 1$: it grows like $d_k$, and dividing by $\sqrt{d_k}$ keeps it at 1.`,
	"dist_latex_book.tex":  `The exact distribution of $q\cdot k$ for entries $\pm 1$ at $d_k = 20$, from the closed form.`,
}

func TestGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			args := strings.Fields(c.args)
			if caption, ok := goldenCaptions[c.name]; ok {
				args = append(args, caption)
			}
			out, stderr, status := runCLI(t, args...)
			require.Equal(t, 0, status, "sqrtdk %s: %s", c.args, stderr)
			assertGolden(t, filepath.Join("testdata", c.name), out, c.args)
		})
	}
}

// assertGolden compares out with the golden file at path, rewriting the
// file first when -update is given.
func assertGolden(t *testing.T, path, out, args string) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./cmd/sqrtdk -update to create it")
	assert.Equal(t, string(want), out, "sqrtdk %s", args)
}

// TestLessonBytes pins the lesson's printout here too, so that a golden
// update cannot silently change it.
func TestLessonBytes(t *testing.T) {
	const lesson = "d_k = 2 scores: [(-2, 4), (0, 8), (2, 4)]\n" +
		"d_k  cases   raw  /sqrt(d_k)   /d_k\n" +
		"1    4       1.0       1.00   1.000\n" +
		"2    16      2.0       1.00   0.500\n" +
		"4    256     4.0       1.00   0.250\n" +
		"6    4096    6.0       1.00   0.167\n"
	dist, _, _ := runCLI(t, "dist", "--d", "2")
	table, _, _ := runCLI(t, "table")
	assert.Equal(t, lesson, dist+table)
}

// TestWorkerCountInvariance checks that the bytes do not depend on the
// number of workers.
func TestWorkerCountInvariance(t *testing.T) {
	for _, args := range []string{
		"table --d 1,2,5,9 --method brute --format json",
		"table --values 1,2 --k-values 0,3 --d 7 --method brute --format json",
		"dist --values -1,0,1 --d 5 --method brute --format json",
		"dist --values -2,1/2:4 --d 4 --method brute",
	} {
		var first string
		for _, w := range []string{"1", "2", "7"} {
			out, stderr, status := runCLI(t, append(strings.Fields(args), "--workers", w)...)
			require.Equal(t, 0, status, stderr)
			if first == "" {
				first = out
			}
			assert.Equal(t, first, out, "%s with %s workers", args, w)
		}
	}
}
