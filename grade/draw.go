package grade

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// A Draw is a value a variant draws: one of Choices, picked from the seed
// and the student id (see Variant).
type Draw struct {
	Name    string   // what {NAME} in the key stands for
	Choices []string // the values it may take, in the key's order
	line    int
}

// maxChoices bounds the choices of one draw.
const maxChoices = 10_000

// minVariants is the least number of variants a template key must give,
// once those that draw a question the lesson prints are left out, unless
// it sets its own minimum (variants min=N): enough that students who sit
// together rarely share one.
const minVariants = 200

// maxLineCombos bounds the combinations of choices one line of a template
// draws through, each of which is checked when the key is read.
const maxLineCombos = 20_000

// variantRules are what a template's variants may draw.
type variantRules struct {
	min          int  // the least number of variants
	minLine      int  // the variants line that sets min (0: the default)
	lessonValues bool // questions the lesson prints may be drawn
	ranges       []keyRange
	lines        []drawnLine
	count        *big.Int // variants without a question the lesson prints (or a lower bound)
}

// A drawnLine is an answer or mistake line of a template that depends on
// draws, directly or through its with line.
type drawnLine struct {
	line      int
	with      int   // the with line in force (0: none)
	draws     []int // indices into the key's draws
	forbidden map[string]bool
}

// A keyRange is a range line: the values a setting may take.
type keyRange struct {
	key    string
	lo, hi *big.Rat
	line   int
}

// parseDraws reads the draw, variants and range lines.
func parseDraws(name string, lines []string) ([]Draw, variantRules, error) {
	var draws []Draw
	rules := variantRules{min: minVariants}
	seen := map[string]bool{}
	for i, raw := range lines {
		words := strings.Fields(stripComment(raw))
		if len(words) == 0 {
			continue
		}
		fail := func(format string, args ...any) error {
			return &SyntaxError{File: name, Line: i + 1, Msg: fmt.Sprintf(format, args...)}
		}
		switch words[0] {
		case "draw":
			if len(words) != 4 || words[2] != "from" {
				return nil, rules, fail("write draw NAME from A..B or draw NAME from a,b,c")
			}
			n := words[1]
			if !drawName.MatchString(n) {
				return nil, rules, fail("draw: %s is not a name (a letter, then letters, digits or _)", quote(n))
			}
			if seen[n] {
				return nil, rules, fail("draw: %s is drawn twice", n)
			}
			seen[n] = true
			choices, err := parseChoices(words[3])
			if err != nil {
				return nil, rules, fail("draw %s: %v", n, err)
			}
			draws = append(draws, Draw{Name: n, Choices: choices, line: i + 1})
		case "variants":
			for _, w := range words[1:] {
				k, v, _ := strings.Cut(w, "=")
				switch k {
				case "min":
					m, err := strconv.Atoi(v)
					if err != nil || m < 1 || m > 1_000_000 {
						return nil, rules, fail("variants: min=%s: write a whole number from 1 to 1000000", v)
					}
					rules.min, rules.minLine = m, i+1
				case "lesson-values":
					switch v {
					case "allow":
						rules.lessonValues = true
					case "avoid":
						rules.lessonValues = false
					default:
						return nil, rules, fail("variants: lesson-values=%s: write allow or avoid", v)
					}
				default:
					return nil, rules, fail("variants: %s: write variants min=N lesson-values=allow|avoid", quote(w))
				}
			}
		case "range":
			for _, w := range words[1:] {
				r, err := parseRange(w)
				if err != nil {
					return nil, rules, fail("range: %v", err)
				}
				r.line = i + 1
				rules.ranges = append(rules.ranges, r)
			}
			if len(words) == 1 {
				return nil, rules, fail("range: write range KEY=A..B, such as range d=1..64")
			}
		}
	}
	return draws, rules, nil
}

// rangeKeys are the settings a range line may bound.
var rangeKeys = map[string]bool{"d": true, "values": true, "k-values": true, "score": true, "dk": true, "d-model": true, "points": true}

