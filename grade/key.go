package grade

import (
	"fmt"
	"io"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/internal/mistake"
	"github.com/sqrtdk/sqrtdk/rational"
)

// maxKeyBytes bounds the size of a key: a thousand answers with room for
// their questions, hints and comments.
const maxKeyBytes = 1 << 20

// maxParts bounds the answers a key asks for.
const maxParts = 1000

// maxPoints bounds the points of one answer.
const maxPoints = 1_000_000

// MinDigits is the precision rule of a part whose key sets none: a
// decimal answer must show at least this many significant digits, unless
// it is the exact value itself (0.5 for 1/2).
const MinDigits = 2

// A SyntaxError is a problem with one line of a key or an answer file: the
// claims file's error, as a key's questions are claims.
type SyntaxError = claims.SyntaxError

// A Key is a parsed answer key: questions, each with one or more parts that
// a student answers.
type Key struct {
	// Name is the file the key was read from.
	Name string
	// Title is the key's title line, if any.
	Title string
	// Questions are in the order the key gives them.
	Questions []*Question
	// Draws are the values a variant draws, in the order given; a key
	// with draws is a template, graded through Variant.
	Draws []Draw
	// Values are the drawn values this key was made with, by name (nil
	// for a key without draws).
	Values map[string]string
	// Student is the student a variant was drawn for ("" otherwise).
	Student string

	lines []string // the key's text, for variants
	parts map[string]*Part
	// Of a template: what its variants may draw (see draw.go).
	variants variantRules
	// Of a variant: the template and seed it was drawn from.
	template *Key
	seed     string
}

// A Question is what a key asks under one id: its wording and its parts.
type Question struct {
	ID   string // the id the question line gives
	line int
	// Ask is the question's wording from its question line ("" when the
	// key gives none).
	Ask   string
	Parts []*Part // the answers it asks for, in key order
}

// A Part is one answer a key asks for: a claim whose figure the student
// gives, and how it is graded.
type Part struct {
	// ID is the question id, or question.part for one of several parts.
	ID       string
	Question *Question // the question the part belongs to
	Line     int       // the answer line's line in the key, from 1
	// claim is the question as the claims checker reads it.
	claim *claims.Question
	// ask is the part's own wording, from an ask line ("" when the key
	// gives none: sheets then describe the claim).
	ask string
	// hint is shown with the feedback on a wrong answer.
	hint string
	// Points is what a right answer scores (a decimal, default 1).
	Points *big.Rat
	// Decimals and Digits are the least decimal places and significant
	// digits a decimal answer must show; when the key sets neither,
	// Digits is MinDigits.
	Decimals, Digits int
	// partial is the share of Points an answer gets when its value is
	// right but it shows too few places or digits (default 0).
	partial *big.Rat
	// show says whether feedback on a wrong answer may show the exact value.
	show bool
	// Visibility is the Gradescope visibility of the part's test.
	Visibility string
	// dModel is the model width for the "model width" mistake (0: unknown).
	dModel int
	// mistakes are the key's own named mistakes for this part, tried
	// before the built-in ones.
	mistakes []keyMistake

	credit       map[string]*big.Rat // share of Points per named mistake
	coincide     map[string]bool     // mistakes the key knows coincide here (Lint)
	comma        bool                // answers use decimal commas
	precisionSet bool                // the key sets decimals or digits
	with         withSource          // the with line the claim's defaults came from
}

// withSource is the with line whose claim settings a part takes.
type withSource struct {
	line     int    // 0: none
	settings string // what it sets, "values=-2,2"
	spans    string // the question the with line was written under, when the part is of another ("" otherwise)
}

// A keyMistake is a mistake a key names for one part: answers that the
// question Claim accepts get Says as feedback, under the Name the key
// gives it (by default the part's id and its place, "p1-mistake-1").
type keyMistake struct {
	Name  string
	Claim *claims.Question
	Says  string
	Line  int

	credit *big.Rat // share of the points, nil for none
}

// Part returns the part with the given id, or nil.
func (k *Key) Part(id string) *Part { return k.parts[id] }

// Parts returns every part in key order.
func (k *Key) Parts() []*Part {
	var out []*Part
	for _, q := range k.Questions {
		out = append(out, q.Parts...)
	}
	return out
}

// MaxScore returns the sum of every part's points.
func (k *Key) MaxScore() *big.Rat {
	sum := new(big.Rat)
	for _, p := range k.Parts() {
		sum.Add(sum, p.Points)
	}
	return sum
}

