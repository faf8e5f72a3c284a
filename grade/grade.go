package grade

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/mistake"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
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
	// Unreadable: the answer could not be read as an answer to the
	// question (or the part was answered twice, differently). It scores 0
	// and is flagged for review: it is not wrong, only not understood.
	Unreadable
)

var markNames = []string{"no answer", "right", "too few places", "wrong", "could not read"}

// String returns "no answer", "right", "too few places", "wrong" or "could
// not read".
func (v Mark) String() string {
	if v < 0 || int(v) >= len(markNames) {
		return fmt.Sprintf("Mark(%d)", int(v))
	}
	return markNames[v]
}

// A PartResult is the grade of one answer.
type PartResult struct {
	Part   *Part    // the part graded
	Answer Answer   // Text "" when unanswered
	Mark   Mark     // how the answer was graded
	Points *big.Rat // the points it scored
	// Mistakes are the named mistakes a wrong answer matches, the key's
	// own first, then the catalogue's in order; the first is the one
	// reported as the answer's mistake.
	Mistakes []Mistake
	// Feedback is the sentence for the student.
	Feedback string
	// Exact is the exact value (or what the checker computed) when the
	// answer is right or the key shows values; "" otherwise.
	Exact string
	// Read is what the answer was read as ("0.125, to 3 significant
	// digits and 1/8"), for a teacher checking the reader; "" when it
	// could not be read.
	Read string
	// Unread says why an answer (Mark Unreadable) could not be read, in
	// words for the student (Feedback holds it and how to write one); nil
	// for any other answer and for a part answered twice. A command may
	// point to its own help beside it.
	Unread *claims.ReadError
}

// A Result is the grade of one answer file.
type Result struct {
	Key     *Key     // the key (for a template, the student's variant)
	Answers *Answers // the answer file graded
	// Student is the answer file's student id, or its name when it has none.
	Student string
	Parts   []PartResult // one per part, in key order
	Score   *big.Rat     // the points scored
	Max     *big.Rat     // the points there are
	// Flags are what a teacher should look at besides the grade: lines
	// that could not be read, a student line that disagrees with the
	// roster, answers that fit another variant, answers shared with
	// another file.
	Flags []Flag
	// Err is why the file could not be graded at all (missing, not text,
	// not the student's): a rejected file keeps its row in every class
	// output. Parts is then empty and Score 0.
	Err error
}

// A Flag is something about an answer file a teacher should review.
type Flag struct {
	// Name is the flag's stable name: "unreadable-lines", "student-line",
	// "not-on-roster", "other-variant", "shared-answers", "same-student",
	// "same-file".
	Name string
	// Says what was found, in a sentence.
	Says string

	values map[string]string // other-variant: the variant the answers fit
}

// AllRight reports whether every answer is right.
func (r *Result) AllRight() bool {
	if r.Err != nil {
		return false
	}
	for _, p := range r.Parts {
		if p.Mark != Right {
			return false
		}
	}
	return true
}

// Rejected returns the result of an answer file that could not be graded:
// its name, the student it is for (if known), the key's maximum and why.
func Rejected(k *Key, name, student string, err error) *Result {
	if student == "" {
		student = name
	}
	return &Result{Key: k, Answers: &Answers{Name: name, ByPart: map[string]Answer{}}, Student: student,
		Score: new(big.Rat), Max: k.MaxScore(), Err: err}
}

// flag adds a flag to the result.
func (r *Result) flag(name, says string) { r.Flags = append(r.Flags, Flag{Name: name, Says: says}) }

// A Grader grades answer files with one claims checker, so that each
// distribution is computed once for a whole class; it is not safe for
// concurrent use.
type Grader struct {
	opt Options
	ch  *claims.Checker
	// values caches the exact value of each question about one value, by
	// its text: a distribution too large for the checker's cache is then
	// computed once, not once per answer.
	values map[string]cachedValue
	// variantParts caches the parts of other variants, for the fit check.
	variantParts map[string]*Part
	// alternatives caches each part's built-in mistaken questions, and
	// judged each part's grade by the answer's text: a class writes the
	// same answers again and again.
	alternatives map[*Part][]alternative
	judged       map[judgedKey]PartResult
}

type judgedKey struct {
	part *Part
	text string
}

// maxJudged bounds the grades a Grader keeps by answer.
const maxJudged = 200_000

type cachedValue struct {
	x      rational.Value
	single bool
}

// maxCachedValues bounds the values a Grader keeps.
const maxCachedValues = 100_000

