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
	// maxJointOutcomes bounds the outcomes of a joint law.
	maxJointOutcomes = 1 << 20
	// maxJointWidth bounds the width d_k of a joint law.
	maxJointWidth = 64
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
	D int // the width of q and k, the same in every outcome
	// values are the distinct entries, ascending; codes holds each line's
	// outcome as 2·D indices into values (q's entries, then k's), and rows
	// the line of each distinct outcome, in ascending order of (q, k),
	// with its integer weight in weights.
	values  []*big.Rat
	codes   []int32
	rows    []int32
	weights []uint64
}

// outcome returns the codes of distinct outcome o: q's entries, then k's.
func (j *JointLaw) outcome(o int) []int32 {
	r := int(j.rows[o])
	return j.codes[2*j.D*r : 2*j.D*(r+1)]
}

// A JointLawError is a problem with one line of a joint-law file, or with
// the whole file.
type JointLawError struct {
	file string // the file's name, "" when none was given
	line int    // the line of the file, from 1; 0 for the whole file
	msg  string // what is wrong with it
}

// Error writes "FILE:LINE: message", or "FILE: message" for a problem of
// the whole file (without a file name, "line LINE: message" or the
// message alone).
func (e *JointLawError) Error() string {
	switch {
	case e.file != "" && e.line > 0:
		return fmt.Sprintf("%s:%d: %s", e.file, e.line, e.msg)
	case e.file != "":
		return e.file + ": " + e.msg
	case e.line > 0:
		return fmt.Sprintf("line %d: %s", e.line, e.msg)
	}
	return e.msg
}

// outcomes returns the number of distinct outcomes with a positive weight.
func (j *JointLaw) outcomes() int { return len(j.weights) }

// ReadJointLaw reads a joint law from the file called name; a problem
// with the text is a *JointLawError naming the file and the line. Each distinct entry is kept once and an
// outcome as 2·D small indices, so that the law of maxJointOutcomes
// outcomes holds a few hundred megabytes at most (one big.Rat per entry
// took gigabytes).
func ReadJointLaw(name string, r io.Reader) (*JointLaw, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, maxJointLine)
	sc.Split(textline.ScanLines)
	var (
		in       jointReader
		weights  []*big.Rat // per line read, interned
		lines    []int32
		weightOf = map[string]*big.Rat{}
	)
	line, width, widthLine := 0, 0, 0
	fail := func(format string, args ...any) error {
		return &JointLawError{file: name, line: line, msg: fmt.Sprintf(format, args...)}
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
		if seen, ok := weightOf[w.RatString()]; ok {
			w = seen
		} else {
			weightOf[w.RatString()] = w
		}
		nq, err := in.vector(fields[1])
		if err != nil {
			return nil, fail("q: %v", err)
		}
		nk, err := in.vector(fields[2])
		if err != nil {
			return nil, fail("k: %v", err)
		}
		if nq != nk {
			return nil, fail("q has %d entries but k has %d", nq, nk)
		}
		if width == 0 {
			width, widthLine = nq, line
			if width > maxJointWidth {
				return nil, fail("the vectors have %d entries; a joint law may have at most %d", width, maxJointWidth)
			}
		} else if nq != width {
			return nil, fail("the vectors have %d entries, but those of line %d have %d", nq, widthLine, width)
		}
		if len(weights) == maxJointOutcomes {
			return nil, fail("more than %d outcomes; a joint law is listed outcome by outcome and may have at most %d", maxJointOutcomes, maxJointOutcomes)
		}
		weights = append(weights, w)
		lines = append(lines, int32(line))
	}
	if err := sc.Err(); err != nil {
		line++
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fail("the line is longer than %d bytes", maxJointLine)
		}
		return nil, err
	}
	if len(weights) == 0 {
		return nil, &JointLawError{file: name, msg: "no outcomes: write one line per outcome, the weight, the vector q and the vector k"}
	}
	// Clear the denominators: integer weights in the same proportions.
	den := big.NewInt(1)
	for _, w := range weightOf {
		d := w.Denom()
		den.Mul(den, new(big.Int).Quo(d, new(big.Int).GCD(nil, nil, den, d)))
	}
	// Number the entries in ascending order, so that outcomes sort as
	// their codes do, then sort the lines' outcomes, equal ones in the
	// order of their lines, and add up the weights of equal ones.
	j := &JointLaw{D: width}
	rank := in.ascending(j)
	for i, c := range in.codes {
		in.codes[i] = rank[c]
	}
	n := 2 * width
	rowCodes := func(r int) []int32 { return in.codes[n*r : n*(r+1)] }
	order := make([]int32, len(weights))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return slices.Compare(rowCodes(int(a)), rowCodes(int(b))) })
	intWeight := func(w *big.Rat) *big.Int {
		x := new(big.Int).Mul(w.Num(), den)
		return x.Quo(x, w.Denom())
	}
	total := new(big.Int)
	for i, w := range weights {
		if total.Add(total, intWeight(w)).BitLen() > maxWeightBits {
			line = int(lines[i])
			return nil, fail("the weights add up to more than 2^%d once their denominators are cleared, more than the listing counts exactly", maxWeightBits)
		}
	}
	if total.Sign() == 0 {
		return nil, fail("the weights add up to 0; a law needs a positive total weight")
	}
	for i := 0; i < len(order); {
		sum := new(big.Int)
		end := i
		for ; end < len(order) && slices.Equal(rowCodes(int(order[end])), rowCodes(int(order[i]))); end++ {
			sum.Add(sum, intWeight(weights[order[end]]))
		}
		if sum.Sign() > 0 {
			j.rows = append(j.rows, order[i])
			j.weights = append(j.weights, sum.Uint64())
		}
		i = end
	}
	j.codes = in.codes
	j.dropUnused()
	return j, nil
}

