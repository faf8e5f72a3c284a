package grade

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/rational"
)

// FormatPoints writes an exact number of points as the shortest decimal
// that is exactly it (points are decimals, so every sum and share of them
// is one): "1", "2.5", "0.125".
func FormatPoints(r *big.Rat) string {
	for p := 0; p < 40; p++ {
		if rational.HasPlaces(r, p) {
			return rational.FormatRat(r, p, rational.RoundHalfEven)
		}
	}
	return r.RatString()
}

// WriteText writes one line per part, "ID  POINTS/MAX  ANSWER  FEEDBACK",
// aligned, and a last line with the total.
func WriteText(w io.Writer, r *Result) error {
	var b strings.Builder
	header := r.Answers.Name
	if r.Answers.Student != "" {
		header = r.Answers.Student + " (" + r.Answers.Name + ")"
	}
	fmt.Fprintf(&b, "%s, graded by %s\n", header, r.Key.Name)
	var wID, wPts, wAns int
	pts := func(p PartResult) string { return FormatPoints(p.Points) + "/" + FormatPoints(p.Part.Points) }
	ans := func(p PartResult) string {
		if p.Answer.Text == "" {
			return "-"
		}
		return p.Answer.Text
	}
	for _, p := range r.Parts {
		wID = max(wID, utf8.RuneCountInString(p.Part.ID))
		wPts = max(wPts, utf8.RuneCountInString(pts(p)))
		wAns = max(wAns, utf8.RuneCountInString(ans(p)))
	}
	counts := map[Verdict]int{}
	for _, p := range r.Parts {
		counts[p.Verdict]++
		fmt.Fprintf(&b, "%s  %s  %s  %s\n", pad(p.Part.ID, wID), padLeft(pts(p), wPts), pad(ans(p), wAns), p.Feedback)
	}
	var tally []string
	for v := Right; v <= Unreadable; v++ {
		if counts[v] > 0 {
			tally = append(tally, fmt.Sprintf("%d %s", counts[v], v))
		}
	}
	if counts[Unanswered] > 0 {
		tally = append(tally, fmt.Sprintf("%d with no answer", counts[Unanswered]))
	}
	fmt.Fprintf(&b, "%s of %s points: %s\n", FormatPoints(r.Score), FormatPoints(r.Max), strings.Join(tally, ", "))
	_, err := io.WriteString(w, b.String())
	return err
}

func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(0, n-utf8.RuneCountInString(s)))
}

func padLeft(s string, n int) string {
	return strings.Repeat(" ", max(0, n-utf8.RuneCountInString(s))) + s
}

// jsonMistake, jsonPart and jsonResult are the JSON form of a Result.
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

