package grade

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/internal/mistake"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func parseKey(t *testing.T, text string) *Key {
	t.Helper()
	k, err := ParseKey("t.key", strings.NewReader(text))
	require.NoError(t, err)
	return k
}

func lessonKey(t *testing.T) *Key {
	t.Helper()
	f, err := os.Open("../exercises/lesson.key")
	require.NoError(t, err)
	defer f.Close()
	k, err := ParseKey("exercises/lesson.key", f)
	require.NoError(t, err)
	return k
}

func gradeText(t *testing.T, g *Grader, k *Key, answers string) *Result {
	t.Helper()
	a, err := ParseAnswers("t.answers", strings.NewReader(answers), k)
	require.NoError(t, err)
	r, err := g.Grade(context.Background(), k, a)
	require.NoError(t, err)
	return r
}

func mistakeNamesOf(r PartResult) []string {
	var out []string
	for _, m := range r.Mistakes {
		out = append(out, m.Name)
	}
	return out
}

// TestEveryNamedMistake gives, for every mistake of the catalogue, an
// answer that matches it and a nearby answer that must not: the match
// rests on the exact value, so moving the answer by one unit in its last
// place (or to a nearby exact value) breaks it.
func TestEveryNamedMistake(t *testing.T) {
	cases := []struct {
		mistake, key, match, broken string
	}{
		{"std-for-variance", "variance d=8", "2*sqrt(2)", "3*sqrt(2)"},
		{"std-for-variance", "variance d=8", "2.83", "2.84"},
		{"variance-for-std", "std d=8", "8", "9"},
		{"variance-for-std", "law quantity=std d=1,2,4", "d", "2*d"},
		{"unscaled", "variance d=8 scale=sqrt", "8", "9"},
		{"unscaled", "softmax scores=22.8,-20.1,1.9,41.1,-25.4 dk=512", "0.000, 0.000, 0.000, 1.000, 0.000", "0.000, 0.000, 0.000, 0.999, 0.001"},
		{"divided-by-d", "variance d=8 scale=sqrt", "1/8", "1/9"},
		{"usual-scale", "variance d=6 scale=d", "1", "2"},
		{"usual-scale", "trend quantity=variance scale=d^1/4 d=1,2,4,6,8", "stays at 1", "stays at 2"},
		{"scaled-twice", "variance d=8 scale=d", "1/512", "1/511"},
		{"model-width", "std d=128 scale=sqrt d-model=4096", "1/sqrt(32)", "1/sqrt(31)"},
		{"unit-entries", "variance d=2 values=-2,2", "2", "3"},
		{"unit-entries", "std d=64 values=-2,2 scale=sqrt", "1", "2"},
		{"vectors-not-pairs", "cases d=8", "256", "255"},
		{"vectors-not-pairs", "cases d=8", "2^8", "2^7"},
		{"vectors-not-pairs", "cases d=3 values=-1,0,1 k-values=1,2", "8", "9"},
		{"count-for-share", "share d=2 score=0", "8", "7"},
		{"share-for-count", "count d=2 score=0", "1/2", "0.6"},
		{"neighbouring-width", "variance d=8", "6.0", "5.5"},
		{"neighbouring-width", "cases d=8", "16384", "16383"},
		{"truncated", "variance d=6 scale=d decimals=3", "0.166", "0.165"},
		{"truncated", "number value=-1/6 decimals=3", "-0.166", "-0.165"},
		{"rounded-early", "variance d=6 scale=d decimals=3", "0.170", "0.171"},
		{"too-few-places", "variance d=6 scale=d decimals=3", "0.17", "0.18"},
		{"too-few-places", "variance d=6 scale=d digits=3", "0.2", "0.3"},
		{"too-few-places", "variance d=8 scale=d", "0.1", "0.2"},
		{"too-few-places", "share d=2 score=0", "0.", "0.6"},
		{"too-few-places", "share d=2 score=0", "1.", "0.6"},
		{"variance-divided-by-c", "variance d=8 scale=sqrt", "2*sqrt(2)", "3*sqrt(2)"},
		{"variance-divided-by-c", "variance d=8 scale=sqrt", "2.83", "2.84"},
		{"variance-divided-by-c", "variance d=2 values=-2,2 scale=sqrt", "22.6", "22.7"},
		{"variance-divided-by-c", "variance d=4096 divide=64", "64", "63"},
		{"sum-not-mean", "variance d=2", "32", "31"},
		{"sum-not-mean", "variance d=2 scale=sqrt", "16", "15"},
		{"wrong-rate", "trend quantity=variance scale=d^1/4 d=1,2,4,6,8", "grows like d^(1/4)", "shrinks like d^(1/4)"},
		{"wrong-rate", "trend quantity=std d=1,2,4", "grows linearly", "grows like sqrt(d)"},
		{"work-disagrees", "cases d=8", "4^8 = 65535", "4^8 = 65536"},
		{"work-disagrees", "variance d=8 scale=d", "0.125 (=1/4)", "0.125 (=1/8)"},
		{"model-width", "variance d=64 d-model=512", "512", "511"},
		{"divided-by-d", "softmax scores=1,2,3 dk=4", "0.25, 0.33, 0.42", "0.25, 0.33, 0.43"},
		{"truncated", "softmax scores=1,2,3 decimals=2", "0.09, 0.24, 0.66", "0.09, 0.24, 0.65"},
		{"truncated", "softmax scores=1,1,1,1,1,1 decimals=2", "0.16, 0.16, 0.16, 0.16, 0.16, 0.16", "0.15, 0.16, 0.16, 0.16, 0.16, 0.16"},
		// Each kind of question a mistake applies to, and each setting
		// that makes it apply (found by mutation testing: one of each was
		// unseen).
		{"unscaled", "variance d=4096 divide=64", "4096", "4095"},
		{"unscaled", "softmax-entry scores=1,2,3 entry=3 dk=4", "0.665", "0.664"},
		{"unscaled", "jacobian-max scores=1,2,3 dk=4", "0.223", "0.224"},
		{"divided-by-d", "softmax-entry scores=1,2,3 entry=3 dk=4", "0.419", "0.418"},
		{"divided-by-d", "jacobian-max scores=1,2,3 dk=4", "0.243", "0.244"},
		{"unit-entries", "variance d=2 k-values=-2,2", "2", "3"},
		{"truncated", "number value=87/10 decimals=0", "8", "7"},
	}
	g := NewGrader(Options{})
	for _, c := range cases {
		t.Run(c.mistake+"/"+c.key, func(t *testing.T) {
			k := parseKey(t, "answer a "+c.key+"\n")
			got := gradeText(t, g, k, "a "+c.match+"\n").Parts[0]
			require.Contains(t, mistakeNamesOf(got), c.mistake, "%s answered %s: %s", c.key, c.match, got.Feedback)
			assert.NotEqual(t, Right, got.Mark)
			broken := gradeText(t, g, k, "a "+c.broken+"\n").Parts[0]
			assert.NotContains(t, mistakeNamesOf(broken), c.mistake, "%s answered %s: %s", c.key, c.broken, broken.Feedback)
		})
	}
	// Every mistake of the catalogue is exercised above.
	tested := map[string]bool{}
	for _, c := range cases {
		tested[c.mistake] = true
	}
	measuredOnly := map[MistakeKind]bool{mistake.UsualOnTop: true, mistake.ScaleInverted: true, mistake.SplitWidth: true, mistake.OneSide: true, mistake.ScaleZero: true}
	for _, m := range Catalogue() {
		assert.True(t, tested[m.String()] || measuredOnly[m], "no test matches %s", m)
		assert.False(t, tested[m.String()] && measuredOnly[m], "%s is graded too: the catalogue says measured only", m)
	}
}