func parseRange(w string) (keyRange, error) {
	k, v, ok := strings.Cut(w, "=")
	lo, hi, ok2 := strings.Cut(v, "..")
	if !ok || !ok2 || !rangeKeys[k] {
		return keyRange{}, fmt.Errorf("%s: write KEY=A..B with KEY one of d, values, k-values, score, dk, d-model, points", quote(w))
	}
	a, err1 := ratOf(lo)
	b, err2 := ratOf(hi)
	if err1 != nil || err2 != nil || a.Cmp(b) > 0 {
		return keyRange{}, fmt.Errorf("%s: A and B are numbers with A ≤ B", quote(w))
	}
	return keyRange{key: k, lo: a, hi: b}, nil
}

// parseChoices reads A..B (integers, both included) or a comma list, at
// most maxChoices of them, counted without overflow.
func parseChoices(s string) ([]string, error) {
	if lo, hi, ok := strings.Cut(s, ".."); ok {
		a, ok1 := new(big.Int).SetString(lo, 10)
		b, ok2 := new(big.Int).SetString(hi, 10)
		if !ok1 || !ok2 || a.Cmp(b) > 0 || len(lo) > 40 || len(hi) > 40 {
			return nil, fmt.Errorf("%s is not a range A..B of integers with A ≤ B", quote(s))
		}
		n := new(big.Int).Sub(b, a)
		n.Add(n, big.NewInt(1))
		if n.Cmp(big.NewInt(maxChoices)) > 0 {
			return nil, fmt.Errorf("%s has %s choices; at most %d", s, n, maxChoices)
		}
		out := make([]string, 0, n.Int64())
		for v := new(big.Int).Set(a); v.Cmp(b) <= 0; v.Add(v, big.NewInt(1)) {
			out = append(out, v.String())
		}
		return out, nil
	}
	out := strings.Split(s, ",")
	if len(out) > maxChoices {
		return nil, fmt.Errorf("more than %d choices", maxChoices)
	}
	seen := map[string]bool{}
	for _, c := range out {
		if c == "" {
			return nil, fmt.Errorf("an empty choice in %s", quote(s))
		}
		if strings.ContainsAny(c, "{}") {
			return nil, fmt.Errorf("the choice %s holds a brace", quote(c))
		}
		if seen[c] {
			return nil, fmt.Errorf("%s is a choice twice", c)
		}
		seen[c] = true
	}
	return out, nil
}

// checkChoices checks a template at every choice: each answer and mistake
// line at every combination of the draws it uses (itself or through its
// with line), so that no variant can fail to parse or leave a key-set
// range; it records the combinations that ask a question the lesson
// prints and counts the variants left.
func (k *Key) checkChoices() error {
	index := map[string]int{}
	for i, d := range k.Draws {
		index[d.Name] = i
	}
	uses := func(line string) []int {
		var out []int
		for _, m := range placeholder.FindAllStringSubmatch(line, -1) {
			if i, ok := index[m[1]]; ok {
				out = appendOnce(out, i)
			}
		}
		return out
	}
	withLine := 0
	var lines []drawnLine
	for i, raw := range k.lines {
		line := stripComment(raw)
		word, _, _ := strings.Cut(line, " ")
		switch word {
		case "with":
			withLine = i + 1
			continue
		case "answer", "mistake":
		default:
			continue
		}
		deps := uses(line)
		if withLine > 0 {
			for _, d := range uses(stripComment(k.lines[withLine-1])) {
				deps = appendOnce(deps, d)
			}
		}
		if len(deps) == 0 {
			continue
		}
		dl := drawnLine{line: i + 1, with: withLine, draws: deps, forbidden: map[string]bool{}}
		combos := 1
		for _, d := range deps {
			combos *= len(k.Draws[d].Choices)
			if combos > maxLineCombos {
				return &SyntaxError{File: k.Name, Line: i + 1, Msg: fmt.Sprintf("this line draws through %s, more than %d combinations to check; draw fewer values", drawNames(k.Draws, deps), maxLineCombos)}
			}
		}
		values := firstChoices(k.Draws)
		err := eachCombo(k.Draws, deps, func(combo []int) error {
			for j, d := range deps {
				values[k.Draws[d].Name] = k.Draws[d].Choices[combo[j]]
			}
			p, err := k.partAt(dl, values)
			if err != nil {
				return &SyntaxError{File: k.Name, Line: i + 1, Msg: fmt.Sprintf("%v (when %s)", err, drawnWords(k.Draws, deps, values))}
			}
			if p != nil && !k.variants.lessonValues && claims.LessonPrints(p.claim) {
				dl.forbidden[comboKey(combo)] = true
			}
			return nil
		})
		if err != nil {
			return err
		}
		lines = append(lines, dl)
	}
	k.variants.lines = lines
	return k.countVariants()
}

