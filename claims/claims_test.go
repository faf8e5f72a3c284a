package claims

import (
	"context"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

func parseFile(t *testing.T, path string) []*Claim {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	parsed, err := Parse(path, f)
	require.NoError(t, err)
	return parsed
}

func checkAll(t *testing.T, f []*Claim) []Verdict {
	t.Helper()
	ch := NewChecker(enumerate.Limits{})
	var out []Verdict
	for _, c := range f {
		r, err := ch.Check(context.Background(), c)
		require.NoError(t, err, "%s:%d", c.File, c.Line)
		out = append(out, r)
	}
	return out
}

func TestLessonClaimsHold(t *testing.T) {
	f := parseFile(t, "lesson.claims")
	t.Logf("lesson.claims has %d claims", len(f))
	require.GreaterOrEqual(t, len(f), 40)
	for _, r := range checkAll(t, f) {
		require.True(t, r.Holds, "%s:%d %s: printed %s, exact %s", r.Claim.File, r.Claim.Line, r.Claim.Text, r.Printed, r.Exact)
	}
}

func TestPredictionsHaveOneMistake(t *testing.T) {
	results := checkAll(t, parseFile(t, "predictions.claims"))
	var failed []string
	for _, r := range results {
		if !r.Holds {
			failed = append(failed, fmt.Sprintf("line %d: printed %s, exact %s", r.Claim.Line, r.Printed, r.Exact))
		}
	}
	require.Equal(t, []string{"line 15: printed 4.00, exact 16 = 16.00"}, failed)
}

var numberToken = regexp.MustCompile(`\d+(\.\d*)?`)

// mutations returns every single-figure change of a claim's figure: each
// number in it moved by step units of its last printed place, or, for a
// figure without numbers, a different formula or trend.
func mutations(fig string, step func(places int) *big.Rat) []string {
	var out []string
	for _, m := range numberToken.FindAllStringIndex(fig, -1) {
		tok := fig[m[0]:m[1]]
		places := 0
		if i := strings.IndexByte(tok, '.'); i >= 0 {
			places = len(tok) - i - 1
		}
		v, err := rational.ParseRat(strings.TrimSuffix(tok, "."))
		if err != nil {
			panic(err)
		}
		v.Add(v, step(places))
		s := rational.FormatRat(v, places, rational.RoundHalfEven)
		if strings.HasSuffix(tok, ".") {
			s += "."
		}
		out = append(out, fig[:m[0]]+s+fig[m[1]:])
	}
	switch {
	case fig == "grows":
		out = append(out, "shrinks", "constant")
	case len(out) == 0:
		if formula, ok := strings.CutSuffix(fig, " for every d"); ok {
			out = append(out, "2*("+formula+") for every d")
		} else {
			out = append(out, "2*("+fig+")")
		}
	}
	return out
}

// standardError returns the standard error of a sampled claim's figure.
func standardError(t *testing.T, c *Claim) *big.Rat {
	law, err := sampleLawSetting(c)
	require.NoError(t, err)
	d, err := oneWidth(c.Settings["d"], maxSampleWidth)
	require.NoError(t, err)
	sq, err := squaredScale(c, d)
	require.NoError(t, err)
	sigma2, mu4 := law.scoreMoments(int64(d))
	variance := new(big.Rat).Quo(sigma2, sq)
	if c.Kind == "sample-variance" {
		n, err := positiveInt(c, "samples", 4, maxSamples)
		require.NoError(t, err)
		_, variance = sampleVarianceMoments(sigma2, mu4, n)
		variance.Quo(variance, new(big.Rat).Mul(sq, sq))
	}
	se, _ := new(big.Float).SetRat(variance).Float64()
	se = sqrtFloat(se)
	return new(big.Rat).SetFloat64(se)
}

func sqrtFloat(x float64) float64 {
	z := x
	for range 100 {
		z = (z + x/z) / 2
	}
	return z
}

// TestChangingAnyLessonFigureFails changes each figure of the lesson file
// in turn and requires the check to fail. An exact figure moves by one unit
// of its last place. Two kinds tolerate more by design: a softmax figure
// computed from inputs printed rounded is pinned only to within the spread
// those inputs allow (about ±2 units here), so it moves by 3 units; a
// sampled figure is consistent within sampleTolerance standard errors, so
// it moves by 5 standard errors.
func TestChangingAnyLessonFigureFails(t *testing.T) {
	data, err := os.ReadFile("lesson.claims")
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	orig := parseFile(t, "lesson.claims")
	mutated := 0
	for _, c := range orig {
		units := int64(1)
		if _, rounded := c.Settings["rounded"]; rounded {
			units = 3
		}
		var se *big.Rat
		if c.Kind == "sample-variance" || c.Kind == "draw" {
			se = standardError(t, c)
		}
		step := func(places int) *big.Rat {
			ulp := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil))
			if se == nil {
				return ulp.Mul(ulp, big.NewRat(units, 1))
			}
			// The smallest whole number of units beyond 5 standard errors.
			n := new(big.Rat).Quo(new(big.Rat).Mul(se, big.NewRat(5, 1)), ulp)
			k := new(big.Int).Quo(n.Num(), n.Denom())
			return ulp.Mul(ulp, new(big.Rat).SetInt(k.Add(k, big.NewInt(1))))
		}
		line := lines[c.Line-1]
		i := strings.LastIndex(line, " is ")
		require.Positive(t, i, "line %d", c.Line)
		figure := stripComment(line[i+4:])
		for _, m := range mutations(figure, step) {
			changed := append([]string(nil), lines...)
			changed[c.Line-1] = line[:i+4] + m
			f, err := Parse("lesson.claims", strings.NewReader(strings.Join(changed, "\n")))
			require.NoError(t, err, "line %d changed to %q", c.Line, m)
			var target *Claim
			for _, mc := range f {
				if mc.Line == c.Line {
					target = mc
				}
			}
			r, err := NewChecker(enumerate.Limits{}).Check(context.Background(), target)
			require.NoError(t, err)
			require.False(t, r.Holds, "line %d: changing %q to %q still holds (exact %s)", c.Line, figure, m, r.Exact)
			mutated++
		}
	}
	t.Logf("%d single-figure changes of %d claims, every one caught", mutated, len(orig))
}

