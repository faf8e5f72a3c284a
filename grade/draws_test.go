package grade

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// keyError is the error ParseKey gives for a key's text ("" when it reads).
func keyError(text string) string {
	_, err := ParseKey("t.key", strings.NewReader(text))
	if err != nil {
		return err.Error()
	}
	return ""
}

// A draw's range holds both its ends: A..A is one choice, 1..10000 the
// most a draw may have, and integers of 40 characters the longest; one
// more of any is refused with its own error line.
func TestDrawRangeEnds(t *testing.T) {
	z39, z40 := strings.Repeat("0", 39), strings.Repeat("0", 40)
	big40, big40next := "1"+z39, "1"+z39[1:]+"1" // 10^39 and 10^39+1, 40 characters each
	cases := []struct {
		draw  string
		first string // the first choice
		n     int    // how many choices
		err   string // the error line when refused
	}{
		{"draw k from 3..3", "3", 1, ""},
		{"draw k from 3..2", "", 0, `t.key:2: draw k: "3..2" is not a range A..B of integers with A ≤ B`},
		{"draw k from 1..10000", "1", 10000, ""},
		{"draw k from 0..10000", "", 0, "t.key:2: draw k: 0..10000 has 10001 choices; at most 10000"},
		{"draw k from " + big40 + ".." + big40next, big40, 2, ""},
		{"draw k from " + z39 + "1..2", "1", 2, ""}, // 40 characters, with leading zeros
		{"draw k from 1.." + z39 + "2", "1", 2, ""},
		{"draw k from " + z40 + "1..2", "", 0, `t.key:2: draw k: "` + z40 + `1..2" is not a range A..B of integers`},
		{"draw k from 1.." + z40 + "2", "", 0, `t.key:2: draw k: "1..` + z40 + `2" is not a range A..B of integers`},
	}
	for _, c := range cases {
		text := "variants min=1 lesson-values=allow\n" + c.draw + "\nanswer a number value={k}\n"
		k, err := ParseKey("t.key", strings.NewReader(text))
		if c.err != "" {
			require.Error(t, err, c.draw)
			assert.Contains(t, err.Error(), c.err, c.draw)
			continue
		}
		require.NoError(t, err, c.draw)
		require.Len(t, k.Draws, 1)
		assert.Equal(t, c.first, k.Draws[0].Choices[0], c.draw)
		if c.n > 0 {
			assert.Len(t, k.Draws[0].Choices, c.n, c.draw)
			assert.Equal(t, int64(c.n), k.VariantCount().Int64(), c.draw)
		}
		v, err := k.Variant("2026", "ada")
		require.NoError(t, err, c.draw)
		assert.Contains(t, k.Draws[0].Choices, v.Values["k"], c.draw)
	}
}

