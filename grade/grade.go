package grade

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A Mark is how one answer was graded.
type Mark int

const (
	// Unanswered: the answer file gives nothing for the part.
	Unanswered Mark = iota
	// Right: the answer holds and shows the places the key asks for.
	Right
	// Short: the value is right but it shows fewer places or significant
	// digits than the key asks for; it earns Partial of the points.
	Short
	// Wrong: the answer does not hold.
	Wrong
	// Unreadable: the answer is not a figure the question can read.
	Unreadable
)

var markNames = []string{"no answer", "right", "too few places", "wrong", "unreadable"}

// String returns "no answer", "right", "too few places", "wrong" or
// "unreadable".
func (v Mark) String() string {
	if v < 0 || int(v) >= len(markNames) {
		return fmt.Sprintf("Mark(%d)", int(v))
	}
	return markNames[v]
}

// A PartResult is the grade of one answer.
type PartResult struct {
	Part   *Part
	Answer Answer // Text "" when unanswered
	Mark   Mark
	Points *big.Rat
	// Mistakes are the named mistakes a wrong answer matches, the key's
	// own first, then the catalogue's in order; the first is the one
	// reported as the answer's mistake.
	Mistakes []Mistake
	// Feedback is the sentence for the student.
	Feedback string
	// Exact is the exact value (or what the checker computed) when the
	// answer is right or the key shows values; "" otherwise.
	Exact string
}

// Mistake returns the name of the answer's first named mistake, or "".
func (r PartResult) Mistake() string {
	if len(r.Mistakes) == 0 {
		return ""
	}
	return r.Mistakes[0].Name
}

// A Result is the grade of one answer file.
type Result struct {
	Key     *Key
	Answers *Answers
	// Student is the answer file's student id, or its name when it has none.
	Student string
	Parts   []PartResult
	Score   *big.Rat
	Max     *big.Rat
}

// AllRight reports whether every answer is right.
func (r *Result) AllRight() bool {
	for _, p := range r.Parts {
		if p.Mark != Right {
			return false
		}
	}
	return true
}

// A Grader grades answer files with one claims checker, so that each
// distribution is computed once for a whole class; it is not safe for
// concurrent use.
type Grader struct {
	ch *claims.Checker
}

// NewGrader returns a Grader.
func NewGrader() *Grader {
	return &Grader{ch: claims.NewChecker(claims.Limits{})}
}

// Grade grades a's answers against k, which must not be a template (see
// Variant); its computations stop, with ctx's error, once ctx is done. An
// error means an answer could not be decided at all (a computation was
// cancelled or refused).
func (g *Grader) Grade(ctx context.Context, k *Key, a *Answers) (*Result, error) {
	if k.IsTemplate() {
		return nil, fmt.Errorf("%s draws values: grade a variant of it", k.Name)
	}
	res := &Result{Key: k, Answers: a, Student: a.Student, Score: new(big.Rat), Max: k.MaxScore()}
	if res.Student == "" {
		res.Student = a.Name
	}
	for _, p := range k.Parts() {
		r, err := g.gradePart(ctx, p, a)
		if err != nil {
			return nil, err
		}
		res.Score.Add(res.Score, r.Points)
		res.Parts = append(res.Parts, r)
	}
	return res, nil
}

func (g *Grader) gradePart(ctx context.Context, p *Part, a *Answers) (PartResult, error) {
	ans, ok := a.ByPart[p.ID]
	r := PartResult{Part: p, Answer: ans, Points: new(big.Rat)}
	if !ok {
		r.Mark, r.Feedback = Unanswered, "No answer."
		return r, nil
	}
	claim, err := p.Claim.Answer(a.Name, ans.Line, ans.Text)
	if err != nil {
		r.Mark = Unreadable
		r.Feedback = fmt.Sprintf("Cannot read %q as an answer to this question: %v.", ans.Text, err)
		return r, nil
	}
	v, err := g.ch.Check(ctx, claim)
	if err != nil {
		return r, err
	}
	exact, err := g.exact(ctx, p, v)
	if err != nil {
		return r, err
	}
	if v.Holds {
		r.Exact = exact
		if short := g.shortBy(p, ans.Text); short != "" {
			r.Mark = Short
			r.Points = new(big.Rat).Mul(p.Points, p.Partial)
			r.Mistakes = []Mistake{known(TooFewPlaces, short)}
			r.Feedback = "The value is right, but " + short
			return r, nil
		}
		r.Mark, r.Points = Right, new(big.Rat).Set(p.Points)
		r.Feedback = "Right."
		return r, nil
	}
	r.Mark = Wrong
	if r.Mistakes, err = g.mistakes(ctx, p, ans); err != nil {
		return r, err
	}
	var b strings.Builder
	switch len(r.Mistakes) {
	case 0:
		b.WriteString("Wrong, and it matches none of the known mistakes.")
	case 1:
		b.WriteString("Wrong. " + r.Mistakes[0].Says)
	case 2:
		b.WriteString("Wrong. " + r.Mistakes[0].Says + " Another mistake gives the same value here: " + lowerFirst(r.Mistakes[1].Says))
	default:
		b.WriteString("Wrong. " + r.Mistakes[0].Says + " Other mistakes give the same value here:")
		for _, m := range r.Mistakes[1:] {
			b.WriteString(" " + m.Says)
		}
	}
	if p.Hint != "" {
		b.WriteString(" Hint: " + p.Hint)
	}
	if p.Show {
		r.Exact = exact
		b.WriteString(" The answer is " + exact + ".")
	}
	r.Feedback = b.String()
	return r, nil
}

