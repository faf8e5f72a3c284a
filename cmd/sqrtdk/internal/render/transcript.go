package render

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/proofs"
)

// WriteTranscript writes a checked proof in format f: Text (each width's
// steps with their assertions in aligned columns, then the verdict and any
// diagnosis, one sentence per line), Markdown (one table per width) or
// JSON (one object: the space, whether the steps and the conclusion hold,
// every run with its steps and assertions, exact values as strings, and
// the diagnosis).
func WriteTranscript(w io.Writer, t *proofs.Transcript, f Format) error {
	switch f {
	case Text:
		return writeTranscriptText(w, t)
	case Markdown:
		return writeTranscriptMarkdown(w, t)
	case JSON:
		return writeJSON(w, transcriptJSON(t))
	}
	return formatError(f, Text, Markdown, JSON)
}

// independenceNote says how independence is judged.
const independenceNote = "independent means: every combination of the variables' values has P(together) = Π P(each)"

// holdsWord is an assertion's or a step's verdict in a transcript.
func holdsWord(holds bool) string {
	if holds {
		return "holds"
	}
	return "FAILS"
}

// valuesText is what a transcript shows of an assertion's values: its
// Detail when it has one, else Values.
func valuesText(a proofs.Assertion) string {
	if a.Detail != "" {
		return a.Detail
	}
	return a.Values
}

// runHeader describes the space of one run.
func runHeader(r proofs.Run) string {
	if r.Listed {
		return fmt.Sprintf("d_k = %d: %s outcomes (q, k), every one listed; total weight %s", r.D, r.Outcomes, r.Weight)
	}
	return fmt.Sprintf("d_k = %d: %s outcomes (q, k), not listed one by one: every value comes from an exact law", r.D, r.Outcomes)
}

