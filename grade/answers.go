package grade

import (
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
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
}

// An Answer is what a student wrote for one part, and where.
type Answer struct {
	Text string // the answer as written
	Line int    // its line in the answer file, from 1
}

var studentPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.@+-]*$`)

// ParseAnswers reads an answer file against the key it answers; name is
// used in error messages. A line is "ID ANSWER" (a colon or = may follow
// the id); "QUESTION A; B; …" answers every part of a question in key
// order (separated by ; or |, or by spaces and commas when no figure has
// one); "student ID" names the student; a line with an id and no answer is
// left unanswered. An id the key does not have, an answer given twice and
// a row with the wrong number of answers are *SyntaxErrors.
func ParseAnswers(name string, r io.Reader, key *Key) (*Answers, error) {
	lines, err := readLines(name, r)
	if err != nil {
		return nil, err
	}
	a := &Answers{Name: name, ByPart: map[string]Answer{}}
	for i, raw := range lines {
		n := i + 1
		fail := func(format string, args ...any) error {
			return &claims.SyntaxError{File: name, Line: n, Msg: fmt.Sprintf(format, args...)}
		}
		line := stripComment(raw)
		if line == "" {
			continue
		}
		id, text := splitAnswerLine(line)
		if id == "student" {
			if a.Student != "" {
				return nil, fail("a second student line")
			}
			if !studentPattern.MatchString(text) {
				return nil, fail("student: %q is not an id (letters, digits and _ . @ + -, no spaces)", text)
			}
			a.Student = text
			continue
		}
		if p := key.Part(id); p != nil {
			if text == "" {
				continue
			}
			if prev, dup := a.ByPart[id]; dup {
				return nil, fail("%s is answered twice (also on line %d)", id, prev.Line)
			}
			a.ByPart[id] = Answer{Text: text, Line: n}
			continue
		}
		q := key.question(id)
		if q == nil {
			return nil, fail("the key has no question %q (it has %s)", id, strings.Join(key.ids(), ", "))
		}
		if text == "" {
			continue
		}
		row := splitRow(text, len(q.Parts))
		if len(row) != len(q.Parts) {
			return nil, fail("question %s has %d parts (%s), this line gives %d answers: separate them by ; or answer each part on its own line",
				id, len(q.Parts), strings.Join(partIDs(q), ", "), len(row))
		}
		for j, p := range q.Parts {
			if prev, dup := a.ByPart[p.ID]; dup {
				return nil, fail("%s is answered twice (also on line %d)", p.ID, prev.Line)
			}
			if row[j] != "" && row[j] != "-" {
				a.ByPart[p.ID] = Answer{Text: row[j], Line: n}
			}
		}
	}
	return a, nil
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
	} else if t, ok := strings.CutPrefix(text, "="); ok {
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
