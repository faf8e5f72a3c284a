package render

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// sqrtdk's text outputs write mathematics in one plain notation: q_i and
// d_k for subscripts, ² or ^ for powers (d^3/4 is d to the 3/4, as the
// scales are written), √ and sqrt(…) for roots, · for products, / for
// quotients, − or - for minus, E[…], Var(…), Cov(…) and P(…), sets {…},
// ranges 1..n. A mathLine reads a line of such text with a real grammar
// into prose and mathExpr trees; the tree writes itself back as the same
// text (Text) and as math-mode LaTeX (LaTeX), so the LaTeX outputs set
// mathematics from the very structure the text output prints rather than
// by escaping its characters.
//
// Figures write an exponent in braces (d_k^{1/4}), which delimit it.
//
// The grammar, from loosest to tightest binding:
//
//	relation = sum { ("=" | "≠" | "≤" | "≥" | "<" | ">" | "≈") sum }
//	sum      = product { ("+" | "−" | "-" | "±") product }
//	product  = unary { ("·" | "×" | "/" | "÷" | juxtaposition) unary }
//	unary    = [ "−" | "-" | "±" | "√" | "Σ" | "Π" ] power
//	power    = atom { "²" | "³" | "^" exponent | "%" }
//	atom     = number [ ".." number ] | name [ "_" index ] | call | group | "…"
//	call     = ("E" "[" list "]") | (function "(" list ")")
//	group    = ("(" | "{" | "[") list (")" | "}" | "]")
//
// A binary operator is written with a space on both sides or on neither;
// inside a group, items may be separated by commas, a ":" (a weight) or
// spaces (a pair of values, as in {-1 -1, 1 1}). A word is prose unless it
// is one of the letters mathematics names (q, k, d, x, i, j, n, c, X) or
// carries a subscript or a power; a group that holds prose is prose.

// mathKind is the kind of a mathExpr node.
type mathKind int

const (
	mathNumber  mathKind = iota // text: digits, maybe a point
	mathName                    // text: a letter or name; kids[0], if any, its subscript
	mathBinary                  // text: the operator; kids: the two operands
	mathUnary                   // text: the operator; kids[0]: the operand
	mathPower                   // kids: base and exponent; text "²", "³" or "^"
	mathPercent                 // kids[0]: the number
	mathGroup                   // text: the brackets, "()", "[]" or "{}"; kids: the items; seps: what follows each item but the last
	mathCall                    // text: the function; kids[0]: its group
	mathRange                   // kids: the first and last number of a..b
	mathDots                    // …
)

// A mathExpr is one node of an expression tree.
type mathExpr struct {
	kind   mathKind
	text   string
	kids   []*mathExpr
	seps   []string // a group's separators: ", ", ",", ":" or " "
	spaced bool     // a binary operator written with spaces around it
	// subscript is a name's subscript (written name_sub); nil if none.
	subscript *mathExpr
}

// A mathSegment is a run of prose or one expression of a line.
type mathSegment struct {
	prose string
	expr  *mathExpr
}

// A mathLine is a line of text read into prose and expressions.
type mathLine []mathSegment

// parseMathLine reads s into prose and expressions; it never fails: what
// the grammar cannot read is prose.
func parseMathLine(s string) mathLine {
	toks := tokenizeMath(s)
	var out mathLine
	prose := func(t string) {
		if n := len(out); n > 0 && out[n-1].expr == nil {
			out[n-1].prose += t
			return
		}
		out = append(out, mathSegment{prose: t})
	}
	for i := 0; i < len(toks); {
		if startsMath(toks, i) {
			p := &mathParser{toks: toks, pos: i}
			if e := p.relation(); e != nil && p.pos > i {
				out = append(out, mathSegment{expr: e})
				i = p.pos
				continue
			}
		}
		prose(toks[i].text)
		i++
	}
	return out
}

// Text writes the line back as the text it was read from.
func (l mathLine) Text() string {
	var b strings.Builder
	for _, s := range l {
		if s.expr != nil {
			b.WriteString(s.expr.Text())
		} else {
			b.WriteString(s.prose)
		}
	}
	return b.String()
}

