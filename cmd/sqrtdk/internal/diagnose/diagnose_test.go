package diagnose

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

func unit() Entry { return MeasuredEntry(one) }

func diagnoseOK(t *testing.T, in Input, tol *big.Rat) Result {
	t.Helper()
	r, err := Diagnose(in, tol)
	require.NoError(t, err)
	return r
}

func report(r Result) string {
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		panic(err)
	}
	return b.String()
}

// byMistake maps each listed mistake to its hypothesis.
func byMistake(r Result) map[Mistake]Hypothesis {
	out := map[Mistake]Hypothesis{}
	for _, h := range r.Hypotheses {
		for _, m := range h.Mistakes {
			out[m] = h
		}
	}
	return out
}

func TestFactorsAndExpectedStdsAreExact(t *testing.T) {
	// d_k = 128, d_model = 4608, 32 heads (d_model/heads = 144), σ_q = 1/2,
	// σ_k = 3: b = 3/2 and b·√128 = 12·√2.
	in := Input{MeasuredStd: rat("1"), DK: 128, DModel: 4608, Heads: 32, Q: MeasuredEntry(std("1/2")), K: MeasuredEntry(std("3"))}
	r := diagnoseOK(t, in, tolerance)
	got := map[Mistake][2]string{}
	for m, h := range byMistake(r) {
		got[m] = [2]string{h.Factor.String(), h.Expected.String()}
	}
	require.Equal(t, map[Mistake][2]string{
		ScaleRight:    {"1/16*sqrt(2)", "3/2"},   // 1/√128
		ScaleMissing:  {"1", "12*sqrt(2)"},       // b·√128
		ScaleTwice:    {"1/128", "3/32*sqrt(2)"}, // (1/√128)²
		DividedByD:    {"1/128", "3/32*sqrt(2)"}, // the same factor
		ScaleInverted: {"8*sqrt(2)", "192"},      // √128, b·128
		ModelWidth:    {"1/96*sqrt(2)", "1/4"},   // 1/√4608: b·√(128/4608) = b/6
		SplitWidth:    {"1/12", "sqrt(2)"},       // 1/√144: b·√128/12
		ScaleZero:     {"0", "0"},
	}, got)
	require.Equal(t, []Mistake{ScaleTwice, DividedByD}, byMistake(r)[DividedByD].Mistakes)
}

func TestIntendedScalesChangeTheCatalogue(t *testing.T) {
	base := Input{MeasuredStd: rat("1"), DK: 64, DModel: 512, Heads: 8, Q: unit(), K: unit()}
	for _, tc := range []struct {
		scale   string
		factors map[Mistake]string
		omitted []Mistake
	}{
		{"d^-1/2", map[Mistake]string{ScaleRight: "1/8", ScaleMissing: "1", ScaleTwice: "1/64", DividedByD: "1/64", ScaleInverted: "8", ModelWidth: "1/32*sqrt(2)", ScaleZero: "0"}, nil},
		// q and k each by d^-1/4 is the usual scale; one side only is d^-1/4.
		{"each:d^-1/4", map[Mistake]string{ScaleRight: "1/8", ScaleMissing: "1", ScaleTwice: "1/64", DividedByD: "1/64", ScaleInverted: "8", ModelWidth: "1/32*sqrt(2)", OneSide: "1/4*sqrt(2)", ScaleZero: "0"}, nil},
		// muP: dividing by d_k is the intention, not a mistake.
		{"1/d", map[Mistake]string{ScaleRight: "1/64", ScaleMissing: "1", ScaleTwice: "1/4096", ScaleInverted: "64", ModelWidth: "1/512", UsualInstead: "1/8", UsualOnTop: "1/512", ScaleZero: "0"}, []Mistake{DividedByD}},
		// muP's 8/d equals the usual scale at d_k = 64.
		{"8/d", map[Mistake]string{ScaleRight: "1/8", ScaleMissing: "1", ScaleTwice: "1/64", DividedByD: "1/64", UsualOnTop: "1/64", ScaleInverted: "8", ModelWidth: "1/64", ScaleZero: "0"}, []Mistake{UsualInstead}},
		// T5: no scale on q·k at all; a fixed number has no width to confuse.
		{"1", map[Mistake]string{ScaleRight: "1", DividedByD: "1/64", UsualInstead: "1/8", UsualOnTop: "1/8", ScaleZero: "0"}, []Mistake{ScaleMissing, ScaleTwice, ScaleInverted}},
		{"144^-1/2", map[Mistake]string{ScaleRight: "1/12", ScaleMissing: "1", ScaleTwice: "1/144", DividedByD: "1/64", ScaleInverted: "12", UsualInstead: "1/8", UsualOnTop: "1/96", ScaleZero: "0"}, nil},
	} {
		t.Run(tc.scale, func(t *testing.T) {
			in := base
			in.Intended = scale(tc.scale)
			r := diagnoseOK(t, in, tolerance)
			got := map[Mistake]string{}
			for m, h := range byMistake(r) {
				got[m] = h.Factor.String()
			}
			require.Equal(t, tc.factors, got)
			require.Equal(t, tc.omitted, r.Omitted)
			require.Equal(t, tc.factors[ScaleRight], r.Intended.String())
		})
	}
}

