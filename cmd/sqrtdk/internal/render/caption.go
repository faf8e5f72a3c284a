package render

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// A caption is LaTeX the author writes, typeset inside \caption{…} of a
// document whose preamble is only LaTeXPreamble. Whether any LaTeX
// compiles is pdflatex's to say; checkCaption accepts a small language
// that always does, so that no caption reaches a book's build and breaks
// it there: text, groups, inline math, and the commands below with their
// arguments. Anything else is refused with what to write instead.

// captionCommand is what a caption may use of one command: how many
// braced arguments follow it, whether it needs math mode, and whether it
// takes an optional [argument] first (\sqrt[3]{x}).
type captionCommand struct {
	args     int
	mathOnly bool
	textOnly bool
	optional bool
	// key is set for a command whose argument is a label key, not text:
	// letters, digits and : - _ . / + (and commas between the keys of a
	// \cite).
	key bool
	// kind is how the refusal of an unknown command names the command
	// when it lists what a caption may use; "" leaves it out of the list.
	kind string
}

// captionCommands are the commands a caption may use: LaTeX's own, which
// the article class defines without packages, and none that is fragile in
// a moving argument (\footnote, \\), needs a partner (\left, \right) or
// changes the document (\begin, \end, \def, \input, \par). The
// cross-references \label, \ref, \pageref and \cite are allowed with a
// key for an argument: a book defines the labels and the bibliography,
// and until it does LaTeX only warns of an undefined one.
var captionCommands = func() map[string]captionCommand {
	m := map[string]captionCommand{
		// Text styles, usable in text and math.
		"emph": {args: 1, kind: "text"}, "textbf": {args: 1, kind: "text"}, "textit": {args: 1}, "texttt": {args: 1},
		"textrm": {args: 1}, "textsf": {args: 1}, "textsc": {args: 1}, "textup": {args: 1},
		"em": {}, "bf": {}, "it": {}, "tt": {}, "rm": {}, "sf": {},
		// Dots, spaces and logos.
		"ldots": {}, "dots": {}, "quad": {}, "qquad": {}, "LaTeX": {}, "TeX": {}, "today": {},
		// Cross-references and the section sign.
		"label": {args: 1, key: true, kind: "reference"}, "ref": {args: 1, key: true, kind: "reference"},
		"pageref": {args: 1, key: true}, "cite": {args: 1, key: true, optional: true, kind: "reference"},
		"S": {textOnly: true, kind: "reference"},
		// Math.
		"frac": {args: 2, mathOnly: true, kind: "math"}, "sqrt": {args: 1, mathOnly: true, optional: true, kind: "math"},
		"mathrm": {args: 1, mathOnly: true}, "mathbf": {args: 1, mathOnly: true}, "mathit": {args: 1, mathOnly: true},
		"mathsf": {args: 1, mathOnly: true}, "mathtt": {args: 1, mathOnly: true}, "mathcal": {args: 1, mathOnly: true},
	}
	for _, name := range strings.Fields(`cdot cdots vdots ddots times div pm mp le leq ge geq ne neq approx sim simeq
		equiv propto to rightarrow leftarrow infty partial nabla sum prod int log ln exp sin cos tan max min lim
		in notin subset subseteq cup cap forall exists mid langle rangle lfloor rfloor lceil rceil ell
		alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi
		rho varrho sigma varsigma tau upsilon phi varphi chi psi omega
		Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega`) {
		m[name] = captionCommand{mathOnly: true}
	}
	m["cdot"] = captionCommand{mathOnly: true, kind: "math"}
	return m
}()

