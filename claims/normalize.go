package claims

import (
	"strings"
	"unicode"
)

// normalize rewrites an answer or a printed figure into the plain notation
// the readers parse, without changing what it says: the unicode minus and
// dashes become "-", ** becomes ^, superscript digits become ^(…), vulgar
// fractions become (p/q), LaTeX math becomes plain (see fromLaTeX), every
// kind of space becomes one space, and surrounding quotes or backticks go.
// Commas stay: what a comma means is the number reader's to decide.
func normalize(s string) string {
	s = strings.TrimSpace(s)
	if strings.ContainsAny(s, `\$`) {
		s = fromLaTeX(s)
	}
	var b strings.Builder
	runes := []rune(s)
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		switch {
		case r == '−' || r == '‒' || r == '–' || r == '﹣' || r == '－':
			b.WriteByte('-')
		case r == '÷' || r == '∕':
			b.WriteByte('/')
		case r == '∗':
			b.WriteByte('*')
		case r == '⋅' || r == '∙' || r == '•':
			b.WriteString("·")
		case r == '*' && i+1 < len(runes) && runes[i+1] == '*':
			b.WriteByte('^')
			i++
		case superscript(r) != 0:
			b.WriteString("^(")
			for ; i < len(runes) && superscript(runes[i]) != 0; i++ {
				b.WriteRune(superscript(runes[i]))
			}
			i--
			b.WriteByte(')')
		case r == '{':
			b.WriteByte('(')
		case r == '}':
			b.WriteByte(')')
		case vulgar[r] != "":
			if i > 0 && unicode.IsDigit(runes[i-1]) {
				b.WriteByte('+') // 2½ is two and a half
			}
			b.WriteString("(" + vulgar[r] + ")")
		case unicode.IsSpace(r) || r == '\u2009' || r == '\u202F' || r == '\u00A0' || r == '\u2007':
			if b.Len() > 0 && !strings.HasSuffix(b.String(), " ") {
				b.WriteByte(' ')
			}
		default:
			b.WriteRune(r)
		}
	}
	out := strings.TrimSpace(b.String())
	for _, q := range []string{"`", "\"", "'", "“”", "‘’"} {
		open, close := q, q
		if len([]rune(q)) == 2 {
			open, close = string([]rune(q)[0]), string([]rune(q)[1])
		}
		if len(out) > len(open)+len(close) && strings.HasPrefix(out, open) && strings.HasSuffix(out, close) {
			out = strings.TrimSpace(out[len(open) : len(out)-len(close)])
		}
	}
	return out
}

// superscript returns the plain character a superscript digit or sign
// stands for, or 0.
func superscript(r rune) rune {
	switch r {
	case '⁰':
		return '0'
	case '¹':
		return '1'
	case '²':
		return '2'
	case '³':
		return '3'
	case '⁴', '⁵', '⁶', '⁷', '⁸', '⁹':
		return '4' + (r - '⁴')
	case '⁻':
		return '-'
	case '⁺':
		return '+'
	case '⁄':
		return '/'
	}
	return 0
}

// vulgar are the fraction characters people type.
var vulgar = map[rune]string{'½': "1/2", '⅓': "1/3", '⅔': "2/3", '¼': "1/4", '¾': "3/4", '⅕': "1/5",
	'⅙': "1/6", '⅛': "1/8", '⅜': "3/8", '⅝': "5/8", '⅞': "7/8"}

// fromLaTeX turns the LaTeX math people paste into plain notation:
// $…$, \(…\) and \[…\] lose their delimiters; \frac{a}{b} (and \dfrac,
// \tfrac) becomes ((a)/(b)), \sqrt{x} sqrt(x), \sqrt[n]{x} ((x)^(1/n)),
// \cdot and \times ·, \approx ≈, \sim ~, \% %, ^{…} ^(…), \text{…} its
// words; spacing commands and \left, \right go.
func fromLaTeX(s string) string {
	for _, d := range []string{`\(`, `\)`, `\[`, `\]`, "$"} {
		s = strings.ReplaceAll(s, d, " ")
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			j := i + 1
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
				j++
			}
			name := s[i+1 : j]
			if name == "" && j < len(s) {
				// \, \; \! \: \  and \% \{ \}
				switch s[j] {
				case '%':
					b.WriteByte('%')
				case '{':
					b.WriteByte('(')
				case '}':
					b.WriteByte(')')
				default:
					b.WriteByte(' ')
				}
				i = j + 1
				continue
			}
			i = j
			switch name {
			case "frac", "dfrac", "tfrac", "cfrac":
				num, rest, ok1 := braced(s, i)
				den, rest2, ok2 := braced(s, rest)
				if ok1 && ok2 {
					b.WriteString("((" + fromLaTeX(num) + ")/(" + fromLaTeX(den) + "))")
					i = rest2
				}
			case "sqrt":
				k := skipSpaces(s, i)
				index := ""
				if k < len(s) && s[k] == '[' {
					if e := strings.IndexByte(s[k:], ']'); e > 0 {
						index, i = s[k+1:k+e], k+e+1
					}
				}
				arg, rest, ok := braced(s, i)
				if !ok {
					// \sqrt2: one character
					k = skipSpaces(s, i)
					if k < len(s) {
						arg, rest, ok = s[k:k+1], k+1, true
					}
				}
				if ok {
					if index != "" {
						b.WriteString("((" + fromLaTeX(arg) + ")^(1/" + strings.TrimSpace(index) + "))")
					} else {
						b.WriteString("sqrt(" + fromLaTeX(arg) + ")")
					}
					i = rest
				}
			case "text", "mathrm", "textrm", "mathit", "operatorname", "mbox", "mathbf", "textit":
				arg, rest, ok := braced(s, i)
				if ok {
					b.WriteString(" " + arg + " ")
					i = rest
				}
			case "cdot", "times":
				b.WriteString("·")
			case "div":
				b.WriteByte('/')
			case "approx", "simeq", "thickapprox":
				b.WriteString("≈")
			case "sim":
				b.WriteString("~")
			case "propto":
				b.WriteString("∝")
			case "pm":
				b.WriteString("±")
			case "sigma":
				b.WriteString("σ")
			case "infty":
				b.WriteString("∞")
			case "left", "right", "big", "Big", "bigl", "bigr", "displaystyle", "quad", "qquad":
			default:
				b.WriteString(name)
			}
		case c == '{':
			b.WriteByte('(')
			i++
		case c == '}':
			b.WriteByte(')')
			i++
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

func skipSpaces(s string, i int) int {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i
}

// braced reads {…} at i (after spaces), with nested braces, and returns
// its content and the index after it.
func braced(s string, i int) (string, int, bool) {
	i = skipSpaces(s, i)
	if i >= len(s) || s[i] != '{' {
		return "", i, false
	}
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return s[i+1 : j], j + 1, true
			}
		}
	}
	return "", i, false
}