// Options are how a Grader reads and computes; the zero Options are the
// defaults.
type Options struct {
	// DecimalComma reads a comma between digits as the decimal point in
	// every answer (1,5 is 1.5), as a key's decimal-comma=yes does for one
	// part; without it such a comma is refused as ambiguous.
	DecimalComma bool
	// Limits bound what the Grader computes, as they bound a claims
	// checker's work (Plan refuses a key over them).
	Limits enumerate.Limits
}

// NewGrader returns a Grader with the given options.
func NewGrader(o Options) *Grader {
	return &Grader{opt: o, ch: claims.NewChecker(o.Limits), values: map[string]cachedValue{}, variantParts: map[string]*Part{},
		alternatives: map[*Part][]alternative{}, judged: map[judgedKey]PartResult{}}
}

// comma reports whether answers to p use decimal commas.
func (g *Grader) comma(p *Part) bool { return p.comma || g.opt.DecimalComma }

// value returns the one exact value q asks for, computed once per Grader;
// single is false for a question not about one value.
func (g *Grader) value(ctx context.Context, q *claims.Question) (x rational.Value, single bool, err error) {
	key := q.Kind + " " + q.Text
	if c, ok := g.values[key]; ok {
		return c.x, c.single, nil
	}
	x, single, err = q.Value(ctx, g.ch)
	if err != nil {
		return x, false, err
	}
	if len(g.values) < maxCachedValues {
		g.values[key] = cachedValue{x, single}
	}
	return x, single, nil
}

