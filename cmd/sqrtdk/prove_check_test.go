package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// proveCheckGolden are whole outputs of prove and check, with the exit
// status each must give. They run from the repository root, so file names
// in check's output read claims/….
var proveCheckGolden = []struct {
	name   string
	args   string
	status int
}{
	{"prove_default.txt", "prove", 0},
	{"prove_skewed.txt", "prove --values -2:1,1/2:4 --k-values -3:1,1/3:9 --d 1,2,3", 0},
	{"prove_pm2.txt", "prove --values ±2 --d 1,2,3", 1},
	{"prove_01.md", "prove --values 0,1 --d 1,2 --format markdown", 1},
	{"prove_pm1.json", "prove --d 1,2 --format json", 0},
	{"check_lesson.txt", "check claims/lesson.claims", 0},
	{"check_predictions.txt", "check claims/predictions.claims", 1},
	{"check_both.txt", "check claims/predictions.claims claims/lesson.claims", 1},
}

func TestProveCheckGolden(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	require.NoError(t, err)
	t.Chdir("../..")
	for _, c := range proveCheckGolden {
		t.Run(c.name, func(t *testing.T) {
			out, stderr, status := runCLI(t, strings.Fields(c.args)...)
			require.Equal(t, c.status, status, "sqrtdk %s: %s", c.args, stderr)
			assertGolden(t, filepath.Join(dir, c.name), out, c.args)
		})
	}
}

func TestProveCheckBadInput(t *testing.T) {
	t.Chdir("../..")
	cases := []struct{ args, stderr string }{
		{"check", "check: name at least one claims file"},
		{"check claims/no-such.claims", "no such file"},
		{"check claims/lesson.claims claims/testdata/bad/unknown-kind.claims", `sqrtdk check: claims/testdata/bad/unknown-kind.claims:2: unknown claim kind "bogus"`},
		{"check claims/testdata/bad/absurd-width.claims", "sqrtdk check: claims/testdata/bad/absurd-width.claims:1: variance: d=1000000000000: d_k is larger than the 10000 this claim supports"},
		{"check claims/testdata/bad/empty.claims", "claims/testdata/bad/empty.claims:2: the file has no claims"},
		{"check --verbose claims/lesson.claims", "flag provided but not defined"},
		{"prove --values 1,x", "--values:"},
		{"prove --d 0", "--d: d_k must be a positive integer"},
		{"prove --d 12", "d_k = 12 has 16777216 distinct pairs"},
		{"prove --format yaml", `--format: unknown format "yaml"`},
		{"prove extra", `unexpected argument "extra"`},
	}
	for _, c := range cases {
		out, stderr, status := runCLI(t, strings.Fields(c.args)...)
		assert.Equal(t, 2, status, "sqrtdk %s", c.args)
		assert.Empty(t, out, "sqrtdk %s", c.args)
		assert.Contains(t, stderr, c.stderr, "sqrtdk %s", c.args)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		prefix := "sqrtdk " + strings.Fields(c.args)[0] + ": "
		assert.True(t, strings.HasPrefix(lines[0], prefix), "sqrtdk %s: the first line names the command and the problem: %q", c.args, stderr)
	}
}
