package claims

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/costtest"
)

// A calibrationCase is a claims file of one kind at one size: lines
// returns its claims, distinct so that no cache shares their work.
type calibrationCase struct {
	name  string
	lines func(n int) string
	n     int // claims in the file, enough to be measurable
	// engine says the plan is mostly the engine's for the distribution
	// (enumerate's closed form), which enumerate's own calibration holds.
	engine bool
}

// engineCalibrated says enumerate's closed form is held within 2x near
// d_k = 10⁴ (TestClosedFormCostCalibrated): refit on 2026-12-03 after this
// test found ±1 planned 2.4-3x under and ±1,±3 2.1-2.9x over there. Set it
// false to log the cases that are mostly the engine's plan without
// holding them.
const engineCalibrated = true

// nestedNumber returns a number claim nested depth roots deep over a
// fraction of digits digits (varied by i).
func nestedNumber(depth, digits, i int) string {
	e := fmt.Sprintf("%d%s/%d", 1+i%9, strings.Repeat("7", digits-1), 1_000_003+2*i)
	for range depth {
		e = "sqrt(" + e + ")"
	}
	return "number value=" + e + " is 2\n"
}

// calibrationScores returns n scores of digits significant digits,
// varied by i.
func calibrationScores(n, digits, i int) string {
	var f []string
	for j := range n {
		s := fmt.Sprint((i+j)%9 + 1)
		if digits > 1 {
			s += "." + strings.Repeat(fmt.Sprint((i+7*j)%10), digits-2) + "1"
		}
		f = append(f, s)
	}
	return strings.Join(f, ",")
}

// calibrationCases generates the cases: every claim kind Plan estimates
// on its own model, over a grid of its sizes; quick reports the -short
// subset.
func calibrationCases(quick bool) []calibrationCase {
	var out []calibrationCase
	depths, digits := []int{1, 3, 6}, []int{40, 150}
	if quick {
		depths, digits = []int{6}, []int{40}
	}
	for _, dp := range depths {
		for _, dg := range digits {
			out = append(out, calibrationCase{fmt.Sprintf("number: %d roots deep, %d digits", dp, dg),
				func(n int) string {
					var b strings.Builder
					for i := range n {
						b.WriteString(nestedNumber(dp, dg, i))
					}
					return b.String()
				}, 240 / dp, false})
		}
	}
	// The same roots as the printed figure of a claim.
	out = append(out, calibrationCase{"number: figure 6 roots deep, 40 digits", func(n int) string {
		var b strings.Builder
		for i := range n {
			value, _ := strings.CutPrefix(strings.TrimSuffix(nestedNumber(6, 40, i), " is 2\n"), "number value=")
			fmt.Fprintf(&b, "number value=4 is %s\n", value)
		}
		return b.String()
	}, 40, false})
	widths := []string{"10", "1000003", "999999937"}
	counts := []int{2, 8, 32, 64}
	scoreDigits := []int{1, 20}
	if quick {
		widths, counts, scoreDigits = []string{"999999937"}, []int{8}, []int{20}
	}
	// A Jacobian over a box (rounded=P) is planned at its worst case,
	// branch and bound to its budget, which a decided figure stops far
	// short of: it is not in the grid.
	for _, kind := range []string{"softmax", "softmax-entry", "jacobian-max"} {
		for _, dk := range widths {
			for _, k := range counts {
				for _, dg := range scoreDigits {
					out = append(out, calibrationCase{fmt.Sprintf("%s: dk=%s, %d scores, %d digits", kind, dk, k, dg),
						func(n int) string {
							var b strings.Builder
							for i := range n {
								fig := "0.1"
								line := kind
								switch kind {
								case "softmax":
									fig = strings.TrimSuffix(strings.Repeat("0.1, ", k), ", ")
								case "softmax-entry":
									line += " entry=1"
								}
								fmt.Fprintf(&b, "%s scores=%s dk=%s is %s\n", line, calibrationScores(k, dg, i), dk, fig)
							}
							return b.String()
						}, max(4, 256/(k*k)), false})
				}
			}
		}
	}
	// Claims on the same scores share their enclosures (issue 32's forty
	// claims of 8 scores at d_k = 999,999,937).
	for _, k := range []int{8, 32} {
		out = append(out, calibrationCase{fmt.Sprintf("softmax: dk=999999937, %d scores, the same", k),
			func(n int) string {
				line := fmt.Sprintf("softmax scores=%s dk=999999937 is %s\n", calibrationScores(k, 2, 0), strings.TrimSuffix(strings.Repeat("0.1, ", k), ", "))
				return strings.Repeat(line, n)
			}, 800 / k, false})
	}
	dists := []int{2000, 6000, 9999}
	alphabets := []string{"-1,1", "-3,-1,1,3"}
	if quick {
		dists, alphabets = []int{2000}, []string{"-1,1"}
	}
	kinds := []string{"variance", "sum-of-squares", "distribution", "count score=0", "trend quantity=std"}
	if quick {
		kinds = []string{"variance", "distribution"}
	}
	for _, kind := range kinds {
		for _, values := range alphabets {
			for _, d := range dists {
				width := fmt.Sprint(d)
				fig := "1"
				switch kind {
				case "distribution":
					fig = "[(0, 1)]"
				case "trend quantity=std":
					width, fig = fmt.Sprintf("%d,%d", d/2, d), "grows"
				}
				out = append(out, calibrationCase{fmt.Sprintf("%s: values %s, d_k = %s", kind, values, width),
					func(int) string { return fmt.Sprintf("%s d=%s values=%s is %s\n", kind, width, values, fig) }, 1, true})
			}
		}
	}
	// For every width: the proof's check of its formula (checkTime).
	out = append(out, calibrationCase{"variance for every width", func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "variance values=-%d,%d is %d^2*d\n", i+1, i+1, (i+1)*(i+1))
		}
		return b.String()
	}, 20, false})
	return out
}

