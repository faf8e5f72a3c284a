package scalecheck

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/grade"
	"github.com/sqrtdk/sqrtdk/internal/mistake"
	"github.com/sqrtdk/sqrtdk/rational"
)

func unit() Entry { return MeasuredEntry(one) }

func diagnoseOK(t *testing.T, in Input, tol *big.Rat) Result {
	t.Helper()
	r, err := Diagnose(in, tol)
	require.NoError(t, err)
	return r
}

// report lists the hypotheses briefly, for a failing test's message.
func report(r Result) string {
	var b strings.Builder
	for _, h := range r.Hypotheses {
		fmt.Fprintf(&b, "%v: factor %s, expected %s, off by %s, fits %v\n", h.Mistakes, h.Factor, h.Expected, h.Off, h.Fits)
	}
	return b.String()
}

// byMistake maps each listed mistake to its hypothesis.
func byMistake(r Result) map[grade.MistakeKind]Hypothesis {
	out := map[grade.MistakeKind]Hypothesis{}
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
	got := map[grade.MistakeKind][2]string{}
	for m, h := range byMistake(r) {
		got[m] = [2]string{h.Factor.String(), h.Expected.String()}
	}
	require.Equal(t, map[grade.MistakeKind][2]string{
		ScaleRight:            {"1/16*sqrt(2)", "3/2"},   // 1/√128
		mistake.Unscaled:      {"1", "12*sqrt(2)"},       // b·√128
		mistake.ScaledTwice:   {"1/128", "3/32*sqrt(2)"}, // (1/√128)²
		mistake.DividedByD:    {"1/128", "3/32*sqrt(2)"}, // the same factor
		mistake.ScaleInverted: {"8*sqrt(2)", "192"},      // √128, b·128
		mistake.ModelWidth:    {"1/96*sqrt(2)", "1/4"},   // 1/√4608: b·√(128/4608) = b/6
		mistake.SplitWidth:    {"1/12", "sqrt(2)"},       // 1/√144: b·√128/12
		mistake.ScaleZero:     {"0", "0"},
	}, got)
	require.Equal(t, []grade.MistakeKind{mistake.ScaledTwice, mistake.DividedByD}, byMistake(r)[mistake.DividedByD].Mistakes)
}

