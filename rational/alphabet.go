package rational

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// MaxMultiplicity bounds one letter's multiplicity in an alphabet.
const MaxMultiplicity = 1_000_000

// MaxLetters bounds the number of distinct letters in an alphabet.
const MaxLetters = 64

// A Letter is one distinct value of an alphabet with its multiplicity.
type Letter struct {
	Value *big.Rat // the letter's exact value
	Mult  int64    // how many times the multiset holds it
}

// An Alphabet is a finite multiset of exact rationals; one entry of a vector
// is drawn uniformly from the multiset. Its letters are distinct and
// ascending, with multiplicities from 1 to MaxMultiplicity, at most
// MaxLetters of them: NewAlphabet and ParseAlphabet make sure, and nothing
// changes an Alphabet once made. The zero Alphabet is empty.
type Alphabet struct {
	letters []Letter
}

// Signs is the alphabet {-1, 1} of the lesson.
func Signs() Alphabet {
	return Alphabet{letters: []Letter{{big.NewRat(-1, 1), 1}, {big.NewRat(1, 1), 1}}}
}

// NewAlphabet returns the alphabet of the given letters, in any order;
// letters of equal value add their multiplicities. It refuses a
// multiplicity below 1 or, added up, above MaxMultiplicity, and more than
// MaxLetters distinct values.
func NewAlphabet(letters ...Letter) (Alphabet, error) {
	counts := map[string]*Letter{}
	for _, l := range letters {
		if l.Value == nil || l.Mult < 1 || l.Mult > MaxMultiplicity {
			return Alphabet{}, fmt.Errorf("a letter's multiplicity must be from 1 to %d, not %d", MaxMultiplicity, l.Mult)
		}
		key := l.Value.RatString()
		if c, ok := counts[key]; ok {
			if c.Mult += l.Mult; c.Mult > MaxMultiplicity {
				return Alphabet{}, fmt.Errorf("value %s has multiplicity over %d", key, MaxMultiplicity)
			}
		} else {
			counts[key] = &Letter{Value: new(big.Rat).Set(l.Value), Mult: l.Mult}
		}
	}
	if len(counts) > MaxLetters {
		return Alphabet{}, fmt.Errorf("alphabet has %d distinct values; at most %d are supported", len(counts), MaxLetters)
	}
	a := Alphabet{}
	for _, l := range counts {
		a.letters = append(a.letters, *l)
	}
	slices.SortFunc(a.letters, func(x, y Letter) int { return x.Value.Cmp(y.Value) })
	return a, nil
}

// Letters returns a copy of the alphabet's distinct letters, ascending.
func (a Alphabet) Letters() []Letter {
	out := make([]Letter, len(a.letters))
	for i, l := range a.letters {
		out[i] = Letter{Value: new(big.Rat).Set(l.Value), Mult: l.Mult}
	}
	return out
}

// Distinct returns the number of distinct letters.
func (a Alphabet) Distinct() int { return len(a.letters) }

// ParseAlphabet parses a comma list of exact rationals, each optionally
// followed by ":m" for an integer multiplicity m ≥ 1; "±a" (or "+-a") stands
// for "-a,a". Repeated values add their multiplicities.
func ParseAlphabet(s string) (Alphabet, error) {
	if strings.TrimSpace(s) == "" {
		return Alphabet{}, fmt.Errorf("empty alphabet (write values like -1,1 or -1,0:2,1)")
	}
	var letters []Letter
	for _, tok := range strings.Split(s, ",") {
		tok = strings.TrimSpace(tok)
		if tok == "" {
			return Alphabet{}, fmt.Errorf("alphabet %q has an empty entry", s)
		}
		valText, multText, hasMult := strings.Cut(tok, ":")
		mult := int64(1)
		if hasMult {
			m, err := strconv.ParseInt(strings.TrimSpace(multText), 10, 64)
			if err != nil || m < 1 || m > MaxMultiplicity {
				return Alphabet{}, fmt.Errorf("multiplicity %q in %q must be an integer from 1 to %d", multText, tok, MaxMultiplicity)
			}
			mult = m
		}
		valText = strings.TrimSpace(valText)
		both := false
		for _, pm := range []string{"±", "+-"} {
			if rest, ok := strings.CutPrefix(valText, pm); ok {
				valText, both = rest, true
				break
			}
		}
		v, err := ParseRat(valText)
		if err != nil {
			return Alphabet{}, fmt.Errorf("alphabet entry %.40q: %v", tok, err)
		}
		vals := []*big.Rat{v}
		if both {
			if v.Sign() < 0 {
				return Alphabet{}, fmt.Errorf("alphabet entry %.40q: write ±a with a ≥ 0", tok)
			}
			vals = []*big.Rat{new(big.Rat).Neg(v), v}
			if v.Sign() == 0 {
				vals = vals[:1]
				mult *= 2
				if mult > MaxMultiplicity {
					return Alphabet{}, fmt.Errorf("alphabet entry %.40q: ±0 counts 0 twice, a multiplicity of %d, over %d", tok, mult, MaxMultiplicity)
				}
			}
		}
		for _, x := range vals {
			letters = append(letters, Letter{Value: x, Mult: mult})
		}
	}
	return NewAlphabet(letters...)
}

// Size returns the number of elements of the multiset, multiplicities counted.
func (a Alphabet) Size() int64 {
	var n int64
	for _, l := range a.letters {
		n += l.Mult
	}
	return n
}

// Vectors returns the number of vectors of width d over the alphabet,
// Size()^d, multiplicities counted.
func (a Alphabet) Vectors(d int) *big.Int {
	return new(big.Int).Exp(big.NewInt(a.Size()), big.NewInt(int64(d)), nil)
}

// VectorsLog2 returns log2 of Vectors(d) as a float, for size estimates
// that must not compute a number of millions of digits.
func (a Alphabet) VectorsLog2(d int) float64 {
	return float64(d) * math.Log2(float64(a.Size()))
}

// Tokens returns the canonical spelling of each letter: "v" or "v:m".
func (a Alphabet) Tokens() []string {
	out := make([]string, len(a.letters))
	for i, l := range a.letters {
		out[i] = l.Value.RatString()
		if l.Mult != 1 {
			out[i] += ":" + strconv.FormatInt(l.Mult, 10)
		}
	}
	return out
}

// String returns the canonical comma list, which ParseAlphabet reads back.
func (a Alphabet) String() string { return strings.Join(a.Tokens(), ",") }

// Moment returns E[X^k] for one entry X drawn uniformly from the multiset.
func (a Alphabet) Moment(k int) *big.Rat {
	sum := new(big.Rat)
	p := new(big.Rat)
	for _, l := range a.letters {
		p.SetInt64(1)
		for range k {
			p.Mul(p, l.Value)
		}
		sum.Add(sum, p.Mul(p, new(big.Rat).SetInt64(l.Mult)))
	}
	return sum.Quo(sum, new(big.Rat).SetInt64(a.Size()))
}

// Mean returns E[X] for one entry X of the alphabet.
func (a Alphabet) Mean() *big.Rat { return a.Moment(1) }

// Variance returns the population variance E[X²] − E[X]² of one entry.
func (a Alphabet) Variance() *big.Rat {
	m := a.Mean()
	return new(big.Rat).Sub(a.Moment(2), m.Mul(m, m))
}