// Grade grades a's answers against k, which must not be a template (see
// Variant); its computations stop, with ctx's error, once ctx is done. For
// a variant that is not all right, it also looks for another variant the
// answers fit better (a wrong seed or student id, or answers copied from
// another student) and flags it. An error means an answer could not be
// decided at all (a computation was cancelled or refused).
func (g *Grader) Grade(ctx context.Context, k *Key, a *Answers) (*Result, error) {
	if k.IsTemplate() {
		return nil, fmt.Errorf("%s draws values: grade a variant of it", k.Name)
	}
	res := &Result{Key: k, Answers: a, Student: a.Student, Score: new(big.Rat), Max: k.MaxScore()}
	if res.Student == "" {
		res.Student = a.Name
	}
	if n := len(a.Problems); n > 0 {
		lines := make([]string, n)
		for i, p := range a.Problems {
			lines[i] = fmt.Sprintf("line %d: %s", p.Line, p.Msg)
		}
		what := numwords.Count(n, "line") + " of the file could not be read and " + numwords.Agree(n, "was", "were")
		res.flag("unreadable-lines", fmt.Sprintf("%s left out: %s.", what, strings.Join(lines, "; ")))
	}
	for _, p := range k.Parts() {
		r, err := g.gradePart(ctx, p, a)
		if err != nil {
			return nil, err
		}
		res.Score.Add(res.Score, r.Points)
		res.Parts = append(res.Parts, r)
	}
	if k.template != nil && !res.AllRight() {
		if err := g.checkFit(ctx, res); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// judged is an answer read and judged against one question.
type judged struct {
	read   *claims.Answer
	holds  bool
	exact  string
	value  rational.Value
	single bool // the question is about one exact value
}

// judge reads and judges an answer; a *claims.ReadError says it could not
// be read.
func (g *Grader) judge(ctx context.Context, p *Part, file string, ans Answer) (judged, error) {
	read, err := p.claim.Read(ans.Text, g.comma(p))
	if err != nil {
		return judged{}, err
	}
	return g.judgeRead(ctx, p, p.claim, file, ans.Line, read)
}

func (g *Grader) judgeRead(ctx context.Context, p *Part, q *claims.Question, file string, line int, read *claims.Answer) (judged, error) {
	j := judged{read: read}
	c, err := q.Claim(file, line, read)
	if err != nil {
		return j, err
	}
	x, single, err := g.value(ctx, q)
	if err != nil {
		return j, err
	}
	j.value, j.single = x, single
	var v claims.Verdict
	if single {
		// Every side is x, or x correctly rounded: the claims check of a
		// value, against the value computed once.
		j.holds = allMatch(read.Figures(), x)
	} else {
		if v, err = g.ch.Check(ctx, c); err != nil {
			return j, err
		}
		j.holds = v.Holds
	}
	j.exact = exactWords(p, x, single, v)
	return j, nil
}

// holds reports whether read holds for question q; an answer q cannot
// read, or a question it cannot decide, does not hold: no mistake is named
// on a guess.
func (g *Grader) holds(ctx context.Context, q *claims.Question, file string, line int, read *claims.Answer) (bool, error) {
	c, err := q.Claim(file, line, read)
	if err != nil {
		return false, nil
	}
	if x, single, err := g.value(ctx, q); err != nil {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		return false, nil
	} else if single {
		return allMatch(read.Figures(), x), nil
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

func (g *Grader) gradePart(ctx context.Context, p *Part, a *Answers) (PartResult, error) {
	ans, ok := a.ByPart[p.ID]
	r := PartResult{Part: p, Answer: ans, Points: new(big.Rat)}
	if !ok {
		r.Mark, r.Feedback = Unanswered, "No answer."
		return r, nil
	}
	if ans.conflict != "" {
		r.Mark = Unreadable
		r.Feedback = "Could not read: the part is " + ans.conflict + ". Answer each part once."
		return r, nil
	}
	key := judgedKey{p, ans.Text}
	if done, ok := g.judged[key]; ok {
		done.Answer = ans
		return done, nil
	}
	r, err := g.gradeAnswer(ctx, p, a.Name, ans)
	if err == nil && len(g.judged) < maxJudged {
		g.judged[key] = r
	}
	return r, err
}

// gradeAnswer grades one answer; the result depends only on the part and
// the answer's text.
func (g *Grader) gradeAnswer(ctx context.Context, p *Part, file string, ans Answer) (PartResult, error) {
	r := PartResult{Part: p, Answer: ans, Points: new(big.Rat)}
	j, err := g.judge(ctx, p, file, ans)
	if err != nil {
		var re *claims.ReadError
		if !errors.As(err, &re) {
			return r, err
		}
		r.Mark = Unreadable
		r.Unread = re
		r.Feedback = fmt.Sprintf("Could not read %s: %s. %s", quote(ans.Text), strings.TrimSuffix(re.Error(), "."), hint(p, g.comma(p)))
		return r, nil
	}
	r.Read = j.read.Reading()
	if j.holds {
		r.Exact = j.exact
		if short := shortBy(p, j); short != "" {
			r.Mark = Short
			r.Points = new(big.Rat).Mul(p.Points, p.partial)
			r.Mistakes = []Mistake{known(mistake.TooFewPlaces, "The value is right, but "+short)}
			r.Feedback = "The value is right, but " + short
			return r, nil
		}
		r.Mark, r.Points = Right, new(big.Rat).Set(p.Points)
		r.Feedback = "Right."
		return r, nil
	}
	if short := roundedShort(p, j); short != "" {
		r.Mark = Short
		r.Points = new(big.Rat).Mul(p.Points, p.partial)
		r.Mistakes = []Mistake{known(mistake.TooFewPlaces, "The value is right, but "+short)}
		r.Feedback = "The value is right, but " + short
		return r, nil
	}
	r.Mark = Wrong
	if r.Mistakes, err = g.mistakes(ctx, p, file, ans.Line, j); err != nil {
		return r, err
	}
	r.Points = creditFor(p, r.Mistakes)
	r.Feedback = feedback(p, r, j)
	return r, nil
}

// feedback words a wrong answer's feedback: its mistakes, the key's hint
// and, where the key shows values, the exact value.
func feedback(p *Part, r PartResult, j judged) string {
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
	if r.Points.Sign() > 0 {
		noun := "points"
		if p.Points.Cmp(big.NewRat(1, 1)) == 0 {
			noun = "point" // "0.5 of 1 point"
		}
		fmt.Fprintf(&b, " (Partial credit: %s of %s %s.)", pointsWords(r.Points), pointsWords(p.Points), noun)
	}
	if p.hint != "" {
		b.WriteString(" Hint: " + p.hint)
	}
	if p.show {
		b.WriteString(" The answer is " + j.exact + ".")
	}
	return b.String()
}

// creditFor returns the points of a wrong answer: the largest share the
// key gives one of its named mistakes (credit=NAME:F on the answer line,
// credit=F on a key's mistake line), times the part's points.
func creditFor(p *Part, ms []Mistake) *big.Rat {
	best := new(big.Rat)
	for _, m := range ms {
		var c *big.Rat
		if m.Kind == 0 {
			for _, km := range p.mistakes {
				if km.Name == m.Name {
					c = km.credit
				}
			}
		}
		if pc, ok := p.credit[m.Name]; ok {
			c = pc
		}
		if c != nil && c.Cmp(best) > 0 {
			best = c
		}
	}
	return new(big.Rat).Mul(best, p.Points)
}

// pointsWords writes points as the shortest decimal that is exactly them.
func pointsWords(r *big.Rat) string {
	for places := 0; places < 40; places++ {
		if rational.HasPlaces(r, places) {
			return rational.FormatRat(r, places, rational.RoundHalfEven)
		}
	}
	return r.RatString()
}

// exactWords words the exact value of p's question: the value and, when
// the key asks for decimals, its decimal (half-even) at those places; for
// a question not about one value, what the checker computed.
func exactWords(p *Part, x rational.Value, single bool, v claims.Verdict) string {
	if !single {
		// What the checker computed, without its marks on the figure.
		return strings.ReplaceAll(v.Exact, " (differs)", "")
	}
	s := x.String()
	if p.Decimals > 0 {
		if d := x.Decimal(p.Decimals, rational.RoundHalfEven); d != s {
			s += " " + x.Approximation(p.Decimals, rational.RoundHalfEven)
		}
	}
	return s
}

// shortBy says how a right answer falls short of the precision rule of
// its part (the key's decimals or digits, else MinDigits significant
// digits), or returns "". An exact figure is precise whatever the rule,
// and so is a decimal that is the exact value itself (0.2 for 1/5, however
// many places the key asks for): the rule applies only to values that
// differ from the exact one; for an answer about one value with several
// sides, its most precise side counts.
func shortBy(p *Part, j judged) string {
	figs := j.read.Figures()
	if len(figs) == 0 {
		return ""
	}
	single := j.single && !isList(p)
	var short string
	for _, f := range figs {
		s := ""
		switch {
		case !f.IsDecimal():
		case j.single && rational.NewRat(f.Decimal()).Cmp(j.value) == 0:
			// A decimal that is the exact value (0.2 for 1/5, 20%, 1.0,
			// 66000 for 66000) is exact, whatever digits it shows.
		case p.Decimals > 0 && f.Places() < p.Decimals:
			s = fmt.Sprintf("it is rounded to %s; give at least %s.", placesWords(f.Places()), placesWords(p.Decimals))
		case p.Digits > 0 && f.SignificantDigits() < p.Digits:
			s = fmt.Sprintf("it shows %s; give at least %d.", digitsWords(f.SignificantDigits()), p.Digits)
			if !p.precisionSet {
				s = fmt.Sprintf("it shows %s, which does not pin the value down; give at least %d, or the exact value.", digitsWords(f.SignificantDigits()), p.Digits)
			}
		}
		if single && s == "" {
			return "" // one precise side is enough
		}
		if s != "" && short == "" {
			short = s
		}
	}
	return short
}

// roundedShort says why an answer that does not hold is still the right
// value shown short where the key asks for decimal places: one decimal
// that is the exact value rounded to the places it shows, fewer than the
// key asks. Claims hold a whole number to its significant digits, so "1"
// for 11/12 = 0.9167 does not hold (at one digit it is 0.9), while 1 is
// 0.9167 rounded to no places. A tie is not taken: 1 does not stand for a
// half (see claims' doc).
func roundedShort(p *Part, j judged) string {
	figs := j.read.Figures()
	if !j.single || isList(p) || len(figs) != 1 || !figs[0].IsDecimal() {
		return ""
	}
	f := figs[0]
	places := f.Places()
	if places < 0 || places >= p.Decimals {
		return ""
	}
	// Strictly within half a unit of its last place.
	half := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Mul(big.NewInt(2), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil)))
	lo, hi := new(big.Rat).Sub(f.Decimal(), half), new(big.Rat).Add(f.Decimal(), half)
	if j.value.Cmp(rational.NewRat(lo)) <= 0 || j.value.Cmp(rational.NewRat(hi)) >= 0 {
		return ""
	}
	return fmt.Sprintf("it is rounded to %s; give at least %s.", placesWords(places), placesWords(p.Decimals))
}

func isList(p *Part) bool { return p.claim.Kind == "softmax" }

func digitsWords(n int) string { return numwords.SignificantDigits(n) }

// hint says, for an answer that could not be read, how to write one, in
// words for the student (a command adds where its help is).
func hint(p *Part, comma bool) string {
	switch p.claim.Kind {
	case "trend":
		return `Write grows, shrinks or stays constant, with a rate if you like ("grows like √d").`
	case "softmax":
		return "Write the outputs as a list, such as 0.09, 0.24, 0.67."
	case "law":
		return "Write a formula in d, such as sqrt(d), 1/d or 16*d, or one number."
	case "distribution":
		return "Write the distribution as [(score, count), …]."
	case "mean", "variance", "std":
		if p.claim.Setting("d") == "" {
			return "Write a formula in d, such as 1, 1/d, sqrt(d) or 16*d."
		}
	}
	if comma {
		return "Write a number such as 65536, 0,125, 1/8, 2√2, 6,5e4 or 12,5 % (decimal commas)."
	}
	return "Write a number such as 65536, 0.125, 1/8, 2√2, 6.5e4 or 12.5%."
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
