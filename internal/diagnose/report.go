package diagnose

import (
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// places is the number of decimals of the printed stds and factors; each is
// the exact value correctly rounded.
const places = 4

// WriteText writes the table of hypotheses and the verdict in plain words.
func (r Result) WriteText(w io.Writer) error {
	var b strings.Builder
	in := r.Input
	fmt.Fprintf(&b, "measured std of the scores before softmax: %s\n", exactDecimal(in.MeasuredStd))
	fmt.Fprintf(&b, "known: %s\n\n", r.known())
	rows := [][]string{{"hypothesis", "expected std", "exact", "off by"}}
	for i, h := range r.Hypotheses {
		mark := ""
		if i == r.Best {
			mark = "  <- best fit"
		}
		rows = append(rows, []string{h.Mistake.String(), h.Expected.Decimal(places, rational.RoundHalfEven), h.Expected.String(), "×" + h.Off.Decimal(places, rational.RoundHalfEven) + mark})
	}
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for j, c := range row {
			widths[j] = max(widths[j], len([]rune(c)))
		}
	}
	for _, row := range rows {
		var line strings.Builder
		for j, c := range row {
			pad := widths[j] - len([]rune(c))
			if j == 0 || j == len(row)-1 {
				line.WriteString(c + strings.Repeat(" ", pad))
			} else {
				line.WriteString(strings.Repeat(" ", pad) + c)
			}
			if j < len(row)-1 {
				line.WriteString("   ")
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	b.WriteString("(off by = max(measured/expected, expected/measured): how many times too big or too small)\n")
	for _, m := range r.Omitted {
		fmt.Fprintf(&b, "(%s predicts the same std as a hypothesis above here, so it is not listed)\n", m)
	}
	b.WriteString("\n" + r.Explain() + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// known describes the input in one line.
func (r Result) known() string {
	in := r.Input
	parts := []string{fmt.Sprintf("d_k = %d", in.DK)}
	if in.DModel > 0 {
		parts = append(parts, fmt.Sprintf("d_model = %d", in.DModel))
	}
	if in.Heads > 0 {
		parts = append(parts, fmt.Sprintf("%d heads", in.Heads))
	}
	if in.QStd != nil {
		parts = append(parts, "σ_q = "+exactDecimal(in.QStd))
	}
	if in.KStd != nil {
		parts = append(parts, "σ_k = "+exactDecimal(in.KStd))
	}
	return strings.Join(parts, ", ")
}

// Explain says in plain words what the verdict means and what to do.
func (r Result) Explain() string {
	in := r.Input
	best := r.Hypotheses[r.Best]
	off := best.Off.Decimal(2, rational.RoundHalfEven)
	switch r.Verdict {
	case ScaleRight:
		return fmt.Sprintf("The scale looks right: the scores have about unit spread (off by ×%s), so softmax stays soft and trainable. If the model still learns badly, look elsewhere.", off)
	case ScaleMissing:
		return fmt.Sprintf("The division by √d_k looks missing: the scores spread about √%d %s times wider than they should, which pushes softmax toward one-hot weights with almost no gradient. Divide q·k by √d_k before softmax.", in.DK, valueText(rational.PowerOf(in.DK, ratHalf)))
	case ScaleTwice:
		return fmt.Sprintf("The scale looks applied twice: the scores are √%d %s times narrower than they should be, so attention is almost uniform and cannot prefer any token. Check for a manual division by √d_k on top of a library call that already scales (such as a default scale argument), and keep only one.", in.DK, valueText(rational.PowerOf(in.DK, ratHalf)))
	case ModelWidth:
		ratio, _ := in.headRatio()
		return fmt.Sprintf("The square root looks taken of the whole model width instead of one head's width: that makes the scores too small by √(d_model/d_k) = √%s %s, the square root of the number of heads. Divide by √d_k with d_k = %d, the width of one head.", ratio.RatString(), valueText(rational.NewRat(ratio).Root(2)), in.DK)
	case EntrySize:
		return fmt.Sprintf("The √d_k scale is right, but the entries of q and k are not unit-size: their stds multiply, giving scores with std %s instead of 1. √d_k removes the effect of the width, not of the entry size: check the weight initialisation and whether the input to attention is normalised.", best.Expected.Decimal(2, rational.RoundHalfEven))
	}
	return fmt.Sprintf("None of the usual mistakes explains this measurement: the closest (%s) is still off by ×%s, more than the tolerance ×%s. Print the std of the query and key entries and pass them with --q-std and --k-std; then check the weight initialisation and whether the input is normalised.", best.Mistake, off, r.Tolerance.FloatString(2))
}

// valueText writes "= v" for a rational value and "≈ v" with two decimals
// otherwise.
func valueText(v rational.Value) string {
	if v.IsRational() {
		return "= " + v.String()
	}
	return "≈ " + v.Decimal(2, rational.RoundHalfEven)
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
