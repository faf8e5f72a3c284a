package grade

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/rational"

	"github.com/sqrtdk/sqrtdk/internal/textline"
)

// MaxLineBytes bounds one line of a key or an answer file, as it bounds a
// line of a claims file.
const MaxLineBytes = claims.MaxLineBytes

// MaxParts bounds the answers a key asks for.
const MaxParts = 1000

// MaxFileBytes bounds the size of one key or answer file: a thousand
// answers with lines of a kilobyte, far more than any key or answer file
// people write. A program that reads a file refuses a larger one by its
// size, before reading it (sqrtdk does).
const MaxFileBytes = 1 << 20

// MaxPoints bounds the points of one answer.
const MaxPoints = 1_000_000

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
}

// A Question is what a key asks under one id: its wording and its parts.
type Question struct {
	ID   string
	Line int
	// Ask is the question's wording from its question line ("" when the
	// key gives none).
	Ask   string
	Parts []*Part
}

// A Part is one answer a key asks for: a claim whose figure the student
// gives, and how it is graded.
type Part struct {
	// ID is the question id, or question.part for one of several parts.
	ID       string
	Question *Question
	Line     int
	// Claim is the question as the claims checker reads it.
	Claim *claims.Question
	// Ask is the part's own wording, from an ask line ("" when the key
	// gives none: sheets then describe the claim).
	Ask string
	// Hint is shown with the feedback on a wrong answer.
	Hint string
	// Points is what a right answer scores (a decimal, default 1).
	Points *big.Rat
	// Decimals and Digits are the least decimal places and significant
	// digits a decimal answer must show (0: any).
	Decimals, Digits int
	// Partial is the share of Points an answer gets when its value is
	// right but it shows too few places or digits (default 0).
	Partial *big.Rat
	// Show says whether feedback on a wrong answer may show the exact value.
	Show bool
	// Visibility is the Gradescope visibility of the part's test.
	Visibility string
	// DModel is the model width for the "model width" mistake (0: unknown).
	DModel int
	// Mistakes are the key's own named mistakes for this part, tried
	// before the built-in ones.
	Mistakes []KeyMistake
}

// A KeyMistake is a mistake a key names for one part: answers that the
// question Claim accepts get Says as feedback, under the Name the key
// gives it (by default the part's id and its place, "p1-mistake-1").
type KeyMistake struct {
	Name  string
	Claim *claims.Question
	Says  string
	Line  int
}

// A Draw is a value a variant draws: one of Choices, picked from the seed
// and the student id (see Variant).
type Draw struct {
	Name    string
	Choices []string
	Line    int
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
	"show": true, "visibility": true, "d-model": true}

// Visibilities are Gradescope's visibility settings for a test.
var Visibilities = []string{"visible", "hidden", "after_due_date", "after_published"}

var (
	idPattern   = `[A-Za-z0-9][A-Za-z0-9_-]*`
	questionID  = regexp.MustCompile(`^` + idPattern + `$`)
	partID      = regexp.MustCompile(`^(` + idPattern + `)(?:\.(` + idPattern + `))?$`)
	placeholder = regexp.MustCompile(`\{([A-Za-z][A-Za-z0-9_]*)\}`)
)

// ParseKey reads an answer key; name is used in error messages. It returns
// a *SyntaxError for the first line that is wrong. A key with draw lines is
// a template: it is checked with every draw at its first choice, and
// graded through Variant.
func ParseKey(name string, r io.Reader) (*Key, error) {
	lines, err := readLines(name, r)
	if err != nil {
		return nil, err
	}
	draws, err := parseDraws(name, lines)
	if err != nil {
		return nil, err
	}
	first := map[string]string{}
	for _, d := range draws {
		first[d.Name] = d.Choices[0]
	}
	k, err := parseKeyLines(name, lines, draws, first)
	if err != nil {
		return nil, err
	}
	if len(draws) > 0 {
		k.Values = nil
	}
	return k, nil
}

// readLines reads a file's lines, refusing invalid UTF-8 and overlong
// lines; a byte-order mark at the start is dropped.
func readLines(name string, r io.Reader) ([]string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), MaxLineBytes)
	sc.Split(textline.ScanLines)
	var lines []string
	for sc.Scan() {
		line := sc.Text()
		if len(lines) == 0 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		if !utf8.ValidString(line) {
			return nil, &SyntaxError{File: name, Line: len(lines) + 1, Msg: "the line is not valid UTF-8"}
		}
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &SyntaxError{File: name, Line: len(lines) + 1, Msg: fmt.Sprintf("the line is longer than %d bytes", MaxLineBytes)}
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return lines, nil
}

