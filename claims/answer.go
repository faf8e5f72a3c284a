package claims

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A shape is what an answer to a kind of question looks like.
type shape int

const (
	oneValue  shape = iota // one number, possibly with shown work
	valueList              // softmax outputs
	direction              // a trend: grows, shrinks, constant
	formula                // a law: a formula in d, or one figure
	pairList               // a distribution: [(score, count), …]
)

// An Answer is what a person wrote for one question, read once into typed
// figures by the answer grammar (help answers): for a question about one
// value, every side of it (the answer, shown work "4^10 = 1048576", a
// restatement "0.125 (=1/8)"); for softmax outputs, the list; for a trend,
// its direction, any stated rate ("grows like √d") and level ("stays at
// 1"). Judging it (Question.Claim, then Checker.Check) and matching it
// against mistakes use these figures, never the text again.
type Answer struct {
	text  string
	shape shape
	sides []printed
	list  []printed
	trend trendFigure
	raw   string // formula and pairList: the normalized text
	comma bool   // read with decimal commas
}

// Text returns the answer as written.
func (a *Answer) Text() string { return a.text }

// Figures returns the numbers the answer states: each side of an answer
// about one value (the answer first, then shown work and restatements, in
// the order written), every softmax output, a trend's level; none for a
// direction alone, a law or a distribution.
func (a *Answer) Figures() []Figure {
	var ps []printed
	switch a.shape {
	case oneValue:
		ps = a.sides
	case valueList:
		ps = a.list
	case direction:
		if a.trend.level != nil {
			ps = []printed{*a.trend.level}
		}
	}
	out := make([]Figure, len(ps))
	for i, p := range ps {
		out[i] = Figure{p: p}
	}
	return out
}

// Sides returns one Answer per side of an answer about one value with
// shown work or a restatement, so that each can be judged alone; any other
// answer is its only side.
func (a *Answer) Sides() []*Answer {
	if a.shape != oneValue || len(a.sides) < 2 {
		return []*Answer{a}
	}
	out := make([]*Answer, len(a.sides))
	for i, p := range a.sides {
		out[i] = &Answer{text: p.text, shape: oneValue, sides: []printed{p}, comma: a.comma}
	}
	return out
}

// Rate returns the rate a trend answer states, as written ("like √d"), or
// "" when it states none.
func (a *Answer) Rate() string {
	if a.shape != direction || a.trend.rate == nil && !a.trend.exponential {
		return ""
	}
	return a.trend.rateText
}

// WithoutRate returns the trend answer with its stated rate dropped, so
// that its direction can be judged alone; any other answer is itself.
func (a *Answer) WithoutRate() *Answer {
	if a.shape != direction || a.trend.rate == nil && !a.trend.exponential {
		return a
	}
	b := *a
	b.trend.rate, b.trend.rateText, b.trend.exponential = nil, "", false
	return &b
}

// Reading describes what was read, for a teacher checking the reader:
// "65536", "0.125, to 3 significant digits and 1/8", "grows like sqrt(d)".
func (a *Answer) Reading() string {
	switch a.shape {
	case oneValue, valueList:
		ps := a.sides
		if a.shape == valueList {
			ps = a.list
		}
		var parts []string
		for _, p := range ps {
			parts = append(parts, p.reading())
		}
		if a.shape == valueList {
			return "[" + strings.Join(parts, "; ") + "]"
		}
		return strings.Join(parts, " and ")
	case direction:
		s := a.trend.direction
		if a.trend.level != nil {
			s += " at " + a.trend.level.reading()
		}
		if a.trend.rate != nil || a.trend.exponential {
			s += " like " + a.trend.rateText
		}
		return s
	}
	return a.raw
}

// A ReadError says why an answer could not be read, with what was read
// before the reader stopped.
type ReadError struct {
	read    string // what was read before the problem ("" when nothing was)
	problem string // what could not be read
}