func TestModelWidthAndSplitWidthNeedTheirWidths(t *testing.T) {
	in := Input{MeasuredStd: rat("1"), DK: 64, Q: unit(), K: unit()}
	_, has := byMistake(diagnoseOK(t, in, tolerance))[ModelWidth]
	require.False(t, has, "no width beyond d_k is known")
	in.Heads = 8 // model width taken as heads × d_k = 512
	h := byMistake(diagnoseOK(t, in, tolerance))
	require.Equal(t, "1/32*sqrt(2)", h[ModelWidth].Factor.String()) // 1/√512
	_, has = h[SplitWidth]
	require.False(t, has, "d_model/heads needs d_model")
	in.DModel = 512 // d_model/heads = 64 = d_k: no split-width mistake
	_, has = byMistake(diagnoseOK(t, in, tolerance))[SplitWidth]
	require.False(t, has)
	// 1024/8 = 128 ≠ 64: the factor is 1/√128.
	in.DModel = 1024
	require.Equal(t, "1/16*sqrt(2)", byMistake(diagnoseOK(t, in, tolerance))[SplitWidth].Factor.String())
	// One head: d_model is d_k.
	in.DK, in.DModel, in.Heads = 64, 64, 1
	r := diagnoseOK(t, in, tolerance)
	_, has = byMistake(r)[ModelWidth]
	require.False(t, has)
	require.Empty(t, r.Omitted, "a model width equal to d_k is no hypothesis at all")
}

func TestVerdictNeedsEntrySizes(t *testing.T) {
	// 1.02 fits the usual scale with unit entries, and also "scale missing"
	// with entries of std 0.36 each: without entry sizes it cannot tell.
	in := Input{MeasuredStd: rat("1.02"), DK: 64}
	r := diagnoseOK(t, in, tolerance)
	require.Equal(t, Undecided, r.Kind)
	require.Equal(t, EntriesUnknown, r.Reason)
	require.False(t, r.ScaleRight())
	require.Equal(t, []int{0}, r.Fitting, "with unit entries only the right scale fits")
	require.Equal(t, "51/50", r.Hypotheses[0].Needs.String())
	require.Equal(t, "51/400", r.Hypotheses[1].Needs.String(), "scale missing needs σ_q·σ_k = 1.02/8")
	require.Nil(t, r.Hypotheses[len(r.Hypotheses)-1].Needs, "no entry size makes a zero factor give 1.02")
	require.Contains(t, r.Explain(), "cannot tell without the entry sizes")
	// One side known is not enough.
	in.Q = unit()
	require.Equal(t, EntriesUnknown, diagnoseOK(t, in, tolerance).Reason)
	in.K = unit()
	r = diagnoseOK(t, in, tolerance)
	require.Equal(t, AsIntended, r.Kind)
	require.True(t, r.ScaleRight())
	require.Nil(t, r.Hypotheses[0].Needs)
}

