package grade

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScanAnswerReadsTheLoad checks what the plan reads from an answer's
// text without parsing it, case by case: the places an exponent asks for,
// the digits after a point, the digits each root is taken of (through
// brackets, in every way a root is written), and the literals too long
// for the grammar. The calibration measures time, which is blind to most
// of these below its floor.
func TestScanAnswerReadsTheLoad(t *testing.T) {
	long, limit := strings.Repeat("7", maxLiteralDigits+1), strings.Repeat("7", maxLiteralDigits)
	for _, c := range []struct {
		text       string
		size       float64
		places     float64
		roots      []int
		unreadable bool
	}{
		{text: "65536", size: 5},
		{text: "65,536", size: 6},
		{text: "0.125", size: 5, places: 3},
		{text: ".5", size: 2, places: 1},
		{text: "1.", size: 2},
		{text: "1+.", size: 3},
		{text: "1.+2", size: 4},
		{text: "2.5/0.25", size: 8, places: 3},
		{text: "6.5e4", size: 5 + 4, places: 1},
		{text: "1e-999", size: 6 + 999},
		{text: "1E+999", size: 6 + 999},
		{text: "9e9", size: 3 + 9},
		{text: "1e-5000", size: 7 + maxPlanExponent},
		{text: "1e-1234567", size: 10 + maxPlanExponent}, // six digits read: 123456
		{text: "e5", size: 2},
		{text: "10^-3", size: 5 + 3},
		{text: "10^(-3)", size: 7 + 3},
		{text: "110^3", size: 5 + 3},
		{text: "2^10", size: 4},
		{text: "sqrt(12345)", size: 11, roots: []int{5}},
		{text: "SQRT(12345)", size: 11, roots: []int{5}},
		{text: "root(12345)", size: 11, roots: []int{5}},
		{text: "sqrt(2)+sqrt(2)", size: 15, roots: []int{1, 1}},
		{text: "sqrt(12)34567", size: 13, roots: []int{2}},
		{text: "sqrt((1)+23456)", size: 15, roots: []int{5}},
		{text: "sqrt((1)23)", size: 11, roots: []int{2}},
		{text: "sqrt 123+4567", size: 13, roots: []int{3}},
		{text: "√123+4567", size: 11, roots: []int{3}},
		{text: "√(123)", size: 8, roots: []int{3}},
		{text: "2^(1/2)", size: 7, roots: []int{1}},
		{text: "12345^0.5", size: 9, roots: []int{5}, places: 1},
		{text: "(123+45)^(1/3)", size: 14, roots: []int{3}},
		{text: "7+(123)^(1/3)", size: 13, roots: []int{3}},
		{text: "45678*(123)^(1/3)", size: 17, roots: []int{3}},
		{text: "45678(1+23)^(1/3)", size: 17, roots: []int{2}},
		{text: "(45678(1)+2)^(1/3)", size: 18, roots: []int{5}},
		{text: long, size: float64(len(long))},
		{text: "1/" + limit, size: float64(2 + len(limit))},
		{text: "1/" + long, size: float64(2 + len(long)), unreadable: true},
		{text: limit + "/3", size: float64(len(limit) + 2)},
		{text: long + "/3", size: float64(len(long) + 2), unreadable: true},
		{text: long + "+1/3", size: float64(len(long) + 4)},
		{text: "sqrt(" + limit + ")", size: float64(len(limit) + 6), roots: []int{len(limit)}},
		{text: "sqrt(" + long + ")", size: float64(len(long) + 6), roots: []int{len(long)}, unreadable: true},
	} {
		l := scanAnswer(c.text)
		name := c.text[:min(len(c.text), 30)]
		assert.Equal(t, c.size, l.size, "%s: size", name)
		assert.Equal(t, c.places, l.places, "%s: places", name)
		assert.Equal(t, c.roots, l.roots, "%s: roots", name)
		assert.Equal(t, c.unreadable, l.unreadable, "%s: unreadable", name)
	}
}

