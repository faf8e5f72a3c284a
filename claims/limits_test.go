package claims

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/deadlinetest"
	"github.com/sqrtdk/sqrtdk/rational"
)

func parseLines(t *testing.T, lines ...string) []*Claim {
	t.Helper()
	f, err := Parse("l.claims", strings.NewReader(strings.Join(lines, "\n")+"\n"))
	require.NoError(t, err)
	return f
}

// jacobianLine is a jacobian-max claim on 64 printed scores whose figure
// the enclosures cannot settle: its check runs the whole box budget.
func jacobianLine() string {
	var s []string
	for i := range 64 {
		s = append(s, rational.FormatRat(big.NewRat(int64((i*37)%17)-7, 7), 1, rational.RoundHalfEven))
	}
	return "jacobian-max scores=" + strings.Join(s, ",") + " rounded=1 is 0.0360"
}

// TestPlanRefusesTheWholeRun: claims each within the limits but together
// over them are refused before any is checked, naming the costliest; a
// longer --max-time lets them through.
func TestPlanRefusesTheWholeRun(t *testing.T) {
	var lines []string
	for range 200 {
		lines = append(lines, jacobianLine())
	}
	f := parseLines(t, lines...)
	c := NewChecker(enumerate.Limits{MaxTime: 5 * time.Minute})
	start := time.Now()
	err := c.Plan(f)
	var le *enumerate.LimitError
	require.ErrorAs(t, err, &le)
	assert.Less(t, time.Since(start), deadlinetest.Scaled(time.Second), "the refusal must come at once")
	assert.Contains(t, err.Error(), "this run would take about")
	assert.Contains(t, err.Error(), "(limit 5 minutes): 200 parts, largest l.claims:")
	require.NoError(t, NewChecker(enumerate.Limits{MaxTime: 2 * time.Hour}).Plan(f))

	// One distribution needed by many claims counts once.
	lines = lines[:0]
	for range 2000 {
		lines = append(lines, "variance d=5000 values=-2,-1,0,1,2 is 10000")
	}
	require.NoError(t, NewChecker(enumerate.Limits{}).Plan(parseLines(t, lines...)))
	// Many distinct ones add up.
	lines = lines[:0]
	for i := range 2000 {
		lines = append(lines, fmt.Sprintf("variance d=%d values=-2,-1,0,1,2 is 1", 8000+i))
	}
	require.ErrorAs(t, NewChecker(enumerate.Limits{MaxTime: 5 * time.Minute}).Plan(parseLines(t, lines...)), &le)
}

// TestPlanRefusesOneClaim: a claim whose distribution the engine refuses
// under the checker's limits is refused at once, with its file and line
// and the engine's numbers; Check refuses it the same way.
func TestPlanRefusesOneClaim(t *testing.T) {
	f := parseLines(t, "cases d=2 is 16", "variance d=5000 values=-2,-1,0,1,2 is 10000")
	c := NewChecker(enumerate.Limits{})
	require.NoError(t, c.Plan(f))
	c = NewChecker(enumerate.Limits{MaxTime: time.Millisecond})
	start := time.Now()
	err := c.Plan(f)
	var le *enumerate.LimitError
	require.ErrorAs(t, err, &le)
	assert.Less(t, time.Since(start), deadlinetest.Scaled(time.Second))
	assert.Equal(t, enumerate.ClosedForm, le.Method)
	assert.Contains(t, err.Error(), "l.claims:2: the closed form at d_k = 5000 (for the whole distribution) would take about")
	assert.Contains(t, err.Error(), "(limit 1 ms)")
	_, err = c.Check(context.Background(), f[1])
	require.ErrorAs(t, err, &le, "Check refuses what Plan refuses")
	assert.Contains(t, err.Error(), "l.claims:2: the closed form at d_k = 5000")

	// Memory: a distribution at d_k = 10⁴ is planned with the ones kept
	// for later claims (those within the cache, a quarter of the limit);
	// a small memory limit refuses them together, not each alone.
	var lines []string
	for d := 1980; d < 2000; d++ {
		lines = append(lines, fmt.Sprintf("distribution d=%d is [(0, 1)]", d))
	}
	lines = append(lines, "distribution d=9999 is [(0, 1)]")
	many := parseLines(t, lines...)
	require.NoError(t, NewChecker(enumerate.Limits{}).Plan(many))
	require.NoError(t, NewChecker(enumerate.Limits{MaxMemory: 26 << 20}).Plan(many[len(many)-1:]))
	err = NewChecker(enumerate.Limits{MaxMemory: 26 << 20}).Plan(many)
	require.ErrorAs(t, err, &le)
	assert.True(t, le.Memory())
	assert.Contains(t, err.Error(), "l.claims:21 would hold about 27.5 MiB (limit 26 MiB)")

	// A distribution larger than the cache is not kept: twenty at
	// d_k = 10⁴ hold one at a time.
	lines = nil
	for d := 9980; d < 10000; d++ {
		lines = append(lines, fmt.Sprintf("distribution d=%d is [(0, 1)]", d))
	}
	require.NoError(t, NewChecker(enumerate.Limits{MaxMemory: 26 << 20}).Plan(parseLines(t, lines...)))
}