func TestKeyMistake(t *testing.T) {
	k := parseKey(t, "answer v variance d=2\nmistake v sum-of-squares d=2 => You summed the squares.\nmistake v name=mean-not-var mean d=2 => That is the mean.\n")
	g := NewGrader(Options{})
	r := gradeText(t, g, k, "v 32\n").Parts[0]
	assert.Equal(t, []string{"v-mistake-1", "sum-not-mean"}, mistakeNamesOf(r), "a key's mistake without a name is named after its part and place")
	assert.Zero(t, r.Mistakes[0].Kind)
	r = gradeText(t, g, k, "v 0\n").Parts[0]
	assert.Equal(t, []string{"mean-not-var"}, mistakeNamesOf(r), "the name the key gives")
	assert.Contains(t, r.Feedback, "That is the mean.")
	assert.Empty(t, gradeText(t, g, k, "v 33\n").Parts[0].Mistakes)
}

func TestNoMistakeMatched(t *testing.T) {
	k := parseKey(t, "answer v variance d=8 show=yes\nanswer w variance d=8\n")
	r := gradeText(t, NewGrader(Options{}), k, "v 100\nw 100\n")
	assert.Equal(t, "Wrong, and it matches none of the known mistakes. The answer is 8.", r.Parts[0].Feedback)
	assert.Equal(t, "Wrong, and it matches none of the known mistakes.", r.Parts[1].Feedback, "show=no hides the value")
	assert.Empty(t, r.Parts[1].Exact)
}

