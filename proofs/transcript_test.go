package proofs

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata/")

// TestTranscripts compares whole transcripts, in each format, with
// testdata/ byte for byte.
func TestTranscripts(t *testing.T) {
	signs := rational.Signs()
	for _, c := range []struct {
		file  string
		model Model
		ds    []int
		write func(*Transcript, io.Writer) error
	}{
		{"tie_both.txt", Model{Q: signs, K: signs, Tie: TieBoth}, []int{2, 3}, (*Transcript).WriteText},
		{"wide.txt", Model{Q: signs, K: signs}, []int{1, 64}, (*Transcript).WriteText},
		{"k_equals_q.md", Model{Pairs: SamePairs(signs)}, []int{1, 2}, (*Transcript).WriteMarkdown},
		{"tie_q_skewed.json", Model{Q: alphabet(t, "-2,1/2:4"), K: signs, Tie: TieQ}, []int{2}, (*Transcript).WriteJSON},
		{"equal_terms.txt", joint(t, equalTermsLaw), nil, (*Transcript).WriteText},
		{"holds.md", Model{Q: alphabet(t, "-3,1/3:9"), K: signs}, []int{1, 3}, (*Transcript).WriteMarkdown},
		{"holds.json", Model{Q: signs, K: signs}, []int{2}, (*Transcript).WriteJSON},
		{"pm2.txt", iid(t, "±2", "±2"), []int{1, 2}, (*Transcript).WriteText},
	} {
		t.Run(c.file, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, c.write(prove(t, c.model, c.ds...), &b))
			path := filepath.Join("testdata", c.file)
			if *update {
				require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "go test ./proofs -update writes it")
			require.Equal(t, string(want), b.String())
		})
	}
}

func TestTranscriptJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, prove(t, Model{Pairs: OppositePairs(rational.Signs())}, 1, 2).WriteJSON(&b))
	var out struct {
		Space struct {
			Description, Pairs, Tie string
		}
		Holds           bool
		ConclusionHolds bool `json:"conclusion_holds"`
		Runs            []struct {
			D       int `json:"d_k"`
			Listed  bool
			Sources []Source
			Steps   []struct {
				Step       int
				Assertions []map[string]any
			}
		}
		Diagnosis struct {
			Broken   []string `json:"broken_hypotheses"`
			Reasons  []string
			Smallest int `json:"smallest_d_k"`
		}
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &out))
	require.Equal(t, "-1 1, 1 -1", out.Space.Pairs)
	require.Equal(t, "none", out.Space.Tie)
	require.False(t, out.Holds)
	require.False(t, out.ConclusionHolds)
	require.Len(t, out.Runs, 2)
	require.True(t, out.Runs[1].Listed)
	require.Equal(t, 1, out.Diagnosis.Smallest)
	first := out.Runs[0].Steps[1].Assertions[0]
	require.Equal(t, "mean-term-product", first["id"])
	require.Equal(t, "-1", first["left_value"])
	require.Equal(t, "0", first["right_value"])
	require.Equal(t, false, first["holds"])
	require.Equal(t, []any{"indep-qk"}, first["rests_on"])
	require.Equal(t, "(q_i, k_i)", first["from"])
	indep := out.Runs[0].Steps[0].Assertions[6]
	require.Equal(t, "indep-qk", indep["id"])
	require.Equal(t, "independent", indep["hypothesis"])
	require.Equal(t, "P(q_1 = -1, k_1 = 1) = 1/2 ≠ 1/4 = P(q_1 = -1)·P(k_1 = 1)", indep["detail"])
	require.Contains(t, out.Diagnosis.Broken[0], "independent, at d_k = 1")
}

func TestMarkdownEscapes(t *testing.T) {
	require.Equal(t, `a\|b\*c\_d`, md("a|b*c_d"))
	require.Equal(t, "Éa", capitalize("éa"))
	var b strings.Builder
	require.NoError(t, prove(t, iid(t, "-1,1", "-1,1"), 2).WriteMarkdown(&b))
	require.Contains(t, b.String(), "| Step 1 | E[q\\_i] = 0 | 0 = 0 | i = 1..2 | (q\\_i, k\\_i) | holds |")
	require.Contains(t, b.String(), "- Every step holds for d\\_k = 2.")
}