func TestMeasuredZero(t *testing.T) {
	in := Input{MeasuredStd: rat("0"), DK: 64, Q: unit(), K: unit()}
	r := diagnoseOK(t, in, tolerance)
	require.Equal(t, Mistaken, r.Kind)
	require.Equal(t, ScaleZero, r.Hypotheses[r.Verdict].Mistake())
	require.Equal(t, []int{len(r.Hypotheses) - 1}, r.Fitting)
	for _, h := range r.Hypotheses[:len(r.Hypotheses)-1] {
		require.True(t, h.Off.Infinite)
	}
	// Zero query entries (muP's zero-initialised W_q): every scale gives 0.
	in.Q = MeasuredEntry(std("0"))
	in.K = Entry{}
	r = diagnoseOK(t, in, tolerance)
	require.True(t, r.EntriesKnown, "σ_q = 0 makes σ_q·σ_k = 0 whatever σ_k is")
	require.Equal(t, Undecided, r.Kind)
	require.Equal(t, EntriesZero, r.Reason)
	// Zero entries but scores that vary: the input contradicts itself.
	in.MeasuredStd = rat("0.5")
	r = diagnoseOK(t, in, tolerance)
	require.Equal(t, Unexplained, r.Kind)
	require.Contains(t, r.Explain(), "one of the inputs is wrong")
	// Nothing known about the entries: the scale is 0 or the entries are.
	r = diagnoseOK(t, Input{MeasuredStd: rat("0"), DK: 64}, tolerance)
	require.Equal(t, EntriesUnknown, r.Reason)
	require.Contains(t, r.Explain(), "zero-initialised W_q")
}

func TestTwoFittingHypothesesCannotBeTold(t *testing.T) {
	// 2 heads: model width predicts 1/√2 ≈ 0.707, the right scale 1. A
	// measurement of 0.85 is within ×1.5 of both.
	in := Input{MeasuredStd: rat("0.85"), DK: 64, Heads: 2, Q: unit(), K: unit()}
	r := diagnoseOK(t, in, tolerance)
	require.Equal(t, Undecided, r.Kind)
	require.Equal(t, Ambiguous, r.Reason)
	require.Len(t, r.Fitting, 2)
	require.Contains(t, r.Explain(), "a tolerance below ×1.1892 separates them") // 2^(1/4)
	// A tolerance below the geometric midpoint decides.
	r = diagnoseOK(t, in, rat("1.18"))
	require.Equal(t, AsIntended, r.Kind)
	in.MeasuredStd = rat("0.72")
	r = diagnoseOK(t, in, rat("1.18"))
	require.Equal(t, Mistaken, r.Kind)
	require.Equal(t, ModelWidth, r.Hypotheses[r.Verdict].Mistake())
}

func TestToleranceBoundaryIsInclusiveAndExact(t *testing.T) {
	// 3/2 is off from 1 by exactly ×3/2: it fits at tolerance 3/2 and not
	// at 3/2 − 10^-30.
	in := Input{MeasuredStd: rat("1.5"), DK: 64, Q: unit(), K: unit()}
	r := diagnoseOK(t, in, tolerance)
	require.Equal(t, "3/2", r.Hypotheses[0].Off.String())
	require.True(t, r.Hypotheses[0].Fits)
	require.Equal(t, AsIntended, r.Kind)
	r = diagnoseOK(t, in, rat("1.499999999999999999999999999999"))
	require.False(t, r.Hypotheses[0].Fits)
	require.Equal(t, Unexplained, r.Kind)
	in.MeasuredStd = rat("2/3") // too small by exactly ×3/2
	require.Equal(t, AsIntended, diagnoseOK(t, in, tolerance).Kind)
}

func TestEachVerdictHasAMeasurementThatBreaksIt(t *testing.T) {
	// At d_k = 64 with unit entries and 12 heads the predictions are
	// 1, 8, 1/8, 64, 1/√12 ≈ 0.289 and 0: each measurement fits one only.
	for _, tc := range []struct {
		m    string
		want Mistake
	}{
		{"1.1", ScaleRight}, {"7.5", ScaleMissing}, {"0.13", ScaleTwice}, {"60", ScaleInverted},
		{"0.3", ModelWidth}, {"0", ScaleZero},
	} {
		in := Input{MeasuredStd: rat(tc.m), DK: 64, Heads: 12, Q: unit(), K: unit()}
		r := diagnoseOK(t, in, tolerance)
		require.Contains(t, []Kind{AsIntended, Mistaken}, r.Kind, "m = %s\n%s", tc.m, report(r))
		require.Equal(t, tc.want, r.Hypotheses[r.Verdict].Mistake(), "m = %s\n%s", tc.m, report(r))
	}
	// Between the predictions nothing fits.
	for _, m := range []string{"3", "20", "0.04", "200", "0.001"} {
		r := diagnoseOK(t, Input{MeasuredStd: rat(m), DK: 64, Heads: 12, Q: unit(), K: unit()}, tolerance)
		require.Equal(t, Unexplained, r.Kind, "m = %s\n%s", m, report(r))
	}
}