// Error says what could not be read and what was read before it.
func (e *ReadError) Error() string {
	if e.read == "" {
		return e.problem
	}
	return fmt.Sprintf("%s (read so far: %s)", e.problem, e.read)
}

// Read reads an answer to the question by the answer grammar; decimalComma
// says a comma between digits is a decimal point ("1,5" is 1.5), which
// without it is refused as ambiguous. An answer it cannot read is a
// *ReadError.
func (q *Question) Read(text string, decimalComma bool) (*Answer, error) {
	places, err := placesSetting(&Claim{Settings: q.settings})
	if err != nil {
		return nil, err
	}
	a, err := readAnswer(q.Kind, text, places, decimalComma, q.prep != nil && q.prep.everyWidth)
	if err != nil {
		return nil, err
	}
	// An answer is read whole: a value out of range is unreadable, not
	// wrong, whatever its arithmetic costs.
	for _, d := range a.deferred() {
		if _, err := d.value(); err != nil {
			return nil, &ReadError{problem: err.Error()}
		}
	}
	return a, nil
}

// deferred returns the figures of a whose values wait to be computed.
func (a *Answer) deferred() []*deferredValue {
	var out []*deferredValue
	for _, figs := range [][]printed{a.sides, a.list} {
		for _, p := range figs {
			if p.deferred != nil {
				out = append(out, p.deferred)
			}
		}
	}
	return out
}

// maxAnswerBytes bounds one answer's text.
const maxAnswerBytes = MaxLineBytes

// forEveryWidth are the kinds whose answer may be a formula in d for
// every width (see every.go).
var forEveryWidth = map[string]bool{"mean": true, "variance": true, "std": true}

// everyWidthWords finds "for every", "for all" or "for any" followed,
// at the end, by the width ("… for every d", "… for all d_k"): an answer
// that says them is read as a formula for every width, and refused with
// the claim's own words when it is not one. "8 for all vectors" is not
// about widths and is read as a number with words.
var everyWidthWords = regexp.MustCompile(`\bfor\s+(?:every|all|any)\b.*\bd(?:_k|ₖ)?$`)

// readAnswer reads text as an answer to a question of kind; everyWidth
// says the question asks for a formula in d for every width (a mean,
// variance or std without d=), so that the answer is read as one with or
// without "for every d".
func readAnswer(kind, text string, places int, comma, everyWidth bool) (*Answer, error) {
	spec := kinds[kind]
	t := strings.Join(strings.Fields(text), " ")
	if t == "" {
		return nil, &ReadError{problem: "the answer is empty"}
	}
	if len(t) > maxAnswerBytes {
		return nil, &ReadError{problem: fmt.Sprintf("the answer is longer than %d bytes", maxAnswerBytes)}
	}
	a := &Answer{text: t, shape: spec.shape, comma: comma}
	if forEveryWidth[kind] {
		// "16*d for every d": a formula in d, which the claim reads.
		if n := normalize(t); everyWidth || everyWidthWords.MatchString(n) {
			a.shape, a.raw = formula, n
			return a, nil
		}
	}
	var err error
	switch spec.shape {
	case oneValue:
		a.sides, err = readValue(t, spec.words, places, comma)
	case valueList:
		a.list, err = parsePrintedList(t, places, comma)
	case direction:
		a.trend, err = parseTrendFigure(t, places, comma)
	case formula, pairList:
		a.raw = normalize(t)
		if spec.shape == formula {
			a.raw = lawFormula(cutLabel(a.raw, spec.words))
		}
	}
	if err != nil {
		var re *ReadError
		if !errors.As(err, &re) {
			err = &ReadError{problem: err.Error()}
		}
		return nil, err
	}
	return a, nil
}