func TestBadFiles(t *testing.T) {
	want := map[string]string{
		"unknown-kind.claims":      `unknown-kind.claims:2: unknown claim kind "bogus"`,
		"missing-is.claims":        `missing-is.claims:2: variance: missing " is FIGURE"`,
		"missing-width.claims":     `missing-width.claims:1: cases needs d=…`,
		"unparsable-figure.claims": `unparsable-figure.claims:1: variance: "lots" is not a number`,
		"absurd-width.claims":      `absurd-width.claims:1: variance: d=1000000000000: d_k is larger than the 10000`,
		"bad-scores.claims":        `bad-scores.claims:1: softmax: scores=1,2,x`,
		"bad-with.claims":          `bad-with.claims:1: a with line sets only`,
		"empty.claims":             `empty.claims: the file has no claims`,
	}
	paths, err := filepath.Glob("testdata/bad/*.claims")
	require.NoError(t, err)
	require.Len(t, paths, len(want))
	for _, p := range paths {
		f, err := os.Open(p)
		require.NoError(t, err)
		_, err = Parse(p, f)
		f.Close()
		require.Error(t, err, p)
		t.Logf("%s", err)
		require.Contains(t, err.Error(), want[filepath.Base(p)])
		var se *SyntaxError
		require.ErrorAs(t, err, &se)
	}
}

func TestBadLines(t *testing.T) {
	cases := []struct{ line, want string }{
		{"variance d=0 is 1", "d_k must be a positive integer"},
		{"variance d=-3 is 1", "d_k must be a positive integer"},
		{"variance d=2.5 is 1", "d_k must be a positive integer"},
		{"variance d=4 d=5 is 1", "d is set twice"},
		{"variance d=4 colour=red is 1", `variance does not take "colour"`},
		{"variance d=4 is", `nothing after "is"`},
		{"variance d=4 scale=cube is 1", `unknown scale "cube"`},
		{"variance d=4 values=1/0 is 1", "division by zero"},
		{"variance d=4 values= is 1", "values has no value"},
		{"variance d=4 oops is 1", `"oops" is not key=value`},
		{"variance d=4 is 1.2.3", "is not a number"},
		{"variance d=4 is 5%5", "5%5"},
		{"count d=2 is 4", "count needs score=…"},
		{"count d=2 score=x is 4", "score=x"},
		{"law quantity=variance d=1,2 is sqrt(", "law"},
		{"law quantity=skew d=1,2 is 1", "quantity=skew"},
		{"law quantity=std d=1,,2 is 1", "d_k must be a positive integer"},
		{"trend quantity=std d=4,2 is grows", "increasing order"},
		{"trend quantity=std d=2,4 is wobbles", "a trend is a direction"},
		{"ratio quantity=std d=2 divide=2 versus=0 is 1", "divide by a positive number"},
		{"number value=2^100000 is 1", "exponent"},
		{"number value=((2^64)^64)^64 is 1", "bits"},
		{"number value=sqrt(sqrt(sqrt(sqrt(sqrt(sqrt(sqrt(2))))))) is 1", "roots deeper"},
		{"number value=d is 1", "only a formula may use"},
		{"distribution d=2 is (1, 2)", "[(score, count)"},
		{"distribution d=2 is [(1, 2), (1, 3)]", "appears twice"},
		{"sample-variance d=4 samples=1 is 4", "samples=1"},
		{"sample-variance d=2 samples=100 scale=d^1/4 is 4", "scale"},
		{"sample-variance d=4 samples=100 moments=1 is 4", "moments=1"},
		{"sample-variance d=4 samples=100 moments=2,1 is 4", "E[x⁴] ≥ E[x²]²"},
		{"softmax scores=1,2 is 0.5", "1 figure for 2 scores"},
		{"softmax scores=1.25,2 rounded=1 is 0.3, 0.7", "more than 1 decimal place (rounded=1)"},
		{"softmax scores=1,2 dk=0 is 0.3, 0.7", "dk=0"},
		{"softmax-entry scores=1,2 entry=3 is 0.7", "entry=3"},
		{"variance d=4 places=x is 1", "places=x"},
		{"variance d=10000 values=1,1000000000000000000000 is 1", "lattice"},
		{strings.Repeat("x", MaxLineBytes+10), "longer than"},
		{"variance d=4 is \xff", "UTF-8"},
	}
	for _, c := range cases {
		_, err := Parse("t.claims", strings.NewReader("# first line\n"+c.line+"\n"))
		require.Error(t, err, c.line)
		require.Contains(t, err.Error(), "t.claims:2: ", c.line)
		require.Contains(t, err.Error(), c.want, c.line)
	}
}