// IsTemplate reports whether the key draws values, so that it is graded
// through a Variant.
func (k *Key) IsTemplate() bool { return len(k.Draws) > 0 && k.Values == nil }

// options are the grading options of an answer line; every other key=value
// belongs to the claim.
var options = map[string]bool{"points": true, "decimals": true, "digits": true, "partial": true,
	"show": true, "visibility": true, "d-model": true, "credit": true, "decimal-comma": true, "coincide": true}

// visibilities are Gradescope's visibility settings for a test.
var visibilities = []string{"visible", "hidden", "after_due_date", "after_published"}

var (
	idPattern   = `[A-Za-z0-9][A-Za-z0-9_-]*`
	questionID  = regexp.MustCompile(`^` + idPattern + `$`)
	partID      = regexp.MustCompile(`^(` + idPattern + `)(?:\.(` + idPattern + `))?$`)
	placeholder = regexp.MustCompile(`\{([A-Za-z][A-Za-z0-9_]*)\}`)
	drawName    = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)
)

// ParseKey reads an answer key; name is used in error messages. It returns
// a *SyntaxError for the first line that is wrong. A key with draw lines is
// a template: every line is checked at every choice of the draws it uses
// (so no variant can fail), the variants must number at least the key's
// minimum (200 by default) without a value the lesson prints, and it is
// graded through Variant.
func ParseKey(name string, r io.Reader) (*Key, error) {
	lines, err := readKeyLines(name, r)
	if err != nil {
		return nil, err
	}
	draws, rules, err := parseDraws(name, lines)
	if err != nil {
		return nil, err
	}
	var first map[string]string // nil without draws: Values' doc
	for _, d := range draws {
		if first == nil {
			first = map[string]string{}
		}
		first[d.Name] = d.Choices[0]
	}
	k, err := parseKeyLines(name, lines, draws, first)
	if err != nil {
		return nil, err
	}
	for _, p := range k.Parts() {
		if err := rules.checkRanges(p); err != nil {
			return nil, &SyntaxError{File: name, Line: p.Line, Msg: err.Error()}
		}
		for _, c := range append(sortedKeys(p.credit), sortedKeys(p.coincide)...) {
			if _, ok := mistake.Named(c); ok {
				continue
			}
			own := false
			for _, m := range p.mistakes {
				own = own || m.Name == c
			}
			if !own {
				return nil, &SyntaxError{File: name, Line: p.Line, Msg: fmt.Sprintf("answer %s: %s: no mistake of that name (the catalogue's, such as wrong-rate or too-few-places, or the key's own for %s)", p.ID, c, p.ID)}
			}
		}
	}
	if len(draws) > 0 {
		k.Values = nil
		k.variants = rules
		if err := k.checkChoices(); err != nil {
			return nil, err
		}
	}
	return k, nil
}

