package proofs

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// maxPairWeight bounds the weight of one pair of a PairLaw, as
// rational.MaxMultiplicity bounds a letter's.
const maxPairWeight = rational.MaxMultiplicity

// maxPairs bounds the number of distinct pairs of a PairLaw: as many as
// two alphabets of rational.MaxLetters letters make.
const maxPairs = rational.MaxLetters * rational.MaxLetters

// A Pair is one value of a coordinate pair (q_i, k_i) with its weight: its
// probability is Weight over the law's total weight.
type Pair struct {
	Q, K   *big.Rat // the values of q_i and k_i
	Weight int64    // a positive integer
}

// A PairLaw is the joint law of one coordinate pair (q_i, k_i): finitely
// many distinct pairs of exact values, each with a positive integer weight.
// The zero PairLaw is empty and means "no pair law given".
type PairLaw struct {
	pairs []Pair // distinct, ordered by Q then K
}

// NewPairLaw returns the law of the given pairs; a pair listed twice adds
// its weights. Weights must be from 1 to maxPairWeight.
func NewPairLaw(pairs []Pair) (PairLaw, error) {
	merged := map[[2]string]*Pair{}
	for _, p := range pairs {
		if p.Q == nil || p.K == nil {
			return PairLaw{}, fmt.Errorf("a pair has no value")
		}
		if p.Weight < 1 || p.Weight > maxPairWeight {
			return PairLaw{}, fmt.Errorf("the weight of (%s, %s) must be an integer from 1 to %d, not %d", p.Q.RatString(), p.K.RatString(), maxPairWeight, p.Weight)
		}
		key := [2]string{p.Q.RatString(), p.K.RatString()}
		if m, ok := merged[key]; ok {
			m.Weight += p.Weight
			if m.Weight > maxPairWeight {
				return PairLaw{}, fmt.Errorf("the pair (%s, %s) has weight over %d", key[0], key[1], maxPairWeight)
			}
			continue
		}
		merged[key] = &Pair{Q: new(big.Rat).Set(p.Q), K: new(big.Rat).Set(p.K), Weight: p.Weight}
	}
	if len(merged) == 0 {
		return PairLaw{}, fmt.Errorf("the pair law is empty")
	}
	if len(merged) > maxPairs {
		return PairLaw{}, fmt.Errorf("the pair law has %d distinct pairs; at most %d are supported", len(merged), maxPairs)
	}
	var l PairLaw
	for _, p := range merged {
		l.pairs = append(l.pairs, *p)
	}
	slices.SortFunc(l.pairs, func(a, b Pair) int { return compareVectors([]*big.Rat{a.Q, a.K}, []*big.Rat{b.Q, b.K}) })
	return l, nil
}

// SamePairs returns the law of (q_i, k_i) with k_i = q_i and q_i drawn from a.
func SamePairs(a rational.Alphabet) PairLaw {
	return mappedPairs(a, func(x *big.Rat) *big.Rat { return x })
}

// OppositePairs returns the law of (q_i, k_i) with k_i = −q_i and q_i drawn
// from a.
func OppositePairs(a rational.Alphabet) PairLaw {
	return mappedPairs(a, func(x *big.Rat) *big.Rat { return new(big.Rat).Neg(x) })
}

func mappedPairs(a rational.Alphabet, k func(*big.Rat) *big.Rat) PairLaw {
	var l PairLaw
	for _, x := range a.Letters() {
		l.pairs = append(l.pairs, Pair{Q: new(big.Rat).Set(x.Value), K: k(x.Value), Weight: x.Mult})
	}
	return l
}

// ProductPairs returns the law of (q_i, k_i) for q_i drawn from q and k_i
// from k independently: the pair (x, y) has weight mult(x)·mult(y).
func ProductPairs(q, k rational.Alphabet) PairLaw {
	var l PairLaw
	for _, x := range q.Letters() {
		for _, y := range k.Letters() {
			l.pairs = append(l.pairs, Pair{Q: new(big.Rat).Set(x.Value), K: new(big.Rat).Set(y.Value), Weight: x.Mult * y.Mult})
		}
	}
	return l
}

// ParsePairLaw reads a pair law written as a comma list of pairs "q k",
// each optionally followed by ":w" for an integer weight w ≥ 1, such as
// "-1 -1:2, 1 1:2, -1 1, 1 -1"; the values are exact rationals as
// rational.ParseRat reads them.
func ParsePairLaw(s string) (PairLaw, error) {
	if strings.TrimSpace(s) == "" {
		return PairLaw{}, fmt.Errorf(`empty pair law (write pairs "q k" separated by commas, such as "-1 -1, 1 1")`)
	}
	var pairs []Pair
	for _, tok := range strings.Split(s, ",") {
		tok = strings.TrimSpace(tok)
		body, weightText, hasWeight := strings.Cut(tok, ":")
		weight := int64(1)
		if hasWeight {
			w, err := strconv.ParseInt(strings.TrimSpace(weightText), 10, 64)
			if err != nil || w < 1 || w > maxPairWeight {
				return PairLaw{}, fmt.Errorf("pair %.40q: the weight must be an integer from 1 to %d", tok, maxPairWeight)
			}
			weight = w
		}
		fields := strings.Fields(body)
		if len(fields) != 2 {
			return PairLaw{}, fmt.Errorf(`pair %.40q: write the value of q_i, a space and the value of k_i, such as "-1 1"`, tok)
		}
		q, err := rational.ParseRat(fields[0])
		if err != nil {
			return PairLaw{}, fmt.Errorf("pair %.40q: q_i: %v", tok, err)
		}
		k, err := rational.ParseRat(fields[1])
		if err != nil {
			return PairLaw{}, fmt.Errorf("pair %.40q: k_i: %v", tok, err)
		}
		pairs = append(pairs, Pair{Q: q, K: k, Weight: weight})
	}
	return NewPairLaw(pairs)
}

