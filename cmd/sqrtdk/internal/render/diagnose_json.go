package render

import (
	"github.com/sqrtdk/sqrtdk/rational"
	"github.com/sqrtdk/sqrtdk/scalecheck"
)

// jsonNumber is an exact value and its decimal, rounded half-even.
type jsonNumber struct {
	Exact   string `json:"exact"`
	Decimal string `json:"decimal"`
}

func number(v rational.Value) *jsonNumber {
	return &jsonNumber{Exact: v.String(), Decimal: decimal(v)}
}

type jsonDiagnosisEntry struct {
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
	Kind string `json:"kind"`
	// RestsOn says what the verdict takes the entry sizes to be; Assumed is
	// the σ_q·σ_k it takes when an entry std was not given.
	RestsOn    string      `json:"rests_on"`
	Assumed    *jsonNumber `json:"assumed_entry_product,omitempty"`
	Mistakes   []string    `json:"mistakes,omitempty"`
	Reason     string      `json:"reason,omitempty"`
	Fitting    []string    `json:"fitting"`
	ScaleRight bool        `json:"scale_right"`
	Text       string      `json:"text"`
}

type jsonDiagnosisResult struct {
	MeasuredStd string             `json:"measured_std"`
	DK          int64              `json:"d_k"`
	DModel      int64              `json:"d_model,omitempty"`
	Heads       int64              `json:"heads,omitempty"`
	Q           jsonDiagnosisEntry `json:"q"`
	K           jsonDiagnosisEntry `json:"k"`
	Entries     *jsonNumber        `json:"entry_product"`
	Intended    string             `json:"intended_scale"`
	IntendedAt  *jsonNumber        `json:"intended_factor"`
	Implied     *jsonNumber        `json:"implied_factor"`
	Tolerance   string             `json:"tolerance"`
	Hypotheses  []jsonHypothesis   `json:"hypotheses"`
	Omitted     []string           `json:"omitted"`
	Verdict     jsonVerdict        `json:"verdict"`
	Notes       []string           `json:"notes"`
}

var kindIDs = map[scalecheck.Kind]string{scalecheck.AsIntended: "scale_right", scalecheck.Mistaken: "mistake", scalecheck.Unexplained: "unexplained", scalecheck.Undecided: "cannot_tell"}
var basisIDs = map[scalecheck.Basis]string{scalecheck.GivenEntries: "given_entries", scalecheck.UnitEntriesAssumed: "unit_entries_assumed", scalecheck.NoEntrySizes: "no_entry_sizes"}
var reasonIDs = map[scalecheck.Reason]string{scalecheck.EntriesUnknown: "entries_unknown", scalecheck.EntriesZero: "entries_zero", scalecheck.Ambiguous: "ambiguous"}

func entryJSON(e scalecheck.Entry) jsonDiagnosisEntry {
	j := jsonDiagnosisEntry{Source: e.Source.String()}
	if e.Known() {
		j.Std = number(e.Std)
	}
	return j
}

// diagnosisJSON is the JSON form of a diagnosis.
func diagnosisJSON(r scalecheck.Result) jsonDiagnosisResult {
	in := r.Input
	j := jsonDiagnosisResult{
		MeasuredStd: exactDecimal(in.MeasuredStd),
		DK:          in.DK, DModel: in.DModel, Heads: in.Heads,
		Q: entryJSON(in.Q), K: entryJSON(in.K),
		Intended:   in.Intended.String(),
		IntendedAt: number(r.Intended),
		Tolerance:  r.Tolerance.RatString(),
		Omitted:    []string{},
		Notes:      diagnosisNotes(r),
		Verdict: jsonVerdict{
			Kind:       kindIDs[r.Kind],
			RestsOn:    basisIDs[r.RestsOn()],
			Reason:     reasonIDs[r.Reason],
			Fitting:    []string{},
			ScaleRight: r.ScaleRight(),
			Text:       diagnosisVerdict(r),
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
	if r.RestsOn() == scalecheck.UnitEntriesAssumed {
		j.Verdict.Assumed = number(r.Entries)
	}
	for _, m := range r.Omitted {
		j.Omitted = append(j.Omitted, mistakeID(m))
	}
	for _, h := range r.Hypotheses {
		jh := jsonHypothesis{Factor: number(h.Factor), Expected: number(h.Expected), UnitEntries: !r.EntriesKnown, Fits: h.Fits}
		for _, m := range h.Mistakes {
			jh.Mistakes = append(jh.Mistakes, mistakeID(m))
			jh.Names = append(jh.Names, mistakeTitle(m))
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
		j.Verdict.Fitting = append(j.Verdict.Fitting, mistakeID(r.Hypotheses[i].Mistake()))
	}
	if r.Kind == scalecheck.AsIntended || r.Kind == scalecheck.Mistaken {
		for _, m := range r.Hypotheses[r.Named].Mistakes {
			j.Verdict.Mistakes = append(j.Verdict.Mistakes, mistakeID(m))
		}
	}
	return j
}
