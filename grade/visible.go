package grade

import (
	"fmt"
	"strings"
)

// VisibleText returns the text of a key that grades k's visible parts
// exactly as k grades them and holds nothing of the others: k's lines with
// the drawn values in place, where comments, draw lines and every line of
// a part whose visibility is not "visible" (its answer, ask, hint and
// mistake lines, and the question line of a question with no visible part)
// are left blank, so that line numbers, and with them the names of the
// key's own mistakes, stay those of k. It is what a practice page carries.
// A template is an error: its variants differ in what they ask.
func (k *Key) VisibleText() (string, error) {
	if k.IsTemplate() {
		return "", fmt.Errorf("%s draws values: a variant of it has a visible text", k.Name)
	}
	hidden := map[string]bool{}
	shown := map[string]bool{}
	for _, p := range k.Parts() {
		if p.Visibility != "visible" {
			hidden[p.ID] = true
		} else {
			shown[p.Question.ID] = true
		}
	}
	var b strings.Builder
	for _, raw := range k.lines {
		line, err := substitute(stripComment(raw), k.Values)
		if err != nil {
			// k was parsed from these lines with these values.
			panic("grade: a parsed key's line does not substitute: " + err.Error())
		}
		word, rest, _ := strings.Cut(line, " ")
		id, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
		switch word {
		case "draw":
			line = ""
		case "answer", "ask", "hint", "mistake":
			if hidden[id] {
				line = ""
			}
		case "question":
			if !shown[id] {
				line = ""
			}
		}
		b.WriteString(line + "\n")
	}
	return b.String(), nil
}
