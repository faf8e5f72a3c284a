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
	argv   []string // when set, the arguments, for one with spaces
}{
	{"prove_default.txt", "prove", 0, nil},
	{"prove_skewed.txt", "prove --values -2:1,1/2:4 --k-values -3:1,1/3:9 --d 1,2,3", 0, nil},
	{"prove_pm2.txt", "prove --values ±2 --d 1,2,3", 1, nil},
	{"prove_01.md", "prove --values 0,1 --d 1,2 --format markdown", 1, nil},
	{"prove_pm1.json", "prove --d 1,2 --format json", 0, nil},
	{"prove_wide.txt", "prove --d 64,128", 0, nil},
	{"prove_k_equals_q.txt", "prove --k-from q --d 1,2", 1, nil},
	{"prove_k_minus_q.json", "prove --k-from -q --values -1,0:2,1 --d 2 --format json", 1, nil},
	{"prove_tie_both.txt", "prove --tie both --d 2,3", 1, nil},
	{"prove_tie_q_skewed.txt", "prove --values -2,1/2:4 --k-values ±1 --tie q --d 2,3", 1, nil},
	{"prove_tie_k.md", "prove --k-values -3,1/3:9 --tie k --d 3 --format markdown", 1, nil},
	{"prove_joint.txt", "prove --joint proofs/laws/equal-terms.joint", 1, nil},
	{"prove_pairs.txt", "prove --pairs ... --d 1,2", 1, []string{"prove", "--pairs", "-2 -2, -2 2, 2 -2, 2 2, -1/2 -1/2:4, -1/2 1/2:4, 1/2 -1/2:4, 1/2 1/2:4", "--d", "1,2"}},
	{"prove_scale_d.txt", "prove --scale d --d 1,2", 1, nil},
	{"prove_k_one.txt", "prove --k-values 1 --d 1,2", 1, nil},
	{"prove_tie_both_every_width.txt", "prove --tie both", 1, nil},
	{"prove_k_minus_q_every_width.md", "prove --k-from -q --format markdown", 1, nil},
	{"prove_unequal_tie.tex", "prove --pairs ... --tie q --d 2 --format latex", 1, []string{"prove", "--pairs", "-1 -1:3, -1 1, 1 -1, 1 1:2", "--tie", "q", "--d", "2", "--format", "latex"}},
	{"check_lesson.txt", "check claims/lesson.claims", 0, nil},
	{"check_predictions.txt", "check claims/predictions.claims", 1, nil},
	{"check_both.txt", "check claims/predictions.claims claims/lesson.claims", 1, nil},
}

func TestProveCheckGolden(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	require.NoError(t, err)
	t.Chdir("../..")
	for _, c := range proveCheckGolden {
		t.Run(c.name, func(t *testing.T) {
			argv := c.argv
			if argv == nil {
				argv = strings.Fields(c.args)
			}
			out, stderr, status := runCLI(t, argv...)
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
		{"check claims/lesson.claims claims/testdata/bad/unknown-kind.claims", `sqrtdk check: …/unknown-kind.claims:2: unknown claim kind "bogus" (known kinds: cases,`},
		{"check claims/testdata/bad/absurd-width.claims", "sqrtdk check: claims/testdata/bad/absurd-width.claims:1: variance: d=1000000000000: d_k is larger than the 10000 this claim supports"},
		{"check claims/testdata/bad/empty.claims", "claims/testdata/bad/empty.claims: the file has no claims"},
		{"check --verbose claims/lesson.claims", "flag provided but not defined"},
		{"prove --values 1,x", "--values:"},
		{"prove --d 0", "--d: d_k must be a positive integer"},
		{"prove --tie q --d 40", "sqrtdk prove: listing the space at d_k = 40 (2199023255552 outcomes) one by one would take about "},
		{"prove --tie q --d 40", "(limit 60 minutes); choose a smaller d_k, or allow more time with --max-time"},
		{"prove --tie both --d 300 --max-time 1s", "(limit 1 second); choose a smaller d_k, or allow more time with --max-time"},
		{"prove --d 10000", "sqrtdk prove: the assertions at d_k = 10000 would hold about 4.48 GiB (limit 1 GiB); choose a smaller d_k, or allow more memory with --max-memory"},
		{"prove --values 0 --d 1000000", "the assertions at d_k = 1000000 would hold about"},
		{"prove --tie both --d 1000 --values 1,2,3,4,5,6,7,8 --max-time 100h", "would hold about 1.43 GiB (limit 1 GiB); choose a smaller d_k, or allow more memory with --max-memory"},
		{"prove --max-memory 1x", `--max-memory: want a size such as 512MiB, 4GiB or 2000000000 (bytes), not "1x"`},
		{"prove --tie sideways", `--tie: unknown tie "sideways" (use none, q, k or both)`},
		{"prove --k-from k", `--k-from: "k" is neither q nor -q`},
		{"prove --k-from q --k-values 1", "--k-values, --k-from and --pairs each say how k is drawn: give one of them"},
		{"prove --pairs 1", `--pairs: pair "1": write the value of q_i, a space and the value of k_i`},
		{"prove --pairs x --values 1", "--pairs gives the values of q_i and k_i together"},
		{"prove --scale sideways", `--scale: unknown scale "sideways"`},
		{"prove --joint proofs/laws/equal-terms.joint --values 1", "--joint gives the whole law of (q, k): --values cannot be combined with it"},
		{"prove --joint proofs/laws/equal-terms.joint --tie q", "--tie cannot be combined with it"},
		{"prove --joint proofs/laws/equal-terms.joint --d 3", "--d: the joint law in proofs/laws/equal-terms.joint has width d_k = 2; leave --d out or give that width"},
		{"prove --joint proofs/no-such.joint", "--joint proofs/no-such.joint: no such file or directory"},
		{"prove --joint proofs/testdata/bad/fields.joint", "sqrtdk prove: proofs/testdata/bad/fields.joint:2: want three fields"},
		{"prove --joint proofs/testdata/bad/weight.joint", `sqrtdk prove: proofs/testdata/bad/weight.joint:2: weight: "x" is not a number`},
		{"prove --joint proofs/testdata/bad/negative.joint", "sqrtdk prove: proofs/testdata/bad/negative.joint:2: weight -1/2 is negative"},
		{"prove --joint proofs/testdata/bad/zero-total.joint", "sqrtdk prove: proofs/testdata/bad/zero-total.joint:2: the weights add up to 0; a law needs a positive total weight"},
		{"prove --joint proofs/testdata/bad/widths.joint", "sqrtdk prove: proofs/testdata/bad/widths.joint:3: the vectors have 1 entries, but those of line 1 have 2"},
		{"prove --joint proofs/testdata/bad/qk-widths.joint", "sqrtdk prove: proofs/testdata/bad/qk-widths.joint:1: q has 2 entries but k has 1"},
		{"prove --joint proofs/testdata/bad/entry.joint", `sqrtdk prove: proofs/testdata/bad/entry.joint:1: q: entry 2: "a" is not a number`},
		{"prove --joint proofs/testdata/bad/empty.joint", "sqrtdk prove: proofs/testdata/bad/empty.joint: no outcomes"},
		{"prove --joint proofs/testdata/bad/too-wide.joint", "sqrtdk prove: proofs/testdata/bad/too-wide.joint:1: the vectors have 65 entries; a joint law may have at most 64"},
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
