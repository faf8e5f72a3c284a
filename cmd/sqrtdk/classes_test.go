package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// handGrades reads a class's hand grades: per file and part, the mark,
// points and first named mistake a teacher gave before the tool ran; the
// flags the teacher expects per file; the files not graded.
type handGrades struct {
	parts  map[string]map[string][3]string // file -> part -> mark, points, mistake
	flags  map[string][]string
	absent map[string]string // roster student -> why not graded
}

func readHandGrades(t *testing.T, path string) handGrades {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	h := handGrades{parts: map[string]map[string][3]string{}, flags: map[string][]string{}, absent: map[string]string{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		w := strings.Fields(line)
		switch {
		case w[1] == "flag":
			h.flags[w[0]] = append(h.flags[w[0]], w[2])
		case w[1] == "not-graded":
			h.absent[w[0]] = strings.Join(w[2:], " ")
		default:
			require.Len(t, w, 5, line)
			if h.parts[w[0]] == nil {
				h.parts[w[0]] = map[string][3]string{}
			}
			h.parts[w[0]][w[1]] = [3]string{w[2], w[3], w[4]}
		}
	}
	require.NoError(t, sc.Err())
	return h
}

var handMarks = map[string]string{"R": "right", "S": "too few places", "W": "wrong", "U": "could not read", "-": "no answer"}

// TestHandGradedClasses grades the three classes of exercises/classes, whose
// every part was graded by hand before the tool ran, and checks that the
// tool agrees on every part (mark, points, first named mistake) and on
// every flag, and that a roster's student without a file keeps a row.
func TestHandGradedClasses(t *testing.T) {
	t.Chdir("../..")
	for _, c := range []struct {
		dir   string
		flags []string
	}{
		{"exercises/classes/a", []string{"--key", "exercises/classes/a/homework.key"}},
		{"exercises/classes/b", []string{"--key", "exercises/classes/b/quiz.key", "--seed", "quiz-2026", "--roster", "exercises/classes/b/roster.csv"}},
		{"exercises/classes/c", []string{"--key", "exercises/classes/c/exam.key"}},
	} {
		t.Run(filepath.Base(c.dir), func(t *testing.T) {
			hand := readHandGrades(t, filepath.Join(c.dir, "hand-grades.txt"))
			files, err := filepath.Glob(filepath.Join(c.dir, "*.answers"))
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(files), 25)
			args := append(append([]string{"grade", "--format", "json"}, c.flags...), files...)
			out, stderr, status := runCLI(t, args...)
			var class struct {
				Students []struct {
					Student, File, Error string
					Flags                []struct{ Name string }
					Answers              []struct {
						ID, Verdict, Mistake, Feedback string
						Answer                         *string
						Points                         json.Number
					}
				}
			}
			require.NoError(t, json.Unmarshal([]byte(out), &class), "%s", stderr)
			want := 1
			if len(hand.absent) > 0 {
				want = 3 // a roster's student without a file: graded, written, to review
			}
			assert.Equal(t, want, status, stderr)
			agree, total := 0, 0
			for _, s := range class.Students {
				if s.Error != "" {
					why, ok := hand.absent[s.Student]
					assert.True(t, ok, "%s (%s) not graded: %s", s.Student, s.File, s.Error)
					assert.Contains(t, s.Error, why)
					continue
				}
				name := filepath.Base(s.File)
				parts, ok := hand.parts[name]
				require.True(t, ok, "no hand grades for %s", name)
				for _, a := range s.Answers {
					h := parts[a.ID]
					total++
					mistake := a.Mistake
					if mistake == "" {
						mistake = "-"
					}
					text := "-"
					if a.Answer != nil {
						text = *a.Answer
					}
					if assert.Equal(t, [3]string{handMarks[h[0]], h[1], h[2]}, [3]string{a.Verdict, a.Points.String(), mistake},
						"%s %s %q: %s", name, a.ID, text, a.Feedback) {
						agree++
					}
				}
				var got []string
				for _, f := range s.Flags {
					got = append(got, f.Name)
				}
				wantFlags := append([]string(nil), hand.flags[name]...)
				sort.Strings(got)
				sort.Strings(wantFlags)
				assert.Equal(t, wantFlags, got, "flags of %s", name)
			}
			t.Logf("%s: the tool agrees with the hand grades on %d of %d parts", c.dir, agree, total)
			assert.Equal(t, total, agree)
		})
	}
}