func writeTranscriptText(w io.Writer, t *proofs.Transcript) error {
	var b strings.Builder
	b.WriteString("The proof that Var(q·k) = d_k, checked exactly on the whole sample space\n")
	fmt.Fprintf(&b, "space: %s\n", t.Model)
	b.WriteString(independenceNote + "\n")
	for _, r := range t.Runs {
		fmt.Fprintf(&b, "\n%s\n", runHeader(r))
		for _, s := range r.Sources {
			fmt.Fprintf(&b, "  from %s: %s\n", s.Name, s.Description)
		}
		// The assertions of all steps share their columns.
		var rows [][]string
		for _, st := range r.Steps {
			for _, a := range st.Assertions {
				rows = append(rows, []string{a.Statement, a.Values, a.Scope, a.Source, holdsWord(a.Holds)})
			}
		}
		lines := grid(rows, "  ")
		for _, st := range r.Steps {
			fmt.Fprintf(&b, "Step %d  %s: %s  %s\n", st.Number, st.Title, st.Statement, holdsWord(st.Holds()))
			for _, a := range st.Assertions {
				b.WriteString("    " + lines[0] + "\n")
				lines = lines[1:]
				if a.Detail != "" {
					fmt.Fprintf(&b, "        %s\n", a.Detail)
				}
			}
		}
	}
	b.WriteString("\n")
	for _, l := range transcriptSummary(t) {
		b.WriteString(l + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// transcriptSummary returns the verdict and, on failure, the diagnosis,
// one sentence per line.
func transcriptSummary(t *proofs.Transcript) []string {
	widths := make([]string, len(t.Runs))
	for i, r := range t.Runs {
		widths[i] = fmt.Sprint(r.D)
	}
	if t.Holds() {
		return []string{fmt.Sprintf("Every step holds for d_k = %s.", strings.Join(widths, ", "))}
	}
	var out []string
first:
	for _, r := range t.Runs {
		for _, st := range r.Steps {
			if a, failed := st.FirstFailure(); failed {
				out = append(out, fmt.Sprintf("The proof fails: first at d_k = %d, Step %d (%s): %s is false: %s.",
					r.D, st.Number, st.Title, a.Statement, valuesText(a)))
				break first
			}
		}
	}
	dg := t.Diagnosis
	if dg == nil {
		return out
	}
	if len(dg.Broken) == 0 {
		out = append(out, "No hypothesis of Step 1 is broken.")
	}
	for _, h := range dg.Broken {
		out = append(out, "Broken hypothesis: "+h+".")
	}
	for _, r := range dg.Reasons {
		out = append(out, "Why: "+r)
	}
	for _, s := range dg.Instead {
		out = append(out, "Instead: "+s+".")
	}
	out = append(out, capitalize(dg.Conclusion)+".")
	out = append(out, fmt.Sprintf("Smallest counterexample: d_k = %d, Step %d: %s is false: %s.",
		dg.Smallest, dg.Step, dg.Failure.Statement, valuesText(dg.Failure)))
	if dg.Pair != "" {
		out = append(out, fmt.Sprintf("An outcome that shows Step %d failing at d_k = %d: %s.", dg.PairStep, dg.Smallest, dg.Pair))
	}
	return out
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func writeTranscriptMarkdown(w io.Writer, t *proofs.Transcript) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## The proof that Var(q·k) = d_k\n\nSpace: %s. %s.\n", markdownText(t.Model.String()), markdownText(capitalize(independenceNote)))
	for _, r := range t.Runs {
		fmt.Fprintf(&b, "\n### %s\n\n", markdownText(runHeader(r)))
		for _, s := range r.Sources {
			fmt.Fprintf(&b, "- from %s: %s\n", markdownText(s.Name), markdownText(s.Description))
		}
		b.WriteString("\n| step | assertion | values | for | from | verdict |\n|---|---|---|---|---|---|\n")
		for _, st := range r.Steps {
			for _, a := range st.Assertions {
				fmt.Fprintf(&b, "| Step %d | %s | %s | %s | %s | %s |\n", st.Number, markdownText(a.Statement), markdownText(valuesText(a)),
					markdownText(a.Scope), markdownText(a.Source), holdsWord(a.Holds))
			}
		}
	}
	b.WriteString("\n")
	for _, l := range transcriptSummary(t) {
		b.WriteString("- " + markdownText(l) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// The JSON form of a transcript.
type (
	jsonModel struct {
		Description string `json:"description"`
		Q           string `json:"q_values,omitempty"`
		K           string `json:"k_values,omitempty"`
		Pairs       string `json:"pairs,omitempty"`
		Tie         string `json:"tie"`
		JointWidth  int    `json:"joint_d_k,omitempty"`
	}
	jsonAssertion struct {
		ID         string   `json:"id"`
		Statement  string   `json:"statement"`
		Scope      string   `json:"for,omitempty"`
		Left       string   `json:"left"`
		LeftValue  string   `json:"left_value"`
		Right      string   `json:"right"`
		RightValue string   `json:"right_value"`
		Holds      bool     `json:"holds"`
		Detail     string   `json:"detail,omitempty"`
		Hypothesis string   `json:"hypothesis,omitempty"`
		RestsOn    []string `json:"rests_on,omitempty"`
		Because    string   `json:"because,omitempty"`
		Source     string   `json:"from"`
	}
	jsonStep struct {
		Number     int             `json:"step"`
		Title      string          `json:"title"`
		Statement  string          `json:"statement"`
		Assertions []jsonAssertion `json:"assertions"`
	}
	jsonSource struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	}
	jsonRun struct {
		D        int          `json:"d_k"`
		Outcomes string       `json:"outcomes"`
		Weight   string       `json:"weight"`
		Listed   bool         `json:"listed"`
		Sources  []jsonSource `json:"sources"`
		Steps    []jsonStep   `json:"steps"`
	}
	jsonDiagnosis struct {
		Broken     []string      `json:"broken_hypotheses"`
		Reasons    []string      `json:"reasons"`
		Instead    []string      `json:"what_holds_instead"`
		Conclusion string        `json:"conclusion"`
		Smallest   int           `json:"smallest_d_k"`
		Step       int           `json:"step"`
		Failure    jsonAssertion `json:"failure"`
		Pair       string        `json:"pair,omitempty"`
		PairStep   int           `json:"pair_step,omitempty"`
	}
	jsonTranscript struct {
		Model           jsonModel      `json:"space"`
		Holds           bool           `json:"holds"`
		ConclusionHolds bool           `json:"conclusion_holds"`
		Runs            []jsonRun      `json:"runs"`
		Diagnosis       *jsonDiagnosis `json:"diagnosis,omitempty"`
	}
)

func assertionJSON(a proofs.Assertion) jsonAssertion {
	return jsonAssertion{a.ID, a.Statement, a.Scope, a.Left, a.LeftValue.String(), a.Right, a.RightValue.String(), a.Holds, a.Detail,
		a.Hypothesis, a.RestsOn, a.Because, a.Source}
}

func transcriptJSON(t *proofs.Transcript) jsonTranscript {
	m := t.Model
	out := jsonTranscript{Model: jsonModel{Description: m.String(), Q: m.Q.String(), K: m.K.String(), Pairs: m.Pairs.String(), Tie: m.Tie.String()},
		Holds: t.Holds(), ConclusionHolds: t.ConclusionHolds()}
	if m.Joint != nil {
		out.Model.JointWidth = m.Joint.D
	}
	for _, r := range t.Runs {
		jr := jsonRun{D: r.D, Outcomes: r.Outcomes, Weight: r.Weight, Listed: r.Listed}
		for _, s := range r.Sources {
			jr.Sources = append(jr.Sources, jsonSource{s.Name, s.Description})
		}
		for _, st := range r.Steps {
			js := jsonStep{Number: st.Number, Title: st.Title, Statement: st.Statement}
			for _, a := range st.Assertions {
				js.Assertions = append(js.Assertions, assertionJSON(a))
			}
			jr.Steps = append(jr.Steps, js)
		}
		out.Runs = append(out.Runs, jr)
	}
	if dg := t.Diagnosis; dg != nil {
		out.Diagnosis = &jsonDiagnosis{Broken: dg.Broken, Reasons: dg.Reasons, Instead: dg.Instead, Conclusion: dg.Conclusion,
			Smallest: dg.Smallest, Step: dg.Step, Failure: assertionJSON(dg.Failure), Pair: dg.Pair, PairStep: dg.PairStep}
	}
	return out
}