// A range line holds both its ends, for every setting it may bound: a key
// whose answer sits on an end reads, one a step past either end is refused
// on the answer's line, naming the range line; A..A pins a setting.
func TestRangeLineEnds(t *testing.T) {
	cases := []struct {
		key, lo, hi, below, above string
		answer                    string // the answer line, %s for the value
	}{
		{"d", "2", "9", "1", "10", "variance d=%s"},
		{"d", "8", "8", "7", "9", "variance d=%s"},
		{"dk", "1", "512", "1/2", "513", "softmax scores=1,2 dk=%s"},
		{"score", "-2", "2", "-3", "3", "share d=2 score=%s"},
		{"values", "-3", "3", "-4", "4", "variance d=2 values=%s,3"},
		{"values", "-3", "3", "-4", "4", "variance d=2 values=-3,%s"},
		{"values", "1/2", "3", "1/3", "4", "variance d=2 values=±%s"},
		{"k-values", "-1", "5/2", "-2", "3", "count d=2 score=0 k-values=%s,1"},
		{"points", "1", "5", "0", "6", "variance d=2 points=%s"},
		{"d-model", "64", "4096", "63", "4097", "std d=8 scale=sqrt d-model=%s"},
	}
	for _, c := range cases {
		rng := fmt.Sprintf("range %s=%s..%s", c.key, c.lo, c.hi)
		keyAt := func(v string) string {
			return "# a key\n" + rng + "\nanswer a " + fmt.Sprintf(c.answer, v) + "\n"
		}
		for _, v := range []string{c.lo, c.hi} {
			assert.Empty(t, keyError(keyAt(v)), "%s: %s", rng, v)
		}
		for _, v := range []string{c.below, c.above} {
			assert.Contains(t, keyError(keyAt(v)), fmt.Sprintf("t.key:3: answer a: %s=%s is outside the range %s..%s of line 2", c.key, v, c.lo, c.hi), "%s: %s", rng, v)
		}
	}
	// A range bounds only the answers that set it.
	assert.Empty(t, keyError("range score=0..4\nanswer a variance d=2\n"))
	assert.Empty(t, keyError("range d-model=64..4096\nanswer a std d=8 scale=sqrt\n"))
	assert.Contains(t, keyError("range d=9..8\nanswer a variance d=8\n"), `t.key:1: range: "d=9..8": A and B are numbers with A ≤ B`)
	// A bound is a number of at most 100 characters.
	hundred := "1." + strings.Repeat("0", 98)
	assert.Empty(t, keyError("range points=0.."+hundred+"\nanswer a variance d=2 points=1\n"))
	assert.Contains(t, keyError("range points=0.."+hundred+"0\nanswer a variance d=2 points=1\n"), `t.key:1: range: "points=0..`+hundred+`0": A and B are numbers with A ≤ B`)
}

// A template's range line is checked at every choice of the draws: the
// variant that leaves it is named, and the line of the range.
func TestRangeCheckedAtEveryChoice(t *testing.T) {
	key := "draw d from 60..70\n# keep the sums small\nrange d=1..64\nwith values=-2,2\nanswer a variance d={d}\n"
	assert.Equal(t, "t.key:5: answer a: d=65 is outside the range 1..64 of line 3 (when d = 65)", keyError(key))
}

// A template needs no with line: each answer line is checked at the
// choices it draws itself.
func TestTemplateWithoutWithLine(t *testing.T) {
	k := parseKey(t, "draw d from 1..300\nanswer a variance d={d}\n")
	lesson := 0
	for d := 1; d <= 300; d++ {
		q, err := claims.ParseQuestion(fmt.Sprintf("variance d=%d", d), nil)
		require.NoError(t, err)
		if claims.LessonPrints(q) {
			lesson++
		}
	}
	require.Positive(t, lesson)
	assert.Equal(t, int64(300-lesson), k.VariantCount().Int64(), "every d but those the lesson prints")
	v, err := k.Variant("2026", "ada")
	require.NoError(t, err)
	assert.Contains(t, k.Draws[0].Choices, v.Values["d"])
}

// Every draw a line names is checked at every choice, the second of a
// line as the first, and those of its with line: a choice that makes no
// question (a typo in the key) is found when the key is read, naming the
// values that make it, not when a student draws it.
func TestEveryDrawOfALineChecked(t *testing.T) {
	notANumber := `values=-x,x: alphabet entry "-x": "-x" is not a number (write an integer, a fraction p/q or a decimal like 0.25) (when d = 2, v = x)`
	assert.Equal(t, "t.key:3: answer a: variance: "+notANumber,
		keyError("draw d from 2..301\ndraw v from 1,2,x\nanswer a variance d={d} values=-{v},{v}\n"))
	assert.Equal(t, "t.key:4: answer a: variance: "+notANumber,
		keyError("draw d from 2..301\ndraw v from 1,2,x\nwith values=-{v},{v}\nanswer a variance d={d}\n"))
	assert.Equal(t, "t.key:4: mistake a: std: "+notANumber,
		keyError("draw d from 2..301\ndraw v from 1,2,x\nanswer a variance d={d}\nmistake a std d={d} values=-{v},{v} => the std\n"))
}