// readKeyLines reads a key's lines (ends LF, CRLF or CR), refusing text
// that is not UTF-8, lines longer than claims.MaxLineBytes and keys larger than
// maxKeyBytes; control characters are made visible.
func readKeyLines(name string, r io.Reader) ([]string, error) {
	var lines []string
	total := 0
	err := eachLine(r, false, func(n int, raw []byte, overlong bool) error {
		total += len(raw) + 1
		switch {
		case total > maxKeyBytes:
			return &SyntaxError{File: name, Line: n, Msg: fmt.Sprintf("the key is larger than %d bytes", maxKeyBytes)}
		case overlong:
			return &SyntaxError{File: name, Line: n, Msg: fmt.Sprintf("the line is longer than %d bytes", claims.MaxLineBytes)}
		case !utf8.Valid(raw):
			return &SyntaxError{File: name, Line: n, Msg: "the line is not valid UTF-8"}
		}
		lines = append(lines, visible(string(raw)))
		return nil
	})
	if err != nil {
		if _, ok := err.(*SyntaxError); ok {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return lines, nil
}

// stripComment removes a # comment (at the start of a line or after a
// space) and surrounding space.
func stripComment(s string) string {
	if i := strings.Index(s, "#"); i >= 0 && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// substitute replaces every {name} by its drawn value.
func substitute(s string, values map[string]string) (string, error) {
	var err error
	out := placeholder.ReplaceAllStringFunc(s, func(m string) string {
		n := m[1 : len(m)-1]
		v, ok := values[n]
		if !ok && err == nil {
			err = fmt.Errorf("{%s} names no draw line", n)
		}
		return v
	})
	return out, err
}

// keyParser holds what parsing a key's lines carries from line to line.
type keyParser struct {
	k              *Key
	questions      map[string]*Question
	claimDefaults  map[string]string
	optionDefaults map[string]string
	with           withSource
	lastQuestion   string // the last question line's id
	withQuestion   string // the last question line's id when the with line was read
}

// parseKeyLines parses a key's lines with the drawn values substituted.
func parseKeyLines(name string, lines []string, draws []Draw, values map[string]string) (*Key, error) {
	k := &Key{Name: name, Draws: draws, Values: values, lines: lines, parts: map[string]*Part{}}
	kp := &keyParser{k: k, questions: map[string]*Question{}, claimDefaults: map[string]string{}, optionDefaults: map[string]string{}}
	for i, raw := range lines {
		n := i + 1
		line, err := substitute(stripComment(raw), values)
		if err == nil {
			err = kp.line(n, line)
		}
		if err != nil {
			if se, ok := err.(*SyntaxError); ok {
				return nil, se
			}
			return nil, &SyntaxError{File: name, Line: n, Msg: err.Error()}
		}
	}
	for _, q := range k.Questions {
		if len(q.Parts) == 0 {
			return nil, &SyntaxError{File: name, Line: q.line, Msg: fmt.Sprintf("question %s has no answer line", q.ID)}
		}
	}
	if len(k.parts) == 0 {
		return nil, &SyntaxError{File: name, Line: max(len(lines), 1), Msg: "the key has no answer lines"}
	}
	return k, nil
}

// line parses one line of a key.
func (kp *keyParser) line(n int, line string) error {
	k := kp.k
	if line == "" {
		return nil
	}
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch word {
	case "draw", "variants", "range":
		return nil // read by parseDraws
	case "title":
		if k.Title != "" {
			return fmt.Errorf("a second title line")
		}
		if rest == "" {
			return fmt.Errorf("title: write the key's title")
		}
		k.Title = rest
	case "with":
		claimDefaults, optionDefaults := map[string]string{}, map[string]string{}
		for _, w := range strings.Fields(rest) {
			key, v, ok := strings.Cut(w, "=")
			if !ok || key == "" || v == "" {
				return fmt.Errorf("with: %s is not key=value", quote(w))
			}
			if _, dup := claimDefaults[key]; dup {
				return fmt.Errorf("with: %s is set twice", key)
			}
			if _, dup := optionDefaults[key]; dup {
				return fmt.Errorf("with: %s is set twice", key)
			}
			if options[key] {
				optionDefaults[key] = v
			} else {
				claimDefaults[key] = v
			}
		}
		if err := readOptions(&Part{}, optionDefaults); err != nil {
			return fmt.Errorf("with: %v", err)
		}
		// The claims' own check of a default: a key it does not know.
		if _, err := claims.ParseQuestion("number value=1", claimDefaults); err != nil {
			return fmt.Errorf("with: %v", err)
		}
		kp.claimDefaults, kp.optionDefaults = claimDefaults, optionDefaults
		kp.with = withSource{}
		if len(claimDefaults) > 0 {
			var set []string
			for _, key := range sortedKeys(claimDefaults) {
				set = append(set, key+"="+claimDefaults[key])
			}
			kp.with = withSource{line: n, settings: strings.Join(set, " ")}
		}
		kp.withQuestion = kp.lastQuestion
	case "question":
		id, ask, _ := strings.Cut(rest, " ")
		if !questionID.MatchString(id) {
			return fmt.Errorf("question: %s is not an id (letters, digits, - and _, no dot)", quote(id))
		}
		if _, dup := kp.questions[id]; dup {
			return fmt.Errorf("question %s is given twice", id)
		}
		q := &Question{ID: id, line: n, Ask: strings.TrimSpace(ask)}
		kp.questions[id] = q
		k.Questions = append(k.Questions, q)
		kp.lastQuestion = id
	case "answer":
		p, err := parseAnswerLine(rest, kp.claimDefaults, kp.optionDefaults)
		if err != nil {
			return err
		}
		if _, dup := k.parts[p.ID]; dup {
			return fmt.Errorf("answer %s is given twice", p.ID)
		}
		qid, part := splitID(p.ID)
		q, ok := kp.questions[qid]
		if !ok {
			q = &Question{ID: qid, line: n}
			kp.questions[qid] = q
			k.Questions = append(k.Questions, q)
			kp.lastQuestion = qid
		}
		if len(q.Parts) > 0 && (part == "" || q.Parts[0].ID == qid) {
			return fmt.Errorf("question %s has parts: give each an id %s.PART", qid, qid)
		}
		if len(k.parts) == maxParts {
			return fmt.Errorf("more than %d answers in one key", maxParts)
		}
		p.Question, p.Line = q, n
		p.with = kp.with
		if kp.with.line > 0 && kp.withQuestion != "" && kp.withQuestion != qid {
			p.with.spans = kp.withQuestion
		}
		q.Parts = append(q.Parts, p)
		k.parts[p.ID] = p
	case "hint", "mistake", "ask":
		return kp.partLine(n, word, rest)
	default:
		return fmt.Errorf("unknown line %s: a key has title, with, draw, variants, range, question, answer, ask, hint and mistake lines", quote(word))
	}
	return nil
}

// partLine parses a hint, ask or mistake line.
func (kp *keyParser) partLine(n int, word, rest string) error {
	id, text, _ := strings.Cut(rest, " ")
	p, ok := kp.k.parts[id]
	if !ok {
		return fmt.Errorf("%s: no answer line %s before this line", word, quote(id))
	}
	text = strings.TrimSpace(text)
	if word != "mistake" && text == "" {
		return fmt.Errorf("%s %s: write the text", word, id)
	}
	switch word {
	case "hint":
		p.hint = strings.TrimSpace(p.hint + " " + text)
		return nil
	case "ask":
		p.ask = strings.TrimSpace(p.ask + " " + text)
		return nil
	}
	claim, says, ok := strings.Cut(text, "=>")
	says = strings.TrimSpace(says)
	if !ok || says == "" {
		return fmt.Errorf("mistake %s: write mistake %s [name=NAME] [credit=F] CLAIM => what the student did", id, id)
	}
	m := keyMistake{Name: fmt.Sprintf("%s-mistake-%d", id, len(p.mistakes)+1), Says: says, Line: n}
	named := false
	for {
		first, after, _ := strings.Cut(strings.TrimSpace(claim), " ")
		switch {
		case strings.HasPrefix(first, "name=") && !named:
			m.Name, claim, named = strings.TrimPrefix(first, "name="), after, true
			if !questionID.MatchString(m.Name) {
				return fmt.Errorf("mistake %s: name %s must be letters, digits, - and _", id, quote(m.Name))
			}
			if _, known := mistake.Named(m.Name); known {
				return fmt.Errorf("mistake %s: %s is the name of a built-in mistake; name the key's own otherwise", id, quote(m.Name))
			}
			continue
		case strings.HasPrefix(first, "credit=") && m.credit == nil:
			c, err := share(strings.TrimPrefix(first, "credit="))
			if err != nil {
				return fmt.Errorf("mistake %s: credit=%s: %v", id, strings.TrimPrefix(first, "credit="), err)
			}
			m.credit, claim = c, after
			continue
		}
		break
	}
	for _, other := range p.mistakes {
		if other.Name == m.Name {
			return fmt.Errorf("mistake %s: the name %s is given twice", id, quote(m.Name))
		}
	}
	cq, err := claims.ParseQuestion(claim, kp.claimDefaults)
	if err != nil {
		return fmt.Errorf("mistake %s: %v", id, err)
	}
	m.Claim = cq
	p.mistakes = append(p.mistakes, m)
	return nil
}

// splitID splits "1.raw" into "1" and "raw"; "3" into "3" and "".
func splitID(id string) (question, part string) {
	q, p, _ := strings.Cut(id, ".")
	return q, p
}

// parseAnswerLine reads "ID KIND key=value ..." with grading options among
// the settings.
func parseAnswerLine(rest string, claimDefaults, optionDefaults map[string]string) (*Part, error) {
	words := strings.Fields(rest)
	if len(words) < 2 {
		return nil, fmt.Errorf("write answer ID KIND key=value … (the claim without \" is FIGURE\")")
	}
	id := words[0]
	if !partID.MatchString(id) {
		return nil, fmt.Errorf("answer: %s is not an id (QUESTION or QUESTION.PART, each letters, digits, - and _)", quote(id))
	}
	var claimWords []string
	opts := map[string]string{}
	for k, v := range optionDefaults {
		opts[k] = v
	}
	given := map[string]bool{}
	for _, w := range words[1:] {
		k, v, ok := strings.Cut(w, "=")
		if ok && options[k] {
			if given[k] {
				return nil, fmt.Errorf("answer %s: %s is set twice", id, k)
			}
			given[k] = true
			opts[k] = v
			continue
		}
		claimWords = append(claimWords, w)
	}
	q, err := claims.ParseQuestion(strings.Join(claimWords, " "), claimDefaults)
	if err != nil {
		return nil, fmt.Errorf("answer %s: %v", id, err)
	}
	p := &Part{ID: id, claim: q}
	if err := readOptions(p, opts); err != nil {
		return nil, fmt.Errorf("answer %s: %v", id, err)
	}
	return p, nil
}

// share reads a share of the points, a decimal from 0 to 1.
func share(v string) (*big.Rat, error) {
	r, err := rational.ParseRat(v)
	if err != nil || r.Sign() < 0 || r.Cmp(big.NewRat(1, 1)) > 0 || !rational.HasPlaces(r, 6) {
		return nil, fmt.Errorf("write a share of the points, a decimal from 0 to 1 such as 0.5")
	}
	return r, nil
}

// readOptions sets the grading options of p from opts.
func readOptions(p *Part, opts map[string]string) error {
	p.Points, p.partial, p.Visibility = big.NewRat(1, 1), new(big.Rat), "visible"
	p.Decimals, p.Digits, p.precisionSet = 0, MinDigits, false
	for _, k := range sortedKeys(opts) {
		v := opts[k]
		switch k {
		case "points":
			r, err := rational.ParseRat(v)
			if err != nil || r.Sign() < 0 || !rational.HasPlaces(r, 6) {
				return fmt.Errorf("points=%s: write a non-negative decimal number such as 1, 2.5 or 0.25", v)
			}
			if r.Cmp(big.NewRat(maxPoints, 1)) > 0 {
				return fmt.Errorf("points=%s: at most %d", v, maxPoints)
			}
			p.Points = r
		case "partial":
			r, err := share(v)
			if err != nil {
				return fmt.Errorf("partial=%s: %v", v, err)
			}
			p.partial = r
		case "credit":
			p.credit = map[string]*big.Rat{}
			for _, item := range strings.Split(v, ",") {
				name, f, ok := strings.Cut(item, ":")
				if !ok || name == "" {
					return fmt.Errorf("credit=%s: write credit=MISTAKE:SHARE,… such as credit=wrong-rate:0.5", v)
				}
				r, err := share(f)
				if err != nil {
					return fmt.Errorf("credit=%s: %s: %v", v, name, err)
				}
				if _, dup := p.credit[name]; dup {
					return fmt.Errorf("credit=%s: %s is given twice", v, name)
				}
				p.credit[name] = r
			}
		case "coincide":
			p.coincide = map[string]bool{}
			for _, name := range strings.Split(v, ",") {
				if name == "" {
					return fmt.Errorf("coincide=%s: write coincide=MISTAKE,… with the names of mistakes", v)
				}
				p.coincide[name] = true
			}
		case "decimals", "digits", "d-model":
			n, err := strconv.Atoi(v)
			limit, least := 100, 0
			if k == "d-model" {
				limit, least = claims.MaxWidth*1000, 1
			}
			if err != nil || n < least || n > limit {
				return fmt.Errorf("%s=%s: write a whole number from %d to %d", k, v, least, limit)
			}
			switch k {
			case "decimals":
				p.Decimals, p.precisionSet = n, true
				if _, digits := opts["digits"]; !digits {
					p.Digits = 0
				}
			case "digits":
				p.Digits, p.precisionSet = n, true
			default:
				p.dModel = n
			}
		case "decimal-comma", "show":
			var on bool
			switch v {
			case "yes":
				on = true
			case "no":
			default:
				return fmt.Errorf("%s=%s: write %s=yes or %s=no", k, v, k, k)
			}
			if k == "show" {
				p.show = on
			} else {
				p.comma = on
			}
		case "visibility":
			ok := false
			for _, s := range visibilities {
				ok = ok || s == v
			}
			if !ok {
				return fmt.Errorf("visibility=%s: use %s", v, strings.Join(visibilities, ", "))
			}
			p.Visibility = v
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
