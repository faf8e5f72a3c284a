package app

import (
	"regexp"
	"strings"
)

// The pages speak to students: what they read says what to write, with an
// example, and never names a command, a flag, a help topic or an exit
// status, which are the command line's. Every message a page shows passes
// ForStudent (grade's feedback and errors, the lab's refusals), so that a
// message grade words for a teacher at a terminal reaches the student in
// the page's words; the marks and points are grade's, unchanged.

var (
	// "sqrtdk grade: ", "sqrtdk prove: " at the start of a line.
	commandPrefix = regexp.MustCompile(`^(sqrtdk( [a-z]+)?: )+`)
	// "answers-ada.txt:5: ": the page's own answer file and line.
	filePrefix = regexp.MustCompile(`^[^\s:]+\.txt:\d+: `)
	// A clause that sends the reader to a help topic: "; sqrtdk help
	// answers has the rest", "(sqrtdk help keys)", "see sqrtdk help answers".
	helpClause = regexp.MustCompile(`\s*[;,]?\s*\(?(see )?['"` + "`" + `]?sqrtdk help [a-z]+['"` + "`" + `]?( has the rest| lists them| gives [a-z ]+)?\)?`)
	// A clause that names a flag: ", or allow more time with --max-time",
	// "; use --method closed".
	flagClause = regexp.MustCompile(`\s*(,\s*or|;|,)?\s*[^,;.]*--[a-z][a-z-]*[^,;.]*`)
	// "(exit status 1)".
	exitClause = regexp.MustCompile(`\s*\(?exit status \d+\)?`)
)

// ForStudent rewords a message of grade or prove for a page: without the
// command's name, the answer file's name and line (the page shows the
// answer itself), help topics, flags and exit statuses. What is left
// starts with a capital and ends with a full stop.
func ForStudent(msg string) string {
	s := strings.TrimSpace(msg)
	s = commandPrefix.ReplaceAllString(s, "")
	s = filePrefix.ReplaceAllString(s, "")
	s = helpClause.ReplaceAllString(s, "")
	s = flagClause.ReplaceAllString(s, "")
	s = exitClause.ReplaceAllString(s, "")
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ";,"))
	if s == "" {
		return s
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, ".)") {
		s += "."
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// commandWords are what ForStudent's result never holds: the check of
// the tests, in one place.
var commandWords = regexp.MustCompile(`sqrtdk|--[a-z]|\bhelp (answers|keys|topics)\b|exit status`)

// SpeaksToStudent reports whether a message is free of the command line's
// words (a command, a flag, a help topic, an exit status).
func SpeaksToStudent(msg string) bool { return !commandWords.MatchString(msg) }
