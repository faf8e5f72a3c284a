package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestREADMEExamples runs every "$ sqrtdk ..." line of the README's code
// blocks and compares the output shown under it, so the README stays true.
// A block whose output elides lines with "..." is checked line by line for
// the lines it shows, in order.
func TestREADMEExamples(t *testing.T) {
	t.Chdir("../..") // the README's paths are relative to the repository root
	data, err := os.ReadFile("README.md")
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
		out, stderr, status := runCLI(t, args...)
		got := strings.Split(strings.TrimSuffix(out+stderr, "\n"), "\n")
		// Exit status 2 is bad input, shown only by an example whose output
		// is the error line.
		showsError := len(want) > 0 && strings.HasPrefix(want[0], "sqrtdk")
		if !(status == 0 || status == 1 || status == 2 && showsError) {
			t.Errorf("README line %q exits %d: %s", cmd, status, stderr)
			continue
		}
		checked++
		if !containsInOrder(got, want) {
			assert.Equal(t, strings.Join(want, "\n"), strings.Join(got, "\n"), "README example: sqrtdk %s", cmd)
		}
	}
	assert.Greater(t, checked, 5, "the README's examples were not found")
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
	return len(got) > 0 && got[0] == want[0] && containsInOrder(got[1:], want[1:])
}