func TestOffFactor(t *testing.T) {
	e := rational.NewRat(big.NewRat(8, 1))
	require.Equal(t, "2", offFactor(rat("16"), e).String())
	require.Equal(t, "2", offFactor(rat("4"), e).String())
	require.Equal(t, "1", offFactor(rat("8"), e).String())
	// 1 against 1/√8 is off by √8 = 2·√2, exactly.
	require.Equal(t, "2*sqrt(2)", offFactor(rat("1"), rational.NewRat(big.NewRat(1, 8)).Root(2)).String())
	zero := rational.NewRat(new(big.Rat))
	require.True(t, offFactor(rat("1"), zero).Infinite)
	require.True(t, offFactor(rat("0"), e).Infinite)
	require.Equal(t, "1", offFactor(rat("0"), zero).String())
	inf, two := Off{Infinite: true}, offFactor(rat("4"), e)
	require.Equal(t, 1, inf.Cmp(two))
	require.Equal(t, -1, two.Cmp(inf))
	require.Equal(t, 0, inf.Cmp(Off{Infinite: true}))
	require.False(t, inf.Within(big.NewRat(1000, 1)))
	require.True(t, two.Within(big.NewRat(2, 1)))
	require.False(t, two.Within(big.NewRat(199, 100)))
	require.Equal(t, "∞", inf.Decimal(4))
	require.Equal(t, "inf", inf.String())
}

func TestBestIsTheClosestAndTiesGoEarlier(t *testing.T) {
	// At d_k = 16 a measurement of 1/2 is off by exactly ×2 from the right
	// scale (1) and from "twice" (1/4): the tie goes to the earlier row.
	r := diagnoseOK(t, Input{MeasuredStd: rat("1/2"), DK: 16, Q: unit(), K: unit()}, big.NewRat(3, 1))
	require.Equal(t, "2", r.Hypotheses[0].Off.String())
	require.Equal(t, "2", r.Hypotheses[2].Off.String())
	require.Equal(t, 0, r.Best)
	r = diagnoseOK(t, Input{MeasuredStd: rat("3"), DK: 64, Q: unit(), K: unit()}, tolerance)
	require.Equal(t, ScaleMissing, r.Hypotheses[r.Best].Mistake(), "3 is ×2.67 from 8 and ×3 from 1")
	// At d_k = 1 every width-based factor is 1: only right, inverted-free rows remain.
	r = diagnoseOK(t, Input{MeasuredStd: rat("1.1"), DK: 1, Q: unit(), K: unit()}, tolerance)
	require.Equal(t, []Mistake{ScaleMissing, ScaleTwice, DividedByD, ScaleInverted}, r.Omitted)
	require.Len(t, r.Hypotheses, 2)
	require.Equal(t, AsIntended, r.Kind)
}

func TestEntriesFromInitAndQKNorm(t *testing.T) {
	// GPT-2: σ = 1 · 0.02 · √768 = 8/25·√3, σ² = 0.3072.
	e := EntryFromInit(std("0.02"), 768, one)
	require.Equal(t, "8/25*sqrt(3)", e.Std.String())
	require.Equal(t, "192/625", e.Std.Mul(e.Std).String())
	// PyTorch's default nn.Linear: std 1/√(3·fan_in) gives σ = 1/√3.
	require.Equal(t, "1/3*sqrt(3)", EntryFromInit(std("1/sqrt(3*384)"), 384, one).Std.String())
	// Inputs of std 2 double it.
	require.Equal(t, "2/3*sqrt(3)", EntryFromInit(std("1/sqrt(3*384)"), 384, std("2")).Std.String())
	require.Equal(t, "1", NormalisedEntry(RMSNorm, 128).Std.String())
	require.Equal(t, "1/16*sqrt(2)", NormalisedEntry(L2Norm, 128).Std.String())
	require.Equal(t, L2Norm, NormalisedEntry(L2Norm, 128).Source)
	require.False(t, Entry{}.Known())
	require.True(t, MeasuredEntry(std("0")).Known())
}