func TestPrintedSpellings(t *testing.T) {
	half := rational.NewRat(big.NewRat(1, 2))
	for _, s := range []string{"1/2", "0.5", "0.50", "0.500", "50%", "50.0%", "0.5000000000000000000000000000000"} {
		p, err := parsePrinted(s, 0)
		require.NoError(t, err)
		require.True(t, p.matches(half), "%s should spell a half", s)
	}
	for _, s := range []string{"1/3", "0.4", "0.51", "2/5", "0.49"} {
		p, err := parsePrinted(s, 0)
		if err != nil {
			continue
		}
		require.False(t, p.matches(half), "%s should not spell a half", s)
	}
	// A tie may round either way: 1/8 = 0.125 prints as 0.12 or 0.13.
	eighth := rational.NewRat(big.NewRat(1, 8))
	for _, s := range []string{"0.12", "0.13"} {
		p, _ := parsePrinted(s, 0)
		require.True(t, p.matches(eighth), s)
	}
	// A whole number is the value itself, or the value rounded to its
	// significant digits, as 4e0 is (issue 31: every spelling alike): 4 is
	// 4.0000001 to 1 digit, not 4.6; 100 is 96 to 1 digit; 10 is not 5,
	// nor 1 a half, a number of a lower decade whose digits it does not
	// show.
	p, _ := parsePrinted("4", 0)
	require.True(t, p.matches(rational.NewRat(big.NewRat(40000001, 10000000))))
	require.False(t, p.matches(rational.NewRat(big.NewRat(46, 10))))
	for s, x := range map[string]*big.Rat{"100": big.NewRat(96, 1), "10": big.NewRat(5, 1), "1": big.NewRat(1, 2),
		"66000": big.NewRat(65536, 1), "-100": big.NewRat(-95, 1), "1000": big.NewRat(949, 1)} {
		p, _ := parsePrinted(s, 0)
		require.Equal(t, s == "100" || s == "66000" || s == "-100", p.matches(rational.NewRat(x)), "%s for %s", s, x.RatString())
	}
	p, _ = parsePrinted("4.0", 0)
	require.True(t, p.matches(rational.NewRat(big.NewRat(40000001, 10000000))))
	// numpy's "0.03" with places=3 is 0.030, not anything from 0.025 to 0.035.
	p, _ = parsePrinted("0.03", 3)
	require.False(t, p.matches(rational.NewRat(big.NewRat(34, 1000))))
	// An irrational value rounds like any other: √2 = 1.41421….
	root2 := rational.NewSurd(big.NewRat(1, 1), big.NewInt(2), 2)
	p, _ = parsePrinted("1.414", 0)
	require.True(t, p.matches(root2))
	p, _ = parsePrinted("1.415", 0)
	require.False(t, p.matches(root2))
}

