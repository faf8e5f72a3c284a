package enumerate

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/internal/costtest"
)

// TestClosedFormCostCalibrated holds the closed form's plan (Plan.Cost,
// what Check and every command's budget add) within costtest.Factor of
// what it measures, for a distribution (every count held) and for its
// moments (a window of counts), on generated alphabets and widths up to
// d_k = 10^4 outside -short. Issue 32 found the closed form near
// d = 10^4 estimated at 7 ms a claim and run in 20-75 ms.
func TestClosedFormCostCalibrated(t *testing.T) {
	type grid struct {
		q, k   string
		widths []int
		need   Need
	}
	cases := []grid{
		{"-1,1", "-1,1", []int{256, 4096}, NeedCounts},
		{"-1,0,1", "-1,0,1", []int{512, 8000}, NeedMoments},
		{"-3,-1,1,3", "-3,-1,1,3", []int{256, 2048}, NeedCounts},
		{"0,1,1000", "1", []int{100, 500}, NeedCounts},
		{"0,1,2,3,4,5,6,7,8,9,10", "0,1,2,3,4,5,6,7,8,9,10", []int{300}, NeedMoments},
	}
	if !testing.Short() {
		cases = []grid{
			{"-1,1", "-1,1", []int{1024, 10000, 30000}, NeedCounts},
			{"-1,1", "-1,1", []int{30000, 60000}, NeedMoments},
			{"-1,0,1", "-1,0,1", []int{512, 5000, 15000}, NeedCounts},
			{"-1,0,1", "-1,0,1", []int{25000}, NeedMoments},
			{"-3,-1,1,3", "-3,-1,1,3", []int{256, 2048, 4096}, NeedCounts},
			{"-3,-1,1,3", "-3,-1,1,3", []int{8192}, NeedMoments},
			{"-2:1,0:6,2:1", "-2:1,0:6,2:1", []int{512, 4096, 8192}, NeedCounts},
			{"0,1,5", "0,1,5", []int{128, 1024, 4096}, NeedCounts},
			{"-1/2,1/3,1", "-1/2,1/3,1", []int{64, 512, 2048}, NeedCounts},
			{"0,1,1000", "1", []int{500, 1000}, NeedCounts},
			{"0,1,200", "1", []int{2000}, NeedMoments},
			{"0,1,2,3,4,5,6,7,8,9,10", "0,1,2,3,4,5,6,7,8,9,10", []int{300, 600}, NeedMoments},
			{"-2,1", "-1,0,3", []int{2000, 6000}, NeedCounts},
		}
	}
	table := costtest.NewTable(t, costtest.Race)
	for _, c := range cases {
		q, k := mustAlphabet(t, c.q), mustAlphabet(t, c.k)
		for _, d := range c.widths {
			pl := mustPlan(t, Problem{Q: q, K: k, D: d}, ClosedForm, Options{})
			est := pl.Cost(c.need)
			m := costtest.Measure(func() any {
				if c.need == NeedCounts {
					h, err := pl.Distribution(context.Background())
					require.NoError(t, err)
					return h
				}
				mo, err := pl.Moments(context.Background())
				require.NoError(t, err)
				return mo
			})
			table.Hold(fmt.Sprintf("closed %s · %s d_k = %d %s", c.q, c.k, d, needWords[c.need]), est.Seconds, est.Bytes, m)
		}
	}
}

var needWords = map[Need]string{NeedCounts: "counts", NeedMoments: "moments"}