// LaTeX writes the line as LaTeX: prose through the one text escaper,
// each expression in inline math.
func (l mathLine) LaTeX() string {
	var b strings.Builder
	for _, s := range l {
		if s.expr != nil {
			b.WriteString("$" + s.expr.LaTeX() + "$")
		} else {
			b.WriteString(latexText(s.prose))
		}
	}
	return b.String()
}

// mathLaTeX writes a line of sqrtdk's text as LaTeX, its mathematics in
// math mode.
func mathLaTeX(s string) string { return parseMathLine(s).LaTeX() }

// A mathToken is one token of a line: a number, a name, a symbol, a run
// of spaces or any other character (prose).
type mathToken struct {
	text string
	kind byte // 'n' number, 'a' name, 's' space, 'o' operator or bracket, 'p' prose
}

const mathOperators = "=≠≤≥<>≈+−-±·×/÷√ΣΠ²³^_()[]{},:%…"

func tokenizeMath(s string) []mathToken {
	var out []mathToken
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		j := i + n
		switch {
		case r >= '0' && r <= '9':
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j+1 < len(s) && s[j] == '.' && s[j+1] >= '0' && s[j+1] <= '9' {
				j++
				for j < len(s) && s[j] >= '0' && s[j] <= '9' {
					j++
				}
			}
			out = append(out, mathToken{s[i:j], 'n'})
		case r == 'σ':
			out = append(out, mathToken{s[i:j], 'a'})
		case r < utf8.RuneSelf && unicode.IsLetter(r):
			for j < len(s) && s[j] < utf8.RuneSelf && unicode.IsLetter(rune(s[j])) {
				j++
			}
			out = append(out, mathToken{s[i:j], 'a'})
		case r == ' ':
			for j < len(s) && s[j] == ' ' {
				j++
			}
			out = append(out, mathToken{s[i:j], 's'})
		case r == '.' && strings.HasPrefix(s[i:], ".."):
			out = append(out, mathToken{"..", 'o'})
			j = i + 2
		case strings.ContainsRune(mathOperators, r):
			out = append(out, mathToken{s[i:j], 'o'})
		default:
			out = append(out, mathToken{s[i:j], 'p'})
		}
		i = j
	}
	return out
}

// mathLetters are the one-letter names that are mathematics wherever they
// stand; any other word is mathematics only with a subscript or a power.
var mathLetters = map[string]bool{"q": true, "k": true, "d": true, "x": true, "X": true, "i": true, "j": true, "n": true, "c": true,
	"p": true, "s": true, "z": true}

// mathFunctions are the names written as functions: E[…] and name(…).
var mathFunctions = map[string]string{"E": `\mathrm{E}`, "Var": `\mathrm{Var}`, "Cov": `\mathrm{Cov}`, "P": `P`, "sqrt": "", "σ": `\sigma`}

// startsMath reports whether an expression may begin at toks[i].
func startsMath(toks []mathToken, i int) bool {
	t := toks[i]
	switch t.kind {
	case 'n':
		return true
	case 'a':
		if i+1 < len(toks) && (toks[i+1].text == "_" || toks[i+1].text == "²" || toks[i+1].text == "^") {
			return true
		}
		if _, ok := mathFunctions[t.text]; ok && i+1 < len(toks) && (toks[i+1].text == "(" || toks[i+1].text == "[") {
			return true
		}
		return mathLetters[t.text] && !wordContinues(toks, i)
	case 'o':
		switch t.text {
		case "(", "{", "√", "Σ", "Π", "…":
			return true
		case "−", "-", "±":
			return i+1 < len(toks) && (toks[i+1].kind == 'n' || toks[i+1].kind == 'a' || toks[i+1].text == "√")
		}
	}
	return false
}

