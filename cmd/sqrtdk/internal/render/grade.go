package render

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"path/filepath"
	"strings"
	"time"

	"github.com/sqrtdk/sqrtdk/grade"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
	"github.com/sqrtdk/sqrtdk/rational"
)

// Points writes an exact number of points as the shortest decimal that is
// exactly it (points are decimals, so every sum and share of them is
// one): "1", "2.5", "0.125".
func Points(r *big.Rat) string {
	for p := 0; p < 40; p++ {
		if rational.HasPlaces(r, p) {
			return rational.FormatRat(r, p, rational.RoundHalfEven)
		}
	}
	return r.RatString()
}

// Names are the students' names by id, from the class's roster; nil
// when there is none.
type Names map[string]string

// IsAbsent reports whether a result is the row of a roster's student who
// handed in no answer file (flagged "absent").
func IsAbsent(r *grade.Result) bool {
	for _, f := range r.Flags {
		if f.Name == "absent" {
			return r.Err != nil
		}
	}
	return false
}

// WriteResult writes the grade of one answer file in format f:
//
//   - Text: a first line naming the student and the key, one aligned line
//     per part, "ID  POINTS/MAX  ANSWER  FEEDBACK", a line with the total
//     and a tally of the marks, and one line per flag ("flag NAME: …").
//     A file that could not be graded is one line saying why.
//   - JSON: one object: student, name (the roster's, when known), file,
//     key, the drawn values of a variant,
//     score, max_score, error (a file not graded), flags (name, says) and
//     answers (id, question, asks, answer (null when none), line, read,
//     verdict, points, max_points, mistake, mistakes, feedback, exact).
//     Points are JSON numbers, exact.
//   - Gradescope: WriteGradescope's results.json.
func WriteResult(w io.Writer, r *grade.Result, f Format) error {
	switch f {
	case Text:
		return writeResultText(w, r, nil)
	case JSON:
		return writeJSON(w, resultJSON(r, nil))
	case Gradescope:
		return WriteGradescope(w, r, 0)
	}
	return formatError(f, Text, JSON, Gradescope)
}

// WriteClass writes the grades of a class in format f, a row for every
// file, graded or not:
//
//   - Text: each answer file's grade as WriteResult writes it, then the
//     item analysis (WriteItems), separated by blank lines.
//   - JSON: one object {"students": [...], "items": [...]}, each student as
//     WriteResult's JSON and each item as WriteItems's.
//   - CSV: one row per answer file: student, name (the roster's), file,
//     score, max_score, error (why a file was not graded, else empty;
//     "absent: …" for a roster student without one), flags (their names,
//     separated by ;), then for every part in key order its points, its
//     verdict and its first named mistake (columns ID, ID verdict, ID
//     mistake). The parts are the key's; a result of another key's parts
//     is an error.
//   - Canvas, Moodle: the gradebook imports of writeCanvas and writeMoodle.
func WriteClass(w io.Writer, rs []*grade.Result, f Format, names Names) error {
	switch f {
	case Text:
		for i, r := range rs {
			if i > 0 {
				io.WriteString(w, "\n")
			}
			if err := writeResultText(w, r, names); err != nil {
				return err
			}
		}
		if len(rs) == 0 {
			return nil
		}
		io.WriteString(w, "\n")
		return writeItemsText(w, rs)
	case JSON:
		out := struct {
			Students []jsonResult `json:"students"`
			Items    []jsonItem   `json:"items"`
		}{Students: []jsonResult{}, Items: itemsJSON(rs)}
		for _, r := range rs {
			out.Students = append(out.Students, resultJSON(r, names))
		}
		return writeJSON(w, out)
	case CSV:
		return writeClassCSV(w, rs, names)
	case Canvas:
		return writeCanvas(w, rs, names)
	case Moodle:
		return writeMoodle(w, rs, names)
	}
	return formatError(f, Text, JSON, CSV, Canvas, Moodle)
}

// WriteItems writes the item analysis of a class (grade.Analyse) in format
// f:
//
//   - Text: a table with per part the share right (exactly and as a
//     percentage rounded half-even to 1 place), the answers wrong and
//     those that could not be read (apart: they are flagged for review,
//     not wrong), the mean points, and the most frequent named mistake
//     with its count; then how many files could not be graded.
//   - CSV: id, max_points, students, answered, right, too_few_places,
//     wrong, could_not_read, share_right (exact), mean_points (exact),
//     top_mistake, top_mistake_count, unmatched.
//   - JSON: WriteClass's JSON, students and items.
func WriteItems(w io.Writer, rs []*grade.Result, f Format, names Names) error {
	switch f {
	case Text:
		return writeItemsText(w, rs)
	case CSV:
		return writeItemsCSV(w, rs)
	case JSON:
		return WriteClass(w, rs, JSON, names)
	}
	return formatError(f, Text, CSV, JSON)
}