// TestEditingTheQuestionDoesNotHelp checks that an answer file carries
// answers only: the key's question is what is checked, so a student who
// writes the answer to another question, or tries to write a claim, does
// not pass.
func TestEditingTheQuestionDoesNotHelp(t *testing.T) {
	k := lessonKey(t)
	g := NewGrader(Options{})
	// 2.0 is the raw variance at d_k = 2, not at the key's 8.
	r := gradeText(t, g, k, "1.raw 2.0\n1.cases variance d=2 is 16\n1.sqrt d=2 1.00\n")
	assert.Equal(t, Wrong, r.Parts[1].Mark)
	assert.Equal(t, Unreadable, r.Parts[0].Mark)
	assert.Equal(t, Unreadable, r.Parts[2].Mark)
	assert.Equal(t, "0", r.Score.RatString())
	// A line that names an id the key does not have is a problem of the
	// file; the rest is graded.
	a, err := ParseAnswers("s.answers", strings.NewReader("1.raw 8.0\n1.mine 2\n"), k)
	require.NoError(t, err)
	require.Len(t, a.Problems, 1)
	assert.EqualError(t, a.Problems[0], `s.answers:2: the key has no question "1.mine" (it has 1, 1.cases, 1.raw, 1.sqrt, 1.d, 2, 2.raw, 2.sqrt, 3, p1, p2, p2.raw and 6 more)`)
	assert.Equal(t, "8.0", a.ByPart["1.raw"].Text)
}

func TestPointsAndPartialCredit(t *testing.T) {
	k := parseKey(t, "with decimals=3 partial=0.5\nanswer a variance d=6 scale=d points=2.5\nanswer b variance d=6 scale=d points=0.25\nanswer c variance d=6 scale=d points=0\n")
	r := gradeText(t, NewGrader(Options{}), k, "a 0.17\nb 1/6\nc 0.167\n")
	assert.Equal(t, Short, r.Parts[0].Mark)
	assert.Equal(t, "5/4", r.Parts[0].Points.RatString())
	assert.Equal(t, Right, r.Parts[1].Mark, "an exact answer is as precise as any decimal")
	assert.Equal(t, "3/2", r.Score.RatString())
	assert.Equal(t, "11/4", r.Max.RatString())
}

func TestRowsAndSpellings(t *testing.T) {
	k := lessonKey(t)
	g := NewGrader(Options{})
	for _, text := range []string{
		"1 65536 8.0 1.00 0.125\n",
		"1: 65536, 8.0, 1.00, 0.125\n",
		"1 65536 | 8.0 | 1.00 | 0.125\n",
		"1.cases: 65536\n1.raw = 8.0\n1.sqrt:1.00\n1.d 0.125\n",
		"\uFEFF1 4^8; 8.0; 1.00; 1/8\n",
	} {
		r := gradeText(t, g, k, text)
		for _, p := range r.Parts[:4] {
			assert.Equal(t, Right, p.Mark, "%q: %s %s", text, p.Part.ID, p.Feedback)
		}
		assert.Equal(t, Unanswered, r.Parts[4].Mark)
		assert.Equal(t, "No answer.", r.Parts[4].Feedback)
	}
}

