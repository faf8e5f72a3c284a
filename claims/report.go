package claims

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Summary counts the verdicts that hold and fail.
func Summary(verdicts []Verdict) (holds, fails int) {
	for _, r := range verdicts {
		if r.Holds {
			holds++
		} else {
			fails++
		}
	}
	return holds, fails
}

// A FileTotal counts the verdicts of one file.
type FileTotal struct {
	File         string
	Holds, Fails int
}

// Totals counts the verdicts of each file, in the order the files first
// appear.
func Totals(verdicts []Verdict) []FileTotal {
	var out []FileTotal
	index := map[string]int{}
	for _, r := range verdicts {
		i, ok := index[r.Claim.File]
		if !ok {
			i = len(out)
			index[r.Claim.File] = i
			out = append(out, FileTotal{File: r.Claim.File})
		}
		if r.Holds {
			out[i].Holds++
		} else {
			out[i].Fails++
		}
	}
	return out
}

// WriteReport writes one aligned line per verdict, "verdict  file:line
// claim  printed FIGURE  exact VALUE"; when the verdicts come from several
// files, one line per file "FILE: <N> claims: <H> hold, <F> fail"; and the
// final line "<N> claims: <H> hold, <F> fail".
func WriteReport(w io.Writer, verdicts []Verdict) error {
	var wLoc, wText, wPrinted int
	loc := func(r Verdict) string { return fmt.Sprintf("%s:%d", r.Claim.File, r.Claim.Line) }
	for _, r := range verdicts {
		wLoc = max(wLoc, utf8.RuneCountInString(loc(r)))
		wText = max(wText, utf8.RuneCountInString(r.Claim.Text))
		wPrinted = max(wPrinted, utf8.RuneCountInString(r.Printed))
	}
	var b strings.Builder
	for _, r := range verdicts {
		word := "holds"
		if !r.Holds {
			word = "FAILS"
		}
		fmt.Fprintf(&b, "%s  %s  %s  printed %s  exact %s\n", word, pad(loc(r), wLoc), pad(r.Claim.Text, wText), pad(r.Printed, wPrinted), r.Exact)
	}
	if totals := Totals(verdicts); len(totals) > 1 {
		for _, t := range totals {
			fmt.Fprintf(&b, "%s: %d claims: %d hold, %d fail\n", t.File, t.Holds+t.Fails, t.Holds, t.Fails)
		}
	}
	h, f := Summary(verdicts)
	fmt.Fprintf(&b, "%d claims: %d hold, %d fail\n", len(verdicts), h, f)
	_, err := io.WriteString(w, b.String())
	return err
}

func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(0, n-utf8.RuneCountInString(s)))
}

// WriteJSON writes the verdicts as one JSON object: "claims", one object
// per verdict (file, line, kind, claim, settings, printed, holds, exact),
// "files", the totals of each file (file, claims, hold, fail), and the
// totals of all ("claims", "hold", "fail").
func WriteJSON(w io.Writer, verdicts []Verdict) error {
	type jsonClaim struct {
		File     string            `json:"file"`
		Line     int               `json:"line"`
		Kind     string            `json:"kind"`
		Claim    string            `json:"claim"`
		Settings map[string]string `json:"settings"`
		Printed  string            `json:"printed"`
		Holds    bool              `json:"holds"`
		Exact    string            `json:"exact"`
	}
	type jsonTotal struct {
		File   string `json:"file"`
		Claims int    `json:"claims"`
		Hold   int    `json:"hold"`
		Fail   int    `json:"fail"`
	}
	out := struct {
		Claims []jsonClaim `json:"claims"`
		Files  []jsonTotal `json:"files"`
		Total  struct {
			Claims int `json:"claims"`
			Hold   int `json:"hold"`
			Fail   int `json:"fail"`
		} `json:"total"`
	}{Claims: []jsonClaim{}, Files: []jsonTotal{}}
	for _, r := range verdicts {
		out.Claims = append(out.Claims, jsonClaim{File: r.Claim.File, Line: r.Claim.Line, Kind: r.Claim.Kind, Claim: r.Claim.Text,
			Settings: r.Claim.Settings, Printed: r.Printed, Holds: r.Holds, Exact: r.Exact})
	}
	for _, t := range Totals(verdicts) {
		out.Files = append(out.Files, jsonTotal{File: t.File, Claims: t.Holds + t.Fails, Hold: t.Holds, Fail: t.Fails})
	}
	out.Total.Hold, out.Total.Fail = Summary(verdicts)
	out.Total.Claims = len(verdicts)
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
