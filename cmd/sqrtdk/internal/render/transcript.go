package render

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/proofs"
)

// WriteTranscript writes a checked proof in format f: Text (the proof for
// every width, then each width's, steps with their assertions in aligned
// columns, then the verdict, the conclusion and any diagnosis, one
// sentence per line), Markdown (one table per run), LaTeX (a handout: a
// whole document, one table per run) or JSON (one object: the space,
// whether the steps and the conclusion hold, the conclusion, the proof for
// every width and every run with its steps and assertions, exact values
// and formulas as strings, and the diagnosis). An assertion true by
// construction shows as such, with its reason, never as "holds".
func WriteTranscript(w io.Writer, t *proofs.Transcript, f Format) error {
	switch f {
	case Text:
		return writeTranscriptText(w, t)
	case Markdown:
		return writeTranscriptMarkdown(w, t)
	case LaTeX:
		return writeTranscriptLaTeX(w, t)
	case JSON:
		return writeJSON(w, transcriptJSON(t))
	}
	return formatError(f, Text, Markdown, LaTeX, JSON)
}

// runs returns the proof for every width, if any, then the runs at each
// width.
func runs(t *proofs.Transcript) []proofs.Run {
	if t.General == nil {
		return t.Runs
	}
	return append([]proofs.Run{*t.General}, t.Runs...)
}

// verdictWord is an assertion's verdict: "holds", "FAILS" or "by
// construction".
func verdictWord(a proofs.Assertion) string {
	if a.Holds && a.ByConstruction != "" {
		return "by construction"
	}
	return holdsWord(a.Holds)
}

