package diagnose

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

func rat(s string) *big.Rat {
	r, err := rational.ParseRat(s)
	if err != nil {
		panic(err)
	}
	return r
}

var tolerance = big.NewRat(3, 2)

func TestDiagnoseNamesEachMistake(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Input
		want Mistake
	}{
		{"unit spread", Input{MeasuredStd: rat("1.03"), DK: 64}, ScaleRight},
		{"unit spread, heads known", Input{MeasuredStd: rat("0.97"), DK: 128, Heads: 32}, ScaleRight},
		{"no division: std near √64 = 8", Input{MeasuredStd: rat("7.9"), DK: 64}, ScaleMissing},
		{"no division, d_k = 128", Input{MeasuredStd: rat("11.2"), DK: 128, DModel: 4096}, ScaleMissing},
		{"divided twice: std near 1/8", Input{MeasuredStd: rat("0.13"), DK: 64}, ScaleTwice},
		{"√d_model with 8 heads: std near 1/√8", Input{MeasuredStd: rat("0.35"), DK: 64, Heads: 8}, ModelWidth},
		{"√4096 instead of √128: std near 1/√32", Input{MeasuredStd: rat("0.18"), DK: 128, DModel: 4096}, ModelWidth},
		{"entries with std 2: the lesson's 4", Input{MeasuredStd: rat("4"), DK: 64, QStd: rat("2"), KStd: rat("2")}, EntrySize},
		{"entries with std 2 and no scale", Input{MeasuredStd: rat("31"), DK: 64, QStd: rat("2"), KStd: rat("2")}, ScaleMissing},
		{"nothing fits: 3 at d_k = 64", Input{MeasuredStd: rat("3"), DK: 64}, Unexplained},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Diagnose(tc.in, tolerance)
			require.NoError(t, err)
			var out bytes.Buffer
			require.NoError(t, r.WriteText(&out))
			require.Equal(t, tc.want, r.Verdict, "report:\n%s", out.String())
		})
	}
}

func TestExpectedStdsAreExact(t *testing.T) {
	hs := Expected(Input{MeasuredStd: rat("1"), DK: 128, DModel: 4096, QStd: rat("1/2"), KStd: rat("3")})
	got := map[Mistake]string{}
	for _, h := range hs {
		got[h.Mistake] = h.Expected.String()
	}
	// b = σ_q·σ_k = 3/2: right 1, missing 3/2·√128 = 12·√2, twice 3/2/√128 = 3/32·√2,
	// model width 3/2·√(128/4096) = 3/2·1/√32 = 3/16·√2, entries 3/2.
	require.Equal(t, map[Mistake]string{
		ScaleRight:   "1",
		ScaleMissing: "12*sqrt(2)",
		ScaleTwice:   "3/32*sqrt(2)",
		ModelWidth:   "3/16*sqrt(2)",
		EntrySize:    "3/2",
	}, got)
}

func TestOffFactorIsSymmetricAndExact(t *testing.T) {
	e := rational.PowerOf(64, big.NewRat(1, 2)) // 8
	require.Equal(t, "2", offFactor(rat("16"), e).String())
	require.Equal(t, "2", offFactor(rat("4"), e).String())
	require.Equal(t, "1", offFactor(rat("8"), e).String())
	// 1 against 1/√8 is off by √8 = 2·√2, exactly.
	require.Equal(t, "2*sqrt(2)", offFactor(rat("1"), rational.NewRat(big.NewRat(1, 8)).Root(2)).String())
}

func TestTiesGoToTheEarlierHypothesis(t *testing.T) {
	// At d_k = 16, 1/2 is off by exactly ×2 from "scale right" (1) and from
	// "applied twice" (1/4): the tie goes to the earlier, innocent hypothesis.
	r, err := Diagnose(Input{MeasuredStd: rat("1/2"), DK: 16}, big.NewRat(3, 1))
	require.NoError(t, err)
	require.Equal(t, "2", r.Hypotheses[0].Off.String())
	require.Equal(t, "2", r.Hypotheses[2].Off.String())
	require.Equal(t, 0, r.Best)
	require.Equal(t, ScaleRight, r.Verdict)
	// At d_k = 1 every scale hypothesis predicts 1: only "scale right" is listed.
	r, err = Diagnose(Input{MeasuredStd: rat("1.1"), DK: 1}, tolerance)
	require.NoError(t, err)
	require.Len(t, r.Hypotheses, 1)
	require.Equal(t, []Mistake{ScaleMissing, ScaleTwice}, r.Omitted)
}

func TestBadInput(t *testing.T) {
	for name, in := range map[string]Input{
		"zero std":             {MeasuredStd: rat("0"), DK: 64},
		"negative std":         {MeasuredStd: rat("-1"), DK: 64},
		"no std":               {DK: 64},
		"no d_k":               {MeasuredStd: rat("1")},
		"d_model below d_k":    {MeasuredStd: rat("1"), DK: 64, DModel: 32},
		"heads disagree":       {MeasuredStd: rat("1"), DK: 64, DModel: 500, Heads: 8},
		"zero q-std":           {MeasuredStd: rat("1"), DK: 64, QStd: rat("0")},
		"negative k-std":       {MeasuredStd: rat("1"), DK: 64, KStd: rat("-2")},
		"d_k beyond the limit": {MeasuredStd: rat("1"), DK: MaxWidth + 1},
	} {
		_, err := Diagnose(in, tolerance)
		require.Error(t, err, name)
	}
	_, err := Diagnose(Input{MeasuredStd: rat("1"), DK: 64}, big.NewRat(1, 1))
	require.Error(t, err, "tolerance 1")
}
