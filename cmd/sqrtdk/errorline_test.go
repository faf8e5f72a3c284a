package main

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestErrorLineEscapes(t *testing.T) {
	for in, want := range map[string]string{
		"sqrtdk grade: bad\nname.answers:3: x":         `sqrtdk grade: bad\nname.answers:3: x`,
		"answer \x1b[2J\x1b[31mred\x07 bell":           `answer \x1b[2J\x1b[31mred\x07 bell`,
		"tab\there, cr\rthere, del\x7f":                `tab\there, cr\rthere, del\x7f`,
		"bidi \u202eevil\u202c and c1 \u009b":          `bidi \u202eevil\u202c and c1 \u009b`,
		"not utf-8: \xff\xfe end":                      `not utf-8: \xff\xfe end`,
		"plain √d_k = 8 and ≈ 4096 stay as they are ±": "plain √d_k = 8 and ≈ 4096 stay as they are ±",
	} {
		got := errorLine(in)
		assert.Equal(t, want, got)
		assert.NotContains(t, got, "\n")
	}
}

func TestErrorLineLength(t *testing.T) {
	long := strings.Repeat("x", 10_000)
	for _, in := range []string{
		"sqrtdk merge: shard file /tmp/" + long + "/s.json: is empty (was the shard run interrupted?)",
		"sqrtdk table: --d: d_k must be a positive integer, not \"" + long + "\"",
		"sqrtdk check: " + strings.Repeat("word ", 200),
		"sqrtdk grade: " + strings.Repeat("ü", 300) + " " + strings.Repeat("é", 300),
		strings.Repeat("\n", 500),
	} {
		got := errorLine(in)
		assert.LessOrEqual(t, utf8.RuneCountInString(got), maxLineRunes, got)
		assert.True(t, strings.HasPrefix(got, in[:min(len(in), 10)]) || strings.HasPrefix(in, "\n"), got)
		assert.True(t, utf8.ValidString(got))
	}
	// The pieces around a long one stay whole: the command, what is wrong.
	got := errorLine("sqrtdk merge: shard file /tmp/" + long + "/s.json: is empty (was the shard run interrupted?)")
	assert.True(t, strings.HasPrefix(got, "sqrtdk merge: shard file /tmp/xxx"), got)
	assert.True(t, strings.HasSuffix(got, "xx…/s.json: is empty (was the shard run interrupted?)"), got)
	// Many short words: the start and the advice at the end stay.
	got = errorLine("sqrtdk dist: brute force over 16 pairs" + strings.Repeat(" would take long", 20) + "; or allow more time with --max-time")
	assert.True(t, strings.HasPrefix(got, "sqrtdk dist: brute force over 16 pairs would"), got)
	assert.True(t, strings.HasSuffix(got, "or allow more time with --max-time"), got)
	assert.Len(t, []rune(got), maxLineRunes)
	// A line too long for its path loses the path's folders first, and
	// keeps every word of the message; fractions are not paths.
	refusal := "huge.key:1: the closed form at d_k = 9000 (for the whole distribution) would hold about 104 GiB (limit 1 GiB); choose a smaller d_k, or allow more memory with --max-memory"
	got = errorLine("sqrtdk grade: /tmp/TestGradeBadInput1214095218/001/" + refusal)
	assert.Equal(t, "sqrtdk grade: …/"+refusal, got)
	got = errorLine("sqrtdk table: scale d^1/4 at 1/8 in ./a/b/c.json" + strings.Repeat(" word", 40))
	assert.True(t, strings.HasPrefix(got, "sqrtdk table: scale d^1/4 at 1/8 in …/c.json word"), got)
	got = errorLine(`sqrtdk check: "/tmp/TestX123/001/a.claims": cannot read` + strings.Repeat(" word", 40))
	assert.True(t, strings.HasPrefix(got, `sqrtdk check: "…/a.claims": cannot read word`), got)
	// A short line is unchanged.
	assert.Equal(t, "sqrtdk table: --d: d_k must be a positive integer, not \"0\"", errorLine("sqrtdk table: --d: d_k must be a positive integer, not \"0\""))
}

// A class run reports each unreadable answer file on a line of its own,
// through the one sanitiser: a newline in a file's name does not split
// it, a terminal escape in a file is not sent to the teacher's terminal,
// and a huge line is cut.
func TestClassRunErrorLines(t *testing.T) {
	dir := t.TempDir()
	t.Chdir("../..")
	bad := dir + "/bad\nname.answers"
	// Not text (a NUL byte): the file is rejected, and its line printed.
	require.NoError(t, os.WriteFile(bad, []byte("student eve\n\x00\x1b[2J\x1b[31m 12\n"), 0o644))
	long := dir + "/" + strings.Repeat("n", 200) + ".answers"
	require.NoError(t, os.WriteFile(long, []byte("student "+strings.Repeat("z", 3000)+" x\n\x00\n"), 0o644))
	_, stderr, code := runCLI(t, "grade", "--key", "exercises/lesson.key", bad, long, "exercises/right.answers")
	assert.Equal(t, 3, code, "the class is graded and written, with rows to review")
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	assert.Len(t, lines, 3, stderr)
	for _, l := range lines {
		assert.LessOrEqual(t, utf8.RuneCountInString(l), maxLineRunes, l)
		assert.NotContains(t, l, "\x1b")
		assert.True(t, strings.HasPrefix(l, "sqrtdk grade: "), l)
	}
	assert.Contains(t, lines[0], `bad\nname.answers`)
}