// A line that cannot be read is a problem of the file, never a reason to
// leave the rest ungraded; only a file that is not text is refused.
func TestAnswerFileProblems(t *testing.T) {
	k := lessonKey(t)
	cases := []struct{ text, want string }{
		{"1.raw 8.0\n1.raw 8\n", "t.answers:2: 1.raw is answered twice, differently (also on line 1)"},
		{"1.raw 8.0\n1.raw  8.0\n", "t.answers:2: 1.raw is answered again (as on line 1); the first is graded"},
		{"1 65536 8.0\n", "t.answers:1: question 1 has 4 parts (1.cases, 1.raw, 1.sqrt, 1.d), this line gives 2 answers"},
		{"1 65536 8.0 1.00 0.125\n1.d 0.125\n", "t.answers:2: 1.d is answered again (as on line 1)"},
		{"7 1\n", `t.answers:1: the key has no question "7"`},
		{"student a b\n", `t.answers:1: student: "a b" is not an id`},
		{"student a\nstudent b\n", "t.answers:2: a second student line names b; the first, a, stands"},
		{"1.raw \xff\n", "t.answers:1: the line is not valid UTF-8"},
		{strings.Repeat("x", claims.MaxLineBytes+1) + "\n", "t.answers:1: the line is longer than 4096 bytes"},
	}
	for _, c := range cases {
		a, err := ParseAnswers("t.answers", strings.NewReader(c.text+"p4 4\n"), k)
		require.NoError(t, err, c.text)
		require.NotEmpty(t, a.Problems, c.text)
		assert.Contains(t, a.Problems[0].Error(), c.want)
		assert.Equal(t, "4", a.ByPart["p4"].Text, "the rest of %q is read", c.text)
	}
	_, err := ParseAnswers("t.answers", strings.NewReader("1.raw 8\x00\n"), k)
	assert.ErrorContains(t, err, "t.answers:1: the file is not text")
	// Two different answers to one part: could not read, flagged.
	r := gradeText(t, NewGrader(Options{}), k, "1.raw 8.0\n1.raw 2.0\n")
	assert.Equal(t, Unreadable, r.Parts[1].Mark)
	assert.Contains(t, r.Parts[1].Feedback, `answered twice, "8.0" on line 1 and "2.0" on line 2`)
	assert.Equal(t, "unreadable-lines", r.Flags[0].Name)
}

func TestKeyErrors(t *testing.T) {
	cases := []struct{ text, want string }{
		{"answer a variance d=2\nanswer a variance d=4\n", "t.key:2: answer a is given twice"},
		{"answer a variance d=2 points=-1\n", "t.key:1: answer a: points=-1: write a non-negative decimal number"},
		{"answer a variance d=2 points=x\n", "t.key:1: answer a: points=x:"},
		{"answer a variance d=2 partial=2\n", "partial=2: write a share of the points, a decimal from 0 to 1"},
		{"answer a variance d=2 is 2\n", `t.key:1: answer a: variance: a question has no " is FIGURE"`},
		{"answer a variance d=9000 values=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64\n", "choose a smaller d_k or fewer values"},
		{"answer a bogus d=2\n", `unknown claim kind "bogus"`},
		{"answer a.b.c variance d=2\n", `"a.b.c" is not an id`},
		{"answer 1 variance d=2\nanswer 1.x variance d=2\n", "t.key:2: question 1 has parts: give each an id 1.PART"},
		{"hint z text\n", `t.key:1: hint: no answer line "z" before this line`},
		{"answer a variance d=2\nmistake a std d=2\n", "t.key:2: mistake a: write mistake a [name=NAME] [credit=F] CLAIM => what the student did"},
		{"answer a variance d=2\nmistake a name=unscaled std d=2 => x\n", `t.key:2: mistake a: "unscaled" is the name of a built-in mistake`},
		{"answer a variance d=2\nmistake a name=a!b std d=2 => x\n", `t.key:2: mistake a: name "a!b" must be letters`},
		{"answer a variance d=2\nmistake a name=m std d=2 => x\nmistake a name=m mean d=2 => y\n", `t.key:3: mistake a: the name "m" is given twice`},
		{"question q Why?\n", "t.key:1: question q has no answer line"},
		{"title\n", "t.key:1: title: write the key's title"},
		{"answer a variance d={x}\n", "t.key:1: {x} names no draw line"},
		{"draw x from 3..1\nanswer a variance d={x}\n", `t.key:1: draw x: "3..1" is not a range`},
		{"answer a variance d=2 visibility=secret\n", "visibility=secret: use visible, hidden, after_due_date, after_published"},
		{"answer a variance d=2 show=maybe\n", "show=maybe: write show=yes or show=no"},
		{"frobnicate\n", `t.key:1: unknown line "frobnicate"`},
		{"\n", "the key has no answer lines"},
	}
	for _, c := range cases {
		_, err := ParseKey("t.key", strings.NewReader(c.text))
		require.Error(t, err, c.text)
		assert.Contains(t, err.Error(), c.want, c.text)
	}
}