// TestDistributionVerdictIsBounded reproduces issue 22's twenty claims
// "distribution d=10000 is [(0, 1)]" whose verdicts were each 2.6 MB of
// text on one line (52 MB of report): a verdict shows a long
// distribution by its first and last scores.
func TestDistributionVerdictIsBounded(t *testing.T) {
	f := parseLines(t, "distribution d=10000 is [(0, 1)]", "distribution d=2 is [(-2, 4), (0, 8), (2, 4)]", "distribution d=40 is [(0, 1)]")
	ch := NewChecker(enumerate.Limits{})
	v, err := ch.Check(context.Background(), f[0])
	require.NoError(t, err)
	assert.False(t, v.Holds)
	assert.LessOrEqual(t, len(v.Exact), 2*maxExactChars)
	assert.True(t, strings.HasPrefix(v.Exact, "[(-10000, a count of 3011 digits), (-9998, a count of 3015 digits), "), v.Exact[:100])
	assert.Regexp(t, `, \(10000, a count of 3011 digits\)\] \(10001 scores, 99[0-9][0-9] not shown\)$`, v.Exact)
	assert.Contains(t, v.Exact, ", …, ")
	assert.Contains(t, v.Exact, "a count of ")
	// A short one is shown whole.
	v, err = ch.Check(context.Background(), f[1])
	require.NoError(t, err)
	assert.True(t, v.Holds)
	assert.Equal(t, "[(-2, 4), (0, 8), (2, 4)]", v.Exact)
	v, err = ch.Check(context.Background(), f[2])
	require.NoError(t, err)
	assert.NotContains(t, v.Exact, "…", "41 scores with counts of up to 23 digits fit")
}

// TestCacheIsBounded checks claims at many widths with a small cache: the
// distributions kept never pass the bound, and the verdicts do not depend
// on what was dropped.
func TestCacheIsBounded(t *testing.T) {
	var lines []string
	for d := 200; d < 260; d++ {
		lines = append(lines, fmt.Sprintf("variance d=%d values=-1,0,1 is %d/3", d, 2*d))
	}
	// Back to the first widths: recomputed after they were dropped.
	for d := 200; d < 205; d++ {
		lines = append(lines, fmt.Sprintf("count d=%d values=-1,0,1 score=0 is 0", d))
	}
	f := parseLines(t, lines...)
	small := NewChecker(enumerate.Limits{MaxMemory: 800_000}) // a cache of 200_000 bytes
	large := NewChecker(enumerate.Limits{})
	for _, cl := range f {
		a, err := small.Check(context.Background(), cl)
		require.NoError(t, err)
		require.LessOrEqual(t, small.cache.bytes, int64(200_000))
		b, err := large.Check(context.Background(), cl)
		require.NoError(t, err)
		require.Equal(t, b.Holds, a.Holds, cl.Text)
		require.Equal(t, b.Exact, a.Exact, cl.Text)
	}
	assert.Positive(t, small.cache.order.Len())
	assert.Less(t, small.cache.order.Len(), 60, "the small cache kept everything")
	assert.Equal(t, 60, large.cache.order.Len(), "the default cache keeps these small distributions")
}

func TestDistCache(t *testing.T) {
	h := func(n int) *rational.Histogram {
		out := &rational.Histogram{Base: new(big.Rat), Step: big.NewRat(1, 1)}
		for range n {
			out.Counts = append(out.Counts, big.NewInt(1))
		}
		return out
	}
	var c distCache
	c.setMax(1000) // 48 bytes a count
	c.put("a", h(10))
	c.put("b", h(5))
	require.NotNil(t, c.get("a"), "a is now the most recently used")
	c.put("c", h(10)) // 1200 bytes: b, the least recently used, goes
	assert.Nil(t, c.get("b"))
	assert.NotNil(t, c.get("a"))
	assert.NotNil(t, c.get("c"))
	assert.Equal(t, int64(960), c.bytes)
	c.put("huge", h(100)) // larger than the whole cache: not kept, nothing dropped
	assert.Nil(t, c.get("huge"))
	assert.Equal(t, 2, c.order.Len())
	c.setMax(500)
	assert.Equal(t, 1, c.order.Len())
	assert.NotNil(t, c.get("c"), "the most recently used stays")
}

