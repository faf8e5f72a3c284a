package repotest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docFiles are the files whose examples TestDocExamples runs: the README
// and the manual in docs/.
func docFiles(t *testing.T) []string {
	t.Helper()
	manual, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	return append([]string{filepath.Join(root, "README.md")}, manual...)
}

// TestDocExamples runs every "$ sqrtdk ..." line of the code blocks of
// README.md and docs/*.md (from the repository's root, as the text's
// paths are) and compares the output shown under it, so the text stays
// true. A block whose output elides lines with "..." is checked line by
// line for the lines it shows, in order.
func TestDocExamples(t *testing.T) {
	checked := 0
	for _, path := range docFiles(t) {
		n := checkExamples(t, path)
		t.Logf("%s: %d examples", filepath.Base(path), n)
		checked += n
	}
	assert.Greater(t, checked, 5, "the examples were not found")
}

// checkExamples runs the examples of one file and returns how many it
// checked.
func checkExamples(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	name, err := filepath.Rel(root, path)
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	inBlock := false
	checked := 0
	for i := 0; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "```") {
			inBlock = !inBlock
			continue
		}
		cmd, ok := strings.CutPrefix(lines[i], "$ sqrtdk ")
		if !inBlock || !ok {
			continue
		}
		if c, _, found := strings.Cut(cmd, " #"); found {
			cmd = c
		}
		var want []string
		for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") && !strings.HasPrefix(lines[i+1], "```") {
			i++
			want = append(want, lines[i])
		}
		args := splitArgs(cmd)
		out, stderr, status := sqrtdk(t, root, args...)
		got := strings.Split(strings.TrimSuffix(out+stderr, "\n"), "\n")
		// Exit status 2 is bad input, shown only by an example whose output
		// is the error line.
		showsError := len(want) > 0 && strings.HasPrefix(want[0], "sqrtdk")
		if !(status == 0 || status == 1 || status == 2 && showsError) {
			t.Errorf("%s line %q exits %d: %s", name, cmd, status, stderr)
			continue
		}
		checked++
		if !containsInOrder(got, want) {
			assert.Equal(t, strings.Join(want, "\n"), strings.Join(got, "\n"), "%s example: sqrtdk %s", name, cmd)
		}
	}
	return checked
}

// splitArgs splits a shell-like command line on spaces, honouring double
// and single quotes (neither with escapes).
func splitArgs(s string) []string {
	var out []string
	var cur strings.Builder
	var quote rune // the open quote, or 0
	started := false
	for _, r := range s {
		switch {
		case (r == '"' || r == '\'') && (quote == 0 || quote == r):
			if quote == 0 {
				quote = r
			} else {
				quote = 0
			}
			started = true
		case r == ' ' && quote == 0:
			if started {
				out = append(out, cur.String())
				cur.Reset()
				started = false
			}
		default:
			cur.WriteRune(r)
			started = true
		}
	}
	if started {
		out = append(out, cur.String())
	}
	return out
}

// containsInOrder reports whether got equals want, where a want line "..."
// stands for any number of got lines.
func containsInOrder(got, want []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for skip := 0; skip <= len(got); skip++ {
			if containsInOrder(got[skip:], want[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && lineMatches(got[0], want[0]) && containsInOrder(got[1:], want[1:])
}

// machineDependent marks, in a README output line, a part that differs
// from machine to machine, such as the time an enumeration would take
// here: it matches any text.
const machineDependent = "<…>"

// lineMatches reports whether an output line is the README's line, whose
// machineDependent parts match anything.
func lineMatches(got, want string) bool {
	parts := strings.Split(want, machineDependent)
	if len(parts) == 1 {
		return got == want
	}
	if len(got) < len(parts[0])+len(parts[len(parts)-1]) || !strings.HasPrefix(got, parts[0]) || !strings.HasSuffix(got, parts[len(parts)-1]) {
		return false
	}
	rest := got[len(parts[0]) : len(got)-len(parts[len(parts)-1])]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	return true
}

func TestLineMatches(t *testing.T) {
	for _, c := range []struct {
		got, want string
		ok        bool
	}{
		{"about 3 hours here (limit 1 hour)", "about <…> here (limit 1 hour)", true},
		{"about 3 hours here (limit 2 hours)", "about <…> here (limit 1 hour)", false},
		{"a 1 b 2 c", "a <…> b <…> c", true},
		{"a 1 c 2 b", "a <…> b <…> c", false},
		{"ab", "ab<…>b", false},
		{"same", "same", true},
		{"other", "same", false},
	} {
		assert.Equal(t, c.ok, lineMatches(c.got, c.want), "%q ~ %q", c.got, c.want)
	}
}