// partAt parses one answer line of a template (or checks a mistake line)
// with values substituted, its with line first; it returns the part of an
// answer line.
func (k *Key) partAt(dl drawnLine, values map[string]string) (*Part, error) {
	kp := &keyParser{k: &Key{Name: k.Name, parts: map[string]*Part{}}, questions: map[string]*Question{},
		claimDefaults: map[string]string{}, optionDefaults: map[string]string{}}
	if dl.with > 0 {
		w, err := substitute(stripComment(k.lines[dl.with-1]), values)
		if err != nil {
			return nil, err
		}
		if err := kp.line(dl.with, w); err != nil {
			return nil, fmt.Errorf("the with line %d: %v", dl.with, err)
		}
	}
	line, err := substitute(stripComment(k.lines[dl.line-1]), values)
	if err != nil {
		return nil, err
	}
	word, rest, _ := strings.Cut(line, " ")
	if word == "mistake" {
		id, text, _ := strings.Cut(strings.TrimSpace(rest), " ")
		claim, _, _ := strings.Cut(text, "=>")
		fields := strings.Fields(claim)
		for len(fields) > 0 && (strings.HasPrefix(fields[0], "name=") || strings.HasPrefix(fields[0], "credit=")) {
			fields = fields[1:]
		}
		if _, err := claims.ParseQuestion(strings.Join(fields, " "), kp.claimDefaults); err != nil {
			return nil, fmt.Errorf("mistake %s: %v", id, err)
		}
		return nil, nil
	}
	p, err := parseAnswerLine(strings.TrimSpace(rest), kp.claimDefaults, kp.optionDefaults)
	if err != nil {
		return nil, err
	}
	if err := k.variants.checkRanges(p); err != nil {
		return nil, err
	}
	return p, nil
}

// countVariants counts the variants that draw no question the lesson
// prints (exactly when there are at most a million combinations, else a
// lower bound) and refuses a template with fewer than its minimum.
func (k *Key) countVariants() error {
	var used []int
	for _, dl := range k.variants.lines {
		for _, d := range dl.draws {
			used = appendOnce(used, d)
		}
	}
	total := big.NewInt(1)
	for _, d := range used {
		total.Mul(total, big.NewInt(int64(len(k.Draws[d].Choices))))
	}
	allowed := new(big.Int).Set(total)
	if total.Cmp(big.NewInt(1_000_000)) <= 0 {
		n := 0
		eachCombo(k.Draws, used, func(combo []int) error {
			choice := map[int]int{}
			for j, d := range used {
				choice[d] = combo[j]
			}
			if !k.variants.forbids(choice) {
				n++
			}
			return nil
		})
		allowed.SetInt64(int64(n))
	} else {
		for _, dl := range k.variants.lines {
			rest := new(big.Int).Set(total)
			for _, d := range dl.draws {
				rest.Quo(rest, big.NewInt(int64(len(k.Draws[d].Choices))))
			}
			allowed.Sub(allowed, rest.Mul(rest, big.NewInt(int64(len(dl.forbidden)))))
		}
	}
	k.variants.count = allowed
	if allowed.Cmp(big.NewInt(int64(k.variants.min))) < 0 {
		line, what := k.Draws[0].line, "widen the ranges of the draws, or write variants min=N"
		if k.variants.minLine > 0 {
			line, what = k.variants.minLine, "widen the ranges of the draws, or lower min"
		}
		lesson := ""
		if total.Cmp(allowed) != 0 {
			lesson = fmt.Sprintf(" (%s in all, less those that ask a question the lesson prints: variants lesson-values=allow keeps them)", total)
		}
		variants := "variants"
		if allowed.Cmp(big.NewInt(1)) == 0 {
			variants = "variant"
		}
		return &SyntaxError{File: k.Name, Line: line, Msg: fmt.Sprintf("the draws give %s %s%s; at least %d %s needed so that neighbours rarely share one: %s",
			allowed, variants, lesson, k.variants.min, numwords.Agree(k.variants.min, "is", "are"), what)}
	}
	return nil
}

