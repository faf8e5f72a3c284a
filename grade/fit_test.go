package grade

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// otherVariantFlag grades a student's answers (their student line added)
// against the student's variant of tmpl and returns what the
// other-variant flag says, or "" when the file is not flagged.
func otherVariantFlag(t *testing.T, g *Grader, tmpl *Key, student, answers string) string {
	t.Helper()
	v, err := tmpl.Variant("2026", student)
	require.NoError(t, err)
	a, err := ParseAnswers(student+".answers", strings.NewReader("student "+student+"\n"+answers), tmpl)
	require.NoError(t, err)
	r, err := g.Grade(context.Background(), v, a)
	require.NoError(t, err)
	for _, f := range r.Flags {
		if f.Name == "other-variant" {
			return f.Says
		}
	}
	return ""
}

func variantsKey(t *testing.T) *Key {
	t.Helper()
	f, err := os.Open("../exercises/variants.key")
	require.NoError(t, err)
	defer f.Close()
	tmpl, err := ParseKey("exercises/variants.key", f)
	require.NoError(t, err)
	return tmpl
}

// TestOtherVariantNeedsTwoMoreParts: ada's variant has d = 5; answers
// that hold at d = 7 in 0 to 3 more parts than at d = 5 are flagged
// exactly when 2 or more do, and the flag gives both counts. A wrong
// answer explained by a named mistake counts as holding in her own
// variant (2^5 for 4^5 pairs), and a wrong answer to a part that does not
// depend on d holds in neither (found by mutation testing: the bound of 2,
// and both counts, were unseen).
func TestOtherVariantNeedsTwoMoreParts(t *testing.T) {
	tmpl := variantsKey(t)
	g := NewGrader(Options{})
	rest := "1.sqrt 1.00\n2 4802.0 2401.00\n3 shrinks\n" // right at d = 5 and at d = 7
	for _, c := range []struct {
		name, answers string
		there, here   int // 0 when not flagged
	}{
		{"one part at d = 7", "1.raw 7.0\n" + rest, 0, 0},
		{"two parts at d = 7", "1.raw 7.0\n1.d 0.143\n" + rest, 6, 4},
		{"three parts at d = 7", "1.cases 16384\n1.raw 7.0\n1.d 0.143\n" + rest, 7, 4},
		{"two at d = 7, one right at d = 5", "1.cases 1024\n1.raw 7.0\n1.d 0.143\n" + rest, 0, 0},
		{"two at d = 7, one explained at d = 5", "1.cases 2^5\n1.raw 7.0\n1.d 0.143\n" + rest, 0, 0},
		{"one at d = 7, one wrong that depends on a alone", "1.raw 7.0\n1.sqrt 1.00\n2 1.5 2401.00\n3 shrinks\n", 0, 0},
	} {
		says := otherVariantFlag(t, g, tmpl, "ada", c.answers)
		if c.there == 0 {
			assert.Empty(t, says, c.name)
			continue
		}
		assert.Contains(t, says, "These answers fit the variant d = 7, a = 7, s = d^3/4 better than student ada's own (d = 5, a = 7, s = d^3/4)", c.name)
		assert.Contains(t, says, fmt.Sprintf(": %d parts hold there, %d here", c.there, c.here), c.name)
	}
}

// fitTemplate has two draws and five parts: a depends on both, b to e on
// x alone. Ada's variant is x = 2, y = 9.
const fitTemplate = "variants min=10 lesson-values=allow\ndraw x from 1..9\ndraw y from 1..9\n" +
	"answer a number value={x}/{y}\nanswer b number value={x}\nanswer c number value={x}\nanswer d number value={x}\nanswer e number value={x}\n"

// TestOtherVariantVotes: each wrong answer gives one vote, shared among
// the variants it fits, and a tie goes to the first choice of the draw.
// Ada (x = 2, y = 9) answers a = 1/2, which fits x/y = 1/2, 2/4, 3/6 and
// 4/8 (a quarter vote each), and b = c = 5: x = 5 wins by 2 votes to a
// quarter, and y = 2 by a quarter to none, and b and c hold there. Two
// answers for x = 3 and two for x = 7 tie: x = 3 is named.
func TestOtherVariantVotes(t *testing.T) {
	tmpl := parseKey(t, fitTemplate)
	v, err := tmpl.Variant("2026", "ada")
	require.NoError(t, err)
	require.Equal(t, map[string]string{"x": "2", "y": "9"}, v.Values)
	g := NewGrader(Options{})
	says := otherVariantFlag(t, g, tmpl, "ada", "a 1/2\nb 5\nc 5\n")
	assert.Contains(t, says, "fit the variant x = 5, y = 2 better than student ada's own (x = 2, y = 9): 2 parts hold there, 0 here")
	says = otherVariantFlag(t, g, tmpl, "ada", "b 3\nc 3\nd 7\ne 7\n")
	assert.Contains(t, says, "fit the variant x = 3, y = 9 better than student ada's own (x = 2, y = 9): 2 parts hold there, 0 here")
	// The parts judged at other variants are kept for the next file.
	n := len(g.variantParts)
	assert.NotZero(t, n)
	otherVariantFlag(t, g, tmpl, "ada", "b 3\nc 3\nd 7\ne 7\n")
	assert.Equal(t, n, len(g.variantParts), "the same file again judges no new part")
}