// Too few variants are refused on the line that can fix it: the first
// draw line, or the variants line that sets the minimum; a template with
// exactly its minimum reads.
func TestVariantMinimum(t *testing.T) {
	assert.Equal(t, "t.key:3: the draws give 8 variants; at least 200 are needed so that neighbours rarely share one: widen the ranges of the draws, or write variants min=N",
		keyError("# widths past the lesson's\nvariants lesson-values=allow\ndraw d from 11..18\nanswer a variance d={d}\n"))
	for _, n := range []int{1, 2, 10, 200} {
		key := fmt.Sprintf("title widths\nvariants min=%d lesson-values=allow\ndraw d from 11..%d\nanswer a variance d={d}\n", n, 10+n)
		k, err := ParseKey("t.key", strings.NewReader(key))
		require.NoError(t, err, "min=%d, as many variants", n)
		assert.Equal(t, int64(n), k.VariantCount().Int64())
		if n > 1 {
			key = fmt.Sprintf("title widths\nvariants min=%d lesson-values=allow\ndraw d from 11..%d\nanswer a variance d={d}\n", n, 10+n-1)
			assert.Equal(t, fmt.Sprintf("t.key:2: the draws give %s; at least %d are needed so that neighbours rarely share one: widen the ranges of the draws, or lower min", numwords.Count(n-1, "variant"), n),
				keyError(key), "min=%d, one variant fewer", n)
		}
	}
}

// A line may draw through at most 20000 combinations, all checked.
func TestLineCombinationLimit(t *testing.T) {
	assert.Equal(t, "t.key:4: this line draws through d, v, more than 20000 combinations to check; draw fewer values",
		keyError("draw d from 1..3\ndraw v from 1..6667\nwith values=-{v},{v}\nanswer a variance d={d}\n"))
	if raceEnabled {
		t.Skip("reading a key is sequential; 20000 parses under the race detector take seconds")
	}
	k := parseKey(t, "variants lesson-values=allow\ndraw p from 1..100\ndraw q from 1..200\nwith places={p}\nanswer a number value={q}\n")
	assert.Equal(t, "20000", k.VariantCount().String())
}

// Up to a million combinations, the variants are counted exactly: lines
// that draw independently multiply their counts, the lesson's values left
// out of each. Past a million the count is a lower bound.
func TestVariantCountExactToAMillion(t *testing.T) {
	if raceEnabled {
		t.Skip("counting is sequential; a million combinations under the race detector take seconds")
	}
	lines := []string{"answer a variance d={a}\n", "answer b std d={b}\n", "answer c variance d={c} values=-2,2\n"}
	for _, n := range []int{100, 101} {
		draws := fmt.Sprintf("draw a from 1..%d\ndraw b from 1..100\ndraw c from 1..100\n", n)
		product := big.NewInt(1)
		for _, l := range lines {
			one := parseKey(t, "variants min=1\n"+draws+l)
			product.Mul(product, one.VariantCount())
		}
		all := parseKey(t, draws+strings.Join(lines, ""))
		if n*100*100 <= 1_000_000 {
			assert.Equal(t, product.String(), all.VariantCount().String(), "%d combinations", n*100*100)
		} else {
			assert.LessOrEqual(t, all.VariantCount().Cmp(product), 0, "%d combinations: a lower bound", n*100*100)
			assert.Positive(t, all.VariantCount().Cmp(big.NewInt(900_000)))
		}
	}
}

// A template's mistake line that makes no question at some choice is
// refused as the same line of a key without draws is: naming the part.
func TestTemplateMistakeErrorNamesThePart(t *testing.T) {
	plain := keyError("answer a variance d=2\nmistake a std d=2 values=-x,x => the std\n")
	drawn := keyError("draw v from 1,x\nvariants min=1\nanswer a variance d=2\nmistake a std d=2 values=-{v},{v} => the std\n")
	assert.Equal(t, `t.key:2: mistake a: std: values=-x,x: alphabet entry "-x": "-x" is not a number (write an integer, a fraction p/q or a decimal like 0.25)`, plain)
	assert.Equal(t, strings.Replace(plain, "t.key:2:", "t.key:4:", 1)+" (when v = x)", drawn)
	// The same with a name and a credit before the question.
	plain = keyError("answer a variance d=2\nmistake a name=own credit=0.5 std d=2 values=-x,x => the std\n")
	drawn = keyError("draw v from 1,x\nvariants min=1\nanswer a variance d=2\nmistake a name=own credit=0.5 std d=2 values=-{v},{v} => the std\n")
	assert.Equal(t, strings.Replace(plain, "t.key:2:", "t.key:4:", 1)+" (when v = x)", drawn)
}