func TestVariantsAreDeterministic(t *testing.T) {
	f, err := os.Open("../exercises/variants.key")
	require.NoError(t, err)
	defer f.Close()
	tmpl, err := ParseKey("exercises/variants.key", f)
	require.NoError(t, err)
	require.True(t, tmpl.IsTemplate())
	_, err = NewGrader(Options{}).Grade(context.Background(), tmpl, &Answers{ByPart: map[string]Answer{}})
	require.Error(t, err, "a template is graded through a variant")

	seen := map[string]bool{}
	for i := range 40 {
		student := fmt.Sprintf("s%02d", i)
		a, err := tmpl.Variant("2026", student)
		require.NoError(t, err)
		b, err := tmpl.Variant("2026", student)
		require.NoError(t, err)
		assert.Equal(t, a.Values, b.Values)
		assert.NotEqual(t, "6", a.Values["d"], "the lesson prints the row of d_k = 6")
		seen[fmt.Sprint(a.Values)] = true
		c, err := tmpl.Variant("2027", student)
		require.NoError(t, err)
		_ = c
	}
	assert.Greater(t, len(seen), 10, "variants of 40 students should mostly differ")
	// The draw is fixed by the documented hash, not by this process.
	assert.Equal(t, 2, pick("2026", "ada", "a", 3))
	v, err := tmpl.Variant("2026", "ada")
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"d": "5", "a": "7", "s": "d^3/4"}, v.Values)
	_, err = tmpl.Variant("", "ada")
	assert.ErrorContains(t, err, "give the seed")
}

// TestVariantGradedFromItsKey grades a student's variant answers: the
// solutions printed with the variant's key are right, and they are wrong
// for another student's variant when the drawn values differ.
func TestVariantGradedFromItsKey(t *testing.T) {
	f, err := os.Open("../exercises/variants.key")
	require.NoError(t, err)
	defer f.Close()
	tmpl, err := ParseKey("exercises/variants.key", f)
	require.NoError(t, err)
	g := NewGrader(Options{})
	v, err := tmpl.Variant("2026", "ada")
	require.NoError(t, err)
	sols, err := g.Solutions(context.Background(), v)
	require.NoError(t, err)
	assert.Equal(t, []string{"1024", "5 = 5.0", "1 = 1.00", "1/5 = 0.200", "4802 = 4802.0", "2401 = 2401.00", "shrinks: 1, 1/2*sqrt(2), 1/2, 1/6*sqrt(6), 1/4*sqrt(2)"}, sols)
	answers := "student ada\n1 1024 5.0 1.00 0.200\n2 4802.0 2401.00\n3 shrinks\n"
	a, err := ParseAnswers("ada.answers", strings.NewReader(answers), tmpl)
	require.NoError(t, err)
	r, err := g.Grade(context.Background(), v, a)
	require.NoError(t, err)
	assert.True(t, r.AllRight())
	other, err := tmpl.Variant("2026", "s01")
	require.NoError(t, err)
	require.NotEqual(t, v.Values["d"], other.Values["d"])
	r, err = g.Grade(context.Background(), other, a)
	require.NoError(t, err)
	assert.False(t, r.AllRight())
}

// classOption is one answer a generated student gives to one part, with
// the grade it must get.
type classOption struct {
	answer  string
	mark    Mark
	mistake string
}

