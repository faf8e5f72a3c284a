package claims

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/internal/textline"
)

// MaxLineBytes bounds one line of a claims file.
const MaxLineBytes = 4096

// maxClaims bounds the number of claims in one file.
const maxClaims = 10_000

// A SyntaxError is a problem with one line of a claims file (or of an
// answer key or answer file, which package grade reads), or with the
// whole file when Line is 0.
type SyntaxError struct {
	File string // the file's name
	Line int    // the line, from 1
	Msg  string // what is wrong with it
}

// Error writes "file:line: message", or "file: message" for a problem of
// the whole file (Line 0).
func (e *SyntaxError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// A Claim is one line of a claims file: a kind, its settings and the
// figure it claims, ready to be checked.
type Claim struct {
	File string // the file's name, as given to Parse
	Line int    // the claim's line, from 1
	// Kind is the first word of the line, e.g. "variance".
	Kind string
	// Text is the line as written up to " is ", e.g. "variance d=4",
	// followed by the settings it takes from a with line, if any.
	Text string
	// Settings holds every key=value of the line and of the "with" line
	// in force, by key.
	Settings map[string]string
	// figure is the printed figure as written after " is ".
	figure string

	prep  *prepared
	check checker
	// figures are the figure's values that wait for the plan.
	figures []*deferredValue
}

// A checker decides one claim.
type checker func(c *checking) (Verdict, error)

// Parse reads a claims file and returns its claims, in order; name is
// used in error messages. It returns a *SyntaxError for the first line
// that is wrong.
func Parse(name string, r io.Reader) ([]*Claim, error) {
	var f []*Claim
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), MaxLineBytes)
	sc.Split(textline.ScanLines)
	defaults := map[string]string{}
	n := 0
	for sc.Scan() {
		n++
		fail := func(format string, args ...any) error {
			return &SyntaxError{File: name, Line: n, Msg: fmt.Sprintf(format, args...)}
		}
		raw := sc.Text()
		if n == 1 {
			// A byte-order mark, as some editors save UTF-8, is not text.
			raw = strings.TrimPrefix(raw, byteOrderMark)
		}
		if !utf8.ValidString(raw) {
			return nil, fail("the line is not valid UTF-8")
		}
		line := stripComment(raw)
		if line == "" {
			continue
		}
		words := strings.Fields(line)
		if words[0] == "with" {
			settings, err := parseSettings(words[1:], "")
			if err != nil {
				return nil, fail("%v", err)
			}
			for k := range settings {
				if !defaultable[k] {
					return nil, fail("a with line sets only %s, not %q", strings.Join(sortedKeys(defaultable), ", "), k)
				}
			}
			defaults = settings
			continue
		}
		c, err := parseClaim(words, defaults)
		if err != nil {
			return nil, fail("%v", err)
		}
		if len(f) == maxClaims {
			return nil, fail("more than %d claims in one file", maxClaims)
		}
		c.File, c.Line = name, n
		f = append(f, c)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &SyntaxError{File: name, Line: n + 1, Msg: fmt.Sprintf("the line is longer than %d bytes", MaxLineBytes)}
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(f) == 0 {
		return nil, &SyntaxError{File: name, Msg: "the file has no claims"}
	}
	return f, nil
}

// byteOrderMark is U+FEFF encoded in UTF-8.
const byteOrderMark = "\uFEFF"

// stripComment removes a # comment and surrounding space. A # starts a
// comment at the start of a line or after a space, so "#" inside a value
// is an error the value's parser reports.
func stripComment(s string) string {
	if i := strings.Index(s, "#"); i >= 0 && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// parseClaim reads "KIND key=value ... is FIGURE".
func parseClaim(words []string, defaults map[string]string) (*Claim, error) {
	is := -1
	for i, w := range words {
		if w == "is" {
			is = i
			break
		}
	}
	if _, ok := kinds[words[0]]; ok {
		if is < 0 {
			return nil, fmt.Errorf("%s: missing \" is FIGURE\" at the end of the claim", words[0])
		}
		if is == len(words)-1 {
			return nil, fmt.Errorf("%s: nothing after \"is\": write the printed figure", words[0])
		}
	} else {
		is = len(words)
	}
	c, err := parseQuestionWords(words[:is], defaults)
	if err != nil {
		return nil, err
	}
	c.figure = strings.Join(words[is+1:], " ")
	places, err := placesSetting(c)
	if err != nil {
		return nil, err
	}
	a, err := readAnswer(c.Kind, c.figure, places, false, c.prep != nil && c.prep.everyWidth)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", c.Kind, err)
	}
	if c.check, err = c.prep.read(a); err != nil {
		return nil, fmt.Errorf("%s: %v", c.Kind, err)
	}
	c.figures = a.deferred()
	return c, nil
}

// parseQuestionWords reads "KIND key=value ...", a claim without its
// figure, taking the keys it does not set from defaults, and reads its
// settings.
func parseQuestionWords(words []string, defaults map[string]string) (*Claim, error) {
	kindName := words[0]
	spec, ok := kinds[kindName]
	if !ok {
		return nil, fmt.Errorf("unknown claim kind %q (known kinds: %s)", kindName, strings.Join(sortedKeys(kinds), ", "))
	}
	settings, err := parseSettings(words[1:], kindName)
	if err != nil {
		return nil, err
	}
	for k := range settings {
		if _, ok := spec.keys[k]; !ok {
			return nil, fmt.Errorf("%s does not take %q (it takes %s)", kindName, k, strings.Join(sortedKeys(spec.keys), ", "))
		}
	}
	var inherited []string
	for _, k := range sortedKeys(defaults) {
		if _, ok := spec.keys[k]; ok {
			if _, set := settings[k]; !set {
				settings[k] = defaults[k]
				inherited = append(inherited, k+"="+defaults[k])
			}
		}
	}
	for k, required := range spec.keys {
		if _, set := settings[k]; required && !set {
			return nil, fmt.Errorf("%s needs %s=…", kindName, k)
		}
	}
	text := strings.Join(words, " ")
	if len(inherited) > 0 {
		text += " (with " + strings.Join(inherited, " ") + ")"
	}
	c := &Claim{Kind: kindName, Text: text, Settings: settings}
	if c.prep, err = spec.build(c); err != nil {
		return nil, fmt.Errorf("%s: %v", kindName, err)
	}
	return c, nil
}

// parseSettings reads key=value words; a key may appear once.
func parseSettings(words []string, kind string) (map[string]string, error) {
	out := map[string]string{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok || k == "" {
			where := ""
			if kind != "" {
				where = kind + ": "
			}
			return nil, fmt.Errorf("%s%q is not key=value (write the figure after \" is \")", where, w)
		}
		if v == "" {
			return nil, fmt.Errorf("%s has no value", k)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("%s is set twice", k)
		}
		out[k] = v
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
