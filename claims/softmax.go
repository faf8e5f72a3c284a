package claims

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/internal/numwords"
	"github.com/sqrtdk/sqrtdk/internal/softmax"
	"github.com/sqrtdk/sqrtdk/rational"
)

// maxScores bounds the number of scores of a softmax claim.
const maxScores = 64

// Softmax claims are decided by package softmax with rigorous interval
// arithmetic: when the scores were printed rounded (rounded=P), the claim
// holds when some input within that rounding gives outputs that round to
// the figures; a whole printed vector must come from one input (see
// jointly).
func addSoftmaxKinds(m map[string]kindSpec) {
	keys := map[string]bool{"scores": true, "rounded": false, "dk": false, "places": false}
	outputWords := []string{"p", "output", "entry", "probability", "weight"}
	m["softmax"] = kindSpec{keys, buildSoftmax, valueList, nil}
	m["softmax-entry"] = kindSpec{merge(keys, map[string]bool{"entry": true}), buildSoftmaxEntry, oneValue, outputWords}
	m["jacobian-max"] = kindSpec{keys, buildJacobianMax, oneValue, []string{"max", "entry", "largest"}}
}

// softmaxInput reads the scores, their rounding and the width they are
// divided by (√dk) into a box of inputs.
func softmaxInput(c *Claim) (softmax.Box, string, error) {
	var rounded = -1
	if s, ok := c.Settings["rounded"]; ok {
		var n int
		if _, err := fmt.Sscanf(s, "%d", &n); err != nil || n < 0 || n > 100 || fmt.Sprint(n) != s {
			return softmax.Box{}, "", fmt.Errorf("rounded=%s: write the number of decimal places the scores were printed with (0 to 100)", s)
		}
		rounded = n
	}
	var dk *big.Rat
	if s, ok := c.Settings["dk"]; ok {
		v, err := rational.ParseRat(s)
		if err != nil || v.Sign() <= 0 || v.Cmp(big.NewRat(maxSampleWidth, 1)) > 0 {
			return softmax.Box{}, "", fmt.Errorf("dk=%s: the scores are divided by √dk; write a positive number up to %d", s, maxSampleWidth)
		}
		dk = v
	}
	fields := strings.Split(c.Settings["scores"], ",")
	if len(fields) > maxScores {
		return softmax.Box{}, "", fmt.Errorf("scores: at most %d scores", maxScores)
	}
	var pts []softmax.Printed
	var exact []*big.Rat
	for _, f := range fields {
		v, err := rational.ParseRat(f)
		if err != nil {
			return softmax.Box{}, "", fmt.Errorf("scores=%s: %v", c.Settings["scores"], err)
		}
		if rounded >= 0 {
			if !rational.HasPlaces(v, rounded) {
				return softmax.Box{}, "", fmt.Errorf("score %s has more than %s (rounded=%d)", f, numwords.Places(rounded), rounded)
			}
			pts = append(pts, softmax.Printed{Text: rational.FormatRat(v, rounded, rational.RoundHalfEven), Places: rounded})
		}
		exact = append(exact, v)
	}
	if rounded < 0 {
		return softmax.Point(exact, dk), "", nil
	}
	b, err := softmax.BoxFromPrinted(pts, dk)
	if err != nil {
		return b, "", err
	}
	return b, fmt.Sprintf(" (scores within ±%s)", rational.FormatRat(new(big.Rat).Sub(b.Hi[0], exact[0]), rounded+1, rational.RoundHalfEven)), nil
}

// softmaxFigure turns a decimal figure into the softmax package's form.
func softmaxFigure(p printed) (softmax.Printed, error) {
	if !p.isDecimal() || p.places < 0 {
		return softmax.Printed{}, fmt.Errorf("figure %q: a softmax figure is a decimal", p.text)
	}
	return softmax.Printed{Text: rational.FormatRat(p.value, p.places, rational.RoundHalfEven), Places: p.places}, nil
}

// oneSoftmaxFigure returns the one decimal of an answer, both as printed
// and in the softmax package's form.
func oneSoftmaxFigure(a *Answer) (printed, softmax.Printed, error) {
	fig, err := oneFigure(a)
	if err != nil {
		return printed{}, softmax.Printed{}, err
	}
	out, err := softmaxFigure(fig)
	return fig, out, err
}

// describeRange writes the attainable values: one rounded value when the
// range is a point, or its hull.
func describeRange(r softmax.Range, places int) string {
	h := r.Hull()
	lo := rational.FormatRat(h.Lo, places+2, rational.RoundHalfEven)
	hi := rational.FormatRat(h.Hi, places+2, rational.RoundHalfEven)
	if lo == hi {
		return "≈" + lo
	}
	return "[" + lo + ", " + hi + "]"
}

func verdictNote(v softmax.Consistency) string {
	if v == softmax.Undecided {
		return " (undecided within the precision budget)"
	}
	return ""
}

