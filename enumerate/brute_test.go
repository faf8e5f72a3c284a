package enumerate

import (
	"context"
	"fmt"
	"math/big"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

func mustAlphabet(t testing.TB, s string) rational.Alphabet {
	t.Helper()
	a, err := rational.ParseAlphabet(s)
	require.NoError(t, err, s)
	return a
}

func mustPlan(t testing.TB, p Problem, m Method, opt Options) *Plan {
	t.Helper()
	pl, err := NewPlan(p, m, opt)
	require.NoError(t, err)
	return pl
}

// mustLattice returns p's lattice for tests of the kernels.
func mustLattice(t testing.TB, p Problem) *lattice {
	t.Helper()
	l, err := p.newLattice()
	require.NoError(t, err)
	return l
}

// sweep lists alphabets of every kind the engines treat differently.
var sweep = []struct{ q, k string }{
	{"-1,1", ""},
	{"±2", ""},
	{"±1/2", "±3"},
	{"1,2", ""},
	{"0,1", "-1,3"},
	{"-1,0,1", ""},
	{"-1,0:2,1", ""},
	{"-3,-1,1,3", ""},
	{"-1/2,1/3,2", ""},
	{"0.5,-1.25,2", "1,2"},
	{"-2,1:4", ""},
	{"1:2", "-1,1"},
	{"7", "0"},
}

// TestBruteMatchesClosed checks the two independent engines against each
// other, count by count, over the sweep of alphabets and widths, on every
// kernel path this CPU runs: two-letter alphabets up to widths where the
// 512-lane kernels take over, larger ones up to widths where the
// sliced-index kernel fills its words. Progress must count every pair
// visited, and the result must not depend on the workers.
func TestBruteMatchesClosed(t *testing.T) {
	for _, c := range sweep {
		q := mustAlphabet(t, c.q)
		k := q
		if c.k != "" {
			k = mustAlphabet(t, c.k)
		}
		maxD := 7
		switch {
		case q.Distinct() <= 2 && k.Distinct() <= 2:
			maxD = 12
			switch {
			case testing.Short():
			case raceDetector:
				// d_k = 16 took 53 minutes under -race on 2 busy cores,
				// past go test's default timeout; 14 takes minutes.
				maxD = 14
			default:
				maxD = 16
			}
		case q.Distinct() > 4 || k.Distinct() > 4:
			maxD = 3
		case q.Distinct() > 3 || k.Distinct() > 3:
			maxD = 5
		}
		for d := 1; d <= maxD; d++ {
			p := Problem{Q: q, K: k, D: d}
			cl, err := mustPlan(t, p, ClosedForm, Options{}).closed(context.Background())
			require.NoError(t, err)
			for _, path := range []string{"avx512", "avx2", "portable"} {
				if path == "portable" && d > 10 && testing.Short() {
					continue // seconds under -race; the kernel tests cover it
				}
				withKernel(path, func() {
					t.Run(fmt.Sprintf("q=%s/k=%s/d=%d/%s", c.q, k, d, path), func(t *testing.T) {
						for _, w := range []int{1, 3} {
							var progress atomic.Uint64
							pl := mustPlan(t, p, BruteForce, Options{Workers: w, Progress: &progress})
							b, err := pl.brute(context.Background())
							require.NoError(t, err)
							require.NoError(t, compareHistograms(d, b, cl), "%s, %d workers", pl.kernelName(), w)
							require.Zero(t, b.Total().Cmp(p.Cases()), "total %s, cases %s", b.Total(), p.Cases())
							require.Zero(t, pl.Visits().Cmp(new(big.Int).SetUint64(progress.Load())), "%s: progress %d, visits %s", pl.kernelName(), progress.Load(), pl.Visits())
						}
					})
				})
			}
		}
	}
}

// TestVarianceMethodsAgree checks that the streamed closed-form moments and
// the enumerated histogram give the same exact cases and variance.
func TestVarianceMethodsAgree(t *testing.T) {
	for _, c := range sweep {
		q := mustAlphabet(t, c.q)
		k := q
		if c.k != "" {
			k = mustAlphabet(t, c.k)
		}
		for d := 1; d <= 3; d++ {
			p := Problem{Q: q, K: k, D: d}
			b, err := mustPlan(t, p, BruteForce, Options{}).Moments(context.Background())
			require.NoError(t, err)
			cl, err := mustPlan(t, p, ClosedForm, Options{}).Moments(context.Background())
			require.NoError(t, err)
			require.Zero(t, b.Pairs.Cmp(cl.Pairs), "%s d=%d: pairs %s vs %s", c.q, d, b.Pairs, cl.Pairs)
			require.Zero(t, b.Variance.Cmp(cl.Variance), "%s d=%d: variance %s vs %s", c.q, d, b.Variance.RatString(), cl.Variance.RatString())
			require.Zero(t, b.Mean.Cmp(cl.Mean), "%s d=%d: mean %s vs %s", c.q, d, b.Mean.RatString(), cl.Mean.RatString())
		}
	}
}
