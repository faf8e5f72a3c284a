package scalecheck

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseStd(t *testing.T) {
	for in, want := range map[string]string{
		"0.02":               "1/50",
		"1/48":               "1/48",
		"0":                  "0",
		".5":                 "1/2",
		"1/sqrt(3*768)":      "1/48",
		"1/sqrt(3*384)":      "1/48*sqrt(2)",
		"sqrt(2/1024)":       "1/32*sqrt(2)",
		"1152^-1/2":          "1/48*sqrt(2)",
		"1152^(-1/2)":        "1/48*sqrt(2)",
		"2^0.5":              "sqrt(2)",
		"4^1/2":              "2",
		"8^(1/3)":            "2",
		"2^(1/4)*2^(1/4)":    "sqrt(2)",
		"1/sqrt(512*64)":     "1/256*sqrt(2)",
		" 0.02 * sqrt(768) ": "8/25*sqrt(3)",
		"(1/2)^2":            "1/4",
		"2^-2":               "1/4",
		"1/2/2":              "1/4",
		"0^2":                "0",
		"3^0":                "1",
		"sqrt(sqrt(16))":     "2",
	} {
		v, err := ParseStd(in)
		require.NoError(t, err, in)
		require.Equal(t, want, v.String(), in)
	}
	for in, msg := range map[string]string{
		"":              "empty",
		"-1":            "negative",
		"0.02*d":        "cannot depend on the width",
		"1/0":           "division by zero",
		"0^-1":          "division by zero",
		"sqrt(2":        "missing )",
		"(2":            "missing )",
		"2^(1/2":        "missing )",
		"2)":            "unexpected",
		"abc":           "unexpected",
		"1e-3":          "unexpected",
		"2^13":          "too complex",
		"2^(1/13)":      "too complex",
		"2^x":           "exponent",
		"2*":            "ends too early",
		"1.2.3":         "not a number",
		"9^(1/2)^(1/2)": "unexpected",
		"sqrt(sqrt(sqrt(sqrt(sqrt(sqrt(sqrt(2)))))))": "index",
		strings.Repeat("1*", 101) + "1":               "longer than",
	} {
		_, err := ParseStd(in)
		require.Error(t, err, in)
		require.Contains(t, err.Error(), msg, in)
	}
}

func TestValuesStaySmall(t *testing.T) {
	_, err := ParseStd("sqrt(18446744073709551557)") // a 64-bit prime under the root
	require.NoError(t, err)
	_, err = ParseStd("sqrt(36893488147419103183)") // a 65-bit one
	require.ErrorContains(t, err, "under a root is larger than 2^64")
	_, err = ParseStd("2^(1/3)")
	require.NoError(t, err)
	_, err = ParseStd("2^(1/8)")
	require.ErrorContains(t, err, "index above 4")
	// A cube root with the square root of d_k is a common index of 6.
	_, err = Diagnose(Input{MeasuredStd: rat("1"), DK: 64, Q: MeasuredEntry(std("2^(1/3)")), K: unit()}, tolerance)
	require.ErrorContains(t, err, "common index exceeds 4")
	_, err = Diagnose(Input{MeasuredStd: rat("1"), DK: 64, Q: MeasuredEntry(std("sqrt(3)")), K: unit(), Intended: scale("each:d^-1/4")}, tolerance)
	require.NoError(t, err)
	// Products of long literals grow past the exact-size limit and are
	// refused rather than computed slowly.
	_, err = ParseStd(strings.Repeat("99999999999999999999*", 9) + "9")
	require.NoError(t, err)
	_, err = ParseStd("(" + strings.Repeat("9", 150) + ")^12")
	require.ErrorContains(t, err, "too large")
}

func TestParseScale(t *testing.T) {
	for in, want := range map[string]struct {
		at64 string // factor on q·k at width 64
		each bool
	}{
		"d^-1/2":      {"1/8", false},
		"1/sqrt(d)":   {"1/8", false},
		"d^(-0.5)":    {"1/8", false},
		"1/d":         {"1/64", false},
		"8/d":         {"1/8", false},
		"d^-1":        {"1/64", false},
		"0.125":       {"1/8", false},
		"144^-1/2":    {"1/12", false},
		"d^-1/2/4":    {"1/32", false},
		"10":          {"10", false},
		"each:d^-1/4": {"1/8", true},
		"each:0.5":    {"1/4", true},
		"2*d^-3/4":    {"1/16*sqrt(2)", false},
	} {
		s, err := ParseScale(in)
		require.NoError(t, err, in)
		require.Equal(t, want.at64, s.Factor(64).String(), in)
		require.Equal(t, want.each, s.Each, in)
		require.Equal(t, in, s.String())
	}
	for in, msg := range map[string]string{
		"0":       "would make every score 0",
		"0*d":     "would make every score 0",
		"d^-1/2x": "unexpected",
		"each:":   "empty",
		"d^x":     "exponent",
		"d^13":    "too complex",
		"-d":      "negative",
		"e":       "unexpected",
	} {
		_, err := ParseScale(in)
		require.Error(t, err, in)
		require.Contains(t, err.Error(), msg, in)
	}
	// The default: the zero Scale and "d^-1/2" are the same at every width.
	var zero Scale
	require.Equal(t, "d^-1/2", zero.String())
	require.True(t, zero.IsDefault())
	require.True(t, zero.DependsOnWidth())
	for _, w := range []int64{1, 2, 64, 4608} {
		require.Equal(t, 0, zero.Factor(w).Cmp(scale("d^-1/2").Factor(w)))
	}
	require.True(t, scale("each:d^-1/4").IsDefault())
	require.True(t, scale("1/sqrt(d)").IsDefault())
	require.False(t, scale("8/d").IsDefault(), "8/d equals 1/√d only at d = 64")
	require.False(t, scale("2*d^-1/2").IsDefault())
	require.False(t, scale("10").DependsOnWidth())
}

// TestLargestInputsFinish runs the costliest input the limits allow: roots
// of index 4 of 64-bit numbers in both stds and the scale, at the largest
// width. It must finish (about 2 s of CPU on this machine), not hang.
func TestLargestInputsFinish(t *testing.T) {
	if testing.Short() {
		t.Skip("about 2 s of exact arithmetic")
	}
	in := Input{MeasuredStd: rat("0.123456789"), DK: 1073741789, DModel: 1073741783, Heads: 1,
		Q: MeasuredEntry(std("2097143^(3/4)")), K: MeasuredEntry(std("2097133^(3/4)/3")), Intended: scale("each:2097131^(3/4)*d^(-3/4)")}
	r, err := Diagnose(in, tolerance)
	require.NoError(t, err)
	require.NotEmpty(t, r.Hypotheses)
}