// wordContinues reports whether the letter at toks[i] is part of a word
// joined by an apostrophe or hyphen ("k-values", "q's").
func wordContinues(toks []mathToken, i int) bool {
	if i > 0 && (toks[i-1].text == "'" || toks[i-1].text == "-" || toks[i-1].text == "’") {
		return true
	}
	return i+1 < len(toks) && (toks[i+1].text == "'" || toks[i+1].text == "’" || (toks[i+1].text == "-" && i+2 < len(toks) && toks[i+2].kind == 'a'))
}

type mathParser struct {
	toks  []mathToken
	pos   int
	depth int // groups open
}

func (p *mathParser) peek(k int) mathToken {
	if p.pos+k < len(p.toks) {
		return p.toks[p.pos+k]
	}
	return mathToken{}
}

// binaryOp returns the operator at the parser's position among ops, with
// whether it is spaced, and how many tokens it spans; ok is false when
// none is there, or it is spaced on one side only.
func (p *mathParser) binaryOp(ops ...string) (op string, spaced bool, n int, ok bool) {
	t := p.peek(0)
	if t.kind == 's' {
		if t.text != " " || p.peek(2).text != " " {
			return "", false, 0, false
		}
		op, spaced, n = p.peek(1).text, true, 3
	} else {
		op, n = t.text, 1
		if p.peek(1).kind == 's' {
			return "", false, 0, false
		}
	}
	for _, o := range ops {
		if o == op {
			return op, spaced, n, true
		}
	}
	return "", false, 0, false
}

func (p *mathParser) binary(next func() *mathExpr, ops ...string) *mathExpr {
	left := next()
	if left == nil {
		return nil
	}
	for {
		op, spaced, n, ok := p.binaryOp(ops...)
		if !ok {
			return left
		}
		save := p.pos
		p.pos += n
		right := next()
		if right == nil {
			p.pos = save
			return left
		}
		left = &mathExpr{kind: mathBinary, text: op, spaced: spaced, kids: []*mathExpr{left, right}}
	}
}

func (p *mathParser) relation() *mathExpr {
	return p.binary(p.sum, "=", "≠", "≤", "≥", "<", ">", "≈")
}

func (p *mathParser) sum() *mathExpr { return p.binary(p.product, "+", "−", "-", "±") }

func (p *mathParser) product() *mathExpr {
	left := p.binary(p.unary, "·", "×", "/", "÷")
	if left == nil {
		return nil
	}
	// Juxtaposition: 2√2, 2d_k, d_k(d_k−1), Π P(each), written with no
	// space (a space only after Σ or Π).
	for {
		t := p.peek(0)
		if t.kind == 's' || t.kind == 'p' || t.kind == 0 {
			return left
		}
		if !(t.kind == 'a' && (mathLetters[t.text] || p.peek(1).text == "_" || isFunctionCall(p, 0))) && t.text != "(" && t.text != "√" {
			return left
		}
		if left.kind == mathNumber && t.kind == 'n' {
			return left
		}
		save := p.pos
		right := p.binary(p.unary, "·", "×", "/", "÷")
		if right == nil {
			p.pos = save
			return left
		}
		left = &mathExpr{kind: mathBinary, text: "", kids: []*mathExpr{left, right}}
	}
}

func isFunctionCall(p *mathParser, k int) bool {
	_, ok := mathFunctions[p.peek(k).text]
	return ok && (p.peek(k+1).text == "(" || p.peek(k+1).text == "[")
}

func (p *mathParser) unary() *mathExpr {
	t := p.peek(0)
	switch t.text {
	case "−", "-", "±", "√":
		p.pos++
		e := p.unary()
		if e == nil {
			p.pos--
			return nil
		}
		return &mathExpr{kind: mathUnary, text: t.text, kids: []*mathExpr{e}}
	case "Σ", "Π":
		save := p.pos
		p.pos++
		op := &mathExpr{kind: mathName, text: t.text}
		op.subscript = p.subscript()
		sp := false
		if p.peek(0).text == " " {
			sp = true
			p.pos++
		}
		e := p.unary()
		if e == nil {
			p.pos = save
			return nil
		}
		return &mathExpr{kind: mathUnary, text: t.text, spaced: sp, kids: []*mathExpr{e}, subscript: op.subscript}
	}
	return p.power()
}

