package render

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/grade"
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

// WriteResult writes the grade of one answer file in format f:
//
//   - Text: a first line naming the student and the key, one aligned line
//     per part, "ID  POINTS/MAX  ANSWER  FEEDBACK", and a last line with
//     the total.
//   - JSON: one object: student, file, key, the drawn values of a variant,
//     score, max_score and answers (id, question, asks, answer (null when
//     none), line, verdict, points, max_points, mistake, mistakes,
//     feedback, exact). Points are JSON numbers, exact.
//   - Gradescope: the results.json object a Gradescope autograder uploads:
//     score, max_score, output, visibility, stdout_visibility and one test
//     per part (name, number, score, max_score, status "passed" or
//     "failed", output with the answer and the feedback, visibility from
//     the key).
func WriteResult(w io.Writer, r *grade.Result, f Format) error {
	switch f {
	case Text:
		return writeResultText(w, r)
	case JSON:
		return writeJSON(w, resultJSON(r))
	case Gradescope:
		return writeGradescope(w, r)
	}
	return formatError(f, Text, JSON, Gradescope)
}

// WriteClass writes the grades of a class in format f:
//
//   - Text: each answer file's grade as WriteResult writes it, then the
//     item analysis (WriteItems), separated by blank lines.
//   - JSON: one object {"students": [...], "items": [...]}, each student as
//     WriteResult's JSON and each item as WriteItems's.
//   - CSV: one row per answer file: student, file, the points of every
//     part in key order, score and max_score. The parts are the first
//     result's; a result of another key's parts is an error.
func WriteClass(w io.Writer, rs []*grade.Result, f Format) error {
	switch f {
	case Text:
		for i, r := range rs {
			if i > 0 {
				io.WriteString(w, "\n")
			}
			if err := writeResultText(w, r); err != nil {
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
			out.Students = append(out.Students, resultJSON(r))
		}
		return writeJSON(w, out)
	case CSV:
		return writeClassCSV(w, rs)
	}
	return formatError(f, Text, JSON, CSV)
}

// WriteItems writes the item analysis of a class (grade.Analyse) in format
// f:
//
//   - Text: a table with per part the share right (exactly and as a
//     percentage rounded half-even to 1 place), the mean points, and the
//     most frequent named mistake with its count.
//   - CSV: id, max_points, students, answered, right, too_few_places,
//     share_right (exact), mean_points (exact), top_mistake,
//     top_mistake_count, unmatched.
//   - JSON: WriteClass's JSON, students and items.
func WriteItems(w io.Writer, rs []*grade.Result, f Format) error {
	switch f {
	case Text:
		return writeItemsText(w, rs)
	case CSV:
		return writeItemsCSV(w, rs)
	case JSON:
		return WriteClass(w, rs, JSON)
	}
	return formatError(f, Text, CSV, JSON)
}

func writeResultText(w io.Writer, r *grade.Result) error {
	var b strings.Builder
	header := r.Answers.Name
	if r.Answers.Student != "" {
		header = r.Answers.Student + " (" + r.Answers.Name + ")"
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
		rows[i] = []string{p.Part.ID, Points(p.Points) + "/" + Points(p.Part.Points), answer, p.Feedback}
	}
	for _, l := range grid(rows, "  ", false, true) {
		b.WriteString(l + "\n")
	}
	var tally []string
	for v := grade.Right; v <= grade.Unreadable; v++ {
		if counts[v] > 0 {
			tally = append(tally, fmt.Sprintf("%d %s", counts[v], v))
		}
	}
	if counts[grade.Unanswered] > 0 {
		tally = append(tally, fmt.Sprintf("%d with no answer", counts[grade.Unanswered]))
	}
	fmt.Fprintf(&b, "%s of %s points: %s\n", Points(r.Score), Points(r.Max), strings.Join(tally, ", "))
	_, err := io.WriteString(w, b.String())
	return err
}

// jsonMistake, jsonPart and jsonResult are the JSON form of a grade.Result.
type jsonMistake struct {
	Name     string `json:"name"`
	Feedback string `json:"feedback"`
}

type jsonPart struct {
	ID        string        `json:"id"`
	Question  string        `json:"question"`
	Asks      string        `json:"asks"`
	Answer    *string       `json:"answer"`
	Line      int           `json:"line,omitempty"`
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
	File     string            `json:"file"`
	Key      string            `json:"key"`
	Values   map[string]string `json:"values,omitempty"`
	Score    json.Number       `json:"score"`
	MaxScore json.Number       `json:"max_score"`
	Answers  []jsonPart        `json:"answers"`
}

func resultJSON(r *grade.Result) jsonResult {
	out := jsonResult{Student: r.Student, File: r.Answers.Name, Key: r.Key.Name, Values: r.Key.Values,
		Score: json.Number(Points(r.Score)), MaxScore: json.Number(Points(r.Max)), Answers: []jsonPart{}}
	for _, p := range r.Parts {
		jp := jsonPart{ID: p.Part.ID, Question: p.Part.Question.ID, Asks: grade.Describe(p.Part), Line: p.Answer.Line,
			Verdict: p.Mark.String(), Points: json.Number(Points(p.Points)), MaxPoints: json.Number(Points(p.Part.Points)),
			Mistake: p.Mistake(), Mistakes: []jsonMistake{}, Feedback: p.Feedback, Exact: p.Exact}
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
// Gradescope's autograders.
type gradescopeTest struct {
	Name       string      `json:"name"`
	Number     string      `json:"number"`
	Score      json.Number `json:"score"`
	MaxScore   json.Number `json:"max_score"`
	Status     string      `json:"status"`
	Output     string      `json:"output"`
	Visibility string      `json:"visibility"`
}

type gradescopeResult struct {
	Score            json.Number      `json:"score"`
	MaxScore         json.Number      `json:"max_score"`
	Output           string           `json:"output"`
	Visibility       string           `json:"visibility"`
	StdoutVisibility string           `json:"stdout_visibility"`
	Tests            []gradescopeTest `json:"tests"`
}

func writeGradescope(w io.Writer, r *grade.Result) error {
	out := gradescopeResult{Score: json.Number(Points(r.Score)), MaxScore: json.Number(Points(r.Max)),
		Output:     fmt.Sprintf("Graded exactly by sqrtdk with %s: %s of %s points.", r.Key.Name, Points(r.Score), Points(r.Max)),
		Visibility: "visible", StdoutVisibility: "hidden", Tests: []gradescopeTest{}}
	for _, p := range r.Parts {
		status := "failed"
		if p.Mark == grade.Right {
			status = "passed"
		}
		answer := "(none)"
		if p.Answer.Text != "" {
			answer = p.Answer.Text
		}
		out.Tests = append(out.Tests, gradescopeTest{Name: p.Part.ID + ": " + grade.Describe(p.Part), Number: p.Part.ID,
			Score: json.Number(Points(p.Points)), MaxScore: json.Number(Points(p.Part.Points)), Status: status,
			Output: "Your answer: " + answer + "\n" + p.Feedback, Visibility: p.Part.Visibility})
	}
	return writeJSON(w, out)
}

// WriteGradescopeError writes the results.json of a submission that could
// not be read: score 0 and the problem, so that the student sees it.
func WriteGradescopeError(w io.Writer, k *grade.Key, problem error) error {
	return writeJSON(w, gradescopeResult{Score: "0", MaxScore: json.Number(Points(k.MaxScore())),
		Output:     "Your answer file could not be read, so nothing was graded: " + problem.Error(),
		Visibility: "visible", StdoutVisibility: "hidden", Tests: []gradescopeTest{}})
}

func writeClassCSV(w io.Writer, rs []*grade.Result) error {
	cw := csv.NewWriter(w)
	var ids []string
	if len(rs) > 0 {
		for _, p := range rs[0].Parts {
			ids = append(ids, p.Part.ID)
		}
	}
	if err := cw.Write(append(append([]string{"student", "file"}, ids...), "score", "max_score")); err != nil {
		return err
	}
	for _, r := range rs {
		row := []string{r.Student, r.Answers.Name}
		if len(r.Parts) != len(ids) {
			return fmt.Errorf("%s: graded by a key with other parts", r.Answers.Name)
		}
		for i, p := range r.Parts {
			if p.Part.ID != ids[i] {
				return fmt.Errorf("%s: graded by a key with other parts", r.Answers.Name)
			}
			row = append(row, Points(p.Points))
		}
		row = append(row, Points(r.Score), Points(r.Max))
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
		out = append(out, jsonItem{ID: it.ID, MaxPoints: json.Number(Points(it.MaxPoints)), Students: it.Students, Answered: it.Answered,
			Right: it.Right, Short: it.Short, ShareRight: it.ShareRight().RatString(), MeanPoints: meanPoints(it).RatString(),
			TopMistake: top, TopCount: n, Mistakes: it.Mistakes, Unmatched: it.Unmatched})
	}
	return out
}

func writeItemsText(w io.Writer, rs []*grade.Result) error {
	rows := [][]string{{"id", "right", "mean points", "most frequent mistake"}}
	for _, it := range grade.Analyse(rs) {
		right := fmt.Sprintf("%d/%d (%s%%)", it.Right, it.Students,
			rational.FormatRat(new(big.Rat).Mul(it.ShareRight(), big.NewRat(100, 1)), 1, rational.RoundHalfEven))
		mean := rational.FormatRat(meanPoints(it), 2, rational.RoundHalfEven) + "/" + Points(it.MaxPoints)
		top, n := it.TopMistake()
		mistake := "-"
		if n > 0 {
			mistake = fmt.Sprintf("%s (%d)", top, n)
		}
		if it.Unmatched > 0 {
			mistake += fmt.Sprintf(", %d unnamed", it.Unmatched)
		}
		rows = append(rows, []string{it.ID, right, mean, mistake})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "item analysis of %d answer files\n", len(rs))
	for _, l := range grid(rows, "  ") {
		b.WriteString(l + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeItemsCSV(w io.Writer, rs []*grade.Result) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"id", "max_points", "students", "answered", "right", "too_few_places", "share_right", "mean_points", "top_mistake", "top_mistake_count", "unmatched"})
	for _, j := range itemsJSON(rs) {
		cw.Write([]string{j.ID, string(j.MaxPoints), fmt.Sprint(j.Students), fmt.Sprint(j.Answered), fmt.Sprint(j.Right), fmt.Sprint(j.Short),
			j.ShareRight, j.MeanPoints, j.TopMistake, fmt.Sprint(j.TopCount), fmt.Sprint(j.Unmatched)})
	}
	cw.Flush()
	return cw.Error()
}
