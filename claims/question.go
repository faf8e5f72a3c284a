package claims

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Question is a claim without its figure: what an answer key asks, such
// as "variance d=8 scale=sqrt". An answer supplies only the figure, which
// is checked exactly as the same line of a claims file would be, so whoever
// answers cannot change what is asked.
type Question struct {
	// Kind is the claim kind, e.g. "variance".
	Kind string
	// Text is the question as written, followed by the settings it takes
	// from defaults, if any.
	Text string

	settings map[string]string
	prep     *prepared
}

// ParseQuestion reads "KIND key=value ...", taking the keys the kind takes
// and the text does not set from defaults (as a claims file's with line
// does). It refuses, before any work, a space whose distribution the engine
// would refuse to compute.
func ParseQuestion(text string, defaults map[string]string) (*Question, error) {
	words := strings.Fields(text)
	if len(words) == 0 {
		return nil, fmt.Errorf("the question is empty")
	}
	for _, w := range words {
		if w == "is" {
			return nil, fmt.Errorf("%s: a question has no \" is FIGURE\": the answer gives the figure", words[0])
		}
	}
	for k := range defaults {
		if !defaultable[k] {
			return nil, fmt.Errorf("%q cannot be a default (only %s)", k, strings.Join(sortedKeys(defaultable), ", "))
		}
	}
	c, err := parseQuestionWords(words, defaults)
	if err != nil {
		return nil, err
	}
	return &Question{Kind: c.Kind, Text: c.Text, settings: c.Settings, prep: c.prep}, nil
}

// Setting returns the value of a key the question sets, or "".
func (q *Question) Setting(key string) string { return q.settings[key] }

// Derive returns the question of kind (q.Kind when empty) with the keys of
// set changed; a key set to "" is removed. It is how a related question
// (the std where the variance was asked, another width) is made from q.
func (q *Question) Derive(kind string, set map[string]string) (*Question, error) {
	if kind == "" {
		kind = q.Kind
	}
	settings := map[string]string{}
	for k, v := range q.settings {
		settings[k] = v
	}
	for k, v := range set {
		if v == "" {
			delete(settings, k)
		} else {
			settings[k] = v
		}
	}
	words := []string{kind}
	for _, k := range sortedKeys(settings) {
		words = append(words, k+"="+settings[k])
	}
	return ParseQuestion(strings.Join(words, " "), nil)
}

// Takes reports whether the question's kind takes key.
func (q *Question) Takes(key string) bool {
	_, ok := kinds[q.Kind].keys[key]
	return ok
}

// answerClaim reads figure by the answer grammar and returns the claim that
// the question's value is what it says, as if file had the claim at
// line; a figure the grammar cannot read is a *ReadError.
func (q *Question) answerClaim(file string, line int, figure string) (*Claim, error) {
	a, err := q.Read(figure, false)
	if err != nil {
		return nil, err
	}
	return q.Claim(file, line, a)
}

// Claim returns the claim that the question's value is what the answer a
// says, as if file had the claim at line. An answer read for a question
// of another shape is read anew for this one; one whose figures do not
// fit the question (a list of the wrong length, an exact softmax output)
// is a *ReadError.
func (q *Question) Claim(file string, line int, a *Answer) (*Claim, error) {
	if kinds[q.Kind].shape != a.shape {
		var err error
		if a, err = q.Read(a.text, a.comma); err != nil {
			return nil, err
		}
	}
	settings := map[string]string{}
	for k, v := range q.settings {
		settings[k] = v
	}
	c := &Claim{File: file, Line: line, Kind: q.Kind, Text: q.Text, Settings: settings, figure: a.text, prep: q.prep}
	check, err := q.prep.read(a)
	if err != nil {
		return nil, &ReadError{read: a.Reading(), problem: err.Error()}
	}
	c.check = check
	return c, nil
}

// Value returns the one exact value the question asks for, computed by
// ch (stopping once ctx is done); ok is false for kinds that are not
// about one exact value (laws, trends, distributions, softmax outputs,
// sampled figures).
func (q *Question) Value(ctx context.Context, ch *Checker) (v rational.Value, ok bool, err error) {
	if q.prep.value == nil {
		return v, false, nil
	}
	v, err = q.prep.value(&checking{ch, ctx})
	if err != nil {
		if ctx.Err() != nil {
			return v, false, ctx.Err()
		}
		return v, false, fmt.Errorf("%s: %v", q.Text, err)
	}
	return v, true, nil
}

// A Figure is one number as printed: an exact value (a fraction or an
// expression such as 2*sqrt(2)) that stands for itself, or a decimal that
// stands for every number that rounds to it at the places shown. A whole
// number (64, 66000) is a decimal rounded at its last nonzero digit,
// which its exact value matches too.
type Figure struct{ p printed }

// String returns the figure as written.
func (f Figure) String() string { return f.p.text }

// IsDecimal reports whether the figure is a rounded decimal.
func (f Figure) IsDecimal() bool { return f.p.isDecimal() }

// Places returns the decimal places a decimal figure was rounded to (a
// percentage counts the places of its fraction: 99.97% has 4; 6.5e4 is
// rounded to the thousands, −3); 0 for an exact figure.
func (f Figure) Places() int {
	if !f.p.isDecimal() {
		return 0
	}
	return f.p.places
}

// SignificantDigits returns the significant digits a decimal figure shows:
// every digit from the first nonzero one on, trailing zeros after the
// point included (0.0120 has 3, 6.50e4 has 3, ≈ 4100 has 2); for a decimal
// that is all zeros, its places; 0 for an exact figure.
func (f Figure) SignificantDigits() int {
	if !f.p.isDecimal() {
		return 0
	}
	return f.p.digits
}

// Decimal returns the value of a decimal figure as written; nil for an
// exact figure.
func (f Figure) Decimal() *big.Rat {
	if !f.p.isDecimal() {
		return nil
	}
	return new(big.Rat).Set(f.p.value)
}

// Matches reports whether the exact value x is what the figure prints: an
// exact figure must equal x, a decimal must be x correctly rounded to its
// places (x in the closed cell of half a unit either side, a tie counting
// for both neighbours).
func (f Figure) Matches(x rational.Value) bool { return f.p.matches(x) }
