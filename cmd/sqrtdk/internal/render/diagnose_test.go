package render

import (
	"bytes"
	"encoding/json"
	"io"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
	"github.com/sqrtdk/sqrtdk/scalecheck"
)

// tolerance is the command's default, ×1.5.
var tolerance = big.NewRat(3, 2)

func rat(s string) *big.Rat {
	r, err := rational.ParseRat(s)
	if err != nil {
		panic(err)
	}
	return r
}

func std(s string) rational.Value {
	v, err := scalecheck.ParseStd(s)
	if err != nil {
		panic(err)
	}
	return v
}

func unit() scalecheck.Entry { return scalecheck.MeasuredEntry(rational.NewInt(1)) }

// fromInit is --init-std s with fan-in dModel on inputs of std 1.
func fromInit(s string, dModel int64) scalecheck.Entry {
	return scalecheck.EntryFromInit(std(s), dModel, rational.NewInt(1))
}

func diagnoseOK(t *testing.T, in scalecheck.Input, tol *big.Rat) scalecheck.Result {
	t.Helper()
	r, err := scalecheck.Diagnose(in, tol)
	require.NoError(t, err)
	return r
}

func report(r scalecheck.Result) string {
	var b bytes.Buffer
	if err := WriteDiagnosis(&b, r, Text); err != nil {
		panic(err)
	}
	return b.String()
}

// TestVerdictsInWords checks the plain words of the undecided and
// unexplained verdicts.
func TestVerdictsInWords(t *testing.T) {
	for _, c := range []struct {
		in   scalecheck.Input
		tol  string
		want string
	}{
		{scalecheck.Input{MeasuredStd: rat("7.9"), DK: 64}, "3/2", "cannot tell without the entry sizes"},
		{scalecheck.Input{MeasuredStd: rat("7.9"), DK: 64}, "3/2", "If the query and key entries had std 1, the measurement would fit scale missing."},
		{scalecheck.Input{MeasuredStd: rat("7.9"), DK: 64, K: unit()}, "3/2", "If the query entries had std 1"},
		{scalecheck.Input{MeasuredStd: rat("0.5"), DK: 64, Q: scalecheck.MeasuredEntry(std("0"))}, "3/2", "one of the inputs is wrong"},
		{scalecheck.Input{MeasuredStd: rat("0"), DK: 64}, "3/2", "zero-initialised W_q"},
		{scalecheck.Input{MeasuredStd: rat("0.85"), DK: 64, Heads: 2, Q: unit(), K: unit()}, "3/2", "a tolerance below ×1.1892 separates them"}, // 2^(1/4)
	} {
		r := diagnoseOK(t, c.in, rat(c.tol))
		require.Contains(t, diagnosisVerdict(r), c.want)
		require.Contains(t, report(r), c.want)
	}
}

// TestLargestInputsAreWritten writes the costliest input the limits allow
// (see diagnose's TestLargestInputsFinish) in both formats.
func TestLargestInputsAreWritten(t *testing.T) {
	if testing.Short() {
		t.Skip("about 2 s of exact arithmetic")
	}
	scale, err := scalecheck.ParseScale("each:2097131^(3/4)*d^(-3/4)")
	require.NoError(t, err)
	in := scalecheck.Input{MeasuredStd: rat("0.123456789"), DK: 1073741789, DModel: 1073741783, Heads: 1,
		Q: scalecheck.MeasuredEntry(std("2097143^(3/4)")), K: scalecheck.MeasuredEntry(std("2097133^(3/4)/3")), Intended: scale}
	r := diagnoseOK(t, in, tolerance)
	require.NoError(t, WriteDiagnosis(io.Discard, r, Text))
	require.NoError(t, WriteDiagnosis(io.Discard, r, JSON))
}

