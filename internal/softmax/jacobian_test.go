package softmax

import (
	"context"
	"math/big"
	"math/rand"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/internal/deadlinetest"
	"github.com/sqrtdk/sqrtdk/rational"
)

// hardBox needs branch and bound: its minimum is not certified at the root.
func hardBox(t *testing.T) Box {
	return Box{Lo: rats(t, "-0.5", "1.4", "1.5"), Hi: rats(t, "1", "1.8", "1.6")}
}

// samplePoints returns a (steps+1)^n grid over b plus random points, all exact.
func samplePoints(b Box, rng *rand.Rand, steps int64, random int) [][]*big.Rat {
	n := len(b.Lo)
	var pts [][]*big.Rat
	idx := make([]int, n)
	for {
		p := make([]*big.Rat, n)
		for j := range p {
			w := new(big.Rat).Sub(b.Hi[j], b.Lo[j])
			p[j] = new(big.Rat).Add(b.Lo[j], w.Mul(w, big.NewRat(int64(idx[j]), steps)))
		}
		pts = append(pts, p)
		j := 0
		for ; j < n && int64(idx[j]) == steps; j++ {
			idx[j] = 0
		}
		if j == n {
			break
		}
		idx[j]++
	}
	for k := 0; k < random; k++ {
		p := make([]*big.Rat, n)
		for j := range p {
			w := new(big.Rat).Sub(b.Hi[j], b.Lo[j])
			p[j] = new(big.Rat).Add(b.Lo[j], w.Mul(w, big.NewRat(rng.Int63n(1000), 999)))
		}
		pts = append(pts, p)
	}
	return pts
}

func TestJacobianRangeBranchAndBoundAgainstSamples(t *testing.T) {
	b := hardBox(t)
	tol := big.NewRat(1, 1_000_000)
	r, boxes, err := jacRange(bg, b, 128, 4096, func(r Range) bool { return r.Min.Width().Cmp(tol) <= 0 })
	require.NoError(t, err)
	assert.Greater(t, boxes, 1, "the root alone should not settle this box")
	assert.True(t, r.Min.Width().Cmp(tol) <= 0)
	assert.True(t, r.Min.Lo.Cmp(r.Min.Hi) <= 0 && r.Max.Lo.Cmp(r.Max.Hi) <= 0)

	pub, err := JacobianMaxAbsRange(bg, b, Options{Tol: tol})
	require.NoError(t, err)
	assert.True(t, pub.Min.Width().Cmp(tol) <= 0 && pub.Max.Width().Cmp(tol) <= 0, "%s", pub)

	rng := rand.New(rand.NewSource(7))
	minSeen := (*big.Rat)(nil)
	for _, z := range samplePoints(b, rng, 4, 200) {
		f := JacobianMaxAbs(z, 64)
		// Every attainable value lies between the exact min and max.
		assert.True(t, f.Hi.Cmp(r.Min.Lo) >= 0, "F(%v) below the certified minimum", z)
		assert.True(t, f.Lo.Cmp(r.Max.Hi) <= 0, "F(%v) above the certified maximum", z)
		if minSeen == nil || f.Hi.Cmp(minSeen) < 0 {
			minSeen = f.Hi
		}
	}
	// Min.Hi ≤ Min.Lo + tol ≤ min F + tol ≤ (best sample) + tol.
	assert.True(t, r.Min.Hi.Cmp(new(big.Rat).Add(minSeen, tol)) <= 0)
}

func TestJacobianRangeOnRandomBoxesAgainstSamples(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for trial := 0; trial < 8; trial++ {
		n := 2 + rng.Intn(3)
		lo, hi := make([]*big.Rat, n), make([]*big.Rat, n)
		for i := range lo {
			lo[i] = big.NewRat(rng.Int63n(41)-20, 10)
			hi[i] = new(big.Rat).Add(lo[i], big.NewRat(rng.Int63n(25), 10))
		}
		b := Box{Lo: lo, Hi: hi, DK: big.NewRat(int64(1+rng.Intn(3)), 1)}
		r, err := JacobianMaxAbsRange(bg, b, Options{Prec: 64, Tol: big.NewRat(1, 1000), MaxBoxes: 120})
		if err != nil {
			require.ErrorIs(t, err, ErrBudget)
		}
		s := newScaler(b.DK, 128)
		for _, z := range samplePoints(Box{Lo: lo, Hi: hi}, rng, 2, 20) {
			pl, ph := s.pointBounds(z, 64)
			fl, fh := fBounds(96, pl, ph)
			assert.True(t, toRat(fh).Cmp(r.Min.Lo) >= 0, "trial %d: sample below min", trial)
			assert.True(t, toRat(fl).Cmp(r.Max.Hi) <= 0, "trial %d: sample above max", trial)
		}
	}
}

