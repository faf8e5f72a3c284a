package render

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/big"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A Dist is the exact distribution of q·k at one width.
type Dist struct {
	Q, K   rational.Alphabet
	D      int
	Method enumerate.Method
	Hist   *rational.Histogram
	// LaTeX shapes LaTeX output; the zero value is a bare tabular of
	// every column.
	LaTeX LaTeXOptions
}

// A distRow is one score with a nonzero count.
type distRow struct {
	score string
	index int
	c     *big.Int // the count, written in full or compactly by the caller
}

// each calls f for every score with a nonzero count, ascending, one row at
// a time, so that a distribution of millions of digits is never held twice
// in memory.
func (d *Dist) each(f func(r distRow) error) error {
	for i, c := range d.Hist.Counts {
		if c.Sign() == 0 {
			continue
		}
		if err := f(distRow{score: d.Hist.Score(i).RatString(), index: i, c: c}); err != nil {
			return err
		}
	}
	return nil
}

// probabilities returns a function giving count/total in lowest terms.
func (d *Dist) probabilities() func(c *big.Int) string {
	total := d.Hist.Total()
	if r := newFractionReducer(total, d.Q.Size(), d.K.Size()); r != nil {
		return r.ratString
	}
	return func(c *big.Int) string { return new(big.Rat).SetFrac(c, total).RatString() }
}

// DistWriteCost estimates, before the distribution is computed, writing
// one of scores scores whose counts have up to countBits bits in format
// f: converting counts and reduced probabilities to decimal (text writes
// long counts compactly, one division each, but still converts them), and
// the memory of the rows Markdown holds to pad its columns (the other
// formats stream them).
func DistWriteCost(f Format, scores int, countBits float64) enumerate.Cost {
	rows := float64(scores)
	digits := countBits * math.Log10(2)
	convert := enumerate.DecimalCost(rows, countBits)
	if f == Text {
		return convert
	}
	// A count, the probability's numerator and denominator, and the
	// reduction's divisions (about log2 of the exponents, each like a
	// conversion).
	c := enumerate.DecimalCost(rows*(3+math.Log2(math.Max(countBits, 2))), countBits)
	if f == Markdown {
		// Each row's text, held as cells and again padded.
		c.Bytes += 3 * rows * (2*digits + 64)
	}
	return c
}

// WriteText writes the distribution in the lesson's form,
// "d_k = 2 scores: [(-2, 4), (0, 8), (2, 4)]", omitting zero counts; a
// result that was not enumerated names its method.
func (d *Dist) WriteText(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "d_k = %d scores", d.D)
	if d.Method != enumerate.BruteForce {
		fmt.Fprintf(b, " (%s)", methodPhrase(d.Method))
	}
	b.WriteString(": [")
	sep := ""
	// A write error is sticky in b: the walk stops at the first one.
	var counts countFormat
	err := d.each(func(r distRow) error {
		_, err := fmt.Fprintf(b, "%s(%s, %s)", sep, r.score, counts.compact(r.c))
		sep = ", "
		return err
	})
	if err != nil {
		return err
	}
	b.WriteString("]\n")
	return b.Flush()
}

// WriteMarkdown writes the distribution as a pipe table of score, count
// and probability; its columns are padded, so it holds the rows in memory.
func (d *Dist) WriteMarkdown(w io.Writer) error {
	prob := d.probabilities()
	var rows [][]string
	var counts countFormat
	_ = d.each(func(r distRow) error {
		rows = append(rows, []string{r.score, counts.compact(r.c), prob(r.c)})
		return nil
	})
	return writePipeTable(w, []string{"score", "count", "probability"}, rows)
}

// WriteCSV writes score,count,probability rows after a header row,
// streamed through encoding/csv one row at a time.
func (d *Dist) WriteCSV(w io.Writer) error {
	cw := newCSVWriter(w)
	prob := d.probabilities()
	cw.Write([]string{"score", "count", "probability"})
	err := d.each(func(r distRow) error {
		return cw.Write([]string{r.score, r.c.String(), prob(r.c)})
	})
	if err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes {"d_k", "cases", "method", "q_values", "k_values",
// "scores": [{"score", "count", "probability"}]}, ascending by score, zero
// counts omitted, every number an exact decimal or fraction string,
// indented by two spaces. It streams the scores, one encoded at a time, so
// a distribution of millions of digits is never held twice in memory; the
// bytes are those of encoding the whole object at once (writeJSON).
func (d *Dist) WriteJSON(w io.Writer) error {
	type score struct {
		Score       string `json:"score"`
		Count       string `json:"count"`
		Probability string `json:"probability"`
	}
	head := struct {
		D      int      `json:"d_k"`
		Cases  string   `json:"cases"`
		Method string   `json:"method"`
		Q      []string `json:"q_values"`
		K      []string `json:"k_values"`
		Scores [0]score `json:"scores"`
	}{D: d.D, Cases: d.Hist.Total().String(), Method: d.Method.String(), Q: d.Q.Tokens(), K: d.K.Tokens()}
	prob := d.probabilities()
	return streamJSONArray(w, head, func(each func(v any) error) error {
		return d.each(func(r distRow) error {
			return each(score{Score: r.score, Count: r.c.String(), Probability: prob(r.c)})
		})
	})
}

// stickyError returns the error a buffered writer has met, which it keeps
// returning: writing nothing reports it.
func stickyError(b *bufio.Writer) error {
	_, err := b.Write(nil)
	return err
}