func TestImplied(t *testing.T) {
	r := diagnoseOK(t, Input{MeasuredStd: rat("0.3"), DK: 64, Q: MeasuredEntry(std("0.5")), K: MeasuredEntry(std("0.5"))}, tolerance)
	a, ok := r.Implied()
	require.True(t, ok)
	require.Equal(t, "3/20", a.String()) // 0.3 / (1/4 · 8)
	_, ok = diagnoseOK(t, Input{MeasuredStd: rat("0.3"), DK: 64}, tolerance).Implied()
	require.False(t, ok)
	_, ok = diagnoseOK(t, Input{MeasuredStd: rat("0"), DK: 64, Q: MeasuredEntry(std("0")), K: unit()}, tolerance).Implied()
	require.False(t, ok)
}

func TestBadInput(t *testing.T) {
	for name, in := range map[string]Input{
		"negative std":          {MeasuredStd: rat("-1"), DK: 64},
		"no std":                {DK: 64},
		"no d_k":                {MeasuredStd: rat("1")},
		"negative d_model":      {MeasuredStd: rat("1"), DK: 64, DModel: -1},
		"negative heads":        {MeasuredStd: rat("1"), DK: 64, Heads: -2},
		"heads do not divide":   {MeasuredStd: rat("1"), DK: 64, DModel: 500, Heads: 8},
		"negative q std":        {MeasuredStd: rat("1"), DK: 64, Q: MeasuredEntry(rational.NewRat(big.NewRat(-1, 2)))},
		"d_k beyond the limit":  {MeasuredStd: rat("1"), DK: MaxWidth + 1},
		"heads × d_k too large": {MeasuredStd: rat("1"), DK: MaxWidth, Heads: 2},
	} {
		_, err := Diagnose(in, tolerance)
		require.Error(t, err, name)
		require.NotContains(t, err.Error(), "\n", name)
	}
	for _, tol := range []*big.Rat{nil, big.NewRat(1, 1), big.NewRat(1, 2)} {
		_, err := Diagnose(Input{MeasuredStd: rat("1"), DK: 64}, tol)
		require.Error(t, err)
	}
	// d_model below d_k and heads × d_k ≠ d_model are real layouts now.
	for _, in := range []Input{
		{MeasuredStd: rat("1"), DK: 256, DModel: 2048, Heads: 8},  // Gemma-7B-like: 8 × 256 = 2048
		{MeasuredStd: rat("1"), DK: 128, DModel: 4608, Heads: 32}, // Gemma-2-27B
		{MeasuredStd: rat("1"), DK: 256, DModel: 128, Heads: 1},   // a head wider than the model
	} {
		_, err := Diagnose(in, tolerance)
		require.NoError(t, err)
	}
}

func TestTextReport(t *testing.T) {
	in := Input{MeasuredStd: rat("0.3116"), DK: 64, DModel: 768, Heads: 12, Q: fromInit("0.02", 768), K: fromInit("0.02", 768)}
	out := report(diagnoseOK(t, in, tolerance))
	for _, want := range []string{
		"measured std of the scores before softmax: 0.3116\n",
		"known: d_k = 64, d_model = 768, 12 heads\n",
		"σ_q = σ_k = 8/25*sqrt(3) ≈ 0.5543 (from the initialisation: weights of std 0.02, fan-in 768, inputs of std 1); σ_q·σ_k = 0.3072\n",
		"intended scale: d^-1/2, a factor of 0.125 on q·k at d_k = 64\n",
		"scale right                                                1/8         0.3072          192/625   ×1.0143  <- fits\n",
		"Verdict: the scale is right.",
		"Note: with these entries (σ_q·σ_k = 0.3072) the right scale gives scores of std 0.3072, not 1",
		"scores have std ≈ 0.31.",
	} {
		require.Contains(t, out, want)
	}
	// Without entries: the "needs" column and no implied factor.
	out = report(diagnoseOK(t, Input{MeasuredStd: rat("0.3116"), DK: 64, Heads: 12}, tolerance))
	require.Contains(t, out, "needs σ_q·σ_k")
	require.Contains(t, out, "The scale is right if σ_q·σ_k = 0.3116 (σ_q = σ_k ≈ 0.5582 each)")
	require.Contains(t, out, "model width taken as heads × d_k = 768")
	require.NotContains(t, out, "implied factor")
}