// TestBruteForceCostCalibrated holds brute force's plan on one worker
// (so that its time, on the cores it uses, is its CPU time) within
// costtest.Factor of what it measures, on generated alphabets and widths
// of 2^20 to 2^28 pairs (2^24 under -short). The rate is the nominal
// rate of the kernel the plan chose; a machine far from the reference
// machine shows here first.
func TestBruteForceCostCalibrated(t *testing.T) {
	type grid struct {
		values string
		widths []int
	}
	cases := []grid{{"-1,1", []int{10, 12}}, {"-1,0,1", []int{7}}, {"-3,-1,1,3", []int{6}}}
	if !testing.Short() {
		cases = []grid{{"-1,1", []int{14, 16, 18}}, {"-1,0,1", []int{8, 10, 11}}, {"-3,-1,1,3", []int{6, 7, 8}}, {"-2:1,0:6,2:1", []int{8, 10}}, {"0,1,5", []int{8, 10}}}
	}
	table := costtest.NewTable(t, costtest.Race)
	for _, c := range cases {
		a := mustAlphabet(t, c.values)
		for _, d := range c.widths {
			pl := mustPlan(t, Problem{Q: a, K: a, D: d}, BruteForce, Options{Workers: 1})
			est := pl.Cost(NeedCounts)
			m := costtest.Measure(func() any {
				h, err := pl.Distribution(context.Background())
				require.NoError(t, err)
				return h
			})
			table.Hold(fmt.Sprintf("brute %s d_k = %d (%s)", c.values, d, pl.kernelName()), est.Seconds, est.Bytes, m)
		}
	}
}

// TestLatticeShapeMatchesWeights checks the planner's count of weighted
// offsets and its symmetry against the weights the closed form computes
// (coordinateWeights), on generated alphabets.
func TestLatticeShapeMatchesWeights(t *testing.T) {
	for _, c := range [][2]string{
		{"-1,1", "-1,1"}, {"-1,0,1", "-1,0,1"}, {"-3,-1,1,3", "-3,-1,1,3"}, {"0,1,5", "0,1,5"},
		{"0,1,1000", "1"}, {"-2:1,0:6,2:1", "-1,1"}, {"-1:2,1", "-1,1"}, {"-1/2,1/3,1", "2,3"}, {"0,1,2,3", "1,2"},
	} {
		p := Problem{Q: mustAlphabet(t, c[0]), K: mustAlphabet(t, c[1]), D: 3}
		pl := mustPlan(t, p, ClosedForm, Options{})
		sh := pl.lat.shape(p)
		w := coordinateWeights(p, pl.lat)
		want := 0
		for _, wt := range w[1:] {
			if wt.Sign() != 0 {
				want++
			}
		}
		require.Equal(t, want, sh.offsets, "%s · %s", c[0], c[1])
		require.Equal(t, pl.symmetric(), sh.symmetric, "%s · %s", c[0], c[1])
		var shift uint
		require.NoError(t, binomialWalkShift(p, pl, &shift))
		require.Equal(t, shift > 0, sh.halved, "%s · %s: the binomial walk shifts exactly when the plan says", c[0], c[1])
	}
}

// binomialWalkShift walks the first coefficient of pl's closed form and
// returns, in shift, the power of two the walk leaves out of its numbers.
func binomialWalkShift(p Problem, pl *Plan, shift *uint) error {
	_, err := pl.closedWalk(context.Background(), shift, 0, func(int, *big.Int) error { return nil })
	return err
}

// TestRateIsCramers checks countFill's rate function against the closed
// form for a fair coin, I(x) = x·ln 2x + (1−x)·ln 2(1−x), and a biased
// one, I(x) = x·ln(x/p) + (1−x)·ln((1−x)/(1−p)) (estimates, so compared
// to 1e-9).
func TestRateIsCramers(t *testing.T) {
	for _, p := range []float64{0.5, 0.1} {
		law := []offsetWeight{{0, 1 - p}, {1, p}}
		for _, x := range []float64{0.05, 0.3, 0.5, 0.77, 0.95} {
			want := x*math.Log(x/p) + (1-x)*math.Log((1-x)/(1-p))
			require.InDelta(t, want, rate(law, x), 1e-9, "p = %g, x = %g", p, x)
		}
	}
	require.Zero(t, rate([]offsetWeight{{0, 0.5}, {1, 0.5}}, 0.5), "no cost at the mean")
}