func (p *mathParser) power() *mathExpr {
	e := p.atom()
	if e == nil {
		return nil
	}
	for {
		switch t := p.peek(0); t.text {
		case "²", "³":
			p.pos++
			e = &mathExpr{kind: mathPower, text: t.text, kids: []*mathExpr{e}}
		case "%":
			if e.kind != mathNumber {
				return e
			}
			p.pos++
			e = &mathExpr{kind: mathPercent, kids: []*mathExpr{e}}
		case "^":
			save := p.pos
			p.pos++
			var x *mathExpr
			if p.peek(0).kind == 'n' && p.peek(1).text == "/" && p.peek(2).kind == 'n' {
				// d^3/4: the exponent is the fraction, as scales are written.
				x = &mathExpr{kind: mathBinary, text: "/", kids: []*mathExpr{{kind: mathNumber, text: p.peek(0).text}, {kind: mathNumber, text: p.peek(2).text}}}
				p.pos += 3
			} else if p.peek(0).text == "−" || p.peek(0).text == "-" {
				x = p.unary()
			} else {
				x = p.atom()
			}
			if x == nil {
				p.pos = save
				return e
			}
			e = &mathExpr{kind: mathPower, text: "^", kids: []*mathExpr{e, x}}
		default:
			return e
		}
	}
}

func (p *mathParser) atom() *mathExpr {
	t := p.peek(0)
	switch {
	case t.kind == 'n':
		p.pos++
		e := &mathExpr{kind: mathNumber, text: t.text}
		if p.peek(0).text == ".." && p.peek(1).kind == 'n' {
			e = &mathExpr{kind: mathRange, kids: []*mathExpr{e, {kind: mathNumber, text: p.peek(1).text}}}
			p.pos += 2
		}
		return e
	case t.text == "…":
		p.pos++
		return &mathExpr{kind: mathDots}
	case t.kind == 'a':
		if isFunctionCall(p, 0) {
			save := p.pos
			p.pos++
			g := p.group(true)
			if g == nil || (t.text == "E") != (g.text == "[]") {
				p.pos = save
				return nil
			}
			return &mathExpr{kind: mathCall, text: t.text, kids: []*mathExpr{g}}
		}
		save := p.pos
		p.pos++
		e := &mathExpr{kind: mathName, text: t.text, subscript: p.subscript()}
		if e.subscript == nil && (!mathLetters[t.text] && p.peek(0).text != "²" && p.peek(0).text != "^" || wordContinues(p.toks, save)) {
			p.pos = save
			return nil
		}
		return e
	case t.text == "(" || t.text == "{" || t.text == "[":
		return p.group(false)
	}
	return nil
}

// group reads a bracketed list; inCall lets a call's group hold one word
// (P(together)).
func (p *mathParser) group(inCall bool) *mathExpr {
	open := p.peek(0).text
	closing := map[string]string{"(": ")", "[": "]", "{": "}"}[open]
	if closing == "" {
		return nil
	}
	save := p.pos
	p.pos++
	g := &mathExpr{kind: mathGroup, text: open + closing}
	if inCall && p.peek(0).kind == 'a' && p.peek(1).text == closing && !mathLetters[p.peek(0).text] {
		g.kids = []*mathExpr{{kind: mathName, text: p.peek(0).text}}
		p.pos += 2
		return g
	}
	p.depth++
	defer func() { p.depth-- }()
	for {
		item := p.relation()
		if item == nil {
			p.pos = save
			return nil
		}
		g.kids = append(g.kids, item)
		t := p.peek(0)
		switch {
		case t.text == closing:
			p.pos++
			return g
		case t.text == "," && p.peek(1).text == " ":
			g.seps = append(g.seps, ", ")
			p.pos += 2
		case t.text == "," || t.text == ":":
			g.seps = append(g.seps, t.text)
			p.pos++
		case t.text == " " && open != "(":
			g.seps = append(g.seps, " ")
			p.pos++
		default:
			p.pos = save
			return nil
		}
	}
}

