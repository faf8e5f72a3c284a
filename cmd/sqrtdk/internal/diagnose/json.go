package diagnose

import (
	"encoding/json"
	"io"

	"github.com/sqrtdk/sqrtdk/rational"
)

// jsonNumber is an exact value and its decimal, rounded half-even.
type jsonNumber struct {
	Exact   string `json:"exact"`
	Decimal string `json:"decimal"`
}

func number(v rational.Value) *jsonNumber {
	return &jsonNumber{Exact: v.String(), Decimal: decimal(v)}
}

type jsonEntry struct {
	Source string      `json:"source"`
	Std    *jsonNumber `json:"std"`
}

type jsonHypothesis struct {
	Mistakes []string    `json:"mistakes"`
	Names    []string    `json:"names"`
	Factor   *jsonNumber `json:"factor"`
	Expected *jsonNumber `json:"expected_std"`
	// UnitEntries is true when Expected assumes σ_q·σ_k = 1 because the
	// entry sizes are unknown.
	UnitEntries bool        `json:"expected_assumes_unit_entries"`
	OffBy       *jsonNumber `json:"off_by"`
	Fits        bool        `json:"fits"`
	Needs       *jsonNumber `json:"needs_entry_product,omitempty"`
}

type jsonVerdict struct {
	Kind       string   `json:"kind"`
	Mistakes   []string `json:"mistakes,omitempty"`
	Reason     string   `json:"reason,omitempty"`
	Fitting    []string `json:"fitting"`
	ScaleRight bool     `json:"scale_right"`
	Text       string   `json:"text"`
}

type jsonResult struct {
	MeasuredStd string           `json:"measured_std"`
	DK          int64            `json:"d_k"`
	DModel      int64            `json:"d_model,omitempty"`
	Heads       int64            `json:"heads,omitempty"`
	Q           jsonEntry        `json:"q"`
	K           jsonEntry        `json:"k"`
	Entries     *jsonNumber      `json:"entry_product"`
	Intended    string           `json:"intended_scale"`
	IntendedAt  *jsonNumber      `json:"intended_factor"`
	Implied     *jsonNumber      `json:"implied_factor"`
	Tolerance   string           `json:"tolerance"`
	Hypotheses  []jsonHypothesis `json:"hypotheses"`
	Omitted     []string         `json:"omitted"`
	Verdict     jsonVerdict      `json:"verdict"`
	Notes       []string         `json:"notes"`
}

var kindIDs = map[Kind]string{AsIntended: "scale_right", Mistaken: "mistake", Unexplained: "unexplained", Undecided: "cannot_tell"}
var reasonIDs = map[Reason]string{EntriesUnknown: "entries_unknown", EntriesZero: "entries_zero", Ambiguous: "ambiguous"}

func entryJSON(e Entry) jsonEntry {
	j := jsonEntry{Source: e.Source.String()}
	if e.Known() {
		j.Std = number(e.Std)
	}
	return j
}

// WriteJSON writes the whole diagnosis as one indented JSON object: every
// hypothesis with its exact and decimal factor, expected std and distance
// from the measurement, and the verdict.
func (r Result) WriteJSON(w io.Writer) error {
	in := r.Input
	j := jsonResult{
		MeasuredStd: exactDecimal(in.MeasuredStd),
		DK:          in.DK, DModel: in.DModel, Heads: in.Heads,
		Q: entryJSON(in.Q), K: entryJSON(in.K),
		Intended:   in.Intended.String(),
		IntendedAt: number(r.Intended),
		Tolerance:  r.Tolerance.RatString(),
		Omitted:    []string{},
		Notes:      r.Notes(),
		Verdict: jsonVerdict{
			Kind:       kindIDs[r.Kind],
			Reason:     reasonIDs[r.Reason],
			Fitting:    []string{},
			ScaleRight: r.ScaleRight(),
			Text:       r.Explain(),
		},
	}
	if j.Notes == nil {
		j.Notes = []string{}
	}
	if r.EntriesKnown {
		j.Entries = number(r.Entries)
	}
	if a, ok := r.Implied(); ok {
		j.Implied = number(a)
	}
	for _, m := range r.Omitted {
		j.Omitted = append(j.Omitted, m.ID())
	}
	for _, h := range r.Hypotheses {
		jh := jsonHypothesis{Factor: number(h.Factor), Expected: number(h.Expected), UnitEntries: !r.EntriesKnown, Fits: h.Fits}
		for _, m := range h.Mistakes {
			jh.Mistakes = append(jh.Mistakes, m.ID())
			jh.Names = append(jh.Names, m.String())
		}
		if h.Off.Infinite {
			jh.OffBy = &jsonNumber{Exact: "inf", Decimal: "inf"}
		} else {
			jh.OffBy = number(h.Off.Factor)
		}
		if h.Needs != nil {
			jh.Needs = number(*h.Needs)
		}
		j.Hypotheses = append(j.Hypotheses, jh)
	}
	for _, i := range r.Fitting {
		j.Verdict.Fitting = append(j.Verdict.Fitting, r.Hypotheses[i].Mistake().ID())
	}
	if r.Kind == AsIntended || r.Kind == Mistaken {
		for _, m := range r.Hypotheses[r.Verdict].Mistakes {
			j.Verdict.Mistakes = append(j.Verdict.Mistakes, m.ID())
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(j)
}