func toJSON(r *Result) jsonResult {
	out := jsonResult{Student: r.Student, File: r.Answers.Name, Key: r.Key.Name, Values: r.Key.Values,
		Score: json.Number(FormatPoints(r.Score)), MaxScore: json.Number(FormatPoints(r.Max)), Answers: []jsonPart{}}
	for _, p := range r.Parts {
		jp := jsonPart{ID: p.Part.ID, Question: p.Part.Question.ID, Asks: Describe(p.Part), Line: p.Answer.Line,
			Verdict: p.Verdict.String(), Points: json.Number(FormatPoints(p.Points)), MaxPoints: json.Number(FormatPoints(p.Part.Points)),
			Mistake: p.Mistake(), Mistakes: []jsonMistake{}, Feedback: p.Feedback, Exact: p.Exact}
		if p.Verdict != Unanswered {
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

// WriteJSON writes one Result as a JSON object: student, file, key, the
// drawn values of a variant, score, max_score and answers (id, question,
// asks, answer (null when none), line, verdict, points, max_points,
// mistake, mistakes, feedback, exact). Points are JSON numbers, exact.
func WriteJSON(w io.Writer, r *Result) error {
	return writeIndented(w, toJSON(r))
}

// WriteClassJSON writes several Results and their item analysis as one
// JSON object {"students": [...], "items": [...]}.
func WriteClassJSON(w io.Writer, rs []*Result) error {
	out := struct {
		Students []jsonResult `json:"students"`
		Items    []jsonItem   `json:"items"`
	}{Students: []jsonResult{}, Items: []jsonItem{}}
	for _, r := range rs {
		out.Students = append(out.Students, toJSON(r))
	}
	for _, it := range Analyse(rs) {
		out.Items = append(out.Items, it.toJSON())
	}
	return writeIndented(w, out)
}

func writeIndented(w io.Writer, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
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

// WriteGradescope writes a Result as the results.json object a Gradescope
// autograder uploads: score, max_score, output, visibility,
// stdout_visibility and one test per part (name, number, score, max_score,
// status "passed" or "failed", output with the answer and the feedback,
// visibility from the key).
func WriteGradescope(w io.Writer, r *Result) error {
	out := gradescopeResult{Score: json.Number(FormatPoints(r.Score)), MaxScore: json.Number(FormatPoints(r.Max)),
		Output:     fmt.Sprintf("Graded exactly by sqrtdk with %s: %s of %s points.", r.Key.Name, FormatPoints(r.Score), FormatPoints(r.Max)),
		Visibility: "visible", StdoutVisibility: "hidden", Tests: []gradescopeTest{}}
	for _, p := range r.Parts {
		status := "failed"
		if p.Verdict == Right {
			status = "passed"
		}
		answer := "(none)"
		if p.Answer.Text != "" {
			answer = p.Answer.Text
		}
		out.Tests = append(out.Tests, gradescopeTest{Name: p.Part.ID + ": " + Describe(p.Part), Number: p.Part.ID,
			Score: json.Number(FormatPoints(p.Points)), MaxScore: json.Number(FormatPoints(p.Part.Points)), Status: status,
			Output: "Your answer: " + answer + "\n" + p.Feedback, Visibility: p.Part.Visibility})
	}
	return writeIndented(w, out)
}

// WriteGradescopeError writes the results.json of a submission that could
// not be read: score 0 and the problem, so that the student sees it.
func WriteGradescopeError(w io.Writer, k *Key, problem error) error {
	return writeIndented(w, gradescopeResult{Score: "0", MaxScore: json.Number(FormatPoints(k.MaxScore())),
		Output:     "Your answer file could not be read, so nothing was graded: " + problem.Error(),
		Visibility: "visible", StdoutVisibility: "hidden", Tests: []gradescopeTest{}})
}

// WriteClassCSV writes one row per Result: student, file, the points of
// every part in key order, score and max_score. The parts are the first
// Result's; a Result of another key's parts is an error.
func WriteClassCSV(w io.Writer, rs []*Result) error {
	cw := csv.NewWriter(w)
	ids := partIDsOf(rs)
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
			row = append(row, FormatPoints(p.Points))
		}
		row = append(row, FormatPoints(r.Score), FormatPoints(r.Max))
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func partIDsOf(rs []*Result) []string {
	var ids []string
	if len(rs) > 0 {
		for _, p := range rs[0].Parts {
			ids = append(ids, p.Part.ID)
		}
	}
	return ids
}

// An Item is the analysis of one part over a class.
type Item struct {
	ID        string
	MaxPoints *big.Rat
	// Students is the number of answer files; Answered of them answer
	// the part; Right answer it right, Short right with too few places.
	Students, Answered, Right, Short int
	// Points is the sum of the points scored on the part.
	Points *big.Rat
	// Mistakes counts each named mistake, by the first one each wrong
	// answer matches; Unmatched counts wrong or unreadable answers that
	// match none.
	Mistakes  map[string]int
	Unmatched int
}

// ShareRight returns Right/Students exactly.
func (it Item) ShareRight() *big.Rat {
	if it.Students == 0 {
		return new(big.Rat)
	}
	return big.NewRat(int64(it.Right), int64(it.Students))
}

// TopMistake returns the most frequent named mistake and its count; ties
// go to the earlier in the catalogue (a key's own mistakes first).
func (it Item) TopMistake() (string, int) {
	names := make([]string, 0, len(it.Mistakes))
	for name := range it.Mistakes {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return mistakeRank(names[i]) < mistakeRank(names[j]) })
	best, n := "", 0
	for _, name := range names {
		if c := it.Mistakes[name]; c > n {
			best, n = name, c
		}
	}
	return best, n
}

// mistakeRank orders mistake names: a key's own by line, then the
// catalogue's in order.
func mistakeRank(name string) int {
	var line int
	if _, err := fmt.Sscanf(name, "key-line-%d", &line); err == nil {
		return line
	}
	for i, m := range Catalogue {
		if m.Name == name {
			return 1<<30 + i
		}
	}
	return 1 << 31
}

// Analyse returns the item analysis of a class, one Item per part in key
// order (parts are matched by id, so variants of one template key are
// analysed together).
func Analyse(rs []*Result) []Item {
	var items []Item
	index := map[string]int{}
	for _, r := range rs {
		for _, p := range r.Parts {
			i, ok := index[p.Part.ID]
			if !ok {
				i = len(items)
				index[p.Part.ID] = i
				items = append(items, Item{ID: p.Part.ID, MaxPoints: p.Part.Points, Points: new(big.Rat), Mistakes: map[string]int{}})
			}
			it := &items[i]
			it.Students++
			it.Points.Add(it.Points, p.Points)
			switch p.Verdict {
			case Unanswered:
				continue
			case Right:
				it.Right++
			case Short:
				it.Short++
			}
			it.Answered++
			if p.Verdict == Wrong || p.Verdict == Unreadable || p.Verdict == Short {
				if m := p.Mistake(); m != "" {
					it.Mistakes[m]++
				} else {
					it.Unmatched++
				}
			}
		}
	}
	return items
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

func (it Item) meanPoints() *big.Rat {
	if it.Students == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).Quo(it.Points, big.NewRat(int64(it.Students), 1))
}

func (it Item) toJSON() jsonItem {
	top, n := it.TopMistake()
	return jsonItem{ID: it.ID, MaxPoints: json.Number(FormatPoints(it.MaxPoints)), Students: it.Students, Answered: it.Answered,
		Right: it.Right, Short: it.Short, ShareRight: it.ShareRight().RatString(), MeanPoints: it.meanPoints().RatString(),
		TopMistake: top, TopCount: n, Mistakes: it.Mistakes, Unmatched: it.Unmatched}
}

// WriteItemAnalysis writes the item analysis as a table: per part the share
// right (exactly and as a percentage rounded half-even to 1 place), the mean
// points, and the most frequent named mistake with its count.
func WriteItemAnalysis(w io.Writer, rs []*Result) error {
	items := Analyse(rs)
	rows := [][]string{{"id", "right", "mean points", "most frequent mistake"}}
	for _, it := range items {
		right := fmt.Sprintf("%d/%d (%s%%)", it.Right, it.Students,
			rational.FormatRat(new(big.Rat).Mul(it.ShareRight(), big.NewRat(100, 1)), 1, rational.RoundHalfEven))
		mean := rational.FormatRat(it.meanPoints(), 2, rational.RoundHalfEven) + "/" + FormatPoints(it.MaxPoints)
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
	widths := make([]int, 4)
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "item analysis of %d answer files\n", len(rs))
	for _, r := range rows {
		line := pad(r[0], widths[0]) + "  " + pad(r[1], widths[1]) + "  " + pad(r[2], widths[2]) + "  " + r[3]
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteItemCSV writes the item analysis as CSV: id, max_points, students,
// answered, right, too_few_places, share_right (exact), mean_points
// (exact), top_mistake, top_mistake_count, unmatched.
func WriteItemCSV(w io.Writer, rs []*Result) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"id", "max_points", "students", "answered", "right", "too_few_places", "share_right", "mean_points", "top_mistake", "top_mistake_count", "unmatched"})
	for _, it := range Analyse(rs) {
		j := it.toJSON()
		cw.Write([]string{j.ID, string(j.MaxPoints), fmt.Sprint(j.Students), fmt.Sprint(j.Answered), fmt.Sprint(j.Right), fmt.Sprint(j.Short),
			j.ShareRight, j.MeanPoints, j.TopMistake, fmt.Sprint(j.TopCount), fmt.Sprint(j.Unmatched)})
	}
	cw.Flush()
	return cw.Error()
}