func writeResultText(w io.Writer, r *grade.Result, names Names) error {
	var b strings.Builder
	header := r.Answers.Name
	who := r.Student
	if n := names[r.Student]; n != "" {
		who += " " + n
	}
	if r.Student != "" && r.Student != r.Answers.Name {
		header = who + " (" + r.Answers.Name + ")"
	}
	if r.Err != nil {
		if r.Answers.Name == "-" || r.Answers.Name == "" {
			header = who
		}
		fmt.Fprintf(&b, "%s, not graded: %s\n", header, oneLine(r.Err.Error()))
		_, err := io.WriteString(w, b.String())
		return err
	}
	fmt.Fprintf(&b, "%s, graded by %s\n", header, r.Key.Name)
	rows := make([][]string, len(r.Parts))
	counts := map[grade.Mark]int{}
	for i, p := range r.Parts {
		counts[p.Mark]++
		answer := p.Answer.Text
		if answer == "" {
			answer = "-"
		}
		rows[i] = []string{p.Part.ID, Points(p.Points) + "/" + Points(p.Part.Points), answer, teacherFeedback(p)}
	}
	for _, l := range grid(rows, "  ", false, true) {
		b.WriteString(l + "\n")
	}
	var tally []string
	for v := grade.Right; v <= grade.Unreadable; v++ {
		if counts[v] > 0 {
			word := v.String()
			if v == grade.Unreadable {
				word += " (flagged for review)"
			}
			tally = append(tally, fmt.Sprintf("%d %s", counts[v], word))
		}
	}
	if counts[grade.Unanswered] > 0 {
		tally = append(tally, fmt.Sprintf("%d with no answer", counts[grade.Unanswered]))
	}
	fmt.Fprintf(&b, "%s: %s\n", ScoreWords(r.Score, r.Max), strings.Join(tally, ", "))
	for _, fl := range r.Flags {
		fmt.Fprintf(&b, "flag %s: %s\n", fl.Name, oneLine(fl.Says))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// oneLine keeps a message on one line.
// teacherFeedback is a part's feedback as the command shows it to a
// teacher: beside an answer that could not be read, where the notations
// are listed (the student's own pages and Gradescope show the feedback
// alone).
func teacherFeedback(p grade.PartResult) string {
	if p.Unread != nil {
		return p.Feedback + " (sqrtdk help answers lists every notation.)"
	}
	return p.Feedback
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// jsonMistake, jsonPart, jsonFlag and jsonResult are the JSON form of a
// grade.Result.
type jsonMistake struct {
	Name     string `json:"name"`
	Feedback string `json:"feedback"`
}

type jsonFlag struct {
	Name string `json:"name"`
	Says string `json:"says"`
}

type jsonPart struct {
	ID        string        `json:"id"`
	Question  string        `json:"question"`
	Asks      string        `json:"asks"`
	Answer    *string       `json:"answer"`
	Line      int           `json:"line,omitempty"`
	Read      string        `json:"read,omitempty"`
	Verdict   string        `json:"verdict"`
	Points    json.Number   `json:"points"`
	MaxPoints json.Number   `json:"max_points"`
	Mistake   string        `json:"mistake,omitempty"`
	Mistakes  []jsonMistake `json:"mistakes"`
	Feedback  string        `json:"feedback"`
	Exact     string        `json:"exact,omitempty"`
}

type jsonResult struct {
	Student  string            `json:"student"`
	Name     string            `json:"name,omitempty"`
	File     string            `json:"file"`
	Key      string            `json:"key"`
	Values   map[string]string `json:"values,omitempty"`
	Score    json.Number       `json:"score"`
	MaxScore json.Number       `json:"max_score"`
	Error    string            `json:"error,omitempty"`
	Flags    []jsonFlag        `json:"flags"`
	Answers  []jsonPart        `json:"answers"`
}

func resultJSON(r *grade.Result, names Names) jsonResult {
	out := jsonResult{Student: r.Student, Name: names[r.Student], File: r.Answers.Name, Key: r.Key.Name, Values: r.Key.Values,
		Score: json.Number(Points(r.Score)), MaxScore: json.Number(Points(r.Max)), Flags: []jsonFlag{}, Answers: []jsonPart{}}
	if r.Err != nil {
		out.Error = r.Err.Error()
	}
	for _, f := range r.Flags {
		out.Flags = append(out.Flags, jsonFlag{f.Name, f.Says})
	}
	for _, p := range r.Parts {
		jp := jsonPart{ID: p.Part.ID, Question: p.Part.Question.ID, Asks: grade.Describe(p.Part), Line: p.Answer.Line, Read: p.Read,
			Verdict: p.Mark.String(), Points: json.Number(Points(p.Points)), MaxPoints: json.Number(Points(p.Part.Points)),
			Mistake: MistakeName(p), Mistakes: []jsonMistake{}, Feedback: p.Feedback, Exact: p.Exact}
		if p.Mark != grade.Unanswered {
			text := p.Answer.Text
			jp.Answer = &text
		}
		for _, m := range p.Mistakes {
			jp.Mistakes = append(jp.Mistakes, jsonMistake{m.Name, m.Says})
		}
		out.Answers = append(out.Answers, jp)
	}
	return out
}

// gradescopeTest and gradescopeResult follow the results.json format of
// Gradescope's autograder specification.
type gradescopeTest struct {
	Name         string      `json:"name"`
	Number       string      `json:"number"`
	Score        json.Number `json:"score"`
	MaxScore     json.Number `json:"max_score"`
	Status       string      `json:"status"`
	Output       string      `json:"output"`
	OutputFormat string      `json:"output_format"`
	Tags         []string    `json:"tags"`
	Visibility   string      `json:"visibility"`
}

type gradescopeResult struct {
	Score            json.Number      `json:"score"`
	ExecutionTime    int64            `json:"execution_time"`
	Output           string           `json:"output"`
	OutputFormat     string           `json:"output_format"`
	Visibility       string           `json:"visibility"`
	StdoutVisibility string           `json:"stdout_visibility"`
	ExtraData        gradescopeExtra  `json:"extra_data"`
	Tests            []gradescopeTest `json:"tests"`
}

// gradescopeExtra is stored with the result for the teacher, never shown
// to the student.
type gradescopeExtra struct {
	Student string     `json:"student,omitempty"`
	Key     string     `json:"key,omitempty"`
	Error   string     `json:"error,omitempty"`
	Flags   []jsonFlag `json:"flags"`
}

// WriteGradescope writes the results.json of one answer file as a
// Gradescope autograder uploads it: score (the total), execution_time (in
// whole seconds), output, output_format "text", visibility,
// stdout_visibility "hidden", extra_data (for the teacher: the student,
// the key and the flags) and one test per part: name (the part's
// id and what it asks, never its answer), number, score, max_score,
// status "passed" or "failed", output (the answer and the feedback), tags
// (the named mistakes) and visibility from the key. What a student sees
// names files by their base names only. When a part is not visible, the
// result's visibility (which governs the total) is after_published, so
// that the total does not tell the hidden parts' points before grades are
// published; each test keeps its own visibility, and the output counts
// the visible parts' points alone. A file that could not be graded gets
// score 0 and the reason.
func WriteGradescope(w io.Writer, r *grade.Result, elapsed time.Duration) error {
	out := gradescopeResult{Score: json.Number(Points(r.Score)), ExecutionTime: int64(elapsed.Round(time.Second) / time.Second),
		OutputFormat: "text", Visibility: "visible", StdoutVisibility: "hidden",
		ExtraData: gradescopeExtra{Student: studentSees(r.Student, r), Key: filepath.Base(r.Key.Name), Flags: []jsonFlag{}}, Tests: []gradescopeTest{}}
	for _, f := range r.Flags {
		out.ExtraData.Flags = append(out.ExtraData.Flags, jsonFlag{f.Name, studentSees(f.Says, r)})
	}
	if r.Err != nil {
		out.Score = "0"
		out.ExtraData.Error = studentSees(r.Err.Error(), r)
		out.Output = "Your answer file could not be graded: " + studentSees(r.Err.Error(), r) + " Nothing was graded; fix the file and submit it again."
		return writeJSON(w, out)
	}
	visible, visibleMax := new(big.Rat), new(big.Rat)
	hidden := 0
	for _, p := range r.Parts {
		status := "failed"
		if p.Mark == grade.Right {
			status = "passed"
		}
		answer := "(none)"
		if p.Answer.Text != "" {
			answer = p.Answer.Text
		}
		tags := []string{}
		for _, m := range p.Mistakes {
			tags = append(tags, m.Name)
		}
		if p.Mark == grade.Unreadable {
			tags = append(tags, "could-not-read")
		}
		if p.Part.Visibility == "visible" {
			visible.Add(visible, p.Points)
			visibleMax.Add(visibleMax, p.Part.Points)
		} else {
			hidden++
		}
		out.Tests = append(out.Tests, gradescopeTest{Name: p.Part.ID + ": " + grade.Describe(p.Part), Number: p.Part.ID,
			Score: json.Number(Points(p.Points)), MaxScore: json.Number(Points(p.Part.Points)), Status: status,
			Output: "Your answer: " + answer + "\n" + studentSees(p.Feedback, r), OutputFormat: "text", Tags: tags, Visibility: p.Part.Visibility})
	}
	key := filepath.Base(r.Key.Name)
	if hidden > 0 {
		out.Visibility = "after_published"
		more := numwords.Count(hidden, "more part") + " " + numwords.Agree(hidden, "is", "are")
		out.Output = fmt.Sprintf("Graded exactly by sqrtdk with %s: %s on the parts shown now; %s shown when grades are published.",
			key, ScoreWords(visible, visibleMax), more)
	} else {
		out.Output = fmt.Sprintf("Graded exactly by sqrtdk with %s: %s.", key, ScoreWords(r.Score, r.Max))
	}
	return writeJSON(w, out)
}

// studentSees writes a message for the student: the paths of the key and
// of the answer file by their base names only.
func studentSees(msg string, r *grade.Result) string {
	for _, path := range []string{r.Key.Name, r.Answers.Name} {
		if base := filepath.Base(path); path != "" && base != path {
			msg = strings.ReplaceAll(msg, path, base)
		}
	}
	return msg
}

// WriteGradescopeFailure writes the results.json of a submission that
// could not be graded for a reason of the teacher's (the key), saying so
// without naming any server path.
func WriteGradescopeFailure(w io.Writer, file string, problem error) error {
	return writeJSON(w, gradescopeResult{Score: "0", OutputFormat: "text", Visibility: "visible", StdoutVisibility: "hidden",
		Output:    "Your answer file could not be graded: " + problem.Error(),
		ExtraData: gradescopeExtra{Error: problem.Error(), Flags: []jsonFlag{}}, Tests: []gradescopeTest{}})
}

func writeClassCSV(w io.Writer, rs []*grade.Result, names Names) error {
	cw := newCSVWriter(w)
	var ids []string
	if len(rs) > 0 {
		for _, p := range rs[0].Key.Parts() {
			ids = append(ids, p.ID)
		}
	}
	header := []string{"student", "name", "file", "score", "max_score", "error", "flags"}
	for _, id := range ids {
		header = append(header, id, id+" verdict", id+" mistake")
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, r := range rs {
		var flags []string
		for _, f := range r.Flags {
			flags = append(flags, f.Name)
		}
		errText := ""
		if r.Err != nil {
			errText = oneLine(r.Err.Error())
		}
		row := []string{r.Student, names[r.Student], r.Answers.Name, Points(r.Score), Points(r.Max), errText, strings.Join(flags, ";")}
		if r.Err == nil && len(r.Parts) != len(ids) {
			return fmt.Errorf("%s: graded by a key with other parts", r.Answers.Name)
		}
		for i := range ids {
			if r.Err != nil {
				row = append(row, "", "not graded", "")
				continue
			}
			p := r.Parts[i]
			if p.Part.ID != ids[i] {
				return fmt.Errorf("%s: graded by a key with other parts", r.Answers.Name)
			}
			row = append(row, Points(p.Points), p.Mark.String(), MistakeName(p))
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

type jsonItem struct {
	ID         string         `json:"id"`
	MaxPoints  json.Number    `json:"max_points"`
	Students   int            `json:"students"`
	Answered   int            `json:"answered"`
	Right      int            `json:"right"`
	Short      int            `json:"too_few_places"`
	Wrong      int            `json:"wrong"`
	Unreadable int            `json:"could_not_read"`
	ShareRight string         `json:"share_right"`
	MeanPoints string         `json:"mean_points"`
	TopMistake string         `json:"top_mistake"`
	TopCount   int            `json:"top_mistake_count"`
	Mistakes   map[string]int `json:"mistakes"`
	Unmatched  int            `json:"unmatched"`
}

// meanPoints returns the points scored on an item per student, exactly.
func meanPoints(it grade.Item) *big.Rat {
	if it.Students == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).Quo(it.Points, big.NewRat(int64(it.Students), 1))
}

func itemsJSON(rs []*grade.Result) []jsonItem {
	out := []jsonItem{}
	for _, it := range grade.Analyse(rs) {
		top, n := it.TopMistake()
		out = append(out, jsonItem{ID: it.ID, MaxPoints: json.Number(Points(it.MaxPoints)), Students: it.Students, Answered: it.Students - it.Marks[grade.Unanswered],
			Right: it.Marks[grade.Right], Short: it.Marks[grade.Short], Wrong: it.Marks[grade.Wrong], Unreadable: it.Marks[grade.Unreadable], ShareRight: shareRight(it).RatString(),
			MeanPoints: meanPoints(it).RatString(), TopMistake: top, TopCount: n, Mistakes: it.Mistakes, Unmatched: it.Unmatched})
	}
	return out
}

func writeItemsText(w io.Writer, rs []*grade.Result) error {
	rows := [][]string{{"id", "right", "wrong", "could not read", "mean points", "most frequent mistake"}}
	graded := 0
	for _, r := range rs {
		if r.Err == nil {
			graded++
		}
	}
	for _, it := range grade.Analyse(rs) {
		right := fmt.Sprintf("%d/%d (%s%%)", it.Marks[grade.Right], it.Students,
			rational.FormatRat(new(big.Rat).Mul(shareRight(it), big.NewRat(100, 1)), 1, rational.RoundHalfEven))
		mean := rational.FormatRat(meanPoints(it), 2, rational.RoundHalfEven) + "/" + Points(it.MaxPoints)
		top, n := it.TopMistake()
		mistake := "-"
		if n > 0 {
			mistake = fmt.Sprintf("%s (%d)", top, n)
		}
		if it.Unmatched > 0 {
			mistake += fmt.Sprintf(", %d unnamed", it.Unmatched)
		}
		rows = append(rows, []string{it.ID, right, fmt.Sprint(it.Marks[grade.Wrong]), fmt.Sprint(it.Marks[grade.Unreadable]), mean, mistake})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "item analysis of %s\n", numwords.Count(graded, "answer file"))
	for _, l := range grid(rows, "  ") {
		b.WriteString(l + "\n")
	}
	absent := 0
	for _, r := range rs {
		if IsAbsent(r) {
			absent++
		}
	}
	if n := len(rs) - graded - absent; n > 0 {
		fmt.Fprintf(&b, "%s could not be graded (each has its row)\n", numwords.Count(n, "answer file"))
	}
	if absent > 0 {
		fmt.Fprintf(&b, "%s of the roster handed in nothing (absent; each has its row)\n", numwords.Count(absent, "student"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeItemsCSV(w io.Writer, rs []*grade.Result) error {
	cw := newCSVWriter(w)
	cw.Write([]string{"id", "max_points", "students", "answered", "right", "too_few_places", "wrong", "could_not_read", "share_right", "mean_points", "top_mistake", "top_mistake_count", "unmatched"})
	for _, j := range itemsJSON(rs) {
		cw.Write([]string{j.ID, string(j.MaxPoints), fmt.Sprint(j.Students), fmt.Sprint(j.Answered), fmt.Sprint(j.Right), fmt.Sprint(j.Short),
			fmt.Sprint(j.Wrong), fmt.Sprint(j.Unreadable), j.ShareRight, j.MeanPoints, j.TopMistake, fmt.Sprint(j.TopCount), fmt.Sprint(j.Unmatched)})
	}
	cw.Flush()
	return cw.Error()
}

// shareRight returns the share of an item's students who answered right,
// exactly (0 for an item no one was graded on).
func shareRight(it grade.Item) *big.Rat {
	if it.Students == 0 {
		return new(big.Rat)
	}
	return big.NewRat(int64(it.Marks[grade.Right]), int64(it.Students))
}

// MistakeName returns the name of an answer's first named mistake, or "".
func MistakeName(p grade.PartResult) string {
	if len(p.Mistakes) == 0 {
		return ""
	}
	return p.Mistakes[0].Name
}
