package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// A fileTotal counts the verdicts of one claims file.
type fileTotal struct {
	file         string
	holds, fails int
}

// claimsSummary words a file's or a run's totals: "84 claims: 83 hold,
// 1 fails", "1 claim: 1 holds, 0 fail".
func claimsSummary(holds, fails int) string {
	return fmt.Sprintf("%s: %d %s, %d %s", numwords.Count(holds+fails, "claim"),
		holds, numwords.Agree(holds, "holds", "hold"), fails, numwords.Agree(fails, "fails", "fail"))
}

// claimTotals counts the verdicts of each file, in the order the files
// first appear, and of all of them.
func claimTotals(verdicts []claims.Verdict) (files []fileTotal, all fileTotal) {
	index := map[string]int{}
	for _, r := range verdicts {
		i, ok := index[r.Claim.File]
		if !ok {
			i = len(files)
			index[r.Claim.File] = i
			files = append(files, fileTotal{file: r.Claim.File})
		}
		if r.Holds {
			files[i].holds++
			all.holds++
		} else {
			files[i].fails++
			all.fails++
		}
	}
	return files, all
}

// WriteVerdicts writes the verdicts of claims in format f, Text or JSON.
//
// Text is one aligned line per verdict, "verdict  file:line  claim
// printed FIGURE  exact VALUE"; when the verdicts come from several files,
// one line per file "FILE: <N> claims: <H> hold, <F> fail"; and the final
// line "<N> claims: <H> hold, <F> fail".
//
// JSON is one object: "claims", one object per verdict (file, line, kind,
// claim, settings, printed, holds, exact), "files", the totals of each
// file (file, claims, hold, fail), and the totals of all ("claims",
// "hold", "fail").
func WriteVerdicts(w io.Writer, verdicts []claims.Verdict, f Format) error {
	switch f {
	case Text:
		return writeVerdictsText(w, verdicts)
	case JSON:
		return writeVerdictsJSON(w, verdicts)
	}
	return formatError(f, Text, JSON)
}

func writeVerdictsText(w io.Writer, verdicts []claims.Verdict) error {
	rows := make([][]string, len(verdicts))
	for i, r := range verdicts {
		word := "holds"
		if !r.Holds {
			word = "FAILS"
		}
		rows[i] = []string{word, fmt.Sprintf("%s:%d", r.Claim.File, r.Claim.Line), r.Claim.Text, "printed " + r.Printed, "exact " + r.Exact}
	}
	var b strings.Builder
	for _, l := range grid(rows, "  ") {
		b.WriteString(l + "\n")
	}
	files, all := claimTotals(verdicts)
	if len(files) > 1 {
		for _, t := range files {
			fmt.Fprintf(&b, "%s: %s\n", t.file, claimsSummary(t.holds, t.fails))
		}
	}
	fmt.Fprintf(&b, "%s\n", claimsSummary(all.holds, all.fails))
	_, err := io.WriteString(w, b.String())
	return err
}

func writeVerdictsJSON(w io.Writer, verdicts []claims.Verdict) error {
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
		File   string `json:"file,omitempty"`
		Claims int    `json:"claims"`
		Hold   int    `json:"hold"`
		Fail   int    `json:"fail"`
	}
	files, all := claimTotals(verdicts)
	out := struct {
		Claims []jsonClaim `json:"claims"`
		Files  []jsonTotal `json:"files"`
		Total  jsonTotal   `json:"total"`
	}{Claims: []jsonClaim{}, Files: []jsonTotal{}, Total: jsonTotal{Claims: len(verdicts), Hold: all.holds, Fail: all.fails}}
	for _, r := range verdicts {
		out.Claims = append(out.Claims, jsonClaim{File: r.Claim.File, Line: r.Claim.Line, Kind: r.Claim.Kind, Claim: r.Claim.Text,
			Settings: r.Claim.Settings, Printed: r.Printed, Holds: r.Holds, Exact: r.Exact})
	}
	for _, t := range files {
		out.Files = append(out.Files, jsonTotal{File: t.file, Claims: t.holds + t.fails, Hold: t.holds, Fail: t.fails})
	}
	return writeJSON(w, out)
}