// stripComment removes a # comment (at the start of a line or after a
// space) and surrounding space.
func stripComment(s string) string {
	if i := strings.Index(s, "#"); i == 0 || (i > 0 && (s[i-1] == ' ' || s[i-1] == '\t')) {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// MaxChoices bounds the choices of one draw.
const MaxChoices = 10_000

func parseDraws(name string, lines []string) ([]Draw, error) {
	var draws []Draw
	seen := map[string]bool{}
	for i, raw := range lines {
		words := strings.Fields(stripComment(raw))
		if len(words) == 0 || words[0] != "draw" {
			continue
		}
		fail := func(format string, args ...any) error {
			return &SyntaxError{File: name, Line: i + 1, Msg: fmt.Sprintf(format, args...)}
		}
		if len(words) != 4 || words[2] != "from" {
			return nil, fail("write draw NAME from A..B or draw NAME from a,b,c")
		}
		n := words[1]
		if !regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`).MatchString(n) {
			return nil, fail("draw: %q is not a name (a letter, then letters, digits or _)", n)
		}
		if seen[n] {
			return nil, fail("draw: %s is drawn twice", n)
		}
		seen[n] = true
		choices, err := parseChoices(words[3])
		if err != nil {
			return nil, fail("draw %s: %v", n, err)
		}
		draws = append(draws, Draw{Name: n, Choices: choices, Line: i + 1})
	}
	return draws, nil
}

// parseChoices reads A..B (integers, both included) or a comma list.
func parseChoices(s string) ([]string, error) {
	if lo, hi, ok := strings.Cut(s, ".."); ok {
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || a > b {
			return nil, fmt.Errorf("%q is not a range A..B of integers with A ≤ B", s)
		}
		if b-a >= MaxChoices {
			return nil, fmt.Errorf("%q has more than %d choices", s, MaxChoices)
		}
		var out []string
		for v := a; v <= b; v++ {
			out = append(out, strconv.Itoa(v))
		}
		return out, nil
	}
	out := strings.Split(s, ",")
	if len(out) > MaxChoices {
		return nil, fmt.Errorf("more than %d choices", MaxChoices)
	}
	seen := map[string]bool{}
	for _, c := range out {
		if c == "" {
			return nil, fmt.Errorf("an empty choice in %q", s)
		}
		if seen[c] {
			return nil, fmt.Errorf("%s is a choice twice", c)
		}
		seen[c] = true
	}
	return out, nil
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

// parseKeyLines parses a key's lines with the drawn values substituted.
func parseKeyLines(name string, lines []string, draws []Draw, values map[string]string) (*Key, error) {
	k := &Key{Name: name, Draws: draws, Values: values, lines: lines, parts: map[string]*Part{}}
	questions := map[string]*Question{}
	claimDefaults := map[string]string{}
	optionDefaults := map[string]string{}
	for i, raw := range lines {
		n := i + 1
		fail := func(format string, args ...any) error {
			return &SyntaxError{File: name, Line: n, Msg: fmt.Sprintf(format, args...)}
		}
		line, err := substitute(stripComment(raw), values)
		if err != nil {
			return nil, fail("%v", err)
		}
		if line == "" {
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		switch word {
		case "draw":
			continue
		case "title":
			if k.Title != "" {
				return nil, fail("a second title line")
			}
			if rest == "" {
				return nil, fail("title: write the key's title")
			}
			k.Title = rest
		case "with":
			claimDefaults, optionDefaults = map[string]string{}, map[string]string{}
			for _, w := range strings.Fields(rest) {
				key, v, ok := strings.Cut(w, "=")
				if !ok || key == "" || v == "" {
					return nil, fail("with: %q is not key=value", w)
				}
				if options[key] {
					optionDefaults[key] = v
				} else {
					claimDefaults[key] = v
				}
			}
			if _, err := readOptions(&Part{}, optionDefaults); err != nil {
				return nil, fail("with: %v", err)
			}
		case "question":
			id, ask, _ := strings.Cut(rest, " ")
			if !questionID.MatchString(id) {
				return nil, fail("question: %q is not an id (letters, digits, - and _, no dot)", id)
			}
			if _, dup := questions[id]; dup {
				return nil, fail("question %s is given twice", id)
			}
			q := &Question{ID: id, Line: n, Ask: strings.TrimSpace(ask)}
			questions[id] = q
			k.Questions = append(k.Questions, q)
		case "answer":
			p, err := parseAnswerLine(rest, claimDefaults, optionDefaults)
			if err != nil {
				return nil, fail("%v", err)
			}
			if _, dup := k.parts[p.ID]; dup {
				return nil, fail("answer %s is given twice", p.ID)
			}
			qid, part := splitID(p.ID)
			q, ok := questions[qid]
			if !ok {
				q = &Question{ID: qid, Line: n}
				questions[qid] = q
				k.Questions = append(k.Questions, q)
			}
			if len(q.Parts) > 0 && (part == "" || q.Parts[0].ID == qid) {
				return nil, fail("question %s has parts: give each an id %s.PART", qid, qid)
			}
			if len(k.parts) == MaxParts {
				return nil, fail("more than %d answers in one key", MaxParts)
			}
			p.Question, p.Line = q, n
			q.Parts = append(q.Parts, p)
			k.parts[p.ID] = p
		case "hint", "mistake", "ask":
			id, text, _ := strings.Cut(rest, " ")
			p, ok := k.parts[id]
			if !ok {
				return nil, fail("%s: no answer line %q before this line", word, id)
			}
			text = strings.TrimSpace(text)
			if word != "mistake" && text == "" {
				return nil, fail("%s %s: write the text", word, id)
			}
			switch word {
			case "hint":
				p.Hint = strings.TrimSpace(p.Hint + " " + text)
				continue
			case "ask":
				p.Ask = strings.TrimSpace(p.Ask + " " + text)
				continue
			}
			claim, says, ok := strings.Cut(text, "=>")
			says = strings.TrimSpace(says)
			if !ok || says == "" {
				return nil, fail("mistake %s: write mistake %s [name=NAME] CLAIM => what the student did", id, id)
			}
			mistakeName := fmt.Sprintf("%s-mistake-%d", id, len(p.Mistakes)+1)
			if first, after, _ := strings.Cut(strings.TrimSpace(claim), " "); strings.HasPrefix(first, "name=") {
				mistakeName, claim = strings.TrimPrefix(first, "name="), after
				if !questionID.MatchString(mistakeName) {
					return nil, fail("mistake %s: name %q must be letters, digits, - and _", id, mistakeName)
				}
				for _, known := range Catalogue() {
					if known.String() == mistakeName {
						return nil, fail("mistake %s: %q is the name of a built-in mistake; name the key's own otherwise", id, mistakeName)
					}
				}
			}
			for _, m := range p.Mistakes {
				if m.Name == mistakeName {
					return nil, fail("mistake %s: the name %q is given twice", id, mistakeName)
				}
			}
			cq, err := claims.ParseQuestion(claim, claimDefaults)
			if err != nil {
				return nil, fail("mistake %s: %v", id, err)
			}
			p.Mistakes = append(p.Mistakes, KeyMistake{Name: mistakeName, Claim: cq, Says: says, Line: n})
		default:
			return nil, fail("unknown line %q: a key has title, with, draw, question, answer, ask, hint and mistake lines", word)
		}
	}
	for _, q := range k.Questions {
		if len(q.Parts) == 0 {
			return nil, &SyntaxError{File: name, Line: q.Line, Msg: fmt.Sprintf("question %s has no answer line", q.ID)}
		}
	}
	if len(k.parts) == 0 {
		return nil, &SyntaxError{File: name, Line: len(lines), Msg: "the key has no answer lines"}
	}
	return k, nil
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
		return nil, fmt.Errorf("answer: %q is not an id (QUESTION or QUESTION.PART, each letters, digits, - and _)", id)
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
	p := &Part{ID: id, Claim: q}
	if _, err := readOptions(p, opts); err != nil {
		return nil, fmt.Errorf("answer %s: %v", id, err)
	}
	return p, nil
}

// readOptions sets the grading options of p from opts.
func readOptions(p *Part, opts map[string]string) (*Part, error) {
	p.Points, p.Partial, p.Visibility = big.NewRat(1, 1), new(big.Rat), "visible"
	for _, k := range sortedKeys(opts) {
		v := opts[k]
		switch k {
		case "points", "partial":
			r, err := rational.ParseRat(v)
			if err != nil || r.Sign() < 0 || !rational.HasPlaces(r, 6) {
				return nil, fmt.Errorf("%s=%s: write a non-negative decimal number such as 1, 2.5 or 0.25", k, v)
			}
			if k == "points" {
				if r.Cmp(big.NewRat(MaxPoints, 1)) > 0 {
					return nil, fmt.Errorf("points=%s: at most %d", v, MaxPoints)
				}
				p.Points = r
			} else {
				if r.Cmp(big.NewRat(1, 1)) > 0 {
					return nil, fmt.Errorf("partial=%s: a share of the points, from 0 to 1", v)
				}
				p.Partial = r
			}
		case "decimals", "digits", "d-model":
			n, err := strconv.Atoi(v)
			limit := 100
			if k == "d-model" {
				limit = claims.MaxWidth * 1000
			}
			if err != nil || n < 0 || n > limit || (k == "d-model" && n < 1) {
				return nil, fmt.Errorf("%s=%s: write a whole number from %d to %d", k, v, map[bool]int{true: 1, false: 0}[k == "d-model"], limit)
			}
			switch k {
			case "decimals":
				p.Decimals = n
			case "digits":
				p.Digits = n
			default:
				p.DModel = n
			}
		case "show":
			switch v {
			case "yes":
				p.Show = true
			case "no":
				p.Show = false
			default:
				return nil, fmt.Errorf("show=%s: write show=yes or show=no", v)
			}
		case "visibility":
			ok := false
			for _, s := range Visibilities {
				ok = ok || s == v
			}
			if !ok {
				return nil, fmt.Errorf("visibility=%s: use %s", v, strings.Join(Visibilities, ", "))
			}
			p.Visibility = v
		}
	}
	return p, nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