// isZero reports whether the law is the zero PairLaw, which has no pairs.
func (l PairLaw) isZero() bool { return len(l.pairs) == 0 }

// String returns the law in the syntax ParsePairLaw reads.
func (l PairLaw) String() string {
	out := make([]string, len(l.pairs))
	for i, p := range l.pairs {
		out[i] = p.Q.RatString() + " " + p.K.RatString()
		if p.Weight != 1 {
			out[i] += ":" + strconv.FormatInt(p.Weight, 10)
		}
	}
	return strings.Join(out, ", ")
}

// totalWeight returns the sum of the weights.
func (l PairLaw) totalWeight() int64 {
	var n int64
	for _, p := range l.pairs {
		n += p.Weight
	}
	return n
}

// A Tie makes the coordinates of q, of k or of both equal to their first,
// a dependence across coordinates.
type Tie int

const (
	// Untied draws the coordinates independently.
	Untied Tie = iota
	// TieQ makes every q_i equal q_1; each k_i is drawn given its q_i.
	TieQ
	// TieK makes every k_i equal k_1; each q_i is drawn given its k_i.
	TieK
	// TieBoth makes every coordinate pair (q_i, k_i) equal (q_1, k_1).
	TieBoth
)

var tieNames = []string{"none", "q", "k", "both"}

// ParseTie reads "none", "q", "k" or "both".
func ParseTie(s string) (Tie, error) {
	for i, n := range tieNames {
		if strings.TrimSpace(s) == n {
			return Tie(i), nil
		}
	}
	return Untied, fmt.Errorf("unknown tie %q (use none, q, k or both)", s)
}

// String returns "none", "q", "k" or "both", or "Tie(n)" for a value that
// is none of them.
func (t Tie) String() string {
	if t >= Untied && t <= TieBoth {
		return tieNames[t]
	}
	return fmt.Sprintf("Tie(%d)", int(t))
}

// A Model says how the sample space of pairs (q, k) is built at each width.
// By default q_i is drawn from Q and k_i from K, all entries independently.
// Pairs, when not zero, replaces Q and K by a joint law of each coordinate
// pair (q_i, k_i), coordinates still independent. Tie then makes
// coordinates equal to the first. Joint, when set, is the whole law of
// (q, k) at its own width, and the other fields must be zero.
type Model struct {
	Q, K  rational.Alphabet // the alphabets of q_i and k_i, drawn independently
	Pairs PairLaw           // the law of each pair (q_i, k_i), in place of Q and K
	Tie   Tie               // which vector's coordinates all equal its first
	Joint *JointLaw         // the whole law of (q, k), in place of the rest
}

// validate reports a model that names no space or mixes exclusive parts.
func (m Model) validate() error {
	if m.Tie < Untied || m.Tie > TieBoth {
		return fmt.Errorf("unknown tie %v", m.Tie)
	}
	if m.Joint != nil {
		if m.Q.Distinct() > 0 || m.K.Distinct() > 0 || !m.Pairs.isZero() || m.Tie != Untied {
			return fmt.Errorf("a joint law is the whole space: it takes no alphabets, pair law or tie")
		}
		return nil
	}
	if !m.Pairs.isZero() {
		if m.Q.Distinct() > 0 || m.K.Distinct() > 0 {
			return fmt.Errorf("a pair law replaces the alphabets of q and k: give one or the other")
		}
		return nil
	}
	if m.Q.Distinct() == 0 || m.K.Distinct() == 0 {
		return fmt.Errorf("an alphabet is empty")
	}
	return nil
}

// coordinateLaw returns the law of one coordinate pair.
func (m Model) coordinateLaw() PairLaw {
	if !m.Pairs.isZero() {
		return m.Pairs
	}
	return ProductPairs(m.Q, m.K)
}

// independentAlphabets reports whether q_i and k_i are drawn from
// alphabets independently by construction, so that the engine can take
// the alphabets as they are.
func (m Model) independentAlphabets() bool { return m.Joint == nil && m.Pairs.isZero() }

// String describes the model in words, for transcripts.
func (m Model) String() string {
	if m.Joint != nil {
		return fmt.Sprintf("a joint law of (q, k) at d_k = %d, %d weighted outcomes", m.Joint.D, m.Joint.outcomes())
	}
	var s string
	if m.independentAlphabets() {
		s = fmt.Sprintf("q_i from {%s}, k_i from {%s}, independently", m.Q, m.K)
	} else {
		s = fmt.Sprintf("(q_i, k_i) from the pairs {%s}", m.Pairs)
	}
	switch m.Tie {
	case Untied:
		s += "; coordinates independent"
	case TieQ:
		s += "; every q_i equals q_1, each k_i drawn given its q_i"
	case TieK:
		s += "; every k_i equals k_1, each q_i drawn given its k_i"
	case TieBoth:
		s += "; every (q_i, k_i) equals (q_1, k_1)"
	}
	return s
}