// exact words the exact value of p's question: the value and, when the key
// asks for decimals, its decimal (half-even) at those places; for a
// question not about one value, what the checker computed.
func (g *Grader) exact(ctx context.Context, p *Part, v claims.Verdict) (string, error) {
	x, ok, err := p.Claim.Value(ctx, g.ch)
	if err != nil {
		return "", err
	}
	if !ok {
		// What the checker computed, without its marks on the figure.
		return strings.ReplaceAll(v.Exact, " (differs)", ""), nil
	}
	s := x.String()
	if p.Decimals > 0 {
		if d := x.Decimal(p.Decimals, rational.RoundHalfEven); d != s {
			s += " ≈ " + d
		}
	}
	return s, nil
}

// shortBy says how a right answer falls short of the places or digits the
// key asks for, or returns "".
func (g *Grader) shortBy(p *Part, answer string) string {
	if p.Decimals == 0 && p.Digits == 0 {
		return ""
	}
	figs, err := p.Claim.Figures(answer)
	if err != nil {
		return ""
	}
	for _, f := range figs {
		if !f.IsDecimal() {
			continue // an exact figure is as precise as any decimal
		}
		if f.Places() < p.Decimals {
			return fmt.Sprintf("it is rounded to %s; give at least %s.", placesWords(f.Places()), placesWords(p.Decimals))
		}
		if f.SignificantDigits() < p.Digits {
			return fmt.Sprintf("it shows %d significant digits; give at least %d.", f.SignificantDigits(), p.Digits)
		}
	}
	return ""
}

// mistakes returns the named mistakes a wrong answer matches: the key's
// own, then the built-in ones, each checked exactly with the student's
// figure. A mistaken question that cannot be decided is skipped: no
// mistake is named on a guess.
func (g *Grader) mistakes(ctx context.Context, p *Part, ans Answer) ([]Mistake, error) {
	var out []Mistake
	seen := map[string]bool{}
	addOnce := func(m Mistake) {
		if !seen[m.Name+"\x00"+m.Says] {
			seen[m.Name+"\x00"+m.Says] = true
			out = append(out, m)
		}
	}
	holds := func(q *claims.Question) (bool, error) {
		c, err := q.Answer("", ans.Line, ans.Text)
		if err != nil {
			return false, nil
		}
		v, err := g.ch.Check(ctx, c)
		if err != nil {
			if ctx.Err() != nil {
				return false, ctx.Err()
			}
			return false, nil
		}
		return v.Holds, nil
	}
	for _, m := range p.Mistakes {
		ok, err := holds(m.Claim)
		if err != nil {
			return nil, err
		}
		if ok {
			addOnce(Mistake{Name: m.Name, Says: m.Says})
		}
	}
	for _, alt := range alternatives(p) {
		var ok bool
		if alt.claim != nil {
			var err error
			if ok, err = holds(alt.claim); err != nil {
				return nil, err
			}
		} else if f, err := claims.ParseFigure(ans.Text, 0); err == nil {
			ok = f.Matches(alt.value)
		}
		if ok {
			addOnce(known(alt.kind, alt.says))
		}
	}
	if x, ok, err := p.Claim.Value(ctx, g.ch); err == nil && ok {
		if figs, err := p.Claim.Figures(ans.Text); err == nil && len(figs) == 1 {
			for _, m := range roundingMistakes(figs[0], x) {
				addOnce(m)
			}
		}
	} else if err != nil {
		return nil, err
	}
	return out, nil
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
