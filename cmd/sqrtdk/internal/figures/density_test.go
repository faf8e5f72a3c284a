package figures

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

// sqrtSurd is c·√n, the form of every score, spacing and density of a
// figure at the raw or ÷√d_k scale, read back from the --data CSV.
type sqrtSurd struct {
	c *big.Rat
	n int64
}

// parseSqrtSurd reads "p/q", "sqrt(n)", "-sqrt(n)" or "p/q*sqrt(n)", as
// rational.Value writes them.
func parseSqrtSurd(t *testing.T, s string) sqrtSurd {
	t.Helper()
	coef, root, hasRoot := strings.Cut(s, "sqrt(")
	out := sqrtSurd{c: big.NewRat(1, 1), n: 1}
	if !hasRoot {
		c, ok := new(big.Rat).SetString(s)
		require.True(t, ok, "not a rational: %q", s)
		out.c = c
		return out
	}
	n, err := strconv.ParseInt(strings.TrimSuffix(root, ")"), 10, 64)
	require.NoError(t, err, s)
	out.n = n
	switch coef = strings.TrimSuffix(coef, "*"); coef {
	case "":
	case "-":
		out.c.SetInt64(-1)
	default:
		_, ok := out.c.SetString(coef)
		require.True(t, ok, "bad coefficient in %q", s)
	}
	return out
}

// times returns a·b, which must be rational: both with the same radicand.
func (a sqrtSurd) times(t *testing.T, b sqrtSurd) *big.Rat {
	t.Helper()
	r := new(big.Rat).Mul(a.c, b.c)
	switch {
	case a.n == b.n:
		return r.Mul(r, new(big.Rat).SetInt64(a.n))
	case a.n == 1 && b.n == 1:
		return r
	}
	t.Fatalf("c·√%d times c·√%d is not rational", a.n, b.n)
	return nil
}

// curveMoments reads a dist figure's CSV and returns, per width, the total
// mass Σ density·Δ, the mean Σ x·density·Δ and the second moment
// Σ x²·density·Δ of the plotted densities, exactly.
func curveMoments(t *testing.T, f *Figure) map[int][3]*big.Rat {
	t.Helper()
	rows := append([][]string{f.Data.Header}, f.Data.Rows...)
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	out := map[int][3]*big.Rat{}
	radicand := map[int]int64{}
	prev := map[int]sqrtSurd{}
	minGap := map[int]*big.Rat{}
	for _, r := range rows[1:] {
		d, err := strconv.Atoi(r[col["d_k"]])
		require.NoError(t, err)
		m, ok := out[d]
		if !ok {
			m = [3]*big.Rat{new(big.Rat), new(big.Rat), new(big.Rat)}
			out[d] = m
		}
		x := parseSqrtSurd(t, r[col["score_exact"]])
		mass := parseSqrtSurd(t, r[col["density_exact"]]).times(t, parseSqrtSurd(t, r[col["spacing_exact"]]))
		m[0].Add(m[0], mass)
		// Every nonzero score of one width is a rational times the same
		// √n, so the mean is √n·Σ c·mass: zero exactly when Σ c·mass is.
		if x.c.Sign() != 0 {
			if n, seen := radicand[d]; seen {
				require.Equal(t, n, x.n, "d_k = %d: scores with two radicands", d)
			}
			radicand[d] = x.n
		}
		m[1].Add(m[1], new(big.Rat).Mul(x.c, mass))
		// Δ is the spacing of the plotted scores: every gap between
		// neighbours is a whole number of Δ, and the smallest is one Δ.
		spacing := parseSqrtSurd(t, r[col["spacing_exact"]])
		if p, ok := prev[d]; ok {
			gap := new(big.Rat).Sub(x.c, p.c)
			if x.n == 1 && p.n != 1 { // from a nonzero score to 0
				gap = new(big.Rat).Neg(p.c)
			}
			if spacing.n != 1 && x.c.Sign() != 0 && p.c.Sign() != 0 {
				require.Equal(t, spacing.n, x.n, "d_k = %d: Δ and the scores have different radicands", d)
			}
			units := new(big.Rat).Quo(gap, spacing.c)
			require.True(t, units.IsInt() && units.Sign() > 0, "d_k = %d: a gap of %s Δ", d, units.RatString())
			if g, ok := minGap[d]; !ok || units.Cmp(g) < 0 {
				minGap[d] = units
			}
		}
		prev[d] = x
		m[2].Add(m[2], new(big.Rat).Mul(x.times(t, x), mass))
	}
	for d, g := range minGap {
		require.Zero(t, g.Cmp(big.NewRat(1, 1)), "d_k = %d: the nearest scores are %s Δ apart", d, g.RatString())
	}
	return out
}

// TestDistDensitiesCollapse checks, exactly and from the --data CSV, that
// the curves the dist figure draws under ÷√d_k are densities of one
// variance at every width: each has mass 1, mean 0 and second moment
// Var(entry)² (1 for ±1 and for the skewed {-2, 1/2 ×4}, 1/4 for
// {-1, 0, 0, 1}). Without the ÷√d_k the second moments grow like d_k, and
// plotting probabilities instead of densities gives a mass other than 1.
func TestDistDensitiesCollapse(t *testing.T) {
	for _, c := range []struct {
		values string
		widths []int
		want   *big.Rat
	}{
		{"-1,1", []int{2, 8, 32}, big.NewRat(1, 1)},
		{"-2,1/2:4", []int{1, 2, 3, 5}, big.NewRat(1, 1)},
		{"-1,0:2,1", []int{2, 3, 8}, big.NewRat(1, 4)},
	} {
		a := alphabet(t, c.values)
		for _, sc := range []rational.Scale{rational.Sqrt, rational.Raw} {
			f, err := Dist(context.Background(), DistOptions{Q: a, K: a, Widths: c.widths, Scale: sc, Digits: 6, Engine: closed})
			require.NoError(t, err)
			moments := curveMoments(t, f)
			require.Len(t, moments, len(c.widths))
			for _, d := range c.widths {
				m := moments[d]
				name := fmt.Sprintf("values %s, d_k = %d, scale %s", c.values, d, sc.Name())
				require.Zero(t, m[0].Cmp(big.NewRat(1, 1)), "%s: mass %s, want 1", name, m[0].RatString())
				require.Zero(t, m[1].Sign(), "%s: mean %s, want 0", name, m[1].RatString())
				want := c.want
				if sc == rational.Raw {
					want = new(big.Rat).Mul(c.want, big.NewRat(int64(d), 1))
				}
				require.Zero(t, m[2].Cmp(want), "%s: variance %s, want %s", name, m[2].RatString(), want.RatString())
			}
		}
	}
}

func TestStepTicks(t *testing.T) {
	labels := func(lo, hi float64) []string {
		var out []string
		for _, tk := range (stepTicks{labels: 15}).Ticks(lo, hi) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return out
	}
	require.Equal(t, strings.Fields("-30 -25 -20 -15 -10 -5 0 5 10 15 20 25 30"), labels(-32, 32))
	require.Equal(t, strings.Fields("-5 -4 -3 -2 -1 0 1 2 3 4 5"), labels(-5.66, 5.66))
	require.Equal(t, strings.Fields("-1.0 -0.8 -0.6 -0.4 -0.2 0.0 0.2 0.4 0.6 0.8 1.0"), labels(-1, 1))
	require.Equal(t, strings.Fields("0 100 200 300 400 500 600 700 800 900 1000"), labels(0, 1024))
}
