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

// hideParts returns text with visibility=hidden on the answer lines of the
// parts hide names.
func hideParts(text string, hide map[string]bool) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "answer" && hide[f[1]] {
			lines[i] = l + " visibility=hidden"
		}
	}
	return strings.Join(lines, "\n")
}

// TestVisibleTextGradesAsTheKey hides subsets of the lesson's parts and
// grades the shipped answer files with the full key and with its visible
// text: every visible part gets the same verdict, points, feedback,
// mistakes and exact value, and nothing of a hidden part is left.
func TestVisibleTextGradesAsTheKey(t *testing.T) {
	raw, err := os.ReadFile("../exercises/lesson.key")
	require.NoError(t, err)
	full := lessonKey(t)
	var ids []string
	for _, p := range full.Parts() {
		ids = append(ids, p.ID)
	}
	subsets := []map[string]bool{{}}
	for shift := range 4 { // every fourth part, from four starts
		s := map[string]bool{}
		for i := shift; i < len(ids); i += 4 {
			s[ids[i]] = true
		}
		subsets = append(subsets, s)
	}
	// The parts with a hint or a mistake of the key's own, and all but one.
	subsets = append(subsets, map[string]bool{"1.cases": true, "p1": true, "p3.var": true})
	allButOne := map[string]bool{}
	for _, id := range ids[1:] {
		allButOne[id] = true
	}
	subsets = append(subsets, allButOne)

	g := NewGrader()
	ctx := context.Background()
	for _, hide := range subsets {
		text := hideParts(string(raw), hide)
		k, err := ParseKey("lesson.key", strings.NewReader(text))
		require.NoError(t, err)
		vt, err := k.VisibleText()
		require.NoError(t, err)
		require.Equal(t, strings.Count(text, "\n"), strings.Count(vt, "\n"), "line numbers are kept")
		vk, err := ParseKey("lesson.key", strings.NewReader(vt))
		require.NoError(t, err)
		for id := range hide {
			assert.Nil(t, vk.Part(id), "hidden part %s", id)
			for _, l := range strings.Split(vt, "\n") {
				f := strings.Fields(l)
				assert.False(t, len(f) > 1 && f[1] == id, "a line of hidden part %s is left: %q", id, l)
			}
		}
		for _, p := range full.Parts() {
			if hide[p.ID] {
				if p.Hint != "" {
					assert.NotContains(t, vt, p.Hint)
				}
				continue
			}
			assert.NotNil(t, vk.Part(p.ID), "visible part %s", p.ID)
		}
		assert.NotContains(t, vt, "#", "comments are dropped")
		for _, name := range []string{"right.answers", "mistakes.answers"} {
			f, err := os.Open("../exercises/" + name)
			require.NoError(t, err)
			a, err := ParseAnswers(name, f, k)
			f.Close()
			require.NoError(t, err)
			want, err := g.Grade(ctx, k, a)
			require.NoError(t, err)
			va := &Answers{Name: a.Name, Student: a.Student, ByPart: map[string]Answer{}}
			for id, ans := range a.ByPart {
				if !hide[id] {
					va.ByPart[id] = ans
				}
			}
			got, err := g.Grade(ctx, vk, va)
			require.NoError(t, err)
			byID := map[string]PartResult{}
			for _, r := range got.Parts {
				byID[r.Part.ID] = r
			}
			for _, w := range want.Parts {
				if hide[w.Part.ID] {
					continue
				}
				r := byID[w.Part.ID]
				msg := fmt.Sprintf("%s, part %s, hiding %v", name, w.Part.ID, hide)
				assert.Equal(t, w.Mark, r.Mark, msg)
				assert.Equal(t, 0, w.Points.Cmp(r.Points), msg)
				assert.Equal(t, w.Feedback, r.Feedback, msg)
				assert.Equal(t, w.Mistakes, r.Mistakes, msg)
				assert.Equal(t, w.Exact, r.Exact, msg)
			}
		}
	}
}

// TestVisibleTextOfAVariant: the drawn values are in place, the draw lines
// gone, and a template is refused.
func TestVisibleTextOfAVariant(t *testing.T) {
	f, err := os.Open("../exercises/variants.key")
	require.NoError(t, err)
	defer f.Close()
	tmpl, err := ParseKey("variants.key", f)
	require.NoError(t, err)
	_, err = tmpl.VisibleText()
	require.Error(t, err)
	v, err := tmpl.Variant("s1", "ada")
	require.NoError(t, err)
	vt, err := v.VisibleText()
	require.NoError(t, err)
	assert.NotContains(t, vt, "{")
	assert.NotContains(t, vt, "draw")
	vk, err := ParseKey("variants.key", strings.NewReader(vt))
	require.NoError(t, err)
	assert.False(t, vk.IsTemplate())
	for _, p := range v.Parts() {
		assert.Equal(t, p.Claim.Text, vk.Part(p.ID).Claim.Text)
	}
}
