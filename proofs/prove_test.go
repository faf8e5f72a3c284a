package proofs

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

func prove(t *testing.T, q, k string, ds ...int) *Transcript {
	t.Helper()
	qa, err := rational.ParseAlphabet(q)
	require.NoError(t, err)
	ka, err := rational.ParseAlphabet(k)
	require.NoError(t, err)
	tr, err := Prove(context.Background(), qa, ka, ds)
	require.NoError(t, err)
	return tr
}

func TestProveHoldsForUnitVarianceAlphabets(t *testing.T) {
	for _, a := range unitAlphabets {
		tr := prove(t, a, a, 1, 2, 3)
		require.True(t, tr.Holds(), "entries {%s}", a)
		require.Nil(t, tr.Diagnosis)
	}
}

func TestProveDiagnosesLessonCounterexamples(t *testing.T) {
	cases := []struct {
		q, k      string
		step      int
		broken    []string
		instead   string
		pairShown bool
	}{
		{"-2,2", "-2,2", 1, []string{"E[q_i²] = 1 is false: E[q_i²] = 4", "E[k_i²] = 1 is false: E[k_i²] = 4"},
			"the std of q·k/√d_k is 4 at every d_k, not 1", true},
		{"0,1", "0,1", 1, []string{"E[q_i] = 0 is false: E[q_i] = 1/2"},
			"entries of q: E[q_i] = 1/2, E[q_i²] = 1/2; entries of k: E[k_i] = 1/2, E[k_i²] = 1/2", true},
		// A broken hypothesis whose conclusion survives: 4·1/4 = 1.
		{"-2,2", "-1/2,1/2", 1, []string{"E[q_i²] = 1 is false: E[q_i²] = 4"},
			"the conclusion Var(q·k/√d_k) = 1 still holds, because E[q_i²]·E[k_i²] = 1 although each factor differs from 1", false},
	}
	for _, c := range cases {
		tr := prove(t, c.q, c.k, 2, 3)
		require.False(t, tr.Holds())
		dg := tr.Diagnosis
		require.NotNil(t, dg)
		t.Logf("q {%s}, k {%s}: %+v", c.q, c.k, *dg)
		require.Equal(t, 1, dg.Smallest, "smallest d_k")
		require.Equal(t, c.step, dg.Step)
		for _, b := range c.broken {
			require.Contains(t, dg.Broken, b)
		}
		require.Contains(t, dg.Instead, c.instead)
		require.Equal(t, c.pairShown, dg.Pair != "", "pair: %q", dg.Pair)
	}
}

func TestProveWitnessPairs(t *testing.T) {
	dg := prove(t, "0,1", "0,1", 2).Diagnosis
	require.Equal(t, "q = (1), k = (1) has q·k = 1; 1 pairs score 1 but 0 score -1, so the scores do not cancel on average", dg.Pair)
	dg = prove(t, "-2,2", "-2,2", 2).Diagnosis
	require.Equal(t, "q = (-2), k = (-2) has q·k = 4: its squared distance from the mean is 16, where the claim needs an average of 1", dg.Pair)
}

func TestProveRefusesHugeSpaces(t *testing.T) {
	signs := rational.Signs()
	_, err := Prove(context.Background(), signs, signs, []int{2, 9})
	require.ErrorContains(t, err, "d_k = 9 has 262144 distinct pairs")
	_, err = NewSpace(signs, signs, 0)
	require.Error(t, err)
}

func TestProveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	signs := rational.Signs()
	_, err := Prove(ctx, signs, signs, []int{2})
	require.ErrorIs(t, err, context.Canceled)
}

func TestTranscriptFormats(t *testing.T) {
	tr := prove(t, "-2,2", "-2,2", 1, 2)
	var text, markdown, js bytes.Buffer
	require.NoError(t, tr.WriteText(&text))
	require.NoError(t, tr.WriteMarkdown(&markdown))
	require.NoError(t, tr.WriteJSON(&js))
	for _, out := range []string{text.String(), markdown.String()} {
		for n := 1; n <= 5; n++ {
			require.Contains(t, out, "Step "+string(rune('0'+n)))
		}
		require.Contains(t, out, "Var(q·k) = 16·d")
	}
	var decoded map[string]any
	require.NoError(t, json.Unmarshal(js.Bytes(), &decoded))
	require.Equal(t, false, decoded["holds"])
}