// TestClassOfThirty grades 30 generated answer files against the lesson's
// key and checks every score, every named mistake, each results.json and
// the item analysis against the answers the generator chose.
func TestClassOfThirty(t *testing.T) {
	k := lessonKey(t)
	key := func(id string) string { return k.Part(id).mistakes[0].Name }
	// rank orders mistakes as the item analysis breaks ties: the key's own
	// in the key's order, then the catalogue's.
	rank := func(id, name string) int {
		for i, m := range k.Part(id).mistakes {
			if m.Name == name {
				return i
			}
		}
		for i, m := range Catalogue() {
			if m.String() == name {
				return 100 + i
			}
		}
		return 1000
	}
	options := map[string][]classOption{
		"1.cases":   {{"65536", Right, ""}, {"256", Wrong, "vectors-not-pairs"}, {"4^8", Right, ""}, {"1000", Wrong, ""}, {"", Unanswered, ""}},
		"1.raw":     {{"8.0", Right, ""}, {"2.8", Wrong, "std-for-variance"}, {"6.0", Wrong, "neighbouring-width"}, {"8", Right, ""}},
		"1.sqrt":    {{"1.00", Right, ""}, {"0.13", Wrong, "divided-by-d"}, {"8.00", Wrong, "unscaled"}, {"1.0", Right, ""}},
		"1.d":       {{"0.125", Right, ""}, {"1.000", Wrong, "usual-scale"}, {"1/512", Wrong, "scaled-twice"}, {"0.12", Short, "too-few-places"}},
		"2.raw":     {{"32.0", Right, ""}, {"2.0", Wrong, "unit-entries"}, {"5.7", Wrong, "std-for-variance"}, {"16.0", Wrong, "neighbouring-width"}},
		"2.sqrt":    {{"16.00", Right, ""}, {"4.00", Wrong, "std-for-variance"}, {"32.00", Wrong, "unscaled"}, {"1.00", Wrong, "unit-entries"}},
		"3":         {{"grows", Right, ""}, {"stays at 1", Wrong, "usual-scale"}, {"shrinks", Wrong, ""}, {"about 1", Unreadable, ""}},
		"p1":        {{"0.33, 0.33, 0.34", Right, ""}, {"0.09, 0.24, 0.67", Wrong, key("p1")}, {"0.3, 0.3, 0.3", Short, "too-few-places"}},
		"p2.raw":    {{"4096", Right, ""}, {"64", Wrong, "std-for-variance"}},
		"p2.std":    {{"64", Right, ""}, {"4096", Wrong, "variance-for-std"}, {"8", Wrong, ""}},
		"p2.scaled": {{"1", Right, ""}, {"1/4096", Wrong, "divided-by-d"}, {"4096", Wrong, "unscaled"}},
		"p3.var":    {{"2", Right, ""}, {"32", Wrong, "sum-not-mean"}, {"2.0", Right, ""}},
		"p3.zero":   {{"1/2", Right, ""}, {"8", Wrong, "count-for-share"}, {"50%", Right, ""}},
		"p4":        {{"4", Right, ""}, {"1", Wrong, "unit-entries"}, {"16", Wrong, "variance-for-std"}},
	}
	parts := k.Parts()
	require.Len(t, options, len(parts))
	choose := func(student, part int) classOption {
		opts := options[parts[part].ID]
		return opts[(student*7+part*3+student/5)%len(opts)]
	}
	g := NewGrader(Options{})
	var results []*Result
	wantRight := map[string]int{}
	wantMistakes := map[string]map[string]int{}
	for s := range 30 {
		var file strings.Builder
		fmt.Fprintf(&file, "student s%02d\n", s)
		want := new(big.Rat)
		for i, p := range parts {
			o := choose(s, i)
			if o.answer != "" {
				fmt.Fprintf(&file, "%s %s\n", p.ID, o.answer)
			}
			switch o.mark {
			case Right:
				want.Add(want, p.Points)
				wantRight[p.ID]++
			case Short:
				want.Add(want, new(big.Rat).Mul(p.Points, p.partial))
			}
			if o.mistake != "" {
				if wantMistakes[p.ID] == nil {
					wantMistakes[p.ID] = map[string]int{}
				}
				wantMistakes[p.ID][o.mistake]++
			}
		}
		a, err := ParseAnswers(fmt.Sprintf("s%02d.answers", s), strings.NewReader(file.String()), k)
		require.NoError(t, err)
		r, err := g.Grade(context.Background(), k, a)
		require.NoError(t, err)
		results = append(results, r)
		assert.Equal(t, fmt.Sprintf("s%02d", s), r.Student)
		assert.Equal(t, want.RatString(), r.Score.RatString(), "score of s%02d", s)
		for i, p := range r.Parts {
			o := choose(s, i)
			assert.Equal(t, o.mark, p.Mark, "s%02d %s %q: %s", s, p.Part.ID, o.answer, p.Feedback)
			assert.Equal(t, o.mistake, firstMistake(p), "s%02d %s %q: %s", s, p.Part.ID, o.answer, p.Feedback)
		}
	}
	items := Analyse(results)
	require.Len(t, items, len(parts))
	for i, it := range items {
		assert.Equal(t, parts[i].ID, it.ID)
		assert.Equal(t, 30, it.Students)
		assert.Equal(t, wantRight[it.ID], it.Marks[Right], it.ID)
		marked := 0
		for _, n := range it.Marks {
			marked += n
		}
		assert.Equal(t, it.Students, marked, "%s: every file gets one mark", it.ID)
		// The most frequent mistake is the generator's most frequent choice.
		best, n := "", 0
		for name, c := range wantMistakes[it.ID] {
			if c > n || (c == n && rank(it.ID, name) < rank(it.ID, best)) {
				best, n = name, c
			}
		}
		top, tn := it.TopMistake()
		assert.Equal(t, best, top, it.ID)
		assert.Equal(t, n, tn, it.ID)
	}
}

