package proofs

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// A line of the text transcript: a statement, its two values, the indices
// it covers and the verdict.
type line struct {
	statement, values, scope, verdict string
}

// lines groups a step's claims: claims that differ only in their index and
// have the same two values print once, with the indices they cover.
func lines(st Step, d int) []line {
	var out []line
	for n := 0; n < len(st.Equalities); {
		c := st.Equalities[n]
		m := n + 1
		for m < len(st.Equalities) && st.Equalities[m].Template == c.Template {
			m++
		}
		group := st.Equalities[n:m]
		same := true
		for _, g := range group {
			if g.LeftValue.Cmp(c.LeftValue) != 0 || g.RightValue.Cmp(c.RightValue) != 0 {
				same = false
			}
		}
		if same && len(group) > 1 {
			scope := fmt.Sprintf("i = 1..%d", d)
			if strings.Contains(c.Template, "_j") {
				scope = fmt.Sprintf("all %d pairs i < j", len(group))
			}
			out = append(out, line{c.Template, values(c), scope, verdict(c.Holds)})
		} else {
			for _, g := range group {
				out = append(out, line{g.Statement, values(g), "", verdict(g.Holds)})
			}
		}
		n = m
	}
	return out
}

func values(c Equality) string {
	rel := " = "
	if !c.Holds {
		rel = " ≠ "
	}
	return c.LeftValue.String() + rel + c.RightValue.String()
}

func verdict(holds bool) string {
	if holds {
		return "holds"
	}
	return "FAILS"
}

func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(0, n-utf8.RuneCountInString(s)))
}

// WriteText writes the transcript as plain text.
func (t *Transcript) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "The proof that Var(q·k) = d_k, checked on every pair of vectors\n")
	fmt.Fprintf(&b, "entries of q: %s; entries of k: %s; every pair equally likely\n", t.Q, t.K)
	for _, r := range t.Runs {
		fmt.Fprintf(&b, "\nd_k = %d (%s pairs)\n", r.D, r.Pairs)
		var all [][]line
		w1, w2, w3 := 0, 0, 0
		for _, st := range r.Steps {
			ls := lines(st, r.D)
			all = append(all, ls)
			for _, l := range ls {
				w1 = max(w1, utf8.RuneCountInString(l.statement))
				w2 = max(w2, utf8.RuneCountInString(l.values))
				w3 = max(w3, utf8.RuneCountInString(l.scope))
			}
		}
		for i, st := range r.Steps {
			fmt.Fprintf(&b, "Step %d  %s: %s  %s\n", st.Number, st.Title, st.Statement, verdict(st.Holds()))
			for _, l := range all[i] {
				fmt.Fprintf(&b, "    %s  %s  %s  %s\n", pad(l.statement, w1), pad(l.values, w2), pad(l.scope, w3), l.verdict)
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

// summary returns the verdict and, on failure, the diagnosis, one
// sentence per line.
func (t *Transcript) summary() []string {
	widths := make([]string, len(t.Runs))
	for i, r := range t.Runs {
		widths[i] = fmt.Sprint(r.D)
	}
	if t.Holds() {
		return []string{fmt.Sprintf("Every step holds for d_k = %s.", strings.Join(widths, ", "))}
	}
	var out []string
	for _, r := range t.Runs {
		if len(out) > 0 {
			break
		}
		for _, st := range r.Steps {
			if c, failed := st.FirstFailure(); failed {
				out = append(out, fmt.Sprintf("The proof fails: first at d_k = %d, Step %d (%s): %s is false (%s).",
					r.D, st.Number, st.Title, c.Statement, values(c)))
				break
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
		out = append(out, fmt.Sprintf("Broken hypothesis: %s.", h))
	}
	for _, s := range dg.Instead {
		out = append(out, fmt.Sprintf("Instead: %s.", s))
	}
	out = append(out, fmt.Sprintf("Smallest counterexample: d_k = %d, Step %d: %s is false (%s).",
		dg.Smallest, dg.Step, dg.Failure.Statement, values(dg.Failure)))
	if dg.Pair != "" {
		out = append(out, fmt.Sprintf("A pair that shows Step %d failing at d_k = %d: %s.", dg.PairStep, dg.Smallest, dg.Pair))
	}
	return out
}

// WriteMarkdown writes the transcript with one table per width.
func (t *Transcript) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## The proof that Var(q·k) = d_k\n\nEntries of q: `%s`; entries of k: `%s`; every pair of vectors equally likely.\n", t.Q, t.K)
	for _, r := range t.Runs {
		fmt.Fprintf(&b, "\n### d_k = %d (%s pairs)\n\n", r.D, r.Pairs)
		b.WriteString("| step | claim | values | for | verdict |\n|---|---|---|---|---|\n")
		for _, st := range r.Steps {
			for _, l := range lines(st, r.D) {
				fmt.Fprintf(&b, "| Step %d | %s | %s | %s | %s |\n", st.Number, md(l.statement), md(l.values), l.scope, l.verdict)
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
	out := struct {
		Q         string     `json:"q_values"`
		K         string     `json:"k_values"`
		Holds     bool       `json:"holds"`
		Runs      []Run      `json:"runs"`
		Diagnosis *Diagnosis `json:"diagnosis,omitempty"`
	}{t.Q.String(), t.K.String(), t.Holds(), t.Runs, t.Diagnosis}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
