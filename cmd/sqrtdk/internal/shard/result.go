package shard

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// FormatName identifies version 1 of the shard file format.
const FormatName = "sqrtdk-shard/1"

// MaxFileBytes bounds the size of a shard file that Read accepts.
const MaxFileBytes = 512 << 20

// A Result is what one shard run computed: for every width, the exact
// distribution of q·k over the pairs whose q index lies in the slice.
type Result struct {
	// Tool is the version of sqrtdk that computed the result.
	Tool string
	// Command is the sqrtdk command whose output a merge prints: "table" or "dist".
	Command string
	Q, K    rational.Alphabet
	// Method is how the histograms were computed; always BruteForce.
	Method enumerate.Method
	// Index and Count say that this is slice Index of Count.
	Index, Count int
	// Parts holds one histogram per width, in the order of the command's --d.
	Parts []Part
}

// A Part is one width's share of a shard: the pairs with q index in [Lo, Hi)
// out of QTotal q vectors.
type Part struct {
	D      int
	Lo, Hi uint64
	QTotal uint64
	Hist   *rational.Histogram
}

// document is the JSON form of a Result; every number that may exceed
// 2^53 is a decimal string.
type document struct {
	Format  string    `json:"format"`
	Tool    string    `json:"tool"`
	Command string    `json:"command"`
	Q       []string  `json:"q"`
	K       []string  `json:"k"`
	Method  string    `json:"method"`
	Shard   sliceDoc  `json:"shard"`
	Parts   []partDoc `json:"parts"`
	SHA256  string    `json:"sha256"`
}

type sliceDoc struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

type partDoc struct {
	D      int      `json:"d"`
	QLo    string   `json:"q_lo"`
	QHi    string   `json:"q_hi"`
	QTotal string   `json:"q_total"`
	Base   string   `json:"base"`
	Step   string   `json:"step"`
	Counts []string `json:"counts"`
}

func (r *Result) document() *document {
	doc := &document{
		Format:  FormatName,
		Tool:    r.Tool,
		Command: r.Command,
		Q:       r.Q.Tokens(),
		K:       r.K.Tokens(),
		Method:  r.Method.String(),
		Shard:   sliceDoc{Index: r.Index, Count: r.Count},
	}
	for _, p := range r.Parts {
		pd := partDoc{
			D:      p.D,
			QLo:    strconv.FormatUint(p.Lo, 10),
			QHi:    strconv.FormatUint(p.Hi, 10),
			QTotal: strconv.FormatUint(p.QTotal, 10),
			Base:   p.Hist.Base.RatString(),
			Step:   p.Hist.Step.RatString(),
			Counts: make([]string, len(p.Hist.Counts)),
		}
		for i, c := range p.Hist.Counts {
			pd.Counts[i] = c.String()
		}
		doc.Parts = append(doc.Parts, pd)
	}
	doc.SHA256 = doc.checksum()
	return doc
}

// Write writes r as an indented JSON shard file with its checksum.
func (r *Result) Write(w io.Writer) error {
	b, err := json.MarshalIndent(r.document(), "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Name returns "slice I/N", the way messages refer to a shard.
func (r *Result) Name() string { return fmt.Sprintf("slice %d/%d", r.Index, r.Count) }

// Widths returns the widths of the parts, in order.
func (r *Result) Widths() []int {
	out := make([]int, len(r.Parts))
	for i, p := range r.Parts {
		out[i] = p.D
	}
	return out
}

func joinInts(ds []int) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = strconv.Itoa(d)
	}
	return strings.Join(s, ",")
}