// zeros is a reader of n newlines, or of n bytes of one long line.
type repeated struct {
	b byte
	n int
}

func (r *repeated) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	m := min(len(p), r.n)
	for i := range p[:m] {
		p[i] = r.b
	}
	r.n -= m
	return m, nil
}

// An answer file of any size is read in memory bounded by the key: 64 MB
// of blank lines, one line of 64 MB, or a million lines of junk.
func TestAnswersStreamInBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 192 MB")
	}
	k := lessonKey(t)
	for _, c := range []struct {
		name string
		r    io.Reader
	}{
		{"blank lines", &repeated{'\n', 64 << 20}},
		{"one long line", &repeated{'x', 64 << 20}},
		{"junk lines", strings.NewReader(strings.Repeat("zz 1\n", 1<<20))},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		a, err := ParseAnswers("big.answers", io.MultiReader(c.r, strings.NewReader("\np4 4\n")), k)
		runtime.ReadMemStats(&after)
		require.NoError(t, err, c.name)
		assert.Equal(t, "4", a.ByPart["p4"].Text, c.name)
		assert.LessOrEqual(t, len(a.Problems), maxProblems, c.name)
		// The stream is read through a 64 KiB buffer; nothing it reads is
		// kept, and blank lines or one long line allocate nothing per byte.
		runtime.GC()
		var live runtime.MemStats
		runtime.ReadMemStats(&live)
		assert.Less(t, int64(live.HeapAlloc)-int64(before.HeapAlloc), int64(4<<20), "%s: %d bytes kept", c.name, int64(live.HeapAlloc)-int64(before.HeapAlloc))
		limit := uint64(4 << 20)
		if c.name == "junk lines" {
			limit = 300 << 20 // a few short strings per line, none kept
		}
		assert.Less(t, after.TotalAlloc-before.TotalAlloc, limit, "%s: allocated %d bytes", c.name, after.TotalAlloc-before.TotalAlloc)
	}
}

