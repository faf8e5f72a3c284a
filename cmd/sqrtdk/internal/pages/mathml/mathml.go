// Package mathml writes the mathematics in sqrtdk's plain-text messages
// (d_k^(1/4), 2*sqrt(2), √d_k, q_i·k_i) as MathML, which Chromium,
// Firefox and Safari draw natively, so that a page shows mathematics as
// mathematics without downloading anything. Text that is not mathematics
// is escaped and kept as it is.
package mathml

import (
	"html"
	"strings"
	"unicode"
)

// HTML returns text as HTML: each word that is mathematics (it has a
// subscript _, a power ^, a root √ or sqrt(…), and reads as an expression
// as a whole) becomes a <math> element; everything else is escaped text.
// Punctuation around a word (a comma, a full stop, a parenthesis that
// does not close inside it) stays text.
func HTML(text string) string {
	var b strings.Builder
	for i, word := range strings.Split(text, " ") {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(wordHTML(word))
	}
	return b.String()
}

// wordHTML writes one space-separated word.
func wordHTML(word string) string {
	lead, core, trail := trimPunct(word)
	if !strings.ContainsAny(core, "_^√") && !strings.Contains(core, "sqrt(") {
		return html.EscapeString(word)
	}
	p := &parser{s: []rune(core)}
	m, ok := p.expr()
	if !ok || p.i != len(p.s) {
		return html.EscapeString(word)
	}
	return html.EscapeString(lead) + `<math display="inline"><mrow>` + m + `</mrow></math>` + html.EscapeString(trail)
}

// trimPunct splits a word into its leading and trailing punctuation and
// the core between: quotes and an opening parenthesis that does not close
// inside the word before, full stops, commas, colons, semicolons, quotes
// and closing parentheses that open nowhere in it after.
func trimPunct(w string) (lead, core, trail string) {
	r := []rune(w)
	i, j := 0, len(r)
	for j > i && strings.ContainsRune(".,;:!?\"'”’)", r[j-1]) {
		if r[j-1] == ')' && strings.Count(string(r[i:j]), "(") >= strings.Count(string(r[i:j]), ")") {
			break
		}
		j--
	}
	for i < j && strings.ContainsRune("\"'“‘(", r[i]) {
		if r[i] == '(' && strings.Count(string(r[i:j]), ")") >= strings.Count(string(r[i:j]), "(") {
			break
		}
		i++
	}
	return string(r[:i]), string(r[i:j]), string(r[j:])
}

// A parser reads one expression of a word; each method returns its
// MathML and whether it read one.
type parser struct {
	s []rune
	i int
}

func (p *parser) peek() rune {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *parser) has(prefix string) bool {
	return strings.HasPrefix(string(p.s[p.i:]), prefix)
}

var operators = map[rune]string{'+': "+", '-': "−", '−': "−", '*': "·", '·': "·", '×': "×", '/': "/", '=': "=", '<': "&lt;", '>': "&gt;", '≈': "≈", '≤': "≤", '≥': "≥"}

// expr := product (operator product)*
func (p *parser) expr() (string, bool) {
	var b strings.Builder
	if op, ok := operators[p.peek()]; ok && (p.peek() == '-' || p.peek() == '−') {
		b.WriteString("<mo>" + op + "</mo>")
		p.i++
	}
	first, ok := p.product()
	if !ok {
		return "", false
	}
	b.WriteString(first)
	for {
		op, ok := operators[p.peek()]
		if !ok {
			return b.String(), true
		}
		p.i++
		next, ok := p.product()
		if !ok {
			return "", false
		}
		b.WriteString("<mo>" + op + "</mo>" + next)
	}
}

// product := power power* (juxtaposed: 2√2)
func (p *parser) product() (string, bool) {
	first, ok := p.power()
	if !ok {
		return "", false
	}
	out := first
	for p.peek() == '√' || p.has("sqrt(") || p.peek() == '(' {
		next, ok := p.power()
		if !ok {
			return "", false
		}
		out += next
	}
	return out, true
}

// power := atom ('^' atom)?, an exponent in parentheses shown without them
func (p *parser) power() (string, bool) {
	base, ok := p.atom()
	if !ok {
		return "", false
	}
	if p.peek() != '^' {
		return base, true
	}
	p.i++
	var exp string
	if p.peek() == '(' {
		p.i++
		e, ok := p.expr()
		if !ok || p.peek() != ')' {
			return "", false
		}
		p.i++
		exp = e
	} else {
		if p.peek() == '-' || p.peek() == '−' {
			p.i++
			exp = "<mo>−</mo>"
		}
		a, ok := p.atom()
		if !ok {
			return "", false
		}
		exp += a
	}
	return "<msup><mrow>" + base + "</mrow><mrow>" + exp + "</mrow></msup>", true
}

// atom := number | name ('_' sub)? ('(' expr ')')? | √atom | sqrt(expr) | (expr)
func (p *parser) atom() (string, bool) {
	c := p.peek()
	switch {
	case unicode.IsDigit(c):
		start := p.i
		for unicode.IsDigit(p.peek()) || (p.peek() == '.' && p.i+1 < len(p.s) && unicode.IsDigit(p.s[p.i+1])) {
			p.i++
		}
		return "<mn>" + string(p.s[start:p.i]) + "</mn>", true
	case c == '√':
		p.i++
		a, ok := p.atom()
		return "<msqrt>" + a + "</msqrt>", ok
	case p.has("sqrt("):
		p.i += len("sqrt(")
		e, ok := p.expr()
		if !ok || p.peek() != ')' {
			return "", false
		}
		p.i++
		return "<msqrt>" + e + "</msqrt>", true
	case c == '(':
		p.i++
		e, ok := p.expr()
		if !ok || p.peek() != ')' {
			return "", false
		}
		p.i++
		return "<mo>(</mo>" + e + "<mo>)</mo>", true
	case unicode.IsLetter(c):
		start := p.i
		for unicode.IsLetter(p.peek()) {
			p.i++
		}
		name := "<mi>" + html.EscapeString(string(p.s[start:p.i])) + "</mi>"
		if p.peek() == '_' {
			p.i++
			s := p.i
			for unicode.IsLetter(p.peek()) || unicode.IsDigit(p.peek()) {
				p.i++
			}
			if p.i == s {
				return "", false
			}
			sub := string(p.s[s:p.i])
			tag := "mi"
			if unicode.IsDigit(rune(sub[0])) {
				tag = "mn"
			}
			name = "<msub>" + name + "<" + tag + ">" + html.EscapeString(sub) + "</" + tag + "></msub>"
		}
		if p.peek() == '(' {
			p.i++
			e, ok := p.expr()
			if !ok || p.peek() != ')' {
				return "", false
			}
			p.i++
			name += "<mo>(</mo>" + e + "<mo>)</mo>"
		}
		return name, true
	}
	return "", false
}