func TestJSONReport(t *testing.T) {
	in := Input{MeasuredStd: rat("0.1265"), DK: 64, Q: unit(), K: unit()}
	var b bytes.Buffer
	require.NoError(t, diagnoseOK(t, in, tolerance).WriteJSON(&b))
	var got struct {
		MeasuredStd string                 `json:"measured_std"`
		Entries     struct{ Exact string } `json:"entry_product"`
		Hypotheses  []struct {
			Mistakes []string
			Factor   struct{ Exact, Decimal string }
			Expected struct{ Exact, Decimal string } `json:"expected_std"`
			OffBy    struct{ Exact, Decimal string } `json:"off_by"`
			Fits     bool
		}
		Verdict struct {
			Kind       string
			Mistakes   []string
			ScaleRight bool `json:"scale_right"`
			Fitting    []string
		}
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &got), b.String())
	require.Equal(t, "0.1265", got.MeasuredStd)
	require.Equal(t, "1", got.Entries.Exact)
	require.Equal(t, []string{"scale_twice", "divided_by_d_k"}, got.Hypotheses[2].Mistakes)
	require.Equal(t, "1/64", got.Hypotheses[2].Factor.Exact)
	require.Equal(t, "1/8", got.Hypotheses[2].Expected.Exact)
	require.Equal(t, "0.1250", got.Hypotheses[2].Expected.Decimal)
	require.Equal(t, "253/250", got.Hypotheses[2].OffBy.Exact)
	require.True(t, got.Hypotheses[2].Fits)
	require.Equal(t, "inf", got.Hypotheses[len(got.Hypotheses)-1].OffBy.Exact)
	require.Equal(t, "mistake", got.Verdict.Kind)
	require.Equal(t, []string{"scale_twice", "divided_by_d_k"}, got.Verdict.Mistakes)
	require.Equal(t, []string{"scale_twice"}, got.Verdict.Fitting)
	require.False(t, got.Verdict.ScaleRight)
	require.True(t, strings.HasSuffix(b.String(), "}\n"))
}

func TestDecimalsShowFourSignificantDigits(t *testing.T) {
	for v, want := range map[string]string{
		"1/8": "0.1250", "8": "8.0000", "1/512": "0.001953", "99/62500": "0.001584", "0": "0.0000", "1/10^20": "0.000000000000",
	} {
		var val rational.Value
		if v == "1/10^20" {
			val = rational.NewRat(new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(20), nil)))
		} else {
			val = rational.NewRat(rat(v))
		}
		require.Equal(t, want, decimal(val), v)
	}
	require.Equal(t, "0.5543", decimal(std("0.02*sqrt(768)")))
	for v, want := range map[string]string{"1/8": "0.125", "3": "3", "1/3": "", "1/48*sqrt(3)": "", "7/40": "0.175"} {
		d, ok := terminating(std(v))
		require.Equal(t, want != "", ok, v)
		require.Equal(t, want, d, v)
	}
	require.Equal(t, "1/3 ≈ 0.3333", show(std("1/3")))
	require.Equal(t, "0.125", show(std("1/8")))
}

func TestExplainSaysWhichWayAndWhatToLookFor(t *testing.T) {
	for _, tc := range []struct {
		m     string
		words []string
	}{
		{"7.9", []string{"Verdict: scale missing.", "8 times wider than intended", "q·k reaches softmax unscaled"}},
		{"60", []string{"Verdict: scale inverted.", "64 times wider than intended", "multiplies where it should divide"}},
		{"0.13", []string{"Verdict: scale applied twice / divided by d_k, not √d_k.", "8 times narrower than intended", "no measurement separates them"}},
		{"0.3", []string{"Verdict: model width instead of head width.", "2*sqrt(3) ≈ 3.4641 times narrower", "model width 768 instead of the head width d_k = 64"}},
		{"0", []string{"Verdict: scale 0.", "all 0", "uniform weights"}},
		{"3", []string{"Verdict: unexplained.", "implies a factor of 0.375 on q·k, 3 times wider than intended"}},
	} {
		r := diagnoseOK(t, Input{MeasuredStd: rat(tc.m), DK: 64, Heads: 12, Q: unit(), K: unit()}, tolerance)
		for _, w := range tc.words {
			require.Contains(t, r.Explain(), w, "m = %s", tc.m)
		}
	}
}