// readValue reads an answer about one value: its sides, split at = and ≈
// outside brackets, and a restatement in brackets at its end, each side a
// number (readNumber) with an optional leading label that names the
// quantity ("std 2", "Var = 8") and trailing words the question uses
// ("65536 pairs").
func readValue(text string, words []string, places int, comma bool) ([]printed, error) {
	t := normalize(text)
	// "(q, k) pairs" names the pairs, not a number.
	t = strings.NewReplacer("(q, k)", "", "(q,k)", "").Replace(t)
	var restated []string
	for {
		t = strings.TrimSpace(t)
		n := len(t)
		if n == 0 || (t[n-1] != ')' && t[n-1] != ']') {
			break
		}
		open := matchingOpen(t)
		if open <= 0 {
			break
		}
		inner, before := strings.TrimSpace(t[open+1:n-1]), strings.TrimSpace(t[:open])
		if side, ok := cutRestatement(inner); ok {
			restated = append([]string{side}, restated...)
			t = before
			continue
		}
		if onlyWords(inner, words) {
			t = before
			continue
		}
		// "0.125 (1/8)": a number after a number and a space restates it;
		// "2(2^15)", without the space, is a product.
		if t[open-1] != ' ' { // open > 0, from above
			break
		}
		if _, err := readSide(inner, words, places, comma); err == nil {
			if _, err := readSide(cutLabel(before, words), words, places, comma); err == nil {
				restated = append([]string{inner}, restated...)
				t = before
				continue
			}
		}
		break
	}
	parts, approx := splitSides(t) // at least one part
	parts[0] = cutLabel(parts[0], words)
	if parts[0] == "" { // a label before = ("Var = 8"), or alone
		parts, approx = parts[1:], approx[1:]
	}
	var out []printed
	for i, part := range parts {
		if strings.TrimSpace(part) == "" {
			// "var =", "8 =": say so of the whole answer, not of an
			// empty side
			where := "in"
			if len(out) > 0 {
				where = "on a side of"
			}
			return nil, &ReadError{read: readSoFar(out), problem: fmt.Sprintf("there is no number %s %q", where, text)}
		}
		if approx[i] {
			part = "≈" + part
		}
		p, err := readSide(part, words, places, comma)
		if err != nil {
			problem := err.Error()
			if other, asked := otherQuantity(part, words); other != "" {
				problem = fmt.Sprintf("it gives the %s, and the question asks for the %s", other, asked)
			}
			return nil, &ReadError{read: readSoFar(out), problem: problem}
		}
		out = append(out, p)
	}
	for _, r := range restated {
		p, err := readSide(r, words, places, comma)
		if err != nil {
			return nil, &ReadError{read: readSoFar(out), problem: err.Error()}
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, &ReadError{problem: fmt.Sprintf("there is no number in %q", text)}
	}
	return out, nil
}

func readSoFar(ps []printed) string {
	var parts []string
	for _, p := range ps {
		parts = append(parts, p.reading())
	}
	return strings.Join(parts, " and ")
}

// readSide reads one side: the number after trailing words the question
// uses are cut; a word it does not use is named in the error.
func readSide(part string, words []string, places int, comma bool) (printed, error) {
	body, unknown := cutUnits(part, words)
	p, err := readNumber(body, places, comma)
	if err == nil && unknown == "" {
		p.text = strings.TrimSpace(part)
		return p, nil
	}
	if unknown != "" {
		uses := "no words"
		if len(words) > 0 {
			uses = strings.Join(words, ", ")
		}
		if err == nil {
			return p, fmt.Errorf("read %s, then %q, which is not a word this answer uses (it may use: %s)", p.reading(), unknown, uses)
		}
		return p, fmt.Errorf("%q is not a number, and %q is not a word this answer uses (it may use: %s)", strings.TrimSpace(body), unknown, uses)
	}
	if strings.TrimSpace(body) == "" {
		return p, fmt.Errorf("%q has no number", strings.TrimSpace(part))
	}
	return p, err
}

// matchingOpen returns the index of the bracket that the last character of
// t closes, or -1.
func matchingOpen(t string) int {
	closer := t[len(t)-1]
	opener := byte('(')
	if closer == ']' {
		opener = '['
	}
	depth := 0
	for i := len(t) - 1; i >= 0; i-- {
		switch t[i] {
		case closer:
			depth++
		case opener:
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// cutRestatement reads the inside of a trailing bracket that restates the
// answer: "=1/8", "≈ 0.125", "i.e. 1/8", "or 12.5%".
func cutRestatement(inner string) (string, bool) {
	lower := strings.ToLower(inner)
	for _, m := range []string{"=", "≈", "~", "∼", "≃"} {
		if strings.HasPrefix(inner, m) {
			if m == "=" {
				return strings.TrimSpace(inner[1:]), true
			}
			return inner, true
		}
	}
	for _, m := range []string{"i.e.", "ie", "that is", "or", "so", "which is", "exactly", "approx.", "approximately", "about"} {
		if strings.HasPrefix(lower, m+" ") || strings.HasPrefix(lower, m+",") {
			rest := strings.TrimLeft(inner[len(m):], " ,")
			if strings.HasPrefix(m, "approx") || m == "about" {
				rest = "≈" + rest
			}
			return rest, true
		}
	}
	return "", false
}

// splitSides splits at =, ≈, ~ and ≃ outside brackets; approx[i] says the
// side i came after an "approximately" sign.
func splitSides(t string) (parts []string, approx []bool) {
	depth := 0
	start := 0
	nextApprox := false
	runes := []rune(t)
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '=', '≈', '~', '∼', '≃', '≅':
			if depth != 0 {
				continue
			}
			parts = append(parts, strings.TrimSpace(string(runes[start:i])))
			approx = append(approx, nextApprox)
			nextApprox = r != '='
			for i+1 < len(runes) && runes[i+1] == '=' {
				i++ // ==
			}
			start = i + 1
		}
	}
	parts = append(parts, strings.TrimSpace(string(runes[start:])))
	approx = append(approx, nextApprox)
	return parts, approx
}

// fillers may stand around a number without changing it.
var fillers = map[string]bool{"the": true, "it": true, "it's": true, "its": true, "is": true, "are": true,
	"equals": true, "answer": true, "answer:": true, "of": true, "all": true, "in": true, "total": true,
	"possible": true, "them": true, "exactly": true, "a": true, "an": true}

// cutLabel removes a leading label that names the quantity ("std 2",
// "the variance is 8", "Var(q·k) ="): words of the question and fillers,
// a label word followed by a bracket about q·k, and a trailing colon.
func cutLabel(t string, words []string) string {
	fields := strings.Fields(t)
	i := 0
	for i < len(fields) {
		f := strings.ToLower(strings.TrimSuffix(fields[i], ":"))
		if isLabel(f, words) || fillers[f] && i+1 < len(fields) && f != "a" && f != "an" {
			i++
			continue
		}
		break
	}
	if i == 0 {
		return t
	}
	return strings.Join(fields[i:], " ")
}

// labelWord returns f without a last bracket about q·k ("var(q·k)" is
// var, "σ^(2)(q·k)" is σ^(2)).
func labelWord(f string) string {
	if i := strings.LastIndex(f, "("); i > 0 && strings.HasSuffix(f, ")") && strings.Contains(f[i:], "q") {
		return f[:i]
	}
	return f
}

// namedQuantities are the quantities an answer may name, each by the
// words of its kind (kinds.go), with the name a student reads.
var namedQuantities = []struct {
	name  string
	words []string
}{
	{"variance", varianceWords},
	{"standard deviation", stdWords},
	{"mean", []string{"mean", "average", "expectation"}},
	{"number of pairs", []string{"pairs", "pair", "cases", "case", "combinations", "possibilities"}},
}

// otherQuantity returns, when the side part starts by naming a quantity
// that is not the one the question's words name ("std = 1" answering a
// variance), that quantity's name and the one asked for; "", "" otherwise.
func otherQuantity(part string, words []string) (other, asked string) {
	fields := strings.Fields(part)
	if len(fields) == 0 {
		return "", ""
	}
	first := labelWord(strings.ToLower(strings.TrimRight(fields[0], ":=")))
	for _, q := range namedQuantities {
		if slices.Contains(q.words, first) && !slices.Contains(words, first) {
			other = q.name
		}
		if len(words) > 0 && slices.Contains(q.words, words[0]) {
			asked = q.name
		}
	}
	if asked == "" {
		return "", ""
	}
	return other, asked
}

// isLabel reports whether a word names the quantity: one of the
// question's words, alone or before a bracket about q·k ("var(q·k)").
func isLabel(f string, words []string) bool {
	f = labelWord(f)
	for _, w := range words {
		if f == w {
			return true
		}
	}
	return false
}

// cutUnits removes trailing words the question uses ("pairs", "of the
// cases") and returns the first word left that it does not use, if the
// rest ends in a word.
func cutUnits(part string, words []string) (body, unknown string) {
	fields := strings.Fields(part)
	end := len(fields)
	for end > 1 {
		f := strings.ToLower(strings.Trim(fields[end-1], ".,;:!"))
		if isLabel(f, words) || fillers[f] {
			end--
			continue
		}
		break
	}
	body = strings.Join(fields[:end], " ")
	if end > 0 {
		last := strings.ToLower(fields[end-1])
		if isAlphaWord(last) && !numberWord(last) && end > 1 && !numberWordsOnly(fields[:end]) {
			return strings.Join(fields[:end-1], " "), fields[end-1]
		}
	}
	return body, ""
}

// onlyWords reports whether s is words the question uses and fillers.
func onlyWords(s string, words []string) bool {
	fields := strings.Fields(strings.ToLower(s))
	if len(fields) == 0 {
		return false
	}
	for _, f := range fields {
		if !isLabel(f, words) && !fillers[f] {
			return false
		}
	}
	return true
}

// isAlphaWord reports whether s is a word of the letters a to z; its
// callers lower-case a word first.
func isAlphaWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// numberWord reports whether w is part of a number: in words, a percent,
// or e-notation's neighbours.
func numberWord(w string) bool {
	_, c := cardinals[w]
	_, o := ordinals[w]
	return c || o || w == "percent" || w == "cent" || w == "out" || w == "and" || w == "hundred" || w == "thousand" || w == "sqrt"
}

func numberWordsOnly(fields []string) bool {
	_, ok, _ := wordNumber(strings.Join(fields, " "))
	return ok
}

// lawFormula reads a law answer's formula: without a leading = or ≈, with
// d_k written d.
func lawFormula(s string) string {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "="))
	return strings.NewReplacer("d_k", "d", "d_(k)", "d").Replace(s)
}

// Consistent reports whether the sides of an answer about one value can
// all name one number: equal exact values, exact values inside decimals'
// rounding cells, overlapping cells. An answer of one side is consistent.
func (a *Answer) Consistent() bool {
	for i := range a.sides {
		for j := i + 1; j < len(a.sides); j++ {
			if !a.sides[i].agrees(a.sides[j]) {
				return false
			}
		}
	}
	return true
}

// Truncated returns the answer with each decimal read as cut off rather
// than rounded: a decimal then stands for the numbers from its value up to
// one unit in its last place (down, for a negative one), as a truncating
// printer would print them. It returns nil for an answer without decimals.
func (a *Answer) Truncated() *Answer {
	cut := func(ps []printed) ([]printed, bool) {
		out := make([]printed, len(ps))
		any := false
		for i, p := range ps {
			out[i] = p
			if p.isDecimal() {
				out[i].cut, any = true, true
			}
		}
		return out, any
	}
	b := *a
	var ok bool
	switch a.shape {
	case oneValue:
		b.sides, ok = cut(a.sides)
	case valueList:
		b.list, ok = cut(a.list)
	}
	if !ok {
		return nil
	}
	return &b
}
