package figures

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/costtest"
	"github.com/sqrtdk/sqrtdk/rational"
)

// plannedCost returns what the engine plans for a figure over problems
// with after, the figure's own work on each distribution: the budget the
// run is refused by, as a total.
func plannedCost(t *testing.T, e Engine, problems []enumerate.Problem, after valuesCost) enumerate.Cost {
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

// TestCurveFiguresCostCalibrated holds plot variance's and plot
// saturation's plans within costtest.Factor of what they measure, on
// generated widths and scales.
func TestCurveFiguresCostCalibrated(t *testing.T) {
	widths := [][]int{{64, 256}, {1024}}
	if !testing.Short() {
		widths = [][]int{{64, 256}, {1024}, {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048}, {4096}}
	}
	scales := []rational.Scale{rational.Sqrt, rational.Raw, {P: big.NewRat(1, 4)}}
	table := costtest.NewTable(t, raceEnabled)
	signs := rational.Signs()
	// A figure's first drawing in a process loads its fonts, a few MiB
	// kept for the process's life, as the runtime's own are: part of
	// every run's fixed memory, not of the figure's plan.
	_, err := Saturation(context.Background(), SaturationOptions{Widths: []int{2}, Scales: scales, Digits: 6, Engine: closed})
	require.NoError(t, err)
	for _, ws := range widths {
		vo := VarianceOptions{Q: signs, K: signs, Widths: ws, Scales: scales, Digits: 6, Engine: closed}
		est := plannedCost(t, vo.Engine, problems(signs, signs, ws), vo.valuesCost)
		m := costtest.Measure(func() any {
			f, err := Variance(context.Background(), vo)
			require.NoError(t, err)
			return f
		})
		table.Hold(fmt.Sprintf("variance d_k = %v", ws), est.Seconds, est.Bytes, m)

		so := SaturationOptions{Widths: ws, Scales: scales, Digits: 6, Engine: closed}
		ps := make([]enumerate.Problem, len(ws))
		for i, d := range ws {
			ps[i] = differenceProblem(d)
		}
		est = plannedCost(t, so.Engine, ps, so.valuesCost)
		m = costtest.Measure(func() any {
			f, err := Saturation(context.Background(), so)
			require.NoError(t, err)
			return f
		})
		table.Hold(fmt.Sprintf("saturation d_k = %v", ws), est.Seconds, est.Bytes, m)
	}
}