// TestCheckStopsPromptly cancels the longest softmax check a claims file
// can ask for and requires the checker to return at once.
func TestCheckStopsPromptly(t *testing.T) {
	f := parseLines(t, jacobianLine())
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := NewChecker(enumerate.Limits{}).Check(ctx, f[0])
	require.ErrorIs(t, err, context.DeadlineExceeded)
	t.Logf("stopped %v after the deadline", time.Since(start)-100*time.Millisecond)
	assert.Less(t, time.Since(start), deadlinetest.Scaled(2*time.Second))
}

// TestNumberArithmeticPlanned: a number whose roots cost more than the
// parse allowance is computed after Plan, which counts its estimate, so a
// small time limit refuses it before any arithmetic (issue 32's nested
// surds); a value out of range is then reported when checked, with its
// line, and a cheap one is still computed, and refused, while reading.
func TestNumberArithmeticPlanned(t *testing.T) {
	surd := "9999999999999999999999999999999999999999/7"
	for range 6 {
		surd = "sqrt(" + surd + ")"
	}
	f := parseLines(t, "number value="+surd+" is 4.1", "number value=sqrt("+surd+") is 2")
	require.Greater(t, f[0].prep.seconds, parseAllowance)
	var le *enumerate.LimitError
	err := NewChecker(enumerate.Limits{MaxTime: time.Millisecond}).Plan(f[:1])
	require.ErrorAs(t, err, &le)
	assert.Contains(t, err.Error(), "l.claims:1 would take about")
	c := NewChecker(enumerate.Limits{})
	require.NoError(t, c.Plan(f))
	v, err := c.Check(context.Background(), f[0])
	require.NoError(t, err)
	assert.True(t, v.Holds)
	_, err = c.Check(context.Background(), f[1])
	require.Error(t, err)
	assert.Contains(t, err.Error(), "l.claims:2: value=sqrt(")
	assert.Contains(t, err.Error(), "roots deeper than the 64th")

	// The same roots as a printed figure: planned, computed once, and
	// out of range reported as the file's mistake, with its line.
	fig := parseLines(t, "number value=4 is "+surd, "number value=4 is sqrt("+surd+")")
	require.Len(t, fig[0].figures, 1)
	err = NewChecker(enumerate.Limits{MaxTime: time.Millisecond}).Plan(fig[:1])
	require.ErrorAs(t, err, &le)
	v, err = c.Check(context.Background(), fig[0])
	require.NoError(t, err)
	assert.False(t, v.Holds)
	_, err = c.Check(context.Background(), fig[1])
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Contains(t, err.Error(), "l.claims:2: number: ")
	assert.Contains(t, err.Error(), "roots deeper than the 64th")
	// A student's answer is read whole: out of range is unreadable.
	q, err := ParseQuestion("number value=4", nil)
	require.NoError(t, err)
	_, err = q.Read("sqrt("+surd+")", false)
	var re *ReadError
	require.ErrorAs(t, err, &re)
	a, err := q.Read(surd, false)
	require.NoError(t, err)
	require.Len(t, a.deferred(), 1)

	cheap := parseLines(t, "number value=sqrt(2) is 1.41")
	assert.Zero(t, cheap[0].prep.seconds)
	require.NoError(t, NewChecker(enumerate.Limits{MaxTime: time.Millisecond}).Plan(cheap))
}

// TestExprCostGrowsWithRoots: the estimate of a number's arithmetic grows
// with the roots' depth and the digits under them, and is nothing for a
// rational value.
func TestExprCostGrowsWithRoots(t *testing.T) {
	cost := func(s string) float64 {
		e, err := parseExpr(s, false)
		require.NoError(t, err)
		return exprCost(e)
	}
	assert.Zero(t, cost("2^10/4 + 3/7"))
	prev := 0.0
	for depth := 1; depth <= 6; depth++ {
		e := "123456789012345678901234567890/1000003"
		for range depth {
			e = "sqrt(" + e + ")"
		}
		c := cost(e)
		assert.Greater(t, c, prev, e)
		prev = c
	}
	assert.Greater(t, cost("sqrt("+strings.Repeat("7", 150)+"/3)"), cost("sqrt("+strings.Repeat("7", 40)+"/3)"))
}