// TestAssumedVerdictSaysWhatItRestsOn checks that a verdict on unit
// entries that were not given says so, in words and in JSON, and names what
// else would give the same measurement.
func TestAssumedVerdictSaysWhatItRestsOn(t *testing.T) {
	for _, tc := range []struct {
		in      scalecheck.Input
		restsOn string
		words   []string
	}{
		{scalecheck.Input{MeasuredStd: rat("1.02"), DK: 64}, "unit_entries_assumed", []string{
			"Verdict: the scale is right, if the query and key entries have std 1 as the lesson assumes (their size was not given).",
			"no other hypothesis comes within ×1.5.",
			"Note: this verdict rests on the lesson's assumption that the query and key entries have std 1",
			"The same measurement comes from scale missing if σ_q·σ_k = 0.1275; from scale applied twice / divided by d_k, not √d_k if σ_q·σ_k = 8.16; from scale inverted if σ_q·σ_k = 0.0159375.",
			"The intended factor fits while σ_q·σ_k is from 0.68 to 1.53.", // 1.02/1.5 and 1.02·1.5
			"measure the std of the query and key entries, or derive it from the weight initialisation",
		}},
		{scalecheck.Input{MeasuredStd: rat("1"), DK: 128, DModel: 4608, Heads: 32}, "unit_entries_assumed", []string{
			"Also within ×1.5: d_model/heads instead of head width (off by ×1.0607), but off by at least the square of the intended factor's ×1.0000 (twice as far on a log scale), so the intended factor is clearly the nearest.",
			"from d_model/heads instead of head width if σ_q·σ_k ≈ 1.0607.",
		}},
		{scalecheck.Input{MeasuredStd: rat("0.51"), DK: 64, Q: scalecheck.MeasuredEntry(std("1/2"))}, "unit_entries_assumed", []string{
			"if the key entries have std 1 as the lesson assumes", "if σ_q·σ_k = 0.5", "shown for σ_q·σ_k = 0.5",
		}},
		// muP's 1/d at d_k = 64: unit entries give std 1/8, and the note says why.
		{scalecheck.Input{MeasuredStd: rat("0.125"), DK: 64, Intended: scale("1/d")}, "unit_entries_assumed", []string{
			"the intended scale gives scores of std 0.125, not 1, even with entries of std 1",
		}},
		// The assumption's cost: GPT-2's small entries under the usual scale
		// land near the intended d^-1/2/4; the note names the real cause.
		{scalecheck.Input{MeasuredStd: rat("0.3040"), DK: 64, DModel: 768, Heads: 12, Intended: scale("d^-1/2/4")}, "unit_entries_assumed", []string{
			"from 1/√d_k instead of the intended scale if σ_q·σ_k = 0.304;",
		}},
		{scalecheck.Input{MeasuredStd: rat("1.02"), DK: 64, Q: unit(), K: unit()}, "given_entries", []string{"Verdict: the scale is right. The measurement"}},
		{scalecheck.Input{MeasuredStd: rat("7.9"), DK: 64}, "no_entry_sizes", []string{"cannot tell without the entry sizes"}},
		// Known entries and a scale other than 1/√d_k: both parts of the std.
		{scalecheck.Input{MeasuredStd: rat("0.18"), DK: 128, Q: scalecheck.MeasuredEntry(std("1/2")), K: scalecheck.MeasuredEntry(std("1/2")), Intended: scale("8/d")}, "given_entries", []string{
			"the right scale gives scores of std ≈ 0.1768: ≈ 0.7071 from the intended scale (what entries of std 1 give) times σ_q·σ_k",
		}},
	} {
		r := diagnoseOK(t, tc.in, tolerance)
		out := report(r)
		for _, w := range tc.words {
			require.Contains(t, out, w)
		}
		var b bytes.Buffer
		require.NoError(t, WriteDiagnosis(&b, r, JSON))
		var got struct {
			Verdict struct {
				RestsOn string                  `json:"rests_on"`
				Assumed *struct{ Exact string } `json:"assumed_entry_product"`
			}
			Notes []string
		}
		require.NoError(t, json.Unmarshal(b.Bytes(), &got))
		require.Equal(t, tc.restsOn, got.Verdict.RestsOn, out)
		if tc.restsOn == "unit_entries_assumed" {
			require.Equal(t, r.Entries.String(), got.Verdict.Assumed.Exact)
			require.Contains(t, got.Notes[0], "this verdict rests on the lesson's assumption")
		} else {
			require.Nil(t, got.Verdict.Assumed)
			require.NotContains(t, out, "lesson's assumption")
		}
	}
}

func scale(s string) scalecheck.Scale {
	v, err := scalecheck.ParseScale(s)
	if err != nil {
		panic(err)
	}
	return v
}

func TestTextReport(t *testing.T) {
	in := scalecheck.Input{MeasuredStd: rat("0.3116"), DK: 64, DModel: 768, Heads: 12, Q: fromInit("0.02", 768), K: fromInit("0.02", 768)}
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
	out = report(diagnoseOK(t, scalecheck.Input{MeasuredStd: rat("0.3116"), DK: 64, Heads: 12}, tolerance))
	require.Contains(t, out, "needs σ_q·σ_k")
	require.Contains(t, out, "The scale is right if σ_q·σ_k = 0.3116 (σ_q = σ_k ≈ 0.5582 each)")
	require.Contains(t, out, "model width taken as heads × d_k = 768")
	require.NotContains(t, out, "implied factor")
}

func TestJSONReport(t *testing.T) {
	in := scalecheck.Input{MeasuredStd: rat("0.1265"), DK: 64, Q: unit(), K: unit()}
	var b bytes.Buffer
	require.NoError(t, WriteDiagnosis(&b, diagnoseOK(t, in, tolerance), JSON))
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
	require.Equal(t, []string{"scaled-twice", "divided-by-d"}, got.Hypotheses[2].Mistakes)
	require.Equal(t, "1/64", got.Hypotheses[2].Factor.Exact)
	require.Equal(t, "1/8", got.Hypotheses[2].Expected.Exact)
	require.Equal(t, "0.1250", got.Hypotheses[2].Expected.Decimal)
	require.Equal(t, "253/250", got.Hypotheses[2].OffBy.Exact)
	require.True(t, got.Hypotheses[2].Fits)
	require.Equal(t, "inf", got.Hypotheses[len(got.Hypotheses)-1].OffBy.Exact)
	require.Equal(t, "mistake", got.Verdict.Kind)
	require.Equal(t, []string{"scaled-twice", "divided-by-d"}, got.Verdict.Mistakes)
	require.Equal(t, []string{"scaled-twice"}, got.Verdict.Fitting)
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
		r := diagnoseOK(t, scalecheck.Input{MeasuredStd: rat(tc.m), DK: 64, Heads: 12, Q: unit(), K: unit()}, tolerance)
		for _, w := range tc.words {
			require.Contains(t, diagnosisVerdict(r), w, "m = %s", tc.m)
		}
	}
}
