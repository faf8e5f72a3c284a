package figures

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/costtest"
	"github.com/sqrtdk/sqrtdk/rational"
)

// plannedCost returns what the engine plans for a figure over problems
// with after, the figure's own work on each distribution: the budget the
// run is refused by, as a total.
func plannedCost(t *testing.T, e Engine, problems []enumerate.Problem, after func(*enumerate.Plan) enumerate.Cost) enumerate.Cost {
	_, budget, err := e.plan(problems, after)
	require.NoError(t, err)
	return budget.Cost()
}

// TestDistCostCalibrated holds plot dist's plan, which the run is refused
// by, within costtest.Factor of what the figure measures. Widths and
// alphabets are generated: the rows of a figure grow as the width times
// the spread of the scores, and their integers as the width times the
// log of the alphabet's size. Widths past 256 run outside -short. Issue
// 32 found d_k = 4096 planned at 0.21 s and 73.7 MiB, run 34-80 s at
// 1 GB: the rows were not planned.
func TestDistCostCalibrated(t *testing.T) {
	widths := []int{256, 512}
	if !testing.Short() {
		widths = append(widths, 1024, 2048)
	}
	table := costtest.NewTable(t, raceEnabled)
	for _, values := range []string{"-1,1", "-1,0,1", "-3,-1,1,3", "-3:1,-1:3,1:3,3:1"} {
		q, err := rational.ParseAlphabet(values)
		require.NoError(t, err)
		for _, d := range widths {
			opt := DistOptions{Q: q, K: q, Widths: []int{d}, Scale: rational.Sqrt, Digits: 6, Engine: closed}
			est := plannedCost(t, opt.Engine, problems(q, q, opt.Widths), opt.valuesCost)
			m := costtest.Measure(func() any {
				f, err := Dist(context.Background(), opt)
				require.NoError(t, err)
				return f
			})
			table.Hold(fmt.Sprintf("dist %s d_k = %d", values, d), est.Seconds, est.Bytes, m)
		}
	}
}