// TestClaimCostCalibrated holds the plan of 'sqrtdk check' (the budget
// Checker.Plan holds against the limits, read from Checker.budget, never
// recomputed here) within costtest.Factor of what checking the claims
// measures, parsing included, for every claim kind with a model of its
// own over a grid of sizes: number claims by roots' depth and digits,
// softmax kinds by d_k (10 to 10⁹), the scores' count and digits,
// distribution claims by width and alphabet. Issue 32 found nested surds
// unplanned (28-65 s under --max-time 1ms) and softmax claims at d_k near
// 10⁹ planned at a tenth of their time. The full grid runs outside
// -short.
func TestClaimCostCalibrated(t *testing.T) {
	table := costtest.NewTable(t, raceEnabled)
	for _, c := range calibrationCases(testing.Short()) {
		text := c.lines(c.n)
		cls, err := Parse("calibration.claims", strings.NewReader(text))
		require.NoError(t, err, c.name)
		budget, err := NewChecker(enumerate.Limits{}).budget(cls)
		require.NoError(t, err, c.name)
		est := budget.Cost()
		m := costtest.Measure(func() any {
			cls, err := Parse("calibration.claims", strings.NewReader(text))
			require.NoError(t, err, c.name)
			ch := NewChecker(enumerate.Limits{})
			var out []Verdict
			for _, cl := range cls {
				v, err := ch.Check(context.Background(), cl)
				require.NoError(t, err, c.name)
				out = append(out, v)
			}
			return out
		})
		name := fmt.Sprintf("%s ×%d", c.name, c.n)
		if c.engine && !engineCalibrated {
			t.Logf("%-44s time %9.4f s est. %9.4f s CPU (%5.2fx)  memory %8.1f MiB est. %8.1f MiB live (%5.2fx); not held: the engine's plan",
				name, est.Seconds, m.Seconds, costtest.Ratio(est.Seconds, m.Seconds), est.Bytes/(1<<20), m.Bytes/(1<<20), costtest.Ratio(est.Bytes, m.Bytes))
			continue
		}
		table.Hold(name, est.Seconds, est.Bytes, m)
	}
}