func TestIntendedScalesChangeTheCatalogue(t *testing.T) {
	base := Input{MeasuredStd: rat("1"), DK: 64, DModel: 512, Heads: 8, Q: unit(), K: unit()}
	for _, tc := range []struct {
		scale   string
		factors map[grade.MistakeKind]string
		omitted []grade.MistakeKind
	}{
		{"d^-1/2", map[grade.MistakeKind]string{ScaleRight: "1/8", mistake.Unscaled: "1", mistake.ScaledTwice: "1/64", mistake.DividedByD: "1/64", mistake.ScaleInverted: "8", mistake.ModelWidth: "1/32*sqrt(2)", mistake.ScaleZero: "0"}, nil},
		// q and k each by d^-1/4 is the usual scale; one side only is d^-1/4.
		{"each:d^-1/4", map[grade.MistakeKind]string{ScaleRight: "1/8", mistake.Unscaled: "1", mistake.ScaledTwice: "1/64", mistake.DividedByD: "1/64", mistake.ScaleInverted: "8", mistake.ModelWidth: "1/32*sqrt(2)", mistake.OneSide: "1/4*sqrt(2)", mistake.ScaleZero: "0"}, nil},
		// muP: dividing by d_k is the intention, not a mistake.
		{"1/d", map[grade.MistakeKind]string{ScaleRight: "1/64", mistake.Unscaled: "1", mistake.ScaledTwice: "1/4096", mistake.ScaleInverted: "64", mistake.ModelWidth: "1/512", mistake.UsualScale: "1/8", mistake.UsualOnTop: "1/512", mistake.ScaleZero: "0"}, []grade.MistakeKind{mistake.DividedByD}},
		// muP's 8/d equals the usual scale at d_k = 64.
		{"8/d", map[grade.MistakeKind]string{ScaleRight: "1/8", mistake.Unscaled: "1", mistake.ScaledTwice: "1/64", mistake.DividedByD: "1/64", mistake.UsualOnTop: "1/64", mistake.ScaleInverted: "8", mistake.ModelWidth: "1/64", mistake.ScaleZero: "0"}, []grade.MistakeKind{mistake.UsualScale}},
		// T5: no scale on q·k at all; a fixed number has no width to confuse.
		{"1", map[grade.MistakeKind]string{ScaleRight: "1", mistake.DividedByD: "1/64", mistake.UsualScale: "1/8", mistake.UsualOnTop: "1/8", mistake.ScaleZero: "0"}, []grade.MistakeKind{mistake.Unscaled, mistake.ScaledTwice, mistake.ScaleInverted}},
		{"144^-1/2", map[grade.MistakeKind]string{ScaleRight: "1/12", mistake.Unscaled: "1", mistake.ScaledTwice: "1/144", mistake.DividedByD: "1/64", mistake.ScaleInverted: "12", mistake.UsualScale: "1/8", mistake.UsualOnTop: "1/96", mistake.ScaleZero: "0"}, nil},
	} {
		t.Run(tc.scale, func(t *testing.T) {
			in := base
			in.Intended = scale(tc.scale)
			r := diagnoseOK(t, in, tolerance)
			got := map[grade.MistakeKind]string{}
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
	_, has := byMistake(diagnoseOK(t, in, tolerance))[mistake.ModelWidth]
	require.False(t, has, "no width beyond d_k is known")
	in.Heads = 8 // model width taken as heads × d_k = 512
	h := byMistake(diagnoseOK(t, in, tolerance))
	require.Equal(t, "1/32*sqrt(2)", h[mistake.ModelWidth].Factor.String()) // 1/√512
	_, has = h[mistake.SplitWidth]
	require.False(t, has, "d_model/heads needs d_model")
	in.DModel = 512 // d_model/heads = 64 = d_k: no split-width mistake
	_, has = byMistake(diagnoseOK(t, in, tolerance))[mistake.SplitWidth]
	require.False(t, has)
	// 1024/8 = 128 ≠ 64: the factor is 1/√128.
	in.DModel = 1024
	require.Equal(t, "1/16*sqrt(2)", byMistake(diagnoseOK(t, in, tolerance))[mistake.SplitWidth].Factor.String())
	// One head: d_model is d_k.
	in.DK, in.DModel, in.Heads = 64, 64, 1
	r := diagnoseOK(t, in, tolerance)
	_, has = byMistake(r)[mistake.ModelWidth]
	require.False(t, has)
	require.Empty(t, r.Omitted, "a model width equal to d_k is no hypothesis at all")
}

func TestUnknownEntriesAreTakenAsOneForTheIntendedRowOnly(t *testing.T) {
	// 1.02 fits the usual scale with unit entries, as the lesson's routine
	// reads it: "as intended", resting on that assumption. It would also
	// fit "scale missing" with entries of std 0.36 each, which Needs says.
	in := Input{MeasuredStd: rat("1.02"), DK: 64}
	r := diagnoseOK(t, in, tolerance)
	require.Equal(t, AsIntended, r.Kind, report(r))
	require.Equal(t, UnitEntriesAssumed, r.RestsOn())
	require.True(t, r.ScaleRight())
	require.False(t, r.EntriesKnown)
	require.Equal(t, "1", r.Entries.String(), "both stds taken as 1")
	require.Equal(t, []int{0}, r.Fitting)
	require.Equal(t, "51/50", r.Hypotheses[0].Needs.String())
	require.Equal(t, "51/400", r.Hypotheses[1].Needs.String(), "scale missing needs σ_q·σ_k = 1.02/8")
	require.Nil(t, r.Hypotheses[len(r.Hypotheses)-1].Needs, "no entry size makes a zero factor give 1.02")
	_, ok := r.Implied()
	require.False(t, ok, "no implied factor from assumed entries")

	// What the verdict rests on, broken: the entries given with the size
	// "scale missing" needs turn it into that mistake.
	in.Q, in.K = MeasuredEntry(std("51/400")), unit()
	r = diagnoseOK(t, in, tolerance)
	require.Equal(t, Mistaken, r.Kind, report(r))
	require.Equal(t, mistake.Unscaled, r.Hypotheses[r.Named].Mistake())
	require.Equal(t, GivenEntries, r.RestsOn())

	// One side known: the other is taken as 1, so b is the known std.
	in.Q, in.K = MeasuredEntry(std("1/2")), Entry{}
	r = diagnoseOK(t, in, tolerance)
	require.Equal(t, "1/2", r.Entries.String())
	require.Equal(t, "1/2", r.Hypotheses[0].Expected.String())
	require.Equal(t, Undecided, r.Kind, "1.02 is ×2.04 from the 0.5 that σ_q = 1/2 and σ_k = 1 give")
	require.Equal(t, EntriesUnknown, r.Reason)
	require.Equal(t, NoEntrySizes, r.RestsOn())
	in.MeasuredStd = rat("0.51")
	r = diagnoseOK(t, in, tolerance)
	require.Equal(t, AsIntended, r.Kind)
	require.Equal(t, UnitEntriesAssumed, r.RestsOn())

	// A mistake that alone fits unit entries is not named: small entries
	// (GPT-2 at initialisation) give a right scale that look.
	in = Input{MeasuredStd: rat("7.9"), DK: 64}
	r = diagnoseOK(t, in, tolerance)
	require.Equal(t, []int{1}, r.Fitting, "with unit entries only scale missing fits")
	require.Equal(t, Undecided, r.Kind)
	require.Equal(t, EntriesUnknown, r.Reason)
	require.Equal(t, -1, r.Named)
	require.False(t, r.ScaleRight())
	// Known unit entries name it.
	in.Q, in.K = unit(), unit()
	r = diagnoseOK(t, in, tolerance)
	require.Equal(t, Mistaken, r.Kind)
	require.Nil(t, r.Hypotheses[0].Needs)
}

func TestIntendedMustBeClearlyNearest(t *testing.T) {
	// d_k = 256, 4 heads: the right scale predicts 1 and model width
	// (1/√1024) predicts 1/2, with unit entries; the others are 16 and less
	// than 1/8. Above 1 the distances are m and 2m, so the boundary m² = 2m
	// lies at m = 2 exactly, where both fit at ×5.
	in := Input{MeasuredStd: rat("2"), DK: 256, Heads: 4, Q: unit(), K: unit()}
	tol := rat("5")
	r := diagnoseOK(t, in, tol)
	require.Len(t, r.Fitting, 2, report(r))
	require.Equal(t, "2", r.Hypotheses[0].Off.String())
	require.Equal(t, "4", byMistake(r)[mistake.ModelWidth].Off.String())
	require.Equal(t, AsIntended, r.Kind, "×4 is exactly the square of ×2: inclusive")
	in.MeasuredStd = rat("2.000000000000000000000000000001")
	r = diagnoseOK(t, in, tol)
	require.Equal(t, Undecided, r.Kind, report(r))
	require.Equal(t, Ambiguous, r.Reason)
	in.MeasuredStd = rat("1.999999999999999999999999999999")
	require.Equal(t, AsIntended, diagnoseOK(t, in, tol).Kind)
	// The same boundary with the entries not given, the same verdicts.
	in.Q, in.K = Entry{}, Entry{}
	in.MeasuredStd = rat("2")
	require.Equal(t, AsIntended, diagnoseOK(t, in, tol).Kind)
	in.MeasuredStd = rat("2.000000000000000000000000000001")
	r = diagnoseOK(t, in, tol)
	require.Equal(t, EntriesUnknown, r.Reason)
	// A mistake that is nearer is not preferred: only the intended factor is.
	in = Input{MeasuredStd: rat("0.55"), DK: 256, Heads: 4, Q: unit(), K: unit()}
	r = diagnoseOK(t, in, tol)
	require.Equal(t, Ambiguous, r.Reason, report(r))
}

// TestOneRuleForGivenAndAssumedEntries checks, over generated
// measurements, scales and layouts, that leaving the entries out changes
// nothing but what the verdict rests on when the entries are 1: the same
// rows, the same "as intended", and "cannot tell" for every other verdict.
// -short takes every scale with two of the five layouts.
func TestOneRuleForGivenAndAssumedEntries(t *testing.T) {
	scales := []string{"d^-1/2", "1/d", "8/d", "1", "10", "each:d^-1/4", "144^-1/2", "d^-1/2/4"}
	layouts := []Input{{DK: 64}, {DK: 64, Heads: 12}, {DK: 128, Heads: 32, DModel: 4608}, {DK: 256, Heads: 16, DModel: 3584}, {DK: 16, Heads: 2}}
	minChecked, minIntended := 1000, 80
	if testing.Short() {
		layouts = layouts[1:3]
		minChecked, minIntended = 500, 32
	}
	checked, intended := 0, 0
	for _, sc := range scales {
		for _, layout := range layouts {
			probe := layout
			probe.MeasuredStd, probe.Intended, probe.Q, probe.K = rat("1"), scale(sc), unit(), unit()
			// Measurements at every prediction, and ×1.2 above, ×1.5 below (the
			// boundary), ×1.6 above and ×4 below it.
			var ms []rational.Value
			for _, h := range diagnoseOK(t, probe, tolerance).Hypotheses {
				for _, f := range []string{"1", "6/5", "2/3", "8/5", "1/4"} {
					ms = append(ms, h.Expected.Mul(rational.NewRat(rat(f))))
				}
			}
			for _, m := range ms {
				mr, ok := m.Rat()
				if !ok {
					// Irrational predictions: their rounding to 6 places.
					mr = rat(m.Decimal(6, rational.RoundHalfEven))
				}
				given := probe
				given.MeasuredStd = mr
				assumed := given
				assumed.Q, assumed.K = Entry{}, Entry{}
				rg, ra := diagnoseOK(t, given, tolerance), diagnoseOK(t, assumed, tolerance)
				name := fmt.Sprintf("%s %+v m=%s", sc, layout, mr.RatString())
				require.Equal(t, report(rg), report(ra), name)
				require.Equal(t, rg.Fitting, ra.Fitting, name)
				if rg.Kind == AsIntended {
					intended++
					require.Equal(t, AsIntended, ra.Kind, name)
					require.Equal(t, UnitEntriesAssumed, ra.RestsOn(), name)
					require.True(t, ra.ScaleRight(), name)
				} else {
					require.Equal(t, Undecided, ra.Kind, name)
					require.Equal(t, EntriesUnknown, ra.Reason, name)
					require.Equal(t, NoEntrySizes, ra.RestsOn(), name)
				}
				require.Equal(t, GivenEntries, rg.RestsOn(), name)
				checked++
			}
			// A measurement exactly at the intended prediction is "as
			// intended" whatever else is near it.
			at := probe
			at.MeasuredStd = nil
			e := diagnoseOK(t, probe, tolerance).Hypotheses[0].Expected
			if er, ok := e.Rat(); ok {
				at.MeasuredStd, at.Q, at.K = er, Entry{}, Entry{}
				require.Equal(t, AsIntended, diagnoseOK(t, at, tolerance).Kind, "%s %+v", sc, layout)
			}
		}
	}
	t.Logf("checked %d, as intended %d", checked, intended)
	require.Greater(t, checked, minChecked)
	require.Greater(t, intended, minIntended)
}

func TestQKNormEntriesAreGivenNotAssumed(t *testing.T) {
	// QK-norm sets the entry sizes, so its verdicts rest on given entries
	// under the same rule as any other scale. Cosine attention at d_k = 32
	// with scale 10: σ_q·σ_k = 1/32 and the intended std is 10/√32 ≈ 1.768.
	for _, tc := range []struct {
		kind     Source
		dk       int64
		scale, m string
	}{{L2Norm, 32, "10", "1.77"}, {L2Norm, 32, "d^-1/2", "0.0313"}, {RMSNorm, 64, "d^-1/2", "1.01"}, {RMSNorm, 64, "1/d", "0.126"}, {RMSNorm, 64, "each:d^-1/4", "0.99"}} {
		in := Input{MeasuredStd: rat(tc.m), DK: tc.dk, Q: NormalisedEntry(tc.kind, tc.dk), K: NormalisedEntry(tc.kind, tc.dk), Intended: scale(tc.scale)}
		r := diagnoseOK(t, in, tolerance)
		require.Equal(t, AsIntended, r.Kind, "%v %s\n%s", tc.kind, tc.scale, report(r))
		require.Equal(t, GivenEntries, r.RestsOn())
		// Broken: scores 8 times wider than the intended factor gives.
		in.MeasuredStd = new(big.Rat).Mul(in.MeasuredStd, big.NewRat(8, 1))
		r = diagnoseOK(t, in, tolerance)
		require.False(t, r.ScaleRight(), "%v %s\n%s", tc.kind, tc.scale, report(r))
		require.Equal(t, GivenEntries, r.RestsOn())
	}
}

func TestMeasuredZero(t *testing.T) {
	in := Input{MeasuredStd: rat("0"), DK: 64, Q: unit(), K: unit()}
	r := diagnoseOK(t, in, tolerance)
	require.Equal(t, Mistaken, r.Kind)
	require.Equal(t, mistake.ScaleZero, r.Hypotheses[r.Named].Mistake())
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
	// Nothing known about the entries: the scale is 0 or the entries are.
	r = diagnoseOK(t, Input{MeasuredStd: rat("0"), DK: 64}, tolerance)
	require.Equal(t, EntriesUnknown, r.Reason)
}

func TestTwoFittingHypothesesCannotBeTold(t *testing.T) {
	// 2 heads: model width predicts 1/√2 ≈ 0.707, the right scale 1. A
	// measurement of 0.85 is within ×1.5 of both.
	in := Input{MeasuredStd: rat("0.85"), DK: 64, Heads: 2, Q: unit(), K: unit()}
	r := diagnoseOK(t, in, tolerance)
	require.Equal(t, Undecided, r.Kind)
	require.Equal(t, Ambiguous, r.Reason)
	require.Len(t, r.Fitting, 2)
	// A tolerance below the geometric midpoint decides.
	r = diagnoseOK(t, in, rat("1.18"))
	require.Equal(t, AsIntended, r.Kind)
	in.MeasuredStd = rat("0.72")
	r = diagnoseOK(t, in, rat("1.18"))
	require.Equal(t, Mistaken, r.Kind)
	require.Equal(t, mistake.ModelWidth, r.Hypotheses[r.Named].Mistake())
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
		want grade.MistakeKind
	}{
		{"1.1", ScaleRight}, {"7.5", mistake.Unscaled}, {"0.13", mistake.ScaledTwice}, {"60", mistake.ScaleInverted},
		{"0.3", mistake.ModelWidth}, {"0", mistake.ScaleZero},
	} {
		in := Input{MeasuredStd: rat(tc.m), DK: 64, Heads: 12, Q: unit(), K: unit()}
		r := diagnoseOK(t, in, tolerance)
		require.Contains(t, []Kind{AsIntended, Mistaken}, r.Kind, "m = %s\n%s", tc.m, report(r))
		require.Equal(t, tc.want, r.Hypotheses[r.Named].Mistake(), "m = %s\n%s", tc.m, report(r))
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
	require.Equal(t, mistake.Unscaled, r.Hypotheses[r.Best].Mistake(), "3 is ×2.67 from 8 and ×3 from 1")
	// At d_k = 1 every width-based factor is 1: only right, inverted-free rows remain.
	r = diagnoseOK(t, Input{MeasuredStd: rat("1.1"), DK: 1, Q: unit(), K: unit()}, tolerance)
	require.Equal(t, []grade.MistakeKind{mistake.Unscaled, mistake.ScaledTwice, mistake.DividedByD, mistake.ScaleInverted}, r.Omitted)
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

// TestScalingMistakesComeFromTheCatalogue checks that every kind of grade's
// catalogue that a measurement can show is a hypothesis of some input:
// those grading names too and those marked measured only.
func TestScalingMistakesComeFromTheCatalogue(t *testing.T) {
	seen := map[grade.MistakeKind]bool{}
	for _, in := range []Input{
		{MeasuredStd: rat("1"), DK: 64, DModel: 1024, Heads: 8, Q: unit(), K: unit()},
		{MeasuredStd: rat("1"), DK: 64, Q: unit(), K: unit(), Intended: scale("each:d^-1/4")},
		{MeasuredStd: rat("1"), DK: 64, Q: unit(), K: unit(), Intended: scale("1/d")},
	} {
		for _, h := range diagnoseOK(t, in, tolerance).Hypotheses {
			for _, m := range h.Mistakes {
				seen[m] = true
			}
		}
	}
	for _, m := range []grade.MistakeKind{mistake.Unscaled, mistake.DividedByD, mistake.UsualScale, mistake.ScaledTwice, mistake.UsualOnTop,
		mistake.ScaleInverted, mistake.ModelWidth, mistake.SplitWidth, mistake.OneSide, mistake.ScaleZero} {
		require.True(t, seen[m], "no input has the hypothesis %s", m)
	}
}