func TestJacobianCheckNeedsRefinementAndRespectsBudget(t *testing.T) {
	b := hardBox(t)
	// min ≈ 0.2364631, so "0.2364" is inconsistent and "0.2365" consistent,
	// but neither is decided by the root box alone.
	for _, c := range []struct {
		text string
		want Consistency
	}{{"0.2364", Inconsistent}, {"0.2365", Consistent}, {"0.2400", Consistent}, {"0.2501", Inconsistent}} {
		rep, err := CheckJacobianMaxAbs(bg, b, Printed{Text: c.text, Places: 4}, Options{})
		require.NoError(t, err)
		assert.Equal(t, c.want, rep.Consistency, "%s: %s", c.text, rep)

		// A budget of three boxes returns Undecided instead of guessing …
		tight, err := CheckJacobianMaxAbs(bg, b, Printed{Text: c.text, Places: 4}, Options{MaxBoxes: 3})
		require.NoError(t, err)
		if c.text == "0.2364" || c.text == "0.2365" {
			assert.Equal(t, Undecided, tight.Consistency, "%s: %s", c.text, tight)
		} else {
			assert.Equal(t, c.want, tight.Consistency)
		}
	}
	_, err := JacobianMaxAbsRange(bg, b, Options{MaxBoxes: 3, Tol: big.NewRat(1, 1_000_000_000)})
	assert.ErrorIs(t, err, ErrBudget)
}

func TestJacobianMaxIsOneQuarterWhenAHalfIsCrossed(t *testing.T) {
	// p_1 crosses ½ inside the box but at no corner: max |J| = ¼ exactly.
	b := Box{Lo: rats(t, "-1", "0"), Hi: rats(t, "1", "0")}
	r, err := JacobianMaxAbsRange(bg, b, Options{})
	require.NoError(t, err)
	assert.Equal(t, 0, r.Max.Lo.Cmp(big.NewRat(1, 4)))
	assert.Equal(t, 0, r.Max.Hi.Cmp(big.NewRat(1, 4)))
}

func TestSimplexLowerBoundIsValid(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	g := func(x *big.Rat) *big.Rat { return new(big.Rat).Mul(x, new(big.Rat).Sub(big.NewRat(1, 1), x)) }
	for trial := 0; trial < 300; trial++ {
		n := 2 + rng.Intn(4)
		// A random point on the simplex and a random box around it.
		w := make([]int64, n)
		var tot int64
		for i := range w {
			w[i] = 1 + rng.Int63n(100)
			if rng.Intn(4) == 0 {
				w[i] *= 20
			}
			tot += w[i]
		}
		p := make([]*big.Rat, n)
		l, h := make([]*big.Rat, n), make([]*big.Rat, n)
		for i := range p {
			p[i] = big.NewRat(w[i], tot)
			l[i] = new(big.Rat).Sub(p[i], big.NewRat(rng.Int63n(30), 100))
			if l[i].Sign() < 0 {
				l[i] = new(big.Rat)
			}
			h[i] = new(big.Rat).Add(p[i], big.NewRat(rng.Int63n(30), 100))
		}
		exact := simplexLowerBoundExact(l, h)
		mx := new(big.Rat)
		for _, x := range p {
			if gx := g(x); gx.Cmp(mx) > 0 {
				mx = gx
			}
		}
		require.True(t, exact.Cmp(mx) <= 0, "bound %v exceeds max g %v at p=%v", exact, mx, p)
		// The floating-point bound, at any precision, is at most the
		// exact one, and within its rounding of it.
		for _, wp := range []uint{24, 64, 160} {
			bound := toRat(simplexLowerBound(floats(l, down), floats(h, up), wp))
			require.True(t, bound.Cmp(exact) <= 0, "at %d bits the bound %v exceeds the exact %v", wp, bound, exact)
			gap := new(big.Rat).Sub(exact, bound)
			require.True(t, gap.Cmp(new(big.Rat).SetFrac(big.NewInt(int64(64*n)), new(big.Int).Lsh(big.NewInt(1), wp))) <= 0,
				"at %d bits the bound %v is %v below the exact %v", wp, bound, gap, exact)
		}
	}
	// Exact at the centre of the simplex.
	q := big.NewRat(1, 5)
	l := []*big.Rat{q, q, q, q, q}
	assert.Equal(t, 0, simplexLowerBoundExact(l, l).Cmp(big.NewRat(4, 25)))
	f := toRat(simplexLowerBound(floats(l, down), floats(l, up), 200))
	assert.True(t, f.Cmp(big.NewRat(4, 25)) <= 0)
	assert.Equal(t, "0.16000000000000000000", rational.FormatRat(f, 20, rational.RoundHalfEven))
}

// floats rounds rationals at 300 bits in direction mode, so that lower
// bounds stay below and upper bounds above.
func floats(rs []*big.Rat, mode big.RoundingMode) []*big.Float {
	out := make([]*big.Float, len(rs))
	for i, r := range rs {
		out[i] = ratR(mode, 300, r)
	}
	return out
}