// notes are the lines a transcript prints under an assertion: what
// breaks it (Detail), and why it holds by construction.
func notes(a proofs.Assertion) []string {
	var out []string
	if a.Detail != "" {
		out = append(out, a.Detail)
	}
	if a.Holds && a.ByConstruction != "" {
		out = append(out, "by construction: "+a.ByConstruction)
	}
	return out
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
func runHeader(t *proofs.Transcript, r proofs.Run) string {
	switch {
	case r.D == 0:
		return "For every d_k: from the laws of one coordinate pair and of two, which are the same at every width"
	case t.Model.Joint != nil:
		return fmt.Sprintf("d_k = %d, the one width a joint law has (nothing here holds for other widths): %s outcomes (q, k), every one listed; total weight %s", r.D, r.Outcomes, r.Weight)
	case r.Listed:
		return fmt.Sprintf("d_k = %d: %s outcomes (q, k), every one listed; total weight %s", r.D, r.Outcomes, r.Weight)
	}
	return fmt.Sprintf("d_k = %d: %s outcomes (q, k), not listed one by one: every value comes from an exact law", r.D, r.Outcomes)
}

func writeTranscriptText(w io.Writer, t *proofs.Transcript) error {
	var b strings.Builder
	b.WriteString("The proof that Var(q·k) = d_k, checked exactly\n")
	fmt.Fprintf(&b, "space: %s\n", t.Model)
	b.WriteString(independenceNote + "\n")
	for _, r := range runs(t) {
		fmt.Fprintf(&b, "\n%s\n", runHeader(t, r))
		for _, s := range r.Sources {
			fmt.Fprintf(&b, "  from %s: %s\n", s.Name, s.Description)
		}
		// The assertions of all steps share their columns.
		var rows [][]string
		for _, st := range r.Steps {
			for _, a := range st.Assertions {
				rows = append(rows, []string{a.Statement, a.Values, a.Scope, a.Source, verdictWord(a)})
			}
		}
		lines := grid(rows, "  ")
		for _, st := range r.Steps {
			fmt.Fprintf(&b, "Step %d  %s: %s  %s\n", st.Number, st.Title, st.Statement, holdsWord(stepHolds(st)))
			for _, a := range st.Assertions {
				b.WriteString("    " + lines[0] + "\n")
				lines = lines[1:]
				for _, n := range notes(a) {
					fmt.Fprintf(&b, "        %s\n", n)
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

// transcriptSummary returns the verdict, the conclusion and, on failure,
// the diagnosis, one sentence per line.
func transcriptSummary(t *proofs.Transcript) []string {
	var out []string
	if t.Holds() {
		out = append(out, "Every step holds "+coverage(t)+".")
		return append(out, capitalize(t.Conclusion)+".")
	}
first:
	for _, r := range runs(t) {
		for _, st := range r.Steps {
			if a, failed := st.FirstFailure(); failed {
				where := fmt.Sprintf("first at d_k = %d", r.D)
				if r.D == 0 {
					where = "for every d_k"
				}
				out = append(out, fmt.Sprintf("The proof fails %s, at Step %d (%s): %s is false: %s.", where, st.Number, st.Title, a.Statement, valuesText(a)))
				break first
			}
		}
	}
	dg := t.Diagnosis
	if dg == nil {
		return append(out, capitalize(t.Conclusion)+".")
	}
	if len(dg.Broken) == 0 {
		out = append(out, "No hypothesis of Step 1 is broken.")
	}
	for _, h := range dg.Broken {
		out = append(out, "Broken hypothesis: "+h+".")
	}
	if dg.ReasoningStep > 0 {
		// Where the lesson's argument, not its assumptions, first goes
		// wrong: with k = q, Step 2's E[q_i·k_i] = E[q_i]·E[k_i].
		out = append(out, fmt.Sprintf("The reasoning first breaks at Step %d: %s is false: %s.",
			dg.ReasoningStep, dg.ReasoningFailure.Statement, valuesText(dg.ReasoningFailure)))
	}
	for _, r := range dg.Reasons {
		out = append(out, "Why: "+r)
	}
	for _, s := range dg.Instead {
		out = append(out, "Instead: "+s+".")
	}
	out = append(out, capitalize(t.Conclusion)+".")
	if dg.Smallest > 0 {
		out = append(out, fmt.Sprintf("Smallest counterexample: d_k = %d, Step %d: %s is false: %s.",
			dg.Smallest, dg.Step, dg.Failure.Statement, valuesText(dg.Failure)))
	}
	if dg.Pair != "" {
		out = append(out, fmt.Sprintf("An outcome that shows Step %d failing at d_k = %d: %s.", dg.PairStep, dg.Smallest, dg.Pair))
	}
	return out
}

// coverage says which widths the proof was checked for: "for every d_k
// (…checked against enumerate at d_k = 1..N)", then the widths asked for.
func coverage(t *proofs.Transcript) string {
	var parts []string
	if g := t.General; g != nil {
		s := "for every d_k"
		if a, ok := g.Assertion("formula"); ok {
			s += " (the formula in d_k checked against enumerate at " + a.Scope + ")"
		}
		parts = append(parts, s)
	}
	if len(t.Runs) > 0 {
		widths := make([]string, len(t.Runs))
		for i, r := range t.Runs {
			widths[i] = fmt.Sprint(r.D)
		}
		parts = append(parts, "at d_k = "+strings.Join(widths, ", "))
	}
	return strings.Join(parts, ", and ")
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func writeTranscriptMarkdown(w io.Writer, t *proofs.Transcript) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## The proof that Var(q·k) = d_k\n\nSpace: %s. %s.\n", markdownText(t.Model.String()), markdownText(capitalize(independenceNote)))
	for _, r := range runs(t) {
		fmt.Fprintf(&b, "\n### %s\n\n", markdownText(runHeader(t, r)))
		for _, s := range r.Sources {
			fmt.Fprintf(&b, "- from %s: %s\n", markdownText(s.Name), markdownText(s.Description))
		}
		b.WriteString("\n| step | assertion | values | for | from | verdict |\n|---|---|---|---|---|---|\n")
		for _, st := range r.Steps {
			for _, a := range st.Assertions {
				verdict := verdictWord(a)
				if a.Holds && a.ByConstruction != "" {
					verdict += ": " + a.ByConstruction
				}
				fmt.Fprintf(&b, "| Step %d | %s | %s | %s | %s | %s |\n", st.Number, markdownText(a.Statement), markdownText(valuesText(a)),
					markdownText(a.Scope), markdownText(a.Source), markdownText(verdict))
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
		Verdict    string   `json:"verdict"`
		ByConstr   string   `json:"by_construction,omitempty"`
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
		D        int          `json:"d_k,omitempty"`
		Outcomes string       `json:"outcomes,omitempty"`
		Weight   string       `json:"weight,omitempty"`
		Listed   bool         `json:"listed"`
		Sources  []jsonSource `json:"sources"`
		Steps    []jsonStep   `json:"steps"`
	}
	jsonDiagnosis struct {
		Broken   []string       `json:"broken_hypotheses"`
		Reasons  []string       `json:"reasons"`
		Instead  []string       `json:"what_holds_instead"`
		Smallest int            `json:"smallest_d_k,omitempty"`
		Step     int            `json:"step"`
		Failure  *jsonAssertion `json:"failure,omitempty"`
		Pair     string         `json:"pair,omitempty"`
		PairStep int            `json:"pair_step,omitempty"`
		// ReasoningStep and ReasoningFailure: the first step whose
		// reasoning, not a hypothesis, fails, and its failing assertion.
		ReasoningStep    int            `json:"reasoning_step,omitempty"`
		ReasoningFailure *jsonAssertion `json:"reasoning_failure,omitempty"`
	}
	jsonTranscript struct {
		Model           jsonModel      `json:"space"`
		Holds           bool           `json:"holds"`
		ConclusionHolds bool           `json:"conclusion_holds"`
		Conclusion      string         `json:"conclusion"`
		General         *jsonRun       `json:"every_d_k,omitempty"`
		Runs            []jsonRun      `json:"runs"`
		Diagnosis       *jsonDiagnosis `json:"diagnosis,omitempty"`
	}
)

func assertionJSON(a proofs.Assertion) jsonAssertion {
	left, right := a.LeftValue.String(), a.RightValue.String()
	if a.LeftFormula != nil {
		left, right = a.LeftFormula.String(), a.RightFormula.String()
	}
	out := jsonAssertion{ID: a.ID, Statement: a.Statement, Scope: a.Scope, Left: a.Left, LeftValue: left, Right: a.Right, RightValue: right,
		Holds: a.Holds, Verdict: verdictWord(a), Detail: a.Detail, Hypothesis: a.Hypothesis, RestsOn: a.RestsOn, Because: a.Because, Source: a.Source}
	if a.Holds {
		out.ByConstr = a.ByConstruction
	}
	return out
}

func runJSON(r proofs.Run) jsonRun {
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
	return jr
}

func transcriptJSON(t *proofs.Transcript) jsonTranscript {
	m := t.Model
	out := jsonTranscript{Model: jsonModel{Description: m.String(), Q: m.Q.String(), K: m.K.String(), Pairs: m.Pairs.String(), Tie: m.Tie.String()},
		Holds: t.Holds(), ConclusionHolds: t.ConclusionHolds(), Conclusion: t.Conclusion, Runs: []jsonRun{}}
	if m.Joint != nil {
		out.Model.JointWidth = m.Joint.D
	}
	if t.General != nil {
		g := runJSON(*t.General)
		out.General = &g
	}
	for _, r := range t.Runs {
		out.Runs = append(out.Runs, runJSON(r))
	}
	if dg := t.Diagnosis; dg != nil {
		out.Diagnosis = &jsonDiagnosis{Broken: dg.Broken, Reasons: dg.Reasons, Instead: dg.Instead,
			Smallest: dg.Smallest, Step: dg.Step, Pair: dg.Pair, PairStep: dg.PairStep}
		if dg.Smallest > 0 {
			f := assertionJSON(dg.Failure)
			out.Diagnosis.Failure = &f
		}
		if dg.ReasoningStep > 0 {
			f := assertionJSON(dg.ReasoningFailure)
			out.Diagnosis.ReasoningStep, out.Diagnosis.ReasoningFailure = dg.ReasoningStep, &f
		}
	}
	return out
}

// stepHolds reports whether every assertion of a step holds.
func stepHolds(st proofs.Step) bool {
	_, failed := st.FirstFailure()
	return !failed
}
