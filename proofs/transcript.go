package proofs

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A line of the text transcript: one assertion's columns.
type line struct {
	statement, values, scope, source, verdict string
}

func lineOf(a Assertion) line {
	return line{a.Statement, a.Values, a.Scope, a.Source, verdict(a.Holds)}
}

func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(0, n-utf8.RuneCountInString(s)))
}

// independenceNote says how independence is judged.
const independenceNote = "independent means: every combination of the variables' values has P(together) = Π P(each)"

// header describes the space of one run.
func (r Run) header() string {
	if r.Listed {
		return fmt.Sprintf("d_k = %d: %s outcomes (q, k), every one listed; total weight %s", r.D, r.Outcomes, r.Weight)
	}
	return fmt.Sprintf("d_k = %d: %s outcomes (q, k), not listed one by one: every value comes from an exact law", r.D, r.Outcomes)
}

// WriteText writes the transcript as plain text.
func (t *Transcript) WriteText(w io.Writer) error {
	var b strings.Builder
	b.WriteString("The proof that Var(q·k) = d_k, checked exactly on the whole sample space\n")
	fmt.Fprintf(&b, "space: %s\n", t.Model)
	b.WriteString(independenceNote + "\n")
	for _, r := range t.Runs {
		fmt.Fprintf(&b, "\n%s\n", r.header())
		for _, s := range r.Sources {
			fmt.Fprintf(&b, "  from %s: %s\n", s.Name, s.Description)
		}
		var widths [4]int
		for _, st := range r.Steps {
			for _, a := range st.Assertions {
				l := lineOf(a)
				for n, s := range []string{l.statement, l.values, l.scope, l.source} {
					widths[n] = max(widths[n], utf8.RuneCountInString(s))
				}
			}
		}
		for _, st := range r.Steps {
			fmt.Fprintf(&b, "Step %d  %s: %s  %s\n", st.Number, st.Title, st.Statement, verdict(st.Holds()))
			for _, a := range st.Assertions {
				l := lineOf(a)
				fmt.Fprintf(&b, "    %s  %s  %s  %s  %s\n", pad(l.statement, widths[0]), pad(l.values, widths[1]),
					pad(l.scope, widths[2]), pad(l.source, widths[3]), l.verdict)
				if a.Detail != "" {
					fmt.Fprintf(&b, "        %s\n", a.Detail)
				}
			}
		}
	}
	b.WriteString("\n")
	for _, l := range t.summary() {
		b.WriteString(l + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// summary returns the verdict and, on failure, the diagnosis, one sentence
// per line.
func (t *Transcript) summary() []string {
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
					r.D, st.Number, st.Title, a.Statement, a.valuesText()))
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
		dg.Smallest, dg.Step, dg.Failure.Statement, dg.Failure.valuesText()))
	if dg.Pair != "" {
		out = append(out, fmt.Sprintf("An outcome that shows Step %d failing at d_k = %d: %s.", dg.PairStep, dg.Smallest, dg.Pair))
	}
	return out
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// WriteMarkdown writes the transcript with one table per width.
func (t *Transcript) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## The proof that Var(q·k) = d_k\n\nSpace: %s. %s.\n", md(t.Model.String()), md(capitalize(independenceNote)))
	for _, r := range t.Runs {
		fmt.Fprintf(&b, "\n### %s\n\n", md(r.header()))
		for _, s := range r.Sources {
			fmt.Fprintf(&b, "- from %s: %s\n", md(s.Name), md(s.Description))
		}
		b.WriteString("\n| step | assertion | values | for | from | verdict |\n|---|---|---|---|---|---|\n")
		for _, st := range r.Steps {
			for _, a := range st.Assertions {
				l := lineOf(a)
				fmt.Fprintf(&b, "| Step %d | %s | %s | %s | %s | %s |\n", st.Number, md(l.statement), md(a.valuesText()), md(l.scope), md(l.source), l.verdict)
			}
		}
	}
	b.WriteString("\n")
	for _, l := range t.summary() {
		b.WriteString("- " + md(l) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// md escapes the characters Markdown tables treat specially.
func md(s string) string {
	return strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`).Replace(s)
}

// WriteJSON writes the transcript as one JSON object.
func (t *Transcript) WriteJSON(w io.Writer) error {
	type model struct {
		Description string `json:"description"`
		Q           string `json:"q_values,omitempty"`
		K           string `json:"k_values,omitempty"`
		Pairs       string `json:"pairs,omitempty"`
		Tie         string `json:"tie"`
		JointWidth  int    `json:"joint_d_k,omitempty"`
	}
	m := model{Description: t.Model.String(), Tie: t.Model.Tie.String(), Pairs: t.Model.Pairs.String()}
	if t.Model.independentAlphabets() {
		m.Q, m.K = t.Model.Q.String(), t.Model.K.String()
	}
	if t.Model.Joint != nil {
		m.JointWidth = t.Model.Joint.D
	}
	out := struct {
		Model           model      `json:"space"`
		Holds           bool       `json:"holds"`
		ConclusionHolds bool       `json:"conclusion_holds"`
		Runs            []Run      `json:"runs"`
		Diagnosis       *Diagnosis `json:"diagnosis,omitempty"`
	}{m, t.Holds(), t.ConclusionHolds(), t.Runs, t.Diagnosis}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
