package proofs

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"

	"github.com/sqrtdk/sqrtdk/internal/textline"
)

// The limits of a joint-law file: every outcome is listed and every pair of
// coordinates tallied, so the file must stay small enough to check in
// seconds.
const (
	// MaxJointOutcomes bounds the outcomes of a joint law.
	MaxJointOutcomes = 1 << 20
	// MaxJointWidth bounds the width d_k of a joint law.
	MaxJointWidth = 64
	// maxJointLine bounds one line of a joint-law file, in bytes.
	maxJointLine = 1 << 20
)

// A JointLaw is a finite joint law of (q, k) at one width D: weighted
// outcomes, each a pair of vectors. Outcomes listed twice add their weights.
//
// ReadJointLaw reads it from a text file with one outcome per line:
//
//	# weight   q            k
//	1          -1,-1        -1,-1
//	1          1,1          1,1
//	2          -1,1         1,-1
//
// The weight is a non-negative exact rational (an integer, a fraction such
// as 1/4 or a decimal such as 0.25); the two vectors are comma lists of
// exact rationals, of the same width on every line. Blank lines and text
// after # are ignored. The weights need not add up to 1: an outcome's
// probability is its weight over their total, which must be positive.
type JointLaw struct {
	D        int // the width of q and k, the same in every outcome
	outcomes []jointOutcome
}

type jointOutcome struct {
	q, k   []*big.Rat
	weight uint64
}

// A JointLawError is a problem with one line of a joint-law file, or with
// the whole file when Line is 0.
type JointLawError struct {
	Line int    // the line of the file, from 1
	Msg  string // what is wrong with it
}

// Error writes "line N: message", or the message alone for a problem of
// the whole file (Line 0).
func (e *JointLawError) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// Outcomes returns the number of distinct outcomes with a positive weight.
func (j *JointLaw) Outcomes() int { return len(j.outcomes) }

// ReadJointLaw reads a joint law; a problem with the text is a
// *JointLawError naming the line.
func ReadJointLaw(r io.Reader) (*JointLaw, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, maxJointLine)
	sc.Split(textline.ScanLines)
	type parsed struct {
		q, k   []*big.Rat
		weight *big.Rat
		line   int
	}
	var rows []parsed
	line, width, widthLine := 0, 0, 0
	fail := func(format string, args ...any) error {
		return &JointLawError{Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	for sc.Scan() {
		line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 3 {
			return nil, fail("want three fields, the weight, the vector q and the vector k (such as \"1  -1,1  1,1\"), not %d", len(fields))
		}
		w, err := rational.ParseRat(fields[0])
		if err != nil {
			return nil, fail("weight: %v", err)
		}
		if w.Sign() < 0 {
			return nil, fail("weight %s is negative", w.RatString())
		}
		q, err := parseVector(fields[1])
		if err != nil {
			return nil, fail("q: %v", err)
		}
		k, err := parseVector(fields[2])
		if err != nil {
			return nil, fail("k: %v", err)
		}
		if len(q) != len(k) {
			return nil, fail("q has %d entries but k has %d", len(q), len(k))
		}
		if width == 0 {
			width, widthLine = len(q), line
			if width > MaxJointWidth {
				return nil, fail("the vectors have %d entries; a joint law may have at most %d", width, MaxJointWidth)
			}
		} else if len(q) != width {
			return nil, fail("the vectors have %d entries, but those of line %d have %d", len(q), widthLine, width)
		}
		if len(rows) == MaxJointOutcomes {
			return nil, fail("more than %d outcomes; a joint law is listed outcome by outcome and may have at most %d", MaxJointOutcomes, MaxJointOutcomes)
		}
		rows = append(rows, parsed{q, k, w, line})
	}
	if err := sc.Err(); err != nil {
		line++
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fail("the line is longer than %d bytes", maxJointLine)
		}
		return nil, err
	}
	if len(rows) == 0 {
		return nil, &JointLawError{Msg: "no outcomes: write one line per outcome, the weight, the vector q and the vector k"}
	}
	// Clear the denominators: integer weights in the same proportions.
	den := big.NewInt(1)
	for _, r := range rows {
		d := r.weight.Denom()
		den.Mul(den, new(big.Int).Quo(d, new(big.Int).GCD(nil, nil, den, d)))
	}
	merged := map[string]*jointOutcome{}
	var order []string
	total := new(big.Int)
	for _, r := range rows {
		w := new(big.Int).Mul(r.weight.Num(), den)
		w.Quo(w, r.weight.Denom())
		total.Add(total, w)
		if w.Sign() == 0 {
			continue
		}
		key := vectorKey(r.q) + "|" + vectorKey(r.k)
		if o, ok := merged[key]; ok {
			w.Add(w, new(big.Int).SetUint64(o.weight))
		} else {
			merged[key] = &jointOutcome{q: r.q, k: r.k}
			order = append(order, key)
		}
		if total.BitLen() > maxWeightBits {
			line = r.line
			return nil, fail("the weights add up to more than 2^%d once their denominators are cleared, more than the listing counts exactly", maxWeightBits)
		}
		merged[key].weight = w.Uint64()
	}
	if total.Sign() == 0 {
		return nil, fail("the weights add up to 0; a law needs a positive total weight")
	}
	j := &JointLaw{D: width}
	for _, key := range order {
		j.outcomes = append(j.outcomes, *merged[key])
	}
	slices.SortFunc(j.outcomes, func(a, b jointOutcome) int {
		return compareVectors(append(append([]*big.Rat{}, a.q...), a.k...), append(append([]*big.Rat{}, b.q...), b.k...))
	})
	return j, nil
}

// parseVector reads a comma list of exact rationals.
func parseVector(s string) ([]*big.Rat, error) {
	var out []*big.Rat
	for _, f := range strings.Split(s, ",") {
		v, err := rational.ParseRat(f)
		if err != nil {
			return nil, fmt.Errorf("entry %d: %v", len(out)+1, err)
		}
		out = append(out, v)
	}
	return out, nil
}

func vectorKey(v []*big.Rat) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = x.RatString()
	}
	return strings.Join(parts, ",")
}

// writeTo writes the law in the format ReadJointLaw reads.
func (j *JointLaw) writeTo(w io.Writer) (int64, error) {
	var b strings.Builder
	b.WriteString("# weight  q  k\n")
	for _, o := range j.outcomes {
		fmt.Fprintf(&b, "%d  %s  %s\n", o.weight, vectorKey(o.q), vectorKey(o.k))
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}