// TestAnswerCostShape holds the plan of one answer to the shape its doc
// gives, which the calibration's 2x band cannot see between sizes: time
// grows with every comparison, the text held grows byte for byte, each
// root adds its memory, a root of fewer than rootDigits digits costs the
// cube of its share, and an answer the grammar cannot read is not
// compared at all.
func TestAnswerCostShape(t *testing.T) {
	one, _, _ := answerCost("0.125", 1)
	two, _, _ := answerCost("0.125", 2)
	three, _, _ := answerCost("0.125", 3)
	assert.Greater(t, one, 0.0)
	assert.Greater(t, two, one)
	assert.InDelta(t, two-one, three-two, 1e-15, "each comparison costs the same")
	assert.Greater(t, one, two-one, "judging costs more than one comparison")

	_, short, _ := answerCost("0.125", 1)
	_, long, _ := answerCost("0.1250000", 1)
	assert.Equal(t, 4.0, long-short, "the text kept grows with the text")

	_, _, none := answerCost("0.125", 1)
	_, _, oneRoot := answerCost("sqrt(2)", 1)
	_, _, twoRoots := answerCost("sqrt(2)+sqrt(3)", 1)
	assert.Zero(t, none)
	assert.Greater(t, oneRoot, 1024.0, "a trial division's garbage is more than a KiB")
	assert.Equal(t, 2*oneRoot, twoRoots)

	root := func(digits int) float64 {
		number := "(" + strings.Repeat("7", digits) + ")"
		s, _, _ := answerCost("sqrt"+number, 1)
		plain, _, _ := answerCost("xqrt"+number, 1) // the same length, no root
		return s - plain
	}
	// Below rootDigits the trial division stops early: half the digits,
	// an eighth of the root's time; from rootDigits on it grows with the
	// words.
	r10, r20, r40 := root(rootDigits/2), root(rootDigits), root(2*rootDigits)
	assert.InDelta(t, 1.0/8, r10/r20, 0.01, "a root below rootDigits costs the cube of its share")
	assert.Greater(t, r40, r20)
	assert.Less(t, r40, 2*r20, "a root's time grows with its words, after a fixed part")

	unread := "1/" + strings.Repeat("7", maxLiteralDigits+1)
	s1, held, judging := answerCost(unread, 1)
	s50, _, _ := answerCost(unread, 50)
	longer, _, _ := answerCost(unread+"7777", 1)
	assert.Equal(t, s1, s50, "an answer that cannot be read is not compared")
	assert.Greater(t, longer, s1, "its scan grows with its text")
	assert.Less(t, longer, 1e-3, "a scan of 200 bytes is far under a millisecond")
	assert.Equal(t, float64(distinctBytes), held, "what it was read as is not kept")
	assert.Zero(t, judging)
}

