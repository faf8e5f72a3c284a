package render

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/grade"
	"github.com/sqrtdk/sqrtdk/internal/mistake"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
	"github.com/sqrtdk/sqrtdk/rational"
	"github.com/sqrtdk/sqrtdk/scalecheck"
)

// places is the least number of decimals of a printed std or factor; more
// are used for small numbers so that at least sigDigits significant digits
// show. Every printed decimal is the exact value rounded half-even.
const (
	diagnosisPlaces = 4
	sigDigits       = 4
	maxPlaces       = 12
)

// decimal writes v rounded half-even with at least sigDigits significant
// digits (and at least places decimals, at most maxPlaces).
func decimal(v rational.Value) string {
	p := diagnosisPlaces
	if f := math.Abs(v.Float64()); f > 0 && f < 1 {
		// Float64 only chooses how many digits to print; the digits
		// themselves are the exact value correctly rounded.
		p = max(p, min(maxPlaces, sigDigits-1-int(math.Floor(math.Log10(f)))))
	}
	return v.Decimal(p, rational.RoundHalfEven)
}

// terminating returns v as its exact decimal ("0.125", "3") and true when v
// is a rational whose decimal expansion ends.
func terminating(v rational.Value) (string, bool) {
	r, ok := v.Rat()
	if !ok {
		return "", false
	}
	d := new(big.Int).Set(r.Denom())
	for _, p := range []int64{2, 5} {
		bp, m := big.NewInt(p), new(big.Int)
		for new(big.Int).QuoRem(d, bp, m); m.Sign() == 0 && d.Cmp(big.NewInt(1)) > 0; new(big.Int).QuoRem(d, bp, m) {
			d.Quo(d, bp)
		}
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return "", false
	}
	return exactDecimal(r), true
}

// approx writes "= v" for a value with a terminating decimal and "≈ v",
// rounded, otherwise.
func approx(v rational.Value) string {
	if d, ok := terminating(v); ok {
		return "= " + d
	}
	return "≈ " + decimal(v)
}

// show writes a value as an exact decimal when it is one ("0.0384") and
// otherwise in exact form with its decimal ("1/3 ≈ 0.3333").
func show(v rational.Value) string {
	if d, ok := terminating(v); ok {
		return d
	}
	return v.String() + " " + approx(v)
}

// brief writes a value as an exact decimal when it is one and as "≈ d"
// otherwise.
func brief(v rational.Value) string {
	if d, ok := terminating(v); ok {
		return d
	}
	return approx(v)
}

// exactDecimal writes r as a terminating decimal when it is one, such as
// "7.9", and as a fraction otherwise.
func exactDecimal(r *big.Rat) string {
	for p := 0; p <= 40; p++ {
		s := rational.FormatRat(r, p, rational.RoundHalfEven)
		if back, ok := new(big.Rat).SetString(s); ok && back.Cmp(r) == 0 {
			return s
		}
	}
	return r.RatString()
}

// mistakeTitle names a hypothesis's mistake in words: the catalogue's
// title, or "scale right" for the intended factor.
func mistakeTitle(m grade.MistakeKind) string {
	if m == scalecheck.ScaleRight {
		return "scale right"
	}
	return m.Title()
}

// mistakeID names a hypothesis's mistake for JSON: the catalogue's name,
// or "scale-right" for the intended factor.
func mistakeID(m grade.MistakeKind) string {
	if m == scalecheck.ScaleRight {
		return "scale-right"
	}
	return m.String()
}

// hypothesisNames joins the titles of a hypothesis's mistakes.
func hypothesisNames(h scalecheck.Hypothesis) string {
	s := make([]string, len(h.Mistakes))
	for i, m := range h.Mistakes {
		s[i] = mistakeTitle(m)
	}
	return strings.Join(s, " / ")
}