// TestOtherVariantSearchBound: a part whose draws give maxFitCombos
// combinations is searched for the variant its answer fits, one more is
// not (a student whose two answers fit x = 1234 is flagged when x is
// drawn from 1..2000, not from 1..2001).
func TestOtherVariantSearchBound(t *testing.T) {
	g := NewGrader(Options{})
	for _, n := range []int{maxFitCombos, maxFitCombos + 1} {
		tmpl := parseKey(t, fmt.Sprintf("variants lesson-values=allow\ndraw x from 1..%d\nanswer a number value={x}\nanswer b number value={x}\n", n))
		v, err := tmpl.Variant("2026", "ada")
		require.NoError(t, err)
		require.NotEqual(t, "1234", v.Values["x"])
		says := otherVariantFlag(t, g, tmpl, "ada", "a 1234\nb 1234\n")
		if n <= maxFitCombos {
			assert.Contains(t, says, "fit the variant x = 1234 better", "x from 1..%d", n)
		} else {
			assert.Empty(t, says, "x from 1..%d", n)
		}
	}
}

// TestExplainedAnswersDoNotVote: a wrong answer that a named mistake
// explains is not searched for the variant it fits, so it cannot pull the
// variant looked at towards itself. Ada (x = 2) answers 7 in three parts
// (x = 7), 4 in two (x = 4), and 4 in two parts where the key names 4 a
// mistake: x = 7 is looked at (3 votes to 2) and gains one part only, so
// she is not flagged; had the explained answers voted, x = 4 (4 votes)
// would gain two.
func TestExplainedAnswersDoNotVote(t *testing.T) {
	var key strings.Builder
	key.WriteString("variants min=5 lesson-values=allow\ndraw x from 1..9\n")
	for _, id := range []string{"u1", "u2", "u3", "u4", "u5", "e1", "e2"} {
		fmt.Fprintf(&key, "answer %s number value={x}\n", id)
		if id[0] == 'e' {
			fmt.Fprintf(&key, "mistake %s name=four number value=4 => This is 4.\n", id)
		}
	}
	tmpl := parseKey(t, key.String())
	v, err := tmpl.Variant("2026", "ada")
	require.NoError(t, err)
	require.Equal(t, "2", v.Values["x"])
	g := NewGrader(Options{})
	assert.Empty(t, otherVariantFlag(t, g, tmpl, "ada", "u1 7\nu2 7\nu3 7\nu4 4\nu5 4\ne1 4\ne2 4\n"))
	// Without the explained answers' parts, x = 7 gains three: flagged.
	assert.Contains(t, otherVariantFlag(t, g, tmpl, "ada", "u1 7\nu2 7\nu3 7\nu4 4\nu5 4\n"), "fit the variant x = 7 better than student ada's own (x = 2): 3 parts hold there, 0 here")
}

// TestOtherVariantNamesItsOwner: a file flagged for fitting another
// variant is told whose variant that is when a classmate in the same run
// has it, and only then; a file of a plain key has no variant to own.
func TestOtherVariantNamesItsOwner(t *testing.T) {
	tmpl := variantsKey(t)
	g := NewGrader(Options{})
	grade := func(student, answers string) *Result {
		v, err := tmpl.Variant("2026", student)
		require.NoError(t, err)
		a, err := ParseAnswers(student+".answers", strings.NewReader("student "+student+"\n"+answers), tmpl)
		require.NoError(t, err)
		r, err := g.Grade(context.Background(), v, a)
		require.NoError(t, err)
		return r
	}
	fitting := "1 16384 7.0 1.00 0.143\n2 4802.0 2401.00\n3 shrinks\n" // ada's answers at d = 7
	ada := grade("ada", fitting)
	var fit map[string]string
	for _, f := range ada.Flags {
		if f.Name == "other-variant" {
			fit = f.values
		}
	}
	require.NotNil(t, fit)
	owner, stranger := "", ""
	for i := 0; owner == "" || stranger == ""; i++ {
		require.Less(t, i, 10000, "no student of 10,000 has the variant")
		name := fmt.Sprintf("s%d", i)
		v, err := tmpl.Variant("2026", name)
		require.NoError(t, err)
		if valuesKey(v.Values) == valuesKey(fit) {
			owner = name
		} else if stranger == "" {
			stranger = name
		}
	}
	says := func(rs ...*Result) string {
		Compare(rs)
		for _, f := range rs[0].Flags {
			if f.Name == "other-variant" {
				return f.Says
			}
		}
		return ""
	}
	assert.True(t, strings.HasSuffix(says(grade("ada", fitting), grade(owner, ""), grade(stranger, "")), " That variant is "+owner+"'s."))
	alone := says(grade("ada", fitting), grade(stranger, ""))
	assert.NotEmpty(t, alone)
	assert.NotContains(t, alone, "That variant is")
	plain := parseKey(t, "answer 1.raw variance d=5\n")
	a, err := ParseAnswers("p.answers", strings.NewReader("student "+owner+"\n1.raw 5\n"), plain)
	require.NoError(t, err)
	p, err := g.Grade(context.Background(), plain, a)
	require.NoError(t, err)
	assert.NotContains(t, says(grade("ada", fitting), p), "That variant is", "a plain key's file owns no variant")
}
