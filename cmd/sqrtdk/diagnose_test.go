package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDiagnoseExitStatus(t *testing.T) {
	for _, tc := range []struct {
		args   string
		status int
		words  string
	}{
		{"--measured-std 1.02 --d-k 64 --q-std 1 --k-std 1", 0, "Verdict: the scale is right"},
		// Entries not given: "as intended" may rest on unit entries, nothing else.
		{"--measured-std 1.02 --d-k 64", 0, "Verdict: the scale is right, if the query and key entries have std 1"},
		{"--measured-std 1.02 --d-k 64 --q-std 1", 0, "Verdict: the scale is right, if the key entries have std 1"},
		{"--measured-std 1.02 --d-k 64 --q-std 0.1275 --k-std 1", 1, "Verdict: scale missing"}, // the assumption broken
		{"--measured-std 1.6 --d-k 64", 1, "cannot tell without the entry sizes"},
		{"--measured-std 7.9 --d-k 64", 1, "If the query and key entries had std 1, the measurement would fit scale missing."},
		{"--measured-std 0.3116 --d-k 64 --heads 12", 1, "cannot tell without the entry sizes"}, // GPT-2's small entries: no false alarm
		{"--measured-std 0.125 --d-k 64 --intended-scale 1/d", 0, "the lesson assumes"},
		{"--measured-std 1 --d-k 64 --intended-scale 1/d", 1, "cannot tell without the entry sizes"},
		{"--measured-std 1 --d-k 64 --intended-scale each:d^-1/4", 0, "the lesson assumes"},
		{"--measured-std 8.1 --d-k 64 --intended-scale 1", 0, "the lesson assumes"},
		{"--measured-std 7.9 --d-k 64 --q-std 1 --k-std 1", 1, "Verdict: scale missing"},
		{"--measured-std 0.13 --d-k 64 --qk-norm rms", 1, "Verdict: scale applied twice / divided by d_k"},
		{"--measured-std 0.35 --d-k 64 --heads 8 --qk-norm rms", 1, "Verdict: model width instead of head width"},
		{"--measured-std 0.18 --d-k 128 --d-model 4096 --qk-norm rms", 1, "Verdict: model width instead of head width"},
		{"--measured-std 60 --d-k 64 --qk-norm rms", 1, "Verdict: scale inverted"},
		{"--measured-std 0 --d-k 64 --qk-norm rms", 1, "Verdict: scale 0"},
		{"--measured-std 4 --d-k 64 --q-std 2 --k-std 2", 0, "the right scale gives scores of std 4, not 1"},
		{"--measured-std 3 --d-k 64 --qk-norm rms", 1, "Verdict: unexplained"},
		{"--measured-std 0.85 --d-k 64 --heads 2 --qk-norm rms", 1, "Verdict: cannot tell. The measurement fits scale right"},
		{"--measured-std 0.85 --d-k 64 --heads 2 --qk-norm rms --tolerance 1.18", 0, "Verdict: the scale is right"},
		{"--measured-std 0.125 --d-k 64 --qk-norm rms --intended-scale 1/d", 0, "Verdict: the scale is right"},
		{"--measured-std 1 --d-k 64 --qk-norm rms --intended-scale 1/d", 1, "Verdict: 1/√d_k instead of the intended scale"},
		{"--measured-std 1 --d-k 64 --qk-norm rms --intended-scale each:d^-1/4", 0, "Verdict: the scale is right"},
		{"--measured-std 0.0313 --d-k 32 --qk-norm l2", 0, "Verdict: the scale is right"}, // σ_q·σ_k·√32/√32 = 1/32
		{"--measured-std 0 --d-k 64 --d-model 512 --init-std 0,0.02", 1, "cannot tell. The query or key entries have std 0"},
		// The configuration the old routine refused (d_model ≠ heads × d_k):
		// d_model/heads predicts 0.943, ×1.06 from the right scale's 1.
		{"--measured-std 1 --d-k 128 --heads 32 --d-model 4608", 0, "Also within ×1.5: d_model/heads instead of head width (off by ×1.0607)"},
		{"--measured-std 1 --d-k 128 --heads 32 --d-model 4608 --qk-norm rms", 0, "Verdict: the scale is right. The measurement"},
		{"--measured-std 0.96 --d-k 128 --heads 32 --d-model 4608", 1, "cannot tell without the entry sizes"},
		{"--measured-std 0.96 --d-k 128 --heads 32 --d-model 4608 --qk-norm rms", 1, "Verdict: cannot tell. The measurement fits scale right (off by ×1.0417) and d_model/heads"},
		// d_k derived from d_model/heads.
		{"--measured-std 0.3116 --heads 12 --d-model 768 --init-std 0.02", 0, "known: d_k = 64, d_model = 768, 12 heads"},
	} {
		stdout, stderr, status := sqrtdk(append([]string{"diagnose"}, strings.Fields(tc.args)...)...)
		require.Equal(t, tc.status, status, "%s\nstdout:\n%s\nstderr:\n%s", tc.args, stdout, stderr)
		require.Contains(t, stdout, tc.words, "%s", tc.args)
		if status == 1 {
			require.Equal(t, 1, strings.Count(stderr, "\n"), "%s: %q", tc.args, stderr)
			require.True(t, strings.HasPrefix(stderr, "sqrtdk diagnose: "), stderr)
		} else {
			require.Empty(t, stderr)
		}
	}
}