// A sheet printed with another seed: every answer is right for another
// width, so each names a neighbouring width; the file is flagged as
// fitting that variant. One neighbouring width alone, or mistakes that
// explain the answers (2^d for 4^d), are not.
func TestOtherVariantFlagged(t *testing.T) {
	f, err := os.Open("../exercises/variants.key")
	require.NoError(t, err)
	defer f.Close()
	tmpl, err := ParseKey("exercises/variants.key", f)
	require.NoError(t, err)
	v, err := tmpl.Variant("2026", "ada") // d = 5, a = 7, s = d^3/4
	require.NoError(t, err)
	g := NewGrader(Options{})
	flagsOf := func(answers string) []string {
		a, err := ParseAnswers("ada.answers", strings.NewReader("student ada\n"+answers), tmpl)
		require.NoError(t, err)
		r, err := g.Grade(context.Background(), v, a)
		require.NoError(t, err)
		var out []string
		for _, fl := range r.Flags {
			out = append(out, fl.Name+": "+fl.Says)
		}
		return out
	}
	got := flagsOf("1 16384 7.0 1.00 0.143\n2 4802.0 2401.00\n3 shrinks\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "other-variant: These answers fit the variant d = 7, a = 7, s = d^3/4 better than student ada's own (d = 5, a = 7, s = d^3/4)")
	assert.Empty(t, flagsOf("1 1024 7.0 1.00 0.200\n2 4802.0 2401.00\n3 shrinks\n"), "one neighbouring width")
	assert.Empty(t, flagsOf("1 2^5 2.2 1.00 1.000\n2 4802.0 2401.00\n3 shrinks\n"), "mistakes that explain the answers")
	assert.Empty(t, flagsOf("1 1024 5.0 1.00 0.200\n2 4802.0 2401.00\n3 grows like d^(1/3)\n"), "one part that fits another variant (s = d^1/3)")
}

// 1/4 cut off at two places is 0.25, not 0.24: the cell of a cut-off
// output is half-open, so 0.24 for softmax outputs of exactly 1/4 names
// no truncation.
func TestTruncatedSoftmaxEdge(t *testing.T) {
	k := parseKey(t, "answer a softmax scores=1,1,1,1 decimals=2\n")
	r := gradeText(t, NewGrader(Options{}), k, "a 0.24, 0.24, 0.24, 0.24\n").Parts[0]
	assert.Equal(t, Wrong, r.Mark)
	assert.NotContains(t, mistakeNamesOf(r), "truncated", r.Feedback)
}

// TestIssue21Answers: the answers the issue found scored 0 as "cannot
// read" are right, and the two it found accepted are too few places.
func TestIssue21Answers(t *testing.T) {
	k := parseKey(t, `answer cases cases d=8
answer eighth variance d=8 scale=d
answer raw variance d=2 values=-2,2
answer six cases d=6
answer std std d=4
answer trend trend quantity=variance scale=d^1/4 d=1,2,4,6,8
answer half share d=2 score=0
`)
	g := NewGrader(Options{})
	for id, answers := range map[string][]string{
		"cases":  {"65,536", "65 536", "6.5536e4", "4**8", "65536 pairs"},
		"eighth": {"1.25e-1", "0.125 (=1/8)"},
		"raw":    {"3.2e1"},
		"six":    {"≈ 4096"},
		"std":    {"std 2"},
		"trend":  {"it grows", "grows like sqrt(d)", "grows (like √d_k)"},
	} {
		for _, a := range answers {
			r := gradeText(t, g, k, id+" "+a+"\n")
			assert.Equal(t, Right, r.Parts[indexOf(k, id)].Mark, "%s %q: %s", id, a, r.Parts[indexOf(k, id)].Feedback)
		}
	}
	for id, a := range map[string]string{"half": "0.", "eighth": "0.1"} {
		r := gradeText(t, g, k, id+" "+a+"\n").Parts[indexOf(k, id)]
		assert.Equal(t, Short, r.Mark, "%s %q", id, a)
		assert.Equal(t, "0", r.Points.RatString())
	}
}

func indexOf(k *Key, id string) int {
	for i, p := range k.Parts() {
		if p.ID == id {
			return i
		}
	}
	return -1
}

// firstMistake returns the name of an answer's first named mistake, or "".
func firstMistake(p PartResult) string {
	if len(p.Mistakes) == 0 {
		return ""
	}
	return p.Mistakes[0].Name
}

// An answer that could not be read carries its typed reason, and the
// feedback a student sees names no command (issue 31): the command adds
// where its help is.
func TestUnreadableFeedbackForStudents(t *testing.T) {
	k := lessonKey(t)
	g := NewGrader(Options{})
	r := gradeText(t, g, k, "1.cases 65536 apples\n1.raw lots\n3 wobbles\np1 0.3, 0.3\np3.var 2\np3.var 3\n")
	unread := 0
	for _, p := range r.Parts {
		assert.NotContains(t, p.Feedback, "sqrtdk", "%s: %s", p.Part.ID, p.Feedback)
		assert.NotContains(t, p.Feedback, "help answers", "%s: %s", p.Part.ID, p.Feedback)
		if p.Mark == Unreadable && p.Unread != nil {
			unread++
			assert.Contains(t, p.Feedback, p.Unread.Error())
		}
		if p.Mark != Unreadable {
			assert.Nil(t, p.Unread, p.Part.ID)
		}
	}
	assert.Equal(t, 4, unread, "three answers no reader could read and a short list; a part answered twice has no reading to blame")
}