// TestClassCostJudgesEachAnswerOnce holds ClassCost's rule for repeated
// answers: a file repeating answers already planned adds only its reading
// and its result, what the same file adds before any answer is read;
// a file with answers of its own adds their judging too.
func TestClassCostJudgesEachAnswerOnce(t *testing.T) {
	k := lessonKey(t)
	read := func(files ...string) ([]int64, []*Answers) {
		var sizes []int64
		var out []*Answers
		for _, f := range files {
			a, err := ParseAnswers("x", strings.NewReader(f), k)
			require.NoError(t, err)
			sizes = append(sizes, int64(a.textBytes()))
			out = append(out, a)
		}
		return sizes, out
	}
	a, b := longClass(k, 1, notations[0].write, 40)[0], longClass(k, 2, notations[1].write, 40)[1]
	s1, r1 := read(a)
	s3, r3 := read(a, a, a)
	s4, r4 := read(a, a, a, a)
	sb, rb := read(a, a, a, b)
	once, twice := ClassCost(k, s3, r3), ClassCost(k, s4, r4)
	unread3, unread4 := ClassCost(k, s3, nil), ClassCost(k, s4, nil)
	assert.InDelta(t, unread4.Seconds-unread3.Seconds, twice.Seconds-once.Seconds, 1e-12, "a repeated file adds its reading only")
	assert.InDelta(t, unread4.Bytes-unread3.Bytes, twice.Bytes-once.Bytes, 1e-6)
	other := ClassCost(k, sb, rb)
	assert.Greater(t, other.Seconds-once.Seconds, 2*(twice.Seconds-once.Seconds), "a file of new answers adds their judging")
	alone := ClassCost(k, s1, r1)
	before := ClassCost(k, s1, nil)
	assert.Greater(t, alone.Seconds, before.Seconds, "judging is planned once the answers are read")

	// Before reading, a file's size bounds what it holds, to a line a part.
	small := ClassCost(k, []int64{100}, nil)
	big := ClassCost(k, []int64{1 << 30}, nil)
	bigger := ClassCost(k, []int64{1 << 31}, nil)
	assert.Greater(t, big.Bytes, small.Bytes)
	assert.Equal(t, big.Bytes, bigger.Bytes, "a file keeps one answer a part, each at most a line")
	assert.Equal(t, small.Seconds, big.Seconds, "reading is planned by files, not bytes")
}

// TestPlanPartsCountsTheComparisons holds the comparisons an answer is
// planned to make: the key's value, then one for each of the key's own
// mistakes, with the catalogue's beside them.
func TestPlanPartsCountsTheComparisons(t *testing.T) {
	key := func(mistakes int) *Key {
		text := "question 1 q\nanswer 1 variance d=4\n"
		for i := range mistakes {
			text += fmt.Sprintf("mistake 1 name=own-%d variance d=%d => not that\n", i, 5+i)
		}
		k, err := ParseKey("t.key", strings.NewReader(text))
		require.NoError(t, err)
		return k
	}
	none, two := key(0).planParts()["1"], key(2).planParts()["1"]
	assert.Equal(t, 2.0, two-none)
	assert.Greater(t, none, 1.0, "the catalogue's mistakes of a variance are compared too")
	assert.Equal(t, 1+float64(len(alternatives(key(0).Parts()[0]))), none)
}

// TestClassCostGrowsWithPartsAndFiles holds the plan before reading: each
// file costs its reading and a result for each part of the key, so time
// and memory grow with the files and, file for file, with the parts.
func TestClassCostGrowsWithPartsAndFiles(t *testing.T) {
	key := func(parts int) *Key {
		text := ""
		for i := range parts {
			text += fmt.Sprintf("question %d q\nanswer %d variance d=%d\n", i+1, i+1, 2+i)
		}
		k, err := ParseKey("t.key", strings.NewReader(text))
		require.NoError(t, err)
		return k
	}
	sizes := func(n int) []int64 { return make([]int64, n) }
	one, three := key(1), key(3)
	empty := ClassCost(one, nil, nil)
	for _, k := range []*Key{one, three} {
		ten, twenty := ClassCost(k, sizes(10), nil), ClassCost(k, sizes(20), nil)
		assert.Greater(t, ten.Seconds, 0.0)
		assert.InDelta(t, 2*ten.Seconds, twenty.Seconds, 1e-12, "time grows with the files")
		assert.InDelta(t, twenty.Bytes-ten.Bytes, ten.Bytes-empty.Bytes, 1e-6, "memory grows with the files")
	}
	assert.Greater(t, ClassCost(three, sizes(10), nil).Seconds, ClassCost(one, sizes(10), nil).Seconds, "each part's result costs time")
	assert.Greater(t, ClassCost(three, sizes(10), nil).Bytes, ClassCost(one, sizes(10), nil).Bytes, "and memory")
	assert.Equal(t, empty.Bytes, ClassCost(three, nil, nil).Bytes, "no file, only the grader")
}