// Text writes the expression in sqrtdk's text notation.
func (e *mathExpr) Text() string {
	switch e.kind {
	case mathNumber, mathDots:
		if e.kind == mathDots {
			return "…"
		}
		return e.text
	case mathName:
		if e.subscript != nil {
			return e.text + "_" + e.subscript.Text()
		}
		return e.text
	case mathBinary:
		if e.spaced {
			return e.kids[0].Text() + " " + e.text + " " + e.kids[1].Text()
		}
		return e.kids[0].Text() + e.text + e.kids[1].Text()
	case mathUnary:
		op := e.text
		if e.subscript != nil {
			op += "_" + e.subscript.Text()
		}
		if e.spaced {
			op += " "
		}
		return op + e.kids[0].Text()
	case mathPower:
		if e.text == "^" {
			return e.kids[0].Text() + "^" + e.kids[1].Text()
		}
		return e.kids[0].Text() + e.text
	case mathPercent:
		return e.kids[0].Text() + "%"
	case mathGroup:
		var b strings.Builder
		b.WriteString(e.text[:1])
		for i, k := range e.kids {
			if i > 0 {
				b.WriteString(e.seps[i-1])
			}
			b.WriteString(k.Text())
		}
		b.WriteString(e.text[1:])
		return b.String()
	case mathCall:
		return e.text + e.kids[0].Text()
	case mathRange:
		return e.kids[0].Text() + ".." + e.kids[1].Text()
	}
	return ""
}

// mathLaTeXOps are the operators' LaTeX.
var mathLaTeXOps = map[string]string{
	"=": "=", "≠": `\neq`, "≤": `\le`, "≥": `\ge`, "<": "<", ">": ">", "≈": `\approx`,
	"+": "+", "−": "-", "-": "-", "±": `\pm`, "·": `\cdot`, "×": `\times`, "/": "/", "÷": `\div`, ":": ":",
}

// LaTeX writes the expression as math-mode LaTeX: subscripts, powers,
// roots, numeric fractions as \frac, \cdot and true minus signs.
func (e *mathExpr) LaTeX() string { return e.latex(false) }

// DisplayLaTeX writes the expression for a displayed equation: every
// quotient as a \frac, and parentheses around one sized to fit it.
func (e *mathExpr) DisplayLaTeX() string { return e.latex(true) }