// forbids reports whether a combination of choices (by draw index) asks,
// on some line, a question the lesson prints.
func (r variantRules) forbids(choice map[int]int) bool {
	for _, dl := range r.lines {
		if len(dl.forbidden) == 0 {
			continue
		}
		combo := make([]int, len(dl.draws))
		for j, d := range dl.draws {
			combo[j] = choice[d]
		}
		if dl.forbidden[comboKey(combo)] {
			return true
		}
	}
	return false
}

// checkRanges refuses a part whose question leaves a range line's bounds.
func (r variantRules) checkRanges(p *Part) error {
	for _, kr := range r.ranges {
		var vs []string
		switch kr.key {
		case "d-model":
			if p.dModel > 0 {
				vs = []string{strconv.Itoa(p.dModel)}
			}
		case "points":
			vs = []string{p.Points.RatString()}
		case "values", "k-values":
			s := p.claim.Setting(kr.key)
			for _, f := range strings.Split(s, ",") {
				f, _, _ = strings.Cut(f, ":")
				f = strings.TrimPrefix(f, "±")
				if f != "" {
					vs = append(vs, f)
				}
			}
		default:
			if s := p.claim.Setting(kr.key); s != "" {
				vs = strings.Split(s, ",")
			}
		}
		for _, v := range vs {
			x, err := ratOf(v)
			if err != nil || x.Cmp(kr.lo) < 0 || x.Cmp(kr.hi) > 0 {
				return fmt.Errorf("answer %s: %s=%s is outside the range %s..%s of line %d", p.ID, kr.key, v, kr.lo.RatString(), kr.hi.RatString(), kr.line)
			}
		}
	}
	return nil
}

func ratOf(s string) (*big.Rat, error) {
	r, ok := new(big.Rat).SetString(strings.TrimSpace(s))
	if !ok || len(s) > 100 {
		return nil, fmt.Errorf("%s is not a number", quote(s))
	}
	return r, nil
}

// eachCombo calls fn with every combination of choices of the draws deps,
// in mixed-radix order (the first draw slowest).
func eachCombo(draws []Draw, deps []int, fn func(combo []int) error) error {
	combo := make([]int, len(deps))
	for {
		if err := fn(combo); err != nil {
			return err
		}
		i := len(deps) - 1
		for ; i >= 0; i-- {
			combo[i]++
			if combo[i] < len(draws[deps[i]].Choices) {
				break
			}
			combo[i] = 0
		}
		if i < 0 {
			return nil
		}
	}
}

// comboKey writes a combination of choices (by index) as a map key: each
// index followed by a comma, so that no two combinations share one.
func comboKey(combo []int) string {
	var b strings.Builder
	for _, c := range combo {
		b.WriteString(strconv.Itoa(c))
		b.WriteByte(',')
	}
	return b.String()
}

func appendOnce(s []int, v int) []int {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

func firstChoices(draws []Draw) map[string]string {
	out := map[string]string{}
	for _, d := range draws {
		out[d.Name] = d.Choices[0]
	}
	return out
}

func drawNames(draws []Draw, deps []int) string {
	var names []string
	for _, d := range deps {
		names = append(names, draws[d].Name)
	}
	return strings.Join(names, ", ")
}

// drawnWords writes the drawn values of the draws deps (every draw when
// deps is nil), "d = 7, a = 2".
func drawnWords(draws []Draw, deps []int, values map[string]string) string {
	if deps == nil {
		for i := range draws {
			deps = append(deps, i)
		}
	}
	var parts []string
	for _, d := range deps {
		parts = append(parts, draws[d].Name+" = "+values[draws[d].Name])
	}
	return strings.Join(parts, ", ")
}

// VariantCount returns the number of variants a template gives, those
// that ask a question the lesson prints left out (for a key of more than
// a million combinations, a lower bound); nil for a key without draws.
func (k *Key) VariantCount() *big.Int {
	if k.variants.count == nil {
		return nil
	}
	return new(big.Int).Set(k.variants.count)
}