// WriteDiagnosis writes a diagnosis in format f:
//
//   - Text: the inputs, the table of hypotheses, the verdict in plain words
//     and any notes.
//   - JSON: one indented object: every hypothesis with its exact and
//     decimal factor, expected std and distance from the measurement, and
//     the verdict.
func WriteDiagnosis(w io.Writer, r scalecheck.Result, f Format) error {
	switch f {
	case Text:
		return writeDiagnosisText(w, r)
	case JSON:
		return writeJSON(w, diagnosisJSON(r))
	}
	return formatError(f, Text, JSON)
}

func writeDiagnosisText(w io.Writer, r scalecheck.Result) error {
	var b strings.Builder
	in := r.Input
	fmt.Fprintf(&b, "measured std of the scores before softmax: %s\n", exactDecimal(in.MeasuredStd))
	fmt.Fprintf(&b, "known: %s\n", knownWidths(r))
	fmt.Fprintf(&b, "entries: %s\n", entriesText(r))
	fmt.Fprintf(&b, "intended scale: %s, a factor of %s on q·k at d_k = %d\n\n", in.Intended, show(r.Intended), in.DK)
	b.WriteString(hypothesisTable(r))
	if r.EntriesKnown {
		b.WriteString("(expected std = σ_q·σ_k·√d_k·factor")
	} else {
		fmt.Fprintf(&b, "(expected std = σ_q·σ_k·√d_k·factor, shown for σ_q·σ_k = %s; needs = the σ_q·σ_k that makes a row exact", brief(r.Entries))
	}
	fmt.Fprintf(&b, "; off by = max(measured/expected, expected/measured); a row fits when off by ×%s at most)\n", exactDecimal(r.Tolerance))
	if len(r.Omitted) > 0 {
		names := make([]string, len(r.Omitted))
		for i, m := range r.Omitted {
			names[i] = mistakeTitle(m)
		}
		if len(names) == 1 {
			fmt.Fprintf(&b, "(%s applies the intended factor itself here, so it is no mistake and not listed)\n", names[0])
		} else {
			fmt.Fprintf(&b, "(%s and %s apply the intended factor itself here, so they are no mistakes and not listed)\n", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
		}
	}
	if a, ok := r.Implied(); ok {
		fmt.Fprintf(&b, "implied factor on q·k: %s (intended %s)\n", show(a), show(r.Intended))
	}
	b.WriteString("\n" + diagnosisVerdict(r) + "\n")
	for _, n := range diagnosisNotes(r) {
		b.WriteString("\nNote: " + n + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// hypothesisTable renders the hypotheses as aligned columns: the first and
// the last left-aligned, the numbers between right-aligned.
func hypothesisTable(r scalecheck.Result) string {
	header := []string{"hypothesis", "factor on q·k", "expected std", "exact", "off by"}
	if !r.EntriesKnown {
		header[2] = "if σ_q·σ_k = " + brief(r.Entries)
		header = append(header, "needs σ_q·σ_k")
	}
	rows := [][]string{header}
	fitting := map[int]bool{}
	for _, i := range r.Fitting {
		fitting[i] = true
	}
	for i, h := range r.Hypotheses {
		mark := ""
		switch {
		case fitting[i]:
			mark = "  <- fits"
		case i == r.Best:
			mark = "  <- closest"
		}
		row := []string{hypothesisNames(h), h.Factor.String(), decimal(h.Expected), h.Expected.String(), "×" + h.Off.Decimal(diagnosisPlaces)}
		if !r.EntriesKnown {
			needs := "-"
			if h.Needs != nil {
				needs = decimal(*h.Needs)
			}
			row = append(row, needs)
		}
		row[len(row)-1] += mark
		rows = append(rows, row)
	}
	right := make([]bool, len(header)-1)
	for j := 1; j < len(right); j++ {
		right[j] = true
	}
	var b strings.Builder
	for _, l := range grid(rows, "   ", right...) {
		b.WriteString(l + "\n")
	}
	return b.String()
}

// knownWidths describes the widths in one line.
func knownWidths(r scalecheck.Result) string {
	in := r.Input
	parts := []string{fmt.Sprintf("d_k = %d", in.DK)}
	if in.DModel > 0 {
		parts = append(parts, fmt.Sprintf("d_model = %d", in.DModel))
	}
	if in.Heads > 0 {
		parts = append(parts, numwords.Count(in.Heads, "head"))
		if in.DModel == 0 {
			parts = append(parts, fmt.Sprintf("model width taken as heads × d_k = %d", in.Heads*in.DK))
		}
	}
	return strings.Join(parts, ", ")
}

// entryText describes one entry std and where it comes from.
func entryText(e scalecheck.Entry) string {
	switch e.Source {
	case scalecheck.Unknown:
		return "unknown"
	case scalecheck.FromInit:
		return fmt.Sprintf("%s (from the initialisation: weights of std %s, fan-in %d, inputs of std %s)", show(e.Std), show(e.InitStd), e.FanIn, show(e.InputStd))
	}
	return fmt.Sprintf("%s (%s)", show(e.Std), e.Source)
}

// entriesText describes σ_q, σ_k and their product.
func entriesText(r scalecheck.Result) string {
	in := r.Input
	var s string
	if !in.Q.Known() && !in.K.Known() {
		return "σ_q and σ_k unknown"
	}
	if in.Q.Known() && in.K.Known() && in.Q.Std.Cmp(in.K.Std) == 0 && entryText(in.Q) == entryText(in.K) {
		s = "σ_q = σ_k = " + entryText(in.Q)
	} else {
		s = "σ_q = " + entryText(in.Q) + "; σ_k = " + entryText(in.K)
	}
	if r.EntriesKnown {
		s += "; σ_q·σ_k = " + show(r.Entries)
	}
	return s
}

// ratioText says how many times wider or narrower factor f makes the scores
// than the intended factor.
func ratioText(r scalecheck.Result, f rational.Value) string {
	if f.Sign() == 0 {
		return "all 0"
	}
	ratio := f.Mul(r.Intended.Inv())
	switch c := ratio.Cmp(rational.NewRat(big.NewRat(1, 1))); {
	case c > 0:
		return fmt.Sprintf("%s times wider than intended", show(ratio))
	case c < 0:
		inv := ratio.Inv()
		return fmt.Sprintf("%s times narrower than intended", show(inv))
	}
	return "as wide as intended"
}

// diagnosisVerdict says in plain words what the verdict means and what to
// look for.
func diagnosisVerdict(r scalecheck.Result) string {
	switch r.Kind {
	case scalecheck.AsIntended:
		return intendedText(r)
	case scalecheck.Mistaken:
		h := r.Hypotheses[r.Named]
		return fmt.Sprintf("Verdict: %s. The measurement fits a factor of %s on q·k (off by ×%s), which makes the scores %s; no other hypothesis comes within ×%s. %s",
			hypothesisNames(h), show(h.Factor), h.Off.Decimal(diagnosisPlaces), ratioText(r, h.Factor), exactDecimal(r.Tolerance), advice(r, h))
	case scalecheck.Unexplained:
		if r.Entries.Sign() == 0 {
			return "Verdict: unexplained. With entries of std 0 every score is 0 under any scale, but the measured std is not 0: one of the inputs is wrong."
		}
		best := r.Hypotheses[r.Best]
		s := fmt.Sprintf("Verdict: unexplained. No hypothesis is within ×%s of the measurement; the closest, %s, is off by ×%s.",
			exactDecimal(r.Tolerance), hypothesisNames(best), best.Off.Decimal(diagnosisPlaces))
		if a, ok := r.Implied(); ok && a.Sign() > 0 {
			s += fmt.Sprintf(" The measurement implies a factor of %s on q·k, %s.", show(a), ratioText(r, a))
		}
		return s + " Check the entry sizes (measure σ_q and σ_k directly) and look for a factor this catalogue does not list, such as a temperature or a per-layer factor."
	}
	switch r.Reason {
	case scalecheck.EntriesZero:
		return "Verdict: cannot tell. The query or key entries have std 0 (a zero-initialised W_q, as maximal-update parametrisation recommends, gives that), so every scale gives scores of std 0. Measure again once training has moved the weights."
	case scalecheck.Ambiguous:
		return ambiguousText(r)
	}
	return unknownEntriesText(r)
}

// intendedText explains an "as intended" verdict: on what entries it rests,
// how near the intended factor is, and any other row that fits, farther.
func intendedText(r scalecheck.Result) string {
	var s strings.Builder
	s.WriteString("Verdict: the scale is right")
	if r.RestsOn() == scalecheck.UnitEntriesAssumed {
		fmt.Fprintf(&s, ", if %s have std 1 as the lesson assumes (their size was not given)", unknownEntries(r.Input))
	}
	near := r.Hypotheses[0].Off
	fmt.Fprintf(&s, ". The measurement fits the intended factor %s on q·k (off by ×%s)", show(r.Intended), near.Decimal(diagnosisPlaces))
	if len(r.Fitting) == 1 {
		fmt.Fprintf(&s, " and no other hypothesis comes within ×%s.", exactDecimal(r.Tolerance))
		return s.String()
	}
	var others []string
	for _, i := range r.Fitting[1:] {
		h := r.Hypotheses[i]
		others = append(others, fmt.Sprintf("%s (off by ×%s)", hypothesisNames(h), h.Off.Decimal(diagnosisPlaces)))
	}
	fmt.Fprintf(&s, ". Also within ×%s: %s, but off by at least the square of the intended factor's ×%s (twice as far on a log scale), so the intended factor is clearly the nearest.",
		exactDecimal(r.Tolerance), strings.Join(others, " and "), near.Decimal(diagnosisPlaces))
	return s.String()
}

// unknownEntries names the entries whose std was not given.
func unknownEntries(in scalecheck.Input) string {
	switch {
	case in.Q.Known():
		return "the key entries"
	case in.K.Known():
		return "the query entries"
	}
	return "the query and key entries"
}

// ambiguousText explains a measurement that fits several hypotheses.
func ambiguousText(r scalecheck.Result) string {
	var parts []string
	lo, hi := r.Hypotheses[r.Fitting[0]].Expected, r.Hypotheses[r.Fitting[0]].Expected
	for _, i := range r.Fitting {
		h := r.Hypotheses[i]
		parts = append(parts, fmt.Sprintf("%s (off by ×%s)", hypothesisNames(h), h.Off.Decimal(diagnosisPlaces)))
		if h.Expected.Cmp(lo) < 0 {
			lo = h.Expected
		}
		if h.Expected.Cmp(hi) > 0 {
			hi = h.Expected
		}
	}
	s := fmt.Sprintf("Verdict: cannot tell. The measurement fits %s within ×%s.", strings.Join(parts, " and "), exactDecimal(r.Tolerance))
	if lo.Sign() > 0 {
		spread := hi.Mul(lo.Inv())
		s += fmt.Sprintf(" Their predictions are only ×%s apart; a tolerance below ×%s separates them, if the measurement is that precise.",
			decimal(spread), decimal(spread.Root(2)))
	}
	return s
}

// unknownEntriesText explains what the measurement fits if the entries are
// unit-size and what to measure to decide.
func unknownEntriesText(r scalecheck.Result) string {
	var s strings.Builder
	s.WriteString("Verdict: cannot tell without the entry sizes. The scores' std is σ_q·σ_k·√d_k·factor, so every factor fits some σ_q·σ_k.")
	if r.Input.MeasuredStd.Sign() == 0 {
		s.WriteString(" The scores have std 0: either the factor is 0, or the query or key entries are all 0 (a zero-initialised W_q, as maximal-update parametrisation recommends).")
	} else {
		var fits []string
		for _, i := range r.Fitting {
			fits = append(fits, hypothesisNames(r.Hypotheses[i]))
		}
		switch len(fits) {
		case 0:
			fmt.Fprintf(&s, " If %s had std 1, nothing would fit within ×%s (closest: %s).", unknownEntries(r.Input), exactDecimal(r.Tolerance), hypothesisNames(r.Hypotheses[r.Best]))
		default:
			fmt.Fprintf(&s, " If %s had std 1, the measurement would fit %s.", unknownEntries(r.Input), strings.Join(fits, " and "))
		}
		if n := r.Hypotheses[0].Needs; n != nil {
			each := n.Root(2)
			fmt.Fprintf(&s, " The scale is right if σ_q·σ_k %s (σ_q = σ_k %s each).", approx(*n), approx(each))
		}
	}
	s.WriteString(" To decide, measure the std of the query and key entries, or derive them from the weight initialisation.")
	return s.String()
}

// advice says what the code most likely does for hypothesis h.
func advice(r scalecheck.Result, h scalecheck.Hypothesis) string {
	in := r.Input
	var out []string
	has := map[grade.MistakeKind]bool{}
	for _, m := range h.Mistakes {
		has[m] = true
	}
	for _, m := range h.Mistakes {
		switch m {
		case mistake.Unscaled:
			out = append(out, fmt.Sprintf("q·k reaches softmax unscaled: apply the intended factor %s before softmax (a factor applied to the softmax output does nothing to how peaked the weights are).", show(r.Intended)))
		case mistake.ScaledTwice:
			out = append(out, "Look for the factor applied twice: once by hand (a pre-scaled query or key, a `* scale`) and once by an attention kernel that scales by default (scaled_dot_product_attention or a flash kernel with scale=None); keep one, for instance by passing scale=1 to the kernel.")
		case mistake.DividedByD:
			out = append(out, fmt.Sprintf("Look for a division by d_k = %d itself (`/ d_k`, `d_k ** -1`) where its square root was meant.", in.DK))
		case mistake.ScaleInverted:
			out = append(out, "Look for a factor that multiplies where it should divide (dividing by a scale that is already d_k^-1/2, or multiplying by √d_k).")
		case mistake.ModelWidth:
			mw, _ := in.ModelWidth()
			out = append(out, fmt.Sprintf("The formula is evaluated at the model width %d instead of the head width d_k = %d (a square root of the embedding size where the head size was meant).", mw, in.DK))
		case mistake.SplitWidth:
			sw, _ := in.SplitWidth()
			out = append(out, fmt.Sprintf("The formula is evaluated at d_model/heads = %d, but the heads are d_k = %d wide (a head size computed as d_model // heads in a model whose head width is set on its own).", sw, in.DK))
		case mistake.UsualScale:
			out = append(out, fmt.Sprintf("The usual 1/√d_k replaced the intended %s: typically an attention kernel's default scale where the model's own factor should be passed explicitly.", in.Intended))
		case mistake.UsualOnTop:
			out = append(out, "A kernel's default 1/√d_k is applied on top of the intended factor: pass the kernel the intended factor (or scale=1 when the factor is already applied).")
		case mistake.OneSide:
			out = append(out, "The factor meant for q and k each is applied to only one of them.")
		case mistake.ScaleZero:
			out = append(out, "Every score is 0, so softmax gives uniform weights whatever the keys: the factor is 0 (a default of 0 taken literally, an integer division, or a zero temperature).")
		}
	}
	if has[mistake.ScaledTwice] && has[mistake.DividedByD] {
		out = append(out, "These give exactly the same std, so no measurement separates them; the code does: two scalings mean the factor is applied twice, a single division by d_k means the square root was left out.")
	} else if len(h.Mistakes) > 1 {
		out = append(out, "These apply exactly the same factor here, so only the code can tell them apart.")
	}
	return strings.Join(out, " ")
}

// diagnosisNotes returns remarks that qualify the verdict.
func diagnosisNotes(r scalecheck.Result) []string {
	var notes []string
	if r.RestsOn() == scalecheck.UnitEntriesAssumed {
		notes = append(notes, assumptionNote(r))
	}
	if r.Kind == scalecheck.AsIntended {
		if n := widthNote(r); n != "" {
			notes = append(notes, n)
		}
	}
	if r.Input.Heads > 0 && r.Input.DModel == 0 && r.Input.Intended.DependsOnWidth() {
		notes = append(notes, fmt.Sprintf("without d_model, the model width is taken as heads × d_k = %d; give d_model if the heads are not d_model/heads wide.", r.Input.Heads*r.Input.DK))
	}
	return notes
}

// assumptionNote says, for a verdict on assumed unit entries, which other
// factors the same measurement fits with other entry sizes, and how to
// confirm the assumption.
func assumptionNote(r scalecheck.Result) string {
	var s strings.Builder
	fmt.Fprintf(&s, "this verdict rests on the lesson's assumption that %s have std 1, which nothing given here confirms; every factor fits some entry size.", unknownEntries(r.Input))
	var others []string
	for _, h := range r.Hypotheses[1:] {
		if h.Needs != nil {
			others = append(others, fmt.Sprintf("%s if σ_q·σ_k %s", hypothesisNames(h), approx(*h.Needs)))
		}
	}
	if len(others) > 0 {
		fmt.Fprintf(&s, " The same measurement comes from %s.", strings.Join(others, "; from "))
	}
	if n := r.Hypotheses[0].Needs; n != nil {
		t := rational.NewRat(r.Tolerance)
		fmt.Fprintf(&s, " The intended factor fits while σ_q·σ_k is from %s to %s.", brief(n.Mul(t.Inv())), brief(n.Mul(t)))
	}
	s.WriteString(" To confirm, measure the std of the query and key entries, or derive it from the weight initialisation (weights of std S and fan-in n on normalised inputs give σ = S·√n).")
	return s.String()
}

// widthNote explains why the intended scale gives scores whose std is not
// 1: entries whose std is not 1, an intended scale other than 1/√d_k, or
// both. It is empty when the std is 1.
func widthNote(r scalecheck.Result) string {
	one := rational.NewRat(big.NewRat(1, 1))
	right := r.Hypotheses[0].Expected
	if right.Cmp(one) == 0 {
		return ""
	}
	unitEntries := rational.PowerOf(r.Input.DK, big.NewRat(1, 2)).Mul(r.Intended) // the std entries of std 1 give
	var n string
	switch {
	case r.Entries.Cmp(one) == 0:
		return fmt.Sprintf("the intended scale gives scores of std %s, not 1, even with entries of std 1: only 1/√d_k keeps that std at 1 at every width.", brief(right))
	case unitEntries.Cmp(one) == 0:
		n = fmt.Sprintf("with these entries (σ_q·σ_k %s) the right scale gives scores of std %s, not 1: the factor on q·k removes the effect of the width, not of the entry size.", approx(r.Entries), brief(right))
	default:
		n = fmt.Sprintf("with these entries (σ_q·σ_k %s) the right scale gives scores of std %s: %s from the intended scale (what entries of std 1 give) times σ_q·σ_k, since the factor on q·k does not correct for the entry size.", approx(r.Entries), brief(right), brief(unitEntries))
	}
	if r.Entries.Cmp(one) < 0 {
		n += " Such narrow scores are normal at initialisation: at GPT-2-style initialisation (weights of std 0.02 on width 768, normalised inputs) the entries have std ≈ 0.55 and correctly scaled scores have std ≈ 0.31."
	}
	return n
}

// DiagnosisLine says a diagnosis's verdict in one line, for the error
// that gives a verdict other than "scale right" its exit status.
func DiagnosisLine(r scalecheck.Result) string {
	switch r.Kind {
	case scalecheck.Mistaken:
		return hypothesisNames(r.Hypotheses[r.Named])
	case scalecheck.Unexplained:
		return "unexplained factor"
	}
	switch r.Reason {
	case scalecheck.EntriesUnknown:
		return "cannot tell without the entry sizes"
	case scalecheck.EntriesZero:
		return "cannot tell: the entries have std 0"
	}
	return "cannot tell: more than one hypothesis fits"
}