func (e *mathExpr) latex(display bool) string {
	switch e.kind {
	case mathNumber:
		return e.text // as the text writes it: 65536 and 65,536 are both ways to write an answer
	case mathDots:
		return `\dots`
	case mathName:
		s := e.text
		if len(s) > 1 {
			s = `\mathrm{` + s + `}` // a word in a call, P(each), or a name of letters
		}
		if e.subscript != nil {
			s += "_{" + subscriptLaTeX(e.subscript, display) + "}"
		}
		return s
	case mathBinary:
		l, r := e.kids[0], e.kids[1]
		if e.text == "/" && display {
			return `\frac{` + unparen(l).latex(display) + "}{" + unparen(r).latex(display) + "}"
		}
		if e.text == "/" && l.kind == mathNumber && r.kind == mathNumber {
			return `\frac{` + l.latex(display) + "}{" + r.latex(display) + "}"
		}
		if e.text == "/" && l.kind == mathUnary && (l.text == "-" || l.text == "−") && l.kids[0].kind == mathNumber && r.kind == mathNumber {
			return `-\frac{` + l.kids[0].latex(display) + "}{" + r.latex(display) + "}" // -1/7
		}
		if e.text == "" {
			return l.latex(display) + " " + r.latex(display)
		}
		op := mathLaTeXOps[e.text]
		if e.text == "/" {
			return l.latex(display) + "/" + r.latex(display)
		}
		return l.latex(display) + " " + op + " " + r.latex(display)
	case mathUnary:
		x := e.kids[0].latex(display)
		switch e.text {
		case "√":
			return `\sqrt{` + x + "}"
		case "Σ", "Π":
			op := map[string]string{"Σ": `\sum`, "Π": `\prod`}[e.text]
			if e.subscript != nil {
				op += "_{" + subscriptLaTeX(e.subscript, display) + "}"
			}
			return op + " " + x
		}
		op := mathLaTeXOps[e.text]
		if strings.HasPrefix(op, `\`) {
			op += " "
		}
		return op + x
	case mathPower:
		base := e.kids[0].latex(display)
		if e.kids[0].kind == mathPower {
			base = "{" + base + "}"
		}
		switch e.text {
		case "²":
			return base + "^{2}"
		case "³":
			return base + "^{3}"
		}
		x := e.kids[1]
		if x.kind == mathGroup && (x.text == "()" || x.text == "{}") && len(x.kids) == 1 {
			x = x.kids[0] // d_k^(1/2): the exponent's parentheses only delimit it
		}
		xs := x.latex(display)
		if x.kind == mathBinary && x.text == "/" {
			xs = x.kids[0].latex(display) + "/" + x.kids[1].latex(display) // a slashed exponent, not a tiny \frac
		}
		return base + "^{" + xs + "}"
	case mathPercent:
		return e.kids[0].latex(display) + `\%`
	case mathGroup:
		open, closing := map[string][2]string{"()": {"(", ")"}, "[]": {"[", "]"}, "{}": {`\{`, `\}`}}[e.text][0], map[string][2]string{"()": {"(", ")"}, "[]": {"[", "]"}, "{}": {`\{`, `\}`}}[e.text][1]
		var b strings.Builder
		b.WriteString(open)
		for i, k := range e.kids {
			if i > 0 {
				switch e.seps[i-1] {
				case " ":
					b.WriteString(`\;`)
				case ":":
					b.WriteString(":")
				default:
					b.WriteString(", ")
				}
			}
			b.WriteString(k.latex(display))
		}
		b.WriteString(closing)
		if display && e.text == "()" && strings.Contains(b.String(), `\frac`) {
			return `\left(` + strings.TrimSuffix(strings.TrimPrefix(b.String(), "("), ")") + `\right)`
		}
		return b.String()
	case mathCall:
		g := e.kids[0]
		if e.text == "sqrt" {
			inner := *g
			inner.text = "[]"
			s := inner.latex(display)
			return `\sqrt{` + s[1:len(s)-1] + "}"
		}
		return mathFunctions[e.text] + g.latex(display)
	case mathRange:
		return e.kids[0].latex(display) + `, \dots, ` + e.kids[1].latex(display)
	}
	return ""
}

// unparen returns the expression a pair of parentheses holds, or e.
func unparen(e *mathExpr) *mathExpr {
	if e.kind == mathGroup && e.text == "()" && len(e.kids) == 1 {
		return e.kids[0]
	}
	return e
}

// capitalizeProse capitalizes a line that begins with a word; a line that
// begins with mathematics (q_i, d_k) keeps its symbol as it is.
func capitalizeProse(s string) string {
	l := parseMathLine(s)
	if len(l) == 0 || l[0].expr != nil {
		return s
	}
	return capitalize(s)
}

// subscript reads "_" and a letter run, a number or a braced group
// (Σ_{i<j}); it returns nil, reading nothing, when none is there.
func (p *mathParser) subscript() *mathExpr {
	if p.peek(0).text != "_" {
		return nil
	}
	switch t := p.peek(1); {
	case t.kind == 'a' || t.kind == 'n':
		p.pos += 2
		return &mathExpr{kind: mathName, text: t.text}
	case t.text == "{":
		save := p.pos
		p.pos++
		if g := p.group(false); g != nil && len(g.kids) == 1 {
			return g
		}
		p.pos = save
	}
	return nil
}

// subscriptLaTeX writes a subscript without the braces that delimit it.
func subscriptLaTeX(e *mathExpr, display bool) string {
	if e.kind == mathGroup && e.text == "{}" {
		return e.kids[0].latex(display)
	}
	return e.latex(display)
}
