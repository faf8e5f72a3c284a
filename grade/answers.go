package grade

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// Answers are a student's answer file: an optional student id and one
// answer per part of the key.
type Answers struct {
	// Name is the file the answers were read from.
	Name string
	// Student is the id of the student line ("" when there is none).
	Student string
	// ByPart holds each answer by part id.
	ByPart map[string]Answer
	// Problems are the lines that could not be read, each with its line
	// number (an id the key does not have, a row of the wrong length, a
	// part answered twice); the rest of the file is graded all the same.
	// At most 20 are kept.
	Problems []*SyntaxError
}

// An Answer is what a student wrote for one part, and where.
type Answer struct {
	Text string // the answer as written
	Line int    // its line in the answer file, from 1

	// conflict says the part was answered twice, differently.
	conflict string
}

// maxProblems bounds the problems kept for one answer file; the count of
// the rest is the last one's message.
const maxProblems = 20

var studentPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.@+-]*$`)

// ParseAnswers reads an answer file against the key it answers, as a
// stream: it keeps the answers, never the lines, so a file of any length
// is read in memory bounded by the key. name is used in messages. A line
// is "ID ANSWER" (a colon or = may follow the id); "QUESTION A; B; …"
// answers every part of a question in key order (separated by ; or |, or
// by spaces and commas when no answer has one); "student ID" names the
// student; a line with an id and no answer leaves the part unanswered.
// Lines end in LF, CRLF or CR. A line that cannot be read (an id the key
// does not have, a row with the wrong number of answers, text that is not
// UTF-8 or longer than claims.MaxLineBytes) is a problem of the file and the
// others are read; a part answered twice keeps its first answer when both
// agree and is unreadable when they do not. Only a failure to read the
// stream or a file that is not text (a NUL byte) is an error.
func ParseAnswers(name string, r io.Reader, key *Key) (*Answers, error) {
	a := &Answers{Name: name, ByPart: map[string]Answer{}}
	extra := 0
	problem := func(n int, format string, args ...any) {
		if len(a.Problems) < maxProblems {
			a.Problems = append(a.Problems, &SyntaxError{File: name, Line: n, Msg: fmt.Sprintf(format, args...)})
		} else {
			extra++
		}
	}
	ids := shortList(key.ids(), 12)
	set := func(n int, id, text string) {
		prev, dup := a.ByPart[id]
		switch {
		case !dup:
			a.ByPart[id] = Answer{Text: text, Line: n}
		case sameAnswer(prev.Text, text):
			problem(n, "%s is answered again (as on line %d); the first is graded", id, prev.Line)
		default:
			prev.conflict = fmt.Sprintf("answered twice, %q on line %d and %q on line %d", prev.Text, prev.Line, text, n)
			a.ByPart[id] = prev
			problem(n, "%s is answered twice, differently (also on line %d): it is marked could not read", id, prev.Line)
		}
	}
	err := eachLine(r, true, func(n int, raw []byte, overlong bool) error {
		if bytes.IndexByte(raw, 0) >= 0 {
			return &SyntaxError{File: name, Line: n, Msg: "the file is not text (it holds a NUL byte)"}
		}
		if overlong {
			problem(n, "the line is longer than %d bytes", claims.MaxLineBytes)
			return nil
		}
		if !utf8.Valid(raw) {
			problem(n, "the line is not valid UTF-8 (save the file as UTF-8)")
			return nil
		}
		line := stripComment(visible(string(raw)))
		if line == "" {
			return nil
		}
		id, text := splitAnswerLine(line)
		if strings.EqualFold(id, "student") {
			switch {
			case !studentPattern.MatchString(text):
				problem(n, "student: %s is not an id (letters, digits and _ . @ + -, no spaces)", quote(text))
			case a.Student == "":
				a.Student = text
			case a.Student != text:
				problem(n, "a second student line names %s; the first, %s, stands", text, a.Student)
			}
			return nil
		}
		if p := key.Part(id); p != nil {
			if text != "" {
				set(n, id, text)
			}
			return nil
		}
		q := key.question(id)
		if q == nil {
			problem(n, "the key has no question %s (it has %s)", quote(id), ids)
			return nil
		}
		if text == "" {
			return nil
		}
		row := splitRow(text, len(q.Parts))
		if len(row) != len(q.Parts) {
			problem(n, "question %s has %s (%s), this line gives %s: separate them by ; or answer each part on its own line",
				id, numwords.Count(len(q.Parts), "part"), strings.Join(partIDs(q), ", "), numwords.Count(len(row), "answer"))
			return nil
		}
		for j, p := range q.Parts {
			if row[j] != "" && row[j] != "-" {
				set(n, p.ID, row[j])
			}
		}
		return nil
	})
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if extra > 0 {
		a.Problems[len(a.Problems)-1].Msg += fmt.Sprintf(" (and %d more lines that could not be read)", extra)
	}
	return a, nil
}

// sameAnswer reports whether two answers are the same text but for
// spacing and letter case.
func sameAnswer(a, b string) bool {
	return strings.EqualFold(strings.Join(strings.Fields(a), " "), strings.Join(strings.Fields(b), " "))
}

// eachLine calls fn with each line of r (without its end: LF, CRLF or a
// lone CR) and its number from 1, in bounded memory: a line longer than
// claims.MaxLineBytes is passed cut short with overlong set, and the rest of it
// is skipped. A byte-order mark at the start is dropped. With skipEmpty,
// empty lines are counted but not passed, so that a file of blank lines
// costs a scan and nothing more.
func eachLine(r io.Reader, skipEmpty bool, fn func(n int, line []byte, overlong bool) error) error {
	buf := make([]byte, 64<<10)
	var line []byte
	n := 0
	overlong, pendingCR := false, false
	end := func() error {
		n++
		if len(line) == 0 && !overlong && skipEmpty {
			return nil
		}
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\uFEFF"))
		}
		err := fn(n, line, overlong)
		line, overlong = line[:0], false
		return err
	}
	for {
		m, err := r.Read(buf)
		chunk := buf[:m]
		for len(chunk) > 0 {
			if pendingCR {
				pendingCR = false
				if chunk[0] == '\n' {
					chunk = chunk[1:]
					continue
				}
			}
			// A run of empty lines, counted without a call.
			if skipEmpty && len(line) == 0 && !overlong {
				i := 0
				for i < len(chunk) && chunk[i] == '\n' {
					i++
				}
				n += i
				chunk = chunk[i:]
				if len(chunk) == 0 {
					break
				}
			}
			i := bytes.IndexAny(chunk, "\r\n")
			if i < 0 {
				line = appendBounded(line, chunk, &overlong)
				break
			}
			line = appendBounded(line, chunk[:i], &overlong)
			pendingCR = chunk[i] == '\r'
			chunk = chunk[i+1:]
			if ferr := end(); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			if len(line) > 0 || overlong {
				return end()
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// appendBounded appends b to line up to claims.MaxLineBytes, setting overlong
// when it had to cut.
func appendBounded(line, b []byte, overlong *bool) []byte {
	if room := claims.MaxLineBytes - len(line); len(b) > room {
		*overlong = true
		b = b[:max(room, 0)]
	}
	return append(line, b...)
}

// splitAnswerLine cuts "ID ANSWER", "ID: ANSWER" or "ID = ANSWER".
func splitAnswerLine(line string) (id, text string) {
	id, text, _ = strings.Cut(line, " ")
	text = strings.TrimSpace(text)
	if s, ok := strings.CutSuffix(id, ":"); ok {
		id = s
	} else if s, ok := strings.CutSuffix(id, "="); ok {
		id = s
	} else if t, ok := strings.CutPrefix(text, ":"); ok {
		text = strings.TrimSpace(t)
	} else if t, ok := strings.CutPrefix(text, "="); ok && !strings.HasPrefix(t, "=") {
		text = strings.TrimSpace(t)
	}
	if i := strings.IndexAny(id, ":="); i > 0 && text == "" {
		id, text = id[:i], strings.TrimSpace(id[i+1:])
	}
	return id, text
}

// splitRow splits the answers of several parts: on ; or | when the text has
// one, else on spaces and commas.
func splitRow(text string, parts int) []string {
	var fields []string
	if strings.ContainsAny(text, ";|") {
		fields = strings.FieldsFunc(text, func(r rune) bool { return r == ';' || r == '|' })
		if len(fields) == parts {
			for i := range fields {
				fields[i] = strings.TrimSpace(fields[i])
			}
			return fields
		}
	}
	return strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' })
}

func partIDs(q *Question) []string {
	var out []string
	for _, p := range q.Parts {
		out = append(out, p.ID)
	}
	return out
}

// shortList joins at most n items, saying how many more there are.
func shortList(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:n], ", ") + fmt.Sprintf(" and %d more", len(items)-n)
}

// question returns the question with id when its parts have ids of their
// own, so that a row can answer them.
func (k *Key) question(id string) *Question {
	for _, q := range k.Questions {
		if q.ID == id && q.Parts[0].ID != id {
			return q
		}
	}
	return nil
}

// ids lists the ids an answer file may use, in key order.
func (k *Key) ids() []string {
	var out []string
	for _, q := range k.Questions {
		if q.Parts[0].ID != q.ID {
			out = append(out, q.ID)
		}
		out = append(out, partIDs(q)...)
	}
	return out
}

// visible replaces what a terminal would act on rather than show: a tab
// becomes a space, other C0 controls their control pictures (ESC is ␛),
// DEL ␡, C1 controls and bidirectional overrides U+FFFD. Every line of a
// key or an answer file passes it once, so no answer is ever echoed raw.
func visible(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return shown(r) != r }) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(shown(r))
	}
	return b.String()
}

// shown returns the rune visible writes for r.
func shown(r rune) rune {
	switch {
	case r == '\t':
		return ' '
	case r < 0x20:
		return 0x2400 + r
	case r == 0x7f:
		return 0x2421
	case r >= 0x80 && r < 0xa0 || isBidi(r):
		return utf8.RuneError
	}
	return r
}

func isBidi(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
}

// quote puts what a person wrote in quotes for a message (its control
// characters were made visible when it was read).
func quote(s string) string { return `"` + s + `"` }