// bytes estimates the memory the law holds: its codes, rows and weights,
// and about 96 bytes a distinct entry (a big.Rat, its two words and its
// pointer, as measured by TestJointLawBytesNearMeasured).
func (j *JointLaw) bytes() float64 {
	return float64(len(j.codes)*4+len(j.rows)*4+len(j.weights)*8) + float64(len(j.values))*96
}

// dropUnused removes the values only outcomes of weight 0 had, keeping
// the rest in order.
func (j *JointLaw) dropUnused() {
	used := make([]bool, len(j.values))
	for o := range j.rows {
		for _, c := range j.outcome(o) {
			used[c] = true
		}
	}
	renum := make([]int32, len(j.values))
	kept := j.values[:0]
	for i, v := range j.values {
		if used[i] {
			renum[i] = int32(len(kept))
			kept = append(kept, v)
		}
	}
	j.values = kept
	for i, c := range j.codes {
		j.codes[i] = renum[c]
	}
}

// A jointReader interns the entries of a joint-law file as it reads them:
// each distinct value is parsed into a big.Rat once, and every entry is
// kept as its index.
type jointReader struct {
	index  map[string]int32
	values []*big.Rat
	codes  []int32
}

// vector reads a comma list of exact rationals, appends their indices to
// the codes and returns how many there were.
func (r *jointReader) vector(s string) (int, error) {
	if r.index == nil {
		r.index = map[string]int32{}
	}
	n := 0
	for _, f := range strings.Split(s, ",") {
		n++
		c, ok := r.index[f]
		if !ok {
			v, err := rational.ParseRat(f)
			if err != nil {
				return 0, fmt.Errorf("entry %d: %v", n, err)
			}
			if c, ok = r.index[v.RatString()]; !ok {
				c = int32(len(r.values))
				r.values = append(r.values, v)
				r.index[v.RatString()] = c
			}
			r.index[f] = c
		}
		r.codes = append(r.codes, c)
	}
	return n, nil
}

// ascending sets j's values to the distinct entries read, ascending, and
// returns the rank of each index in that order.
func (r *jointReader) ascending(j *JointLaw) []int32 {
	order := make([]int32, len(r.values))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return r.values[a].Cmp(r.values[b]) })
	rank := make([]int32, len(r.values))
	for i, o := range order {
		rank[o] = int32(i)
		j.values = append(j.values, r.values[o])
	}
	return rank
}

// writeTo writes the law in the format ReadJointLaw reads.
func (j *JointLaw) writeTo(w io.Writer) (int64, error) {
	var b strings.Builder
	b.WriteString("# weight  q  k\n")
	vector := func(codes []int32) string {
		parts := make([]string, len(codes))
		for i, c := range codes {
			parts[i] = j.values[c].RatString()
		}
		return strings.Join(parts, ",")
	}
	for o, wt := range j.weights {
		c := j.outcome(o)
		fmt.Fprintf(&b, "%d  %s  %s\n", wt, vector(c[:j.D]), vector(c[j.D:]))
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}