// TestDiagnoseFlagsReachTheInput checks, through the JSON output, that each
// way of giving the entry sizes sets the stds it should.
func TestDiagnoseFlagsReachTheInput(t *testing.T) {
	type entry struct {
		Source string
		Std    *struct{ Exact string }
	}
	for _, tc := range []struct {
		args           string
		q, k           entry
		dk             int64
		intended, prod string
	}{
		{"--d-k 64 --q-std 0.5 --k-std 1/sqrt(2)", entry{"measured", &struct{ Exact string }{"1/2"}}, entry{"measured", &struct{ Exact string }{"1/2*sqrt(2)"}}, 64, "1/8", "1/4*sqrt(2)"},
		{"--d-k 64 --q-std 0.5", entry{"measured", &struct{ Exact string }{"1/2"}}, entry{"unknown", nil}, 64, "1/8", ""},
		{"--d-k 64 --d-model 768 --init-std 0.02", entry{"from the initialisation", &struct{ Exact string }{"8/25*sqrt(3)"}}, entry{"from the initialisation", &struct{ Exact string }{"8/25*sqrt(3)"}}, 64, "1/8", "192/625"},
		{"--d-k 64 --d-model 512 --init-std 1/sqrt(512*64),1/sqrt(512) --intended-scale 1", entry{"from the initialisation", &struct{ Exact string }{"1/8"}}, entry{"from the initialisation", &struct{ Exact string }{"1"}}, 64, "1", "1/8"},
		{"--d-k 64 --d-model 768 --init-std 1/48 --input-std 2", entry{"from the initialisation", &struct{ Exact string }{"2/3*sqrt(3)"}}, entry{"from the initialisation", &struct{ Exact string }{"2/3*sqrt(3)"}}, 64, "1/8", "4/3"},
		{"--d-k 128 --qk-norm l2 --intended-scale 10", entry{"QK-norm (unit length)", &struct{ Exact string }{"1/16*sqrt(2)"}}, entry{"QK-norm (unit length)", &struct{ Exact string }{"1/16*sqrt(2)"}}, 128, "10", "1/128"},
		{"--d-model 4096 --heads 32 --qk-norm rms", entry{"QK-norm (RMS 1)", &struct{ Exact string }{"1"}}, entry{"QK-norm (RMS 1)", &struct{ Exact string }{"1"}}, 128, "1/16*sqrt(2)", "1"},
	} {
		stdout, stderr, status := sqrtdk(append([]string{"diagnose", "--measured-std", "1", "--format", "json"}, strings.Fields(tc.args)...)...)
		require.NotEqual(t, 2, status, "%s: %s", tc.args, stderr)
		var got struct {
			DK       int64 `json:"d_k"`
			Q, K     entry
			Entries  *struct{ Exact string } `json:"entry_product"`
			Intended struct{ Exact string }  `json:"intended_factor"`
		}
		require.NoError(t, json.Unmarshal([]byte(stdout), &got), stdout)
		require.Equal(t, tc.q, got.Q, tc.args)
		require.Equal(t, tc.k, got.K, tc.args)
		require.Equal(t, tc.dk, got.DK, tc.args)
		require.Equal(t, tc.intended, got.Intended.Exact, tc.args)
		if tc.prod == "" {
			require.Nil(t, got.Entries, tc.args)
		} else {
			require.Equal(t, tc.prod, got.Entries.Exact, tc.args)
		}
	}
}

