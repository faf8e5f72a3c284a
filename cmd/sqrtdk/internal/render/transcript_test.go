package render

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/proofs"
	"github.com/sqrtdk/sqrtdk/rational"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata/transcripts")

// equalTermsLaw is a joint law whose entries are dependent but whose terms
// q_i·k_i are independent.
const equalTermsLaw = `# weight q k
1 -1,-1 -1,-1
1 -1,-1 1,1
1 -1,1 -1,1
1 -1,1 1,-1
1 1,-1 -1,1
1 1,-1 1,-1
1 1,1 -1,-1
1 1,1 1,1
`

func alphabet(t testing.TB, s string) rational.Alphabet {
	t.Helper()
	a, err := rational.ParseAlphabet(s)
	require.NoError(t, err)
	return a
}

func iid(t testing.TB, q, k string) proofs.Model {
	return proofs.Model{Q: alphabet(t, q), K: alphabet(t, k)}
}

func pairsModel(t testing.TB, s string) proofs.Model {
	t.Helper()
	l, err := proofs.ParsePairLaw(s)
	require.NoError(t, err)
	return proofs.Model{Pairs: l, Tie: proofs.TieQ}
}

func joint(t testing.TB, text string) proofs.Model {
	t.Helper()
	j, err := proofs.ReadJointLaw("", strings.NewReader(text))
	require.NoError(t, err)
	return proofs.Model{Joint: j}
}

// quick checks the formula for every width against enumerate at a few
// dozen widths, so that the goldens say the same on every run.
var quick = proofs.Options{CheckTime: 2 * time.Millisecond}

func prove(t testing.TB, m proofs.Model, ds ...int) *proofs.Transcript {
	t.Helper()
	tr, err := proofs.Prove(context.Background(), m, ds, quick)
	require.NoError(t, err)
	return tr
}

// TestTranscripts compares whole transcripts, in each format, with
// testdata/ byte for byte.
func TestTranscripts(t *testing.T) {
	signs := rational.Signs()
	for _, c := range []struct {
		file   string
		model  proofs.Model
		ds     []int
		format Format
	}{
		{"tie_both.txt", proofs.Model{Q: signs, K: signs, Tie: proofs.TieBoth}, []int{2, 3}, Text},
		{"wide.txt", proofs.Model{Q: signs, K: signs}, []int{1, 64}, Text},
		{"k_equals_q.md", proofs.Model{Pairs: proofs.SamePairs(signs)}, []int{1, 2}, Markdown},
		{"tie_q_skewed.json", proofs.Model{Q: alphabet(t, "-2,1/2:4"), K: signs, Tie: proofs.TieQ}, []int{2}, JSON},
		{"equal_terms.txt", joint(t, equalTermsLaw), nil, Text},
		{"holds.md", proofs.Model{Q: alphabet(t, "-3,1/3:9"), K: signs}, []int{1, 3}, Markdown},
		{"holds.json", proofs.Model{Q: signs, K: signs}, []int{2}, JSON},
		{"pm2.txt", iid(t, "±2", "±2"), []int{1, 2}, Text},
		{"every_width.txt", proofs.Model{Q: signs, K: signs}, nil, Text},
		{"tie_q_unequal.tex", pairsModel(t, "-1 -1:3, -1 1, 1 -1, 1 1:2"), []int{2}, LaTeX},
	} {
		t.Run(c.file, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, WriteTranscript(&b, prove(t, c.model, c.ds...), c.format))
			path := filepath.Join("testdata", "transcripts", c.file)
			if *update {
				require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "go test ./cmd/sqrtdk/internal/render -update writes it")
			require.Equal(t, string(want), b.String())
		})
	}
}

type testRun struct {
	D       int `json:"d_k"`
	Listed  bool
	Sources []jsonSource
	Steps   []struct {
		Step       int
		Assertions []map[string]any
	}
}

func TestTranscriptJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteTranscript(&b, prove(t, proofs.Model{Pairs: proofs.OppositePairs(rational.Signs())}, 1, 2), JSON))
	var out struct {
		Space struct {
			Description, Pairs, Tie string
		}
		Holds           bool
		ConclusionHolds bool `json:"conclusion_holds"`
		Conclusion      string
		General         *testRun `json:"every_d_k"`
		Runs            []testRun
		Diagnosis       struct {
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
	require.Equal(t, "FAILS", indep["verdict"])
	require.Contains(t, out.Diagnosis.Broken[0], "independent, for every d_k")
	require.NotNil(t, out.General)
	require.Zero(t, out.General.D, "the proof for every width has no d_k")
	scaled := out.General.Steps[4].Assertions[1]
	require.Equal(t, "var-scaled", scaled["id"])
	require.Equal(t, "0", scaled["left_value"], "Var(q·k/√d_k) = 0 for every d_k")
	require.Equal(t, "every d_k", scaled["for"])
	byConstruction := out.General.Steps[3].Assertions[1]
	require.Equal(t, "cov-terms", byConstruction["id"])
	require.Equal(t, "by construction", byConstruction["verdict"])
	require.Contains(t, byConstruction["by_construction"], "the model draws the coordinate pairs independently")
	require.Contains(t, out.Conclusion, "fails at every width")
}

func TestMarkdownEscapes(t *testing.T) {
	require.Equal(t, "Éa", capitalize("éa"))
	var b strings.Builder
	require.NoError(t, WriteTranscript(&b, prove(t, iid(t, "-1,1", "-1,1"), 2), Markdown))
	require.Contains(t, b.String(), "| Step 1 | E[q\\_i] = 0 | both 0 | i = 1..2 | (q\\_i, k\\_i) | holds |")
	require.Contains(t, b.String(), "| Step 4 | Cov(q\\_i·k\\_i, q\\_j·k\\_j) = 0 | both 0 | every i < j | (q\\_i, k\\_i, q\\_j, k\\_j) | by construction: the model draws")
	require.Contains(t, b.String(), "- Every step holds for every d\\_k (the formula in d\\_k checked against enumerate at d\\_k = 1..")
	require.Contains(t, b.String(), ", and at d\\_k = 2.")
}

// TestTranscriptLaTeXIsASCII: every symbol a transcript writes reaches the
// handout in LaTeX's own terms, so pdflatex never meets a character its
// fonts lack, whatever the space; the golden handouts are compiled by the
// command's LaTeX test.
func TestTranscriptLaTeXIsASCII(t *testing.T) {
	signs := rational.Signs()
	for _, c := range []struct {
		model proofs.Model
		ds    []int
	}{
		{proofs.Model{Q: signs, K: signs}, []int{1, 2, 64}},
		{iid(t, "0,2", "±10000000001/10000000000"), []int{2}},
		{proofs.Model{Q: alphabet(t, "-2,1/2:4"), K: signs, Tie: proofs.TieQ}, []int{3}},
		{proofs.Model{Pairs: proofs.OppositePairs(signs), Tie: proofs.TieBoth}, []int{2}},
		{pairsModel(t, "-1 -1:3, -1 1, 1 -1, 1 1:2"), []int{2, 3}},
		{joint(t, equalTermsLaw), nil},
	} {
		var b strings.Builder
		require.NoError(t, WriteTranscript(&b, prove(t, c.model, c.ds...), LaTeX))
		for n, r := range b.String() {
			require.Less(t, r, rune(128), "%s: %q at byte %d is not ASCII: %s", c.model, r, n, b.String()[max(0, n-40):n])
		}
		// Mathematics is set as mathematics: none of the text escaper's
		// forms of a subscript, a power, a root, a product or a minus
		// sign is left, and no word of the command line.
		for _, leak := range []string{`\_`, `\^{}`, `$\surd$`, `$\cdot$`, `$^2$`, `$_k$`, `$-$`, `\sloppy`, "enumerate,", "from enumerate", "ms the check", "time limit"} {
			require.NotContains(t, b.String(), leak, "%s", c.model)
		}
	}
}

// TestTranscriptMathRoundTrips reads every line a transcript prints with
// the notation's grammar and checks that the expression trees write back
// exactly that line: the handout typesets the very values the text
// transcript prints. It also checks that the grammar finds the
// mathematics: no prose segment keeps a subscript, a power or a root.
func TestTranscriptMathRoundTrips(t *testing.T) {
	signs := rational.Signs()
	for _, c := range []struct {
		model proofs.Model
		ds    []int
	}{
		{proofs.Model{Q: signs, K: signs}, []int{1, 2}},
		{iid(t, "0,2", "±10000000001/10000000000"), []int{2}},
		{proofs.Model{Q: alphabet(t, "-2,1/2:4"), K: signs, Tie: proofs.TieQ}, []int{3}},
		{pairsModel(t, "-1 -1:3, -1 1, 1 -1, 1 1:2"), []int{2, 3}},
		{joint(t, equalTermsLaw), nil},
	} {
		tr := prove(t, c.model, c.ds...)
		lines := []string{tr.Model.String(), tr.Conclusion}
		lines = append(lines, transcriptSummary(tr)...)
		for _, r := range runs(tr) {
			lines = append(lines, runHeader(tr, r))
			for _, st := range r.Steps {
				lines = append(lines, st.Statement)
				for _, a := range st.Assertions {
					lines = append(lines, a.Statement, a.Values, a.Scope)
					lines = append(lines, notes(a)...)
				}
			}
		}
		for _, l := range lines {
			parsed := parseMathLine(l)
			require.Equal(t, l, parsed.Text(), "%s", c.model)
			for _, seg := range parsed {
				if seg.expr == nil {
					require.NotRegexp(t, `[_^²√]`, seg.prose, "%s: %q left as prose in %q", c.model, seg.prose, l)
				}
			}
		}
	}
}

// TestReasoningBreakSaid checks that a failing proof's transcript names
// the step where the lesson's reasoning, not a hypothesis, first breaks,
// in every format, from the diagnosis's own step and assertion: with
// k = q it is Step 2's E[q_i·k_i] = E[q_i]·E[k_i]; a diagnosis that names
// no such step (only hypotheses fail) says nothing of it, and a proof
// that holds has no diagnosis.
func TestReasoningBreakSaid(t *testing.T) {
	signs := rational.Signs()
	tr := prove(t, proofs.Model{Pairs: proofs.SamePairs(signs)}, 2)
	require.NotNil(t, tr.Diagnosis)
	require.Equal(t, 2, tr.Diagnosis.ReasoningStep)
	for f, want := range map[Format]string{Text: "reasoning first breaks at Step 2", Markdown: "reasoning first breaks at Step 2",
		LaTeX: "reasoning first breaks at Step $2$"} {
		var b bytes.Buffer
		require.NoError(t, WriteTranscript(&b, tr, f))
		assert.Contains(t, b.String(), want, "format %v", f)
	}
	var b bytes.Buffer
	require.NoError(t, WriteTranscript(&b, tr, JSON))
	assert.Contains(t, b.String(), `"reasoning_step": 2`)
	assert.Contains(t, b.String(), `"reasoning_failure": {`)
	assert.Contains(t, transcriptSummary(tr), "The reasoning first breaks at Step 2: E[q_i·k_i] = E[q_i]·E[k_i] is false: 1 ≠ 0.")

	// The same transcript with the diagnosis moved to Step 4 says Step 4:
	// the line follows the diagnosis, not a fixed text.
	moved := *tr
	dg := *tr.Diagnosis
	dg.ReasoningStep = 4
	moved.Diagnosis = &dg
	assert.Contains(t, strings.Join(transcriptSummary(&moved), "\n"), "reasoning first breaks at Step 4")
	dg.ReasoningStep = 0
	assert.NotContains(t, strings.Join(transcriptSummary(&moved), "\n"), "reasoning first breaks")

	holds := prove(t, proofs.Model{Q: signs, K: signs}, 2)
	require.Nil(t, holds.Diagnosis)
	assert.NotContains(t, strings.Join(transcriptSummary(holds), "\n"), "reasoning")
}