func TestEncloseContainsInteriorPoints(t *testing.T) {
	lo, hi := rats(t, "-1", "0.5", "2", "-3"), rats(t, "0", "0.75", "2.5", "1")
	enc := Enclose(lo, hi, 96)
	rng := rand.New(rand.NewSource(5))
	for k := 0; k < 40; k++ {
		z := make([]*big.Rat, len(lo))
		for j := range z {
			w := new(big.Rat).Sub(hi[j], lo[j])
			z[j] = new(big.Rat).Add(lo[j], w.Mul(w, big.NewRat(1+rng.Int63n(998), 1000)))
		}
		for i, p := range approx(z, 160) {
			assert.True(t, enc[i].Contains(toRat(p)), "p_%d(%v) outside", i, z)
		}
	}
	assert.Panics(t, func() { Enclose(hi, lo, 64) })
	assert.Panics(t, func() { Enclose(lo, hi[:2], 64) })
}

func TestSoftmaxEdgeCases(t *testing.T) {
	assert.Empty(t, approx(nil, 64))
	one := Enclose(rats(t, "5"), rats(t, "7"), 64)
	assert.Equal(t, 0, one[0].Lo.Cmp(big.NewRat(1, 1)))
	assert.Equal(t, 0, one[0].Hi.Cmp(big.NewRat(1, 1)))
	// Equal scores give exactly 1/4, a tie that may be printed either way.
	z := rats(t, "0", "0", "0", "0")
	enc := Enclose(z, z, 64)
	assert.Equal(t, 0, enc[0].Lo.Cmp(big.NewRat(1, 4)))
	assert.Equal(t, 0, enc[0].Hi.Cmp(big.NewRat(1, 4)))
	reps, err := Check(bg, Point(z, nil), printed(1, "0.2", "0.3", "0.2", "0.3"), Options{})
	require.NoError(t, err)
	for _, r := range reps {
		assert.Equal(t, Consistent, r.Consistency)
	}
	assert.Equal(t, []string{"0.2", "0.2", "0.2", "0.2"}, rounded(t, z, 1)) // half-even
	// Gaps far beyond the series cutoff still give rigorous, sensible results.
	huge := rats(t, "0", "3000000")
	encH := Enclose(huge, huge, 64)
	assert.Equal(t, 0, encH[0].Lo.Sign())
	assert.Equal(t, 0, encH[1].Hi.Cmp(big.NewRat(1, 1)))
	assert.Equal(t, "0.0000", rational.FormatRat(encH[0].Hi, 4, rational.RoundHalfEven))
	assert.Equal(t, "1.0000", rational.FormatRat(encH[1].Lo, 4, rational.RoundHalfEven))
	pts := approx(huge, 64)
	assert.Equal(t, 0, pts[0].Sign())
	// Errors from malformed boxes.
	_, err = JacobianMaxAbsRange(bg, Box{Lo: rats(t, "1"), Hi: rats(t, "0")}, Options{})
	assert.Error(t, err)
	_, err = Ranges(Box{Lo: rats(t, "1"), Hi: rats(t, "1"), DK: big.NewRat(-1, 1)}, 64)
	assert.Error(t, err)
	_, err = Check(bg, Point(z, nil), printed(1, "0.2"), Options{})
	assert.Error(t, err)
}

// budgetBox is a box of 64 printed scores and a figure whose rounding cell
// meets the enclosure of the minimum without settling it, so that branch
// and bound runs through its whole box budget.
func budgetBox(t *testing.T) (Box, Printed) {
	t.Helper()
	var ps []Printed
	for i := range 64 {
		v := big.NewRat(int64((i*37)%17)-7, 7)
		ps = append(ps, Printed{Text: rational.FormatRat(v, 1, rational.RoundHalfEven), Places: 1})
	}
	b, err := BoxFromPrinted(ps, nil)
	require.NoError(t, err)
	return b, Printed{Text: "0.0360", Places: 4}
}

// TestJacobianStopsWhenCancelled cancels the longest kind of check a
// claim can ask for (64 scores, the whole box budget) after a moment and
// requires it to return ctx's error at once.
func TestJacobianStopsWhenCancelled(t *testing.T) {
	b, fig := budgetBox(t)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := CheckJacobianMaxAbs(ctx, b, fig, Options{})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	t.Logf("stopped %v after the deadline", time.Since(start)-50*time.Millisecond)
	assert.Less(t, time.Since(start), deadlinetest.Scaled(2*time.Second))

	_, err = JacobianMaxAbsRange(ctx, b, Options{})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	outs := make([]Printed, 64)
	for i := range outs {
		outs[i] = Printed{Text: "0.02", Places: 2}
	}
	_, err = Check(ctx, b, outs, Options{})
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

// TestJacobianWholeBudget runs the whole box budget at 64 scores, where
// the check was ×14 slower per doubling of the scores; it logs the time
// (a figure for the README), and checks that the verdict is an honest
// "undecided" with the minimum still enclosed.
func TestJacobianWholeBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole box budget at 64 scores")
	}
	b, fig := budgetBox(t)
	start := time.Now()
	rep, err := CheckJacobianMaxAbs(bg, b, fig, Options{})
	require.NoError(t, err)
	t.Logf("64 scores, %d boxes: %v (%s)", rep.Boxes, time.Since(start), rep)
	assert.Equal(t, Undecided, rep.Consistency)
	assert.Equal(t, 4095, rep.Boxes)
}