func TestDiagnoseBadInput(t *testing.T) {
	for _, args := range []string{
		"",
		"--d-k 64",
		"--measured-std 1",
		"--measured-std 1 --heads 12",
		"--measured-std -2 --d-k 64",
		"--measured-std abc --d-k 64",
		"--measured-std 1e3 --d-k 64",
		"--measured-std 1 --d-k 0",
		"--measured-std 1 --d-k -64",
		"--measured-std 1 --d-k sixty",
		"--measured-std 1 --d-k 64 --d-model 0",
		"--measured-std 1 --d-k 64 --d-model 500 --heads 8",
		"--measured-std 1 --d-model 500 --heads 8",
		"--measured-std 1 --d-k 64 --heads -1",
		"--measured-std 1 --d-k 64 --heads 2000000000",
		"--measured-std 1 --d-k 64 --q-std -1",
		"--measured-std 1 --d-k 64 --k-std x",
		"--measured-std 1 --d-k 64 --k-std 1/0",
		"--measured-std 1 --d-k 64 --init-std 0.02",
		"--measured-std 1 --d-k 64 --d-model 768 --init-std -0.02",
		"--measured-std 1 --d-k 64 --d-model 768 --init-std 0.02,0.02,0.02",
		"--measured-std 1 --d-k 64 --d-model 768 --init-std 0.02 --q-std 1",
		"--measured-std 1 --d-k 64 --input-std 2",
		"--measured-std 1 --d-k 64 --input-std 1",
		"--measured-std 1 --d-k 64 --d-model 768 --init-std 0.02 --input-std -1",
		"--measured-std 1 --d-k 64 --qk-norm l3",
		"--measured-std 1 --d-k 64 --qk-norm rms --k-std 1",
		"--measured-std 1 --d-k 64 --intended-scale d^^2",
		"--measured-std 1 --d-k 64 --intended-scale 0",
		"--measured-std 1 --d-k 64 --intended-scale -1/d",
		"--measured-std 1 --d-k 64 --intended-scale each:",
		"--measured-std 1 --d-k 64 --intended-scale d^100",
		"--measured-std 1 --d-k 64 --tolerance 1",
		"--measured-std 1 --d-k 64 --tolerance x",
		"--measured-std 1 --d-k 64 --format yaml",
		"--measured-std 1 --d-k 64 --no-such-flag",
	} {
		stdout, stderr, status := sqrtdk(append([]string{"diagnose"}, strings.Fields(args)...)...)
		require.Equal(t, 2, status, "%v: stdout %q stderr %q", args, stdout, stderr)
		require.Empty(t, stdout, "%v", args)
		first, _, _ := strings.Cut(stderr, "\n")
		require.True(t, strings.HasPrefix(first, "sqrtdk diagnose: "), "%v: %q", args, stderr)
		if !strings.Contains(args, "no-such-flag") {
			require.Equal(t, 1, strings.Count(stderr, "\n"), "%v: one line, got %q", args, stderr)
		}
	}
}