// A draw's comma list cannot reach maxChoices, so that the bound on a
// list (draw.go) is for lines that may someday be longer: a key's line
// holds at most claims.MaxLineBytes bytes, and each choice takes two.
func TestCommaListBoundedByTheLine(t *testing.T) {
	require.Less(t, claims.MaxLineBytes/2+1, maxChoices)
}

// The variants of a line that draws twice are counted combination by
// combination: the count is that of the pairs whose question the lesson
// does not print, asked of the claims checker one pair at a time. The
// choices put a printed pair at indices (1, 11), whose mirror (11, 1) is
// not printed, so that combinations told apart only by where one index
// ends and the next begins are still told apart.
func TestVariantsCountedPairByPair(t *testing.T) {
	printed := func(d, v string) bool {
		q, err := claims.ParseQuestion(fmt.Sprintf("variance d=%s values=-%s,%s", d, v, v), nil)
		require.NoError(t, err)
		return claims.LessonPrints(q)
	}
	lessonD := ""
	for d := 2; d <= 64 && lessonD == ""; d++ {
		if printed(strconv.Itoa(d), "1") {
			lessonD = strconv.Itoa(d)
		}
	}
	require.NotEmpty(t, lessonD, "the lesson prints a variance of ±1 entries")
	ds := []string{"101", lessonD, "102", "103", "104", "105", "106", "107", "108", "109", "110", "111"}
	vs := []string{"3", "2", "4", "5", "6", "7", "8", "9", "10", "11", "12", "1"}
	require.True(t, printed(ds[1], vs[11]))
	require.False(t, printed(ds[11], vs[1]))
	want := 0
	for _, d := range ds {
		for _, v := range vs {
			if !printed(d, v) {
				want++
			}
		}
	}
	k := parseKey(t, fmt.Sprintf("variants min=100\ndraw d from %s\ndraw v from %s\nanswer a variance d={d} values=-{v},{v}\n", strings.Join(ds, ","), strings.Join(vs, ",")))
	assert.Equal(t, int64(want), k.VariantCount().Int64())
}

// TestVariantsMinBounds: min= is read from 1 to 1,000,000, both ends
// included (a million is read, and then asks for more variants than a
// draw of ten gives), and refused one past either end.
func TestVariantsMinBounds(t *testing.T) {
	draws := "draw a from 1..10\nanswer a variance d={a}\n"
	_, err := ParseKey("t.key", strings.NewReader("variants min=1\n"+draws))
	assert.NoError(t, err)
	assert.Contains(t, keyError("variants min=1000000\n"+draws), "at least 1000000 are needed")
	for _, bad := range []string{"0", "1000001"} {
		assert.Equal(t, "t.key:1: variants: min="+bad+": write a whole number from 1 to 1000000", keyError("variants min="+bad+"\n"+draws), bad)
	}
}

// A drawn mistake line with a name and a credit but no question is
// refused as the same line without draws is, not read past its end.
func TestTemplateMistakeWithoutQuestion(t *testing.T) {
	plain := keyError("answer a variance d=2\nmistake a name=own credit=0.5 => off by 2\n")
	drawn := keyError("draw v from 1,3\nvariants min=1\nanswer a variance d=2\nmistake a name=own credit=0.5 => off by {v}\n")
	assert.Contains(t, plain, "t.key:2: mistake a")
	assert.Contains(t, drawn, "t.key:4: mistake a")
	assert.Contains(t, drawn, "the question is empty")
}