func TestWithLines(t *testing.T) {
	f, err := Parse("w.claims", strings.NewReader("with values=-2,2\nvariance d=1 is 16\nvariance d=1 values=-1,1 is 1\nwith\nvariance d=1 is 1\n"))
	require.NoError(t, err)
	for _, r := range checkAll(t, f) {
		require.True(t, r.Holds, "line %d: %s", r.Claim.Line, r.Exact)
	}
	require.Equal(t, "variance d=1 (with values=-2,2)", f[0].Text)
}

func TestSampleVarianceGaussianFormula(t *testing.T) {
	// Var(S²) for n = 20,000 Gaussian scores at d_k = 1024:
	// σ² = 1024, μ4 = 3·1024² + 6·1024.
	sigma2, mu4 := sampleLaw{m2: big.NewRat(1, 1), m4: big.NewRat(3, 1)}.scoreMoments(1024)
	require.Equal(t, "1024", sigma2.RatString())
	require.Equal(t, fmt.Sprint(3*1024*1024+6*1024), mu4.RatString())
	mean, variance := sampleVarianceMoments(sigma2, mu4, 20000)
	require.Equal(t, new(big.Rat).Mul(big.NewRat(19999, 20000), big.NewRat(1024, 1)).RatString(), mean.RatString())
	// (n−1)²/n³·(μ4 − (n−3)/(n−1)·σ⁴)
	n := big.NewRat(20000, 1)
	want := new(big.Rat).Sub(mu4, new(big.Rat).Mul(big.NewRat(19997, 19999), big.NewRat(1024*1024, 1)))
	want.Mul(want, new(big.Rat).Quo(big.NewRat(19999*19999, 1), new(big.Rat).Mul(n, new(big.Rat).Mul(n, n))))
	require.Equal(t, want.RatString(), variance.RatString())
}

func TestCheckCancelled(t *testing.T) {
	f, err := Parse("c.claims", strings.NewReader("variance d=9000 values=-1,0,1 is 6000\n"))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = NewChecker(enumerate.Limits{}).Check(ctx, f[0])
	require.ErrorIs(t, err, context.Canceled)
}

// TestSampledExactFigures checks sampled claims whose figure is an
// integer, a fraction or a surd: each is the one number it names, judged
// against the same limit as a decimal (it used to panic).
func TestSampledExactFigures(t *testing.T) {
	for _, c := range []struct {
		line  string
		holds bool
		exact string
	}{
		// E[S²] = 99/100·4 = 3.96 and Var(S²) = 69003/125000 (SE ≈ 0.7430)
		// for 100 Gaussian scores at d_k = 4; z values from Python's decimal
		// module at 60 digits.
		{"sample-variance d=4 samples=100 is 8/2", true, "expected 99/25 ≈ 3.9600, SE 0.7430, 0.05 SE away (limit 4)"},
		{"sample-variance d=4 samples=100 is 16/2", false, "5.44 SE away"},
		{"sample-variance d=4 samples=100 is 8", false, "4.76 SE away"}, // 8 is [7.5, 8.5]: every spelling of a whole number alike
		{"sample-variance d=4 samples=100 is 1/2", false, "4.66 SE away"},
		{"sample-variance d=4 samples=100 is sqrt(17)", true, "0.22 SE away"},
		{"sample-variance d=4 samples=100 is 3*sqrt(7)", false, "5.35 SE away"},
		// One score at d_k = 2: mean 0, SE √2, so the limit is exactly 4√2 = √32.
		{"draw d=2 is 4*sqrt(2)", true, "4.00 SE away"},
		{"draw d=2 is sqrt(32)", true, "4.00 SE away"},
		{"draw d=2 is -4*sqrt(2)", true, "4.00 SE away"},
		{"draw d=2 is sqrt(33)", false, "4.06 SE away"},
		{"draw d=2 is 2^(1/3)", true, "0.89 SE away"},
		{"draw d=2 is 5.7", true, "4.00 SE away"}, // the cell [5.65, 5.75] reaches √32 ≈ 5.657: 3.995 SE
		{"draw d=2 is 5.8", false, "4.07 SE away"},
		// At d_k = 4 the SE is 2: 16/2 is exactly on the limit, 8.01's cell just past it.
		{"draw d=4 is 16/2", true, "4.00 SE away"},
		{"draw d=4 is -16/2", true, "4.00 SE away"},
		{"draw d=4 is 8.01", false, "4.00 SE away"},
	} {
		f, err := Parse("s.claims", strings.NewReader(c.line+"\n"))
		require.NoError(t, err, c.line)
		r, err := NewChecker(enumerate.Limits{}).Check(context.Background(), f[0])
		require.NoError(t, err, c.line)
		require.Equal(t, c.holds, r.Holds, "%s: %s", c.line, r.Exact)
		require.Contains(t, r.Exact, c.exact, c.line)
	}
}