func buildSoftmax(c *Claim) (*prepared, error) {
	box, note, err := softmaxInput(c)
	if err != nil {
		return nil, err
	}
	read := func(a *Answer) (checker, error) {
		figs := a.list
		if len(figs) != len(box.Lo) {
			return nil, fmt.Errorf("%s for %s", numwords.Count(len(figs), "figure"), numwords.Count(len(box.Lo), "score"))
		}
		cells := make([]softmax.Interval, len(figs))
		exactOK := make([]*bool, len(figs))
		for i, f := range figs {
			if !f.isDecimal() && isPoint(box) {
				// An exact figure (1/3) is judged by value: an output of
				// softmax at one input is rational only when every score is
				// the same, and is then 1/n; otherwise it is e^a/Σe^b with
				// some exponent not 0, transcendental, and equals no exact
				// figure. The interval check sees the widest cell.
				ok := exactSoftmaxOutput(box, f)
				exactOK[i] = &ok
				cells[i] = softmax.Interval{Lo: new(big.Rat), Hi: big.NewRat(1, 1)}
				continue
			}
			if _, err := softmaxFigure(f); err != nil {
				return nil, err
			}
			lo, hi := f.cell()
			cells[i] = softmax.Interval{Lo: lo, Hi: hi}
		}
		return func(ch *checking) (Verdict, error) {
			reps, err := softmax.CheckCells(ch.ctx, box, cells, softmax.Options{Cache: &ch.soft})
			if err != nil {
				return Verdict{}, err
			}
			if err := cutEdges(ch, box, figs, reps); err != nil {
				return Verdict{}, err
			}
			holds := true
			var shown []string
			cells := make([]softmax.Interval, len(reps))
			for i, r := range reps {
				cells[i] = r.Cell
				places := figs[i].places
				if exactOK[i] != nil {
					places = 2
				}
				s := describeRange(r.Range, places)
				switch {
				case exactOK[i] != nil && !*exactOK[i]:
					holds = false
					s += " (differs: " + figs[i].reading() + " is not it exactly)"
				case exactOK[i] != nil:
				case r.Consistency != softmax.Consistent:
					holds = false
					s += " (differs)" + verdictNote(r.Consistency)
				}
				shown = append(shown, s)
			}
			exact := strings.Join(shown, ", ") + note
			// At a single input each output has one value, so outputs
			// that each hold hold together; over a box they may not.
			if holds && !isPoint(box) {
				if v := jointly(box, cells); v != softmax.Consistent {
					holds = false
					exact += "; no one input gives all of them at once" + verdictNote(v)
				}
			}
			return Verdict{Holds: holds, Exact: exact}, nil
		}, nil
	}
	return &prepared{read: read}, nil
}

// exactSoftmaxOutput reports whether the exact figure f is an output of
// softmax at the single input of box: every score the same, and f = 1/n.
func exactSoftmaxOutput(box softmax.Box, f printed) bool {
	for _, z := range box.Lo {
		if z.Cmp(box.Lo[0]) != 0 {
			return false
		}
	}
	v, err := f.exactValue()
	return err == nil && v.Cmp(rational.NewFrac(1, int64(len(box.Lo)))) == 0
}

// isPoint reports whether the box holds a single input.
func isPoint(b softmax.Box) bool {
	for i := range b.Lo {
		if b.Lo[i].Cmp(b.Hi[i]) != 0 {
			return false
		}
	}
	return true
}

func buildSoftmaxEntry(c *Claim) (*prepared, error) {
	box, note, err := softmaxInput(c)
	if err != nil {
		return nil, err
	}
	entry, err := positiveInt(c, "entry", 1, int64(len(box.Lo)))
	if err != nil {
		return nil, err
	}
	read := func(a *Answer) (checker, error) {
		fig, out, err := oneSoftmaxFigure(a)
		if err != nil {
			return nil, err
		}
		return func(ch *checking) (Verdict, error) {
			// Every output needs a figure; only the entry asked for is judged.
			outs := make([]softmax.Printed, len(box.Lo))
			for i := range outs {
				outs[i] = softmax.Printed{Text: "0", Places: 0}
			}
			outs[entry-1] = out
			reps, err := softmax.Check(ch.ctx, box, outs, softmax.Options{Cache: &ch.soft})
			if err != nil {
				return Verdict{}, err
			}
			r := reps[entry-1]
			return Verdict{Holds: r.Consistency == softmax.Consistent,
				Exact: describeRange(r.Range, fig.places) + verdictNote(r.Consistency) + note}, nil
		}, nil
	}
	return &prepared{read: read}, nil
}

func buildJacobianMax(c *Claim) (*prepared, error) {
	box, note, err := softmaxInput(c)
	if err != nil {
		return nil, err
	}
	read := func(a *Answer) (checker, error) {
		fig, out, err := oneSoftmaxFigure(a)
		if err != nil {
			return nil, err
		}
		return func(ch *checking) (Verdict, error) {
			r, err := softmax.CheckJacobianMaxAbs(ch.ctx, box, out, softmax.Options{})
			if err != nil {
				return Verdict{}, err
			}
			return Verdict{Holds: r.Consistency == softmax.Consistent,
				Exact: describeRange(r.Range, fig.places) + verdictNote(r.Consistency) + note}, nil
		}, nil
	}
	return &prepared{read: read}, nil
}

// cutEdges marks as inconsistent each output read as cut off whose value
// may be the far end of its cell, which a truncating printer prints as the
// next decimal: the cell of a cut decimal is half-open.
func cutEdges(ch *checking, box softmax.Box, figs []printed, reps []softmax.Report) error {
	cut := false
	edges := make([]softmax.Interval, len(figs))
	for i, f := range figs {
		if !f.isDecimal() {
			edges[i] = softmax.Interval{Lo: new(big.Rat), Hi: big.NewRat(1, 1)}
			continue
		}
		lo, hi := f.cell()
		edges[i] = softmax.Interval{Lo: lo, Hi: hi}
		if f.cut {
			e := f.cutEdge()
			edges[i], cut = softmax.Interval{Lo: e, Hi: e}, true
		}
	}
	if !cut {
		return nil
	}
	at, err := softmax.CheckCells(ch.ctx, box, edges, softmax.Options{Cache: &ch.soft})
	if err != nil {
		return err
	}
	for i, f := range figs {
		if f.cut && at[i].Consistency != softmax.Inconsistent {
			reps[i].Consistency = softmax.Inconsistent
		}
	}
	return nil
}