// captionCommandList names, by kind, some of the commands a caption may
// use, for the refusal of one it may not: every command it names is in
// captionCommands, so the message cannot offer one that is refused.
func captionCommandList() string {
	byKind := map[string][]string{}
	for name, c := range captionCommands {
		if c.kind != "" {
			byKind[c.kind] = append(byKind[c.kind], `\`+name)
		}
	}
	var names []string
	for _, k := range []string{"text", "reference", "math"} {
		sort.Strings(byKind[k])
		if k == "math" {
			names = append(names, "in math "+byKind[k][0])
			names = append(names, byKind[k][1:]...)
			continue
		}
		names = append(names, byKind[k]...)
	}
	return "such as " + strings.Join(names, ", ") + ", Greek letters"
}

// captionSymbols are the characters a caption may escape: \% \# \& \_ \{
// \} \$ and the spaces \, \; \! and "\ ".
const captionSymbols = "%#&_{}$,;! "

// checkCaption reports why a caption would not compile, or nil.
func checkCaption(caption string) error {
	if strings.IndexFunc(caption, unicode.IsControl) >= 0 {
		return fmt.Errorf("the caption must be one line without control characters")
	}
	if r := strings.IndexFunc(caption, func(r rune) bool { return r >= 0x80 && !latin1Letter(r) }); r >= 0 {
		c, _ := utf8.DecodeRuneInString(caption[r:])
		return fmt.Errorf("the caption's %q is not a character LaTeX's fonts have without packages: write it as LaTeX (such as $\\sqrt{d_k}$ or $\\cdot$)", c)
	}
	p := captionParser{src: caption}
	if err := p.sequence(false, 0); err != nil {
		return err
	}
	if p.pos < len(p.src) {
		return fmt.Errorf("the caption closes a brace } it did not open")
	}
	return nil
}

// captionParser reads a caption left to right.
type captionParser struct {
	src    string
	pos    int
	labels int // the \label commands read
}

// keyCommand reads the arguments of a cross-reference, its name read: an
// optional [text] for \cite, then one {key}, or {key,key} for \cite.
func (p *captionParser) keyCommand(name string, cmd captionCommand) error {
	if cmd.optional && p.pos < len(p.src) && p.src[p.pos] == '[' {
		end := strings.IndexByte(p.src[p.pos:], ']')
		if end < 0 {
			return fmt.Errorf("the caption's \\%s[ has no ]", name)
		}
		inner := captionParser{src: p.src[p.pos+1 : p.pos+end]}
		if err := inner.sequence(false, 1); err != nil || inner.pos < len(inner.src) || strings.ContainsAny(inner.src, "{}$") {
			return fmt.Errorf("the caption's \\%s[…] must hold plain text, such as \\%s[p.~3]{key}", name, name)
		}
		p.pos += end + 1
	}
	example := `\` + name + `{tab:variance}`
	if p.pos >= len(p.src) || p.src[p.pos] != '{' {
		return fmt.Errorf("the caption's \\%s needs a key in braces, such as %s", name, example)
	}
	end := strings.IndexByte(p.src[p.pos:], '}')
	if end < 0 {
		return fmt.Errorf("the caption opens a brace { it does not close")
	}
	key := p.src[p.pos+1 : p.pos+end]
	keys := []string{key}
	if name == "cite" {
		keys = strings.Split(key, ",")
	}
	for _, k := range keys {
		if k == "" || strings.IndexFunc(k, func(r rune) bool { return !labelRune(r) }) >= 0 {
			return fmt.Errorf("the caption's \\%s{%s}: a key is letters, digits and : - _ . / + only, such as %s", name, key, example)
		}
	}
	p.pos += end + 1
	return nil
}

// labelRune reports whether r may be part of a label or citation key.
func labelRune(r rune) bool {
	return r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(":-_./+", r))
}

// sequence reads tokens up to the end or an unmatched }, in or out of
// math; depth counts the groups around it. Math opened by $ must close
// within the group that opened it.
func (p *captionParser) sequence(inMath bool, depth int) error {
	if depth > 20 {
		return fmt.Errorf("the caption nests groups more than 20 deep")
	}
	start := inMath
	// The scripts of the current nucleus: TeX refuses a second
	// superscript or subscript on one.
	sup, sub := false, false
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c != '^' && c != '_' {
			sup, sub = false, false
		}
		switch {
		case c == '}':
			if inMath != start {
				return fmt.Errorf("the caption's $ signs do not pair up within a group")
			}
			return nil
		case c == '{':
			p.pos++
			if err := p.group(inMath, depth); err != nil {
				return err
			}
		case c == '$':
			p.pos++
			inMath = !inMath
			if inMath && p.pos < len(p.src) && p.src[p.pos] == '$' {
				return fmt.Errorf("the caption's $$ is display math: write inline math between single $ signs")
			}
		case c == '\\':
			if err := p.command(inMath, depth); err != nil {
				return err
			}
		case c == '%' || c == '#' || c == '&':
			return fmt.Errorf("the caption's %c must be written \\%c", c, c)
		case (c == '_' || c == '^') && !inMath:
			if c == '_' {
				return fmt.Errorf("the caption's _ is outside math: write $d_k$, or \\_ for an underscore")
			}
			return fmt.Errorf("the caption's ^ is outside math: write $d_k^{1/4}$")
		case c == '_' || c == '^':
			seen := &sup
			if c == '_' {
				seen = &sub
			}
			if *seen {
				return fmt.Errorf("the caption's %c follows another on one symbol: write $x_{12}$ or ${x^{2}}^{3}$", c)
			}
			*seen = true
			p.pos++
			if err := p.operand(inMath, depth, c); err != nil {
				return err
			}
		case (c == '<' || c == '>' || c == '|') && !inMath:
			return fmt.Errorf("the caption's %c is outside math, where LaTeX's text font prints another sign: write $%c$", c, c)
		case c >= 0x80 && inMath:
			r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
			return fmt.Errorf("the caption's %q is inside math, where LaTeX cannot accent it: put it outside the $ signs", r)
		default:
			_, n := utf8.DecodeRuneInString(p.src[p.pos:])
			p.pos += n
		}
	}
	if inMath != start {
		return fmt.Errorf("the caption's $ signs do not pair up")
	}
	return nil
}

// group reads the rest of a {group}, its { read.
func (p *captionParser) group(inMath bool, depth int) error {
	if err := p.sequence(inMath, depth+1); err != nil {
		return err
	}
	if p.pos >= len(p.src) {
		return fmt.Errorf("the caption opens a brace { it does not close")
	}
	p.pos++ // }
	return nil
}

// operand reads what follows _ or ^ in math: one character, a {group} or a
// command.
func (p *captionParser) operand(inMath bool, depth int, op byte) error {
	if p.pos >= len(p.src) || strings.IndexByte("$}_^ ", p.src[p.pos]) >= 0 {
		return fmt.Errorf("the caption's %c has nothing after it: write $d_{k}$ or $d^{2}$", op)
	}
	switch p.src[p.pos] {
	case '{':
		p.pos++
		return p.group(inMath, depth)
	case '\\':
		end := p.pos + 1
		for end < len(p.src) && isASCIILetter(p.src[end]) {
			end++
		}
		if cmd, ok := captionCommands[p.src[p.pos+1:end]]; ok && cmd.args > 0 {
			return fmt.Errorf("the caption's %c\\%s needs braces around it: write %c{\\%s{…}}", op, p.src[p.pos+1:end], op, p.src[p.pos+1:end])
		}
		return p.command(inMath, depth)
	}
	if c := p.src[p.pos]; c >= 0x80 {
		r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
		return fmt.Errorf("the caption's %q is inside math, where LaTeX cannot accent it: put it outside the $ signs", r)
	}
	_, n := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += n
	return nil
}

// command reads a \command and its arguments, or an escaped symbol.
func (p *captionParser) command(inMath bool, depth int) error {
	p.pos++ // the backslash
	if p.pos >= len(p.src) {
		return fmt.Errorf("the caption ends with a lone \\: write \\textbackslash{} for a backslash")
	}
	if c := p.src[p.pos]; !isASCIILetter(c) {
		if strings.IndexByte(captionSymbols, c) < 0 {
			if c == '\\' {
				return fmt.Errorf("the caption's \\\\ breaks a line, which a caption cannot: leave it out")
			}
			return fmt.Errorf("the caption's \\%c is not one a caption may use (\\%% \\# \\& \\_ \\{ \\} \\$ and spaces \\, \\; \\!)", c)
		}
		p.pos++
		return nil
	}
	start := p.pos
	for p.pos < len(p.src) && isASCIILetter(p.src[p.pos]) {
		p.pos++
	}
	name := p.src[start:p.pos]
	cmd, ok := captionCommands[name]
	switch {
	case !ok:
		return fmt.Errorf("the caption's \\%s is not a command a caption may use (%s)", name, captionCommandList())
	case cmd.mathOnly && !inMath:
		return fmt.Errorf("the caption's \\%s is outside math: write it between $ signs", name)
	case cmd.textOnly && inMath:
		return fmt.Errorf("the caption's \\%s is inside math: put it outside the $ signs", name)
	case name == "label":
		if p.labels++; p.labels > 1 {
			return fmt.Errorf("the caption has two \\label commands: a table takes one")
		}
	}
	if cmd.key {
		return p.keyCommand(name, cmd)
	}
	if cmd.optional && p.pos < len(p.src) && p.src[p.pos] == '[' {
		end := strings.IndexByte(p.src[p.pos:], ']')
		if end < 0 {
			return fmt.Errorf("the caption's \\%s[ has no ]", name)
		}
		inner := captionParser{src: p.src[p.pos+1 : p.pos+end]}
		if err := inner.sequence(inMath, depth+1); err != nil || inner.pos < len(inner.src) || strings.ContainsAny(inner.src, "{}") {
			return fmt.Errorf("the caption's \\%s[…] must hold plain text, such as \\%s[3]{x}", name, name)
		}
		p.pos += end + 1
	}
	for i := range cmd.args {
		if p.pos >= len(p.src) || p.src[p.pos] != '{' {
			return fmt.Errorf("the caption's \\%s needs %s in braces, such as %s", name, argumentWords(cmd.args, i), commandExample(name))
		}
		p.pos++
		if err := p.group(inMath, depth); err != nil {
			return err
		}
	}
	if cmd.args == 0 && p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++ // the space that ends a command's name
	}
	return nil
}

// argumentWords says how many arguments are missing: "an argument", or
// "2 arguments" for a command with two and none given.
func argumentWords(args, given int) string {
	if args-given == 1 && given == 0 {
		return "an argument"
	}
	if given == 0 {
		return numwords.Count(args, "argument")
	}
	return fmt.Sprintf("%s (%d given)", numwords.Count(args, "argument"), given)
}

// commandExample shows a command used rightly.
func commandExample(name string) string {
	switch name {
	case "frac":
		return `$\frac{1}{2}$`
	case "sqrt":
		return `$\sqrt{d_k}$`
	}
	return `\` + name + `{text}`
}

// latin1Letter reports whether LaTeX's default UTF-8 input typesets r in
// its default font encoding: the accented Latin-1 letters, less eth and
// thorn (which need the T1 encoding) and the ordinal indicators.
func latin1Letter(r rune) bool {
	return 0xC0 <= r && r <= 0xFF && r != 0xD7 && r != 0xF7 && !strings.ContainsRune("ÐðÞþ", r)
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
