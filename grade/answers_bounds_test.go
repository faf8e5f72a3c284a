package grade

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/claims"
)

// parseAnswersText reads an answer file against the key.
func parseAnswersText(t *testing.T, k *Key, text string) *Answers {
	t.Helper()
	a, err := ParseAnswers("s.answers", strings.NewReader(text), k)
	require.NoError(t, err)
	return a
}

// TestAnswerProblemsCapped: an answer file keeps exactly maxProblems
// problems, the last saying how many more lines could not be read, for
// lines of an unknown question and for lines that are not UTF-8 alike
// (found by mutation testing: the bounds were unseen).
func TestAnswerProblemsCapped(t *testing.T) {
	k := parseKey(t, "answer a variance d=2\n")
	for name, line := range map[string]string{"unknown question": "zz 1\n", "not UTF-8": "a \xff\n"} {
		for _, extra := range []int{0, 1, 5} {
			a := parseAnswersText(t, k, strings.Repeat(line, maxProblems+extra))
			require.Len(t, a.Problems, maxProblems, "%s, %d more", name, extra)
			last := a.Problems[maxProblems-1].Error()
			if extra == 0 {
				require.NotContains(t, last, "more lines", name)
			} else {
				require.Contains(t, last, fmt.Sprintf("(and %d more lines that could not be read)", extra), name)
			}
		}
	}
}

// TestAnswerLineBounds: a NUL byte anywhere, the first byte of a line
// included, makes the file not text; a line of exactly
// claims.MaxLineBytes is read and one byte more is a problem; line
// numbers count runs of empty lines; a student line names an id once.
func TestAnswerLineBounds(t *testing.T) {
	k := parseKey(t, "answer a variance d=2\n")
	_, err := ParseAnswers("s.answers", strings.NewReader("a 2\n\x00b\n"), k)
	require.ErrorContains(t, err, "s.answers:2: the file is not text")

	line := "a 2 #"
	line += strings.Repeat("x", claims.MaxLineBytes-len(line))
	a := parseAnswersText(t, k, line+"\n")
	require.Empty(t, a.Problems)
	require.Equal(t, "2", a.ByPart["a"].Text)
	a = parseAnswersText(t, k, line+"x\n")
	require.Len(t, a.Problems, 1)
	require.Contains(t, a.Problems[0].Error(), fmt.Sprintf("the line is longer than %d bytes", claims.MaxLineBytes))
	// The same, read a byte and a half buffer at a time: a line is
	// bounded across reads, not only within one.
	for name, r := range map[string]func(io.Reader) io.Reader{"one byte": iotest.OneByteReader, "half": iotest.HalfReader} {
		a, err := ParseAnswers("s.answers", r(strings.NewReader(line+"\n")), k)
		require.NoError(t, err, name)
		require.Empty(t, a.Problems, name)
		a, err = ParseAnswers("s.answers", r(strings.NewReader(line+"x\n")), k)
		require.NoError(t, err, name)
		require.Len(t, a.Problems, 1, name)
		require.Contains(t, a.Problems[0].Error(), fmt.Sprintf("the line is longer than %d bytes", claims.MaxLineBytes), name)
	}

	a = parseAnswersText(t, k, "\n\n\n\nzz 1\n\n\nyy 2\n")
	require.Len(t, a.Problems, 2)
	require.Contains(t, a.Problems[0].Error(), "s.answers:5:")
	require.Contains(t, a.Problems[1].Error(), "s.answers:8:")

	a = parseAnswersText(t, k, "student ada\nstudent ada\nstudent bob\nstudent a b\n")
	require.Equal(t, "ada", a.Student)
	require.Len(t, a.Problems, 2)
	require.Contains(t, a.Problems[0].Error(), "s.answers:3: a second student line names bob; the first, ada, stands")
	require.Contains(t, a.Problems[1].Error(), "s.answers:4: student:")
}

// TestVisibleEveryControl: every C0 control becomes its control picture
// (a tab a space), DEL ␡, every C1 control and bidirectional override
// U+FFFD, at the ends of each range too, and every other rune of the first
// 256 and around the overrides passes unchanged (the bounds were unseen).
func TestVisibleEveryControl(t *testing.T) {
	runes := []rune{0x061b, 0x061c, 0x061d, 0x200d, 0x200e, 0x200f, 0x2010, 0x2029, 0x202a, 0x202e, 0x202f, 0x2065, 0x2066, 0x2069, 0x206a}
	for r := rune(0); r < 0x100; r++ {
		runes = append(runes, r)
	}
	bidi := map[rune]bool{0x061c: true, 0x200e: true, 0x200f: true, 0x202a: true, 0x202e: true, 0x2066: true, 0x2069: true}
	for _, r := range runes {
		want := r
		switch {
		case r == '\t':
			want = ' '
		case r < 0x20:
			want = 0x2400 + r
		case r == 0x7f:
			want = 0x2421
		case r >= 0x80 && r < 0xa0 || bidi[r]:
			want = 0xfffd
		}
		require.Equal(t, "a"+string(want)+"b", visible("a"+string(r)+"b"), "U+%04X", r)
		// Alone and repeated, with nothing printable around it to give it
		// away (found by mutation testing: a line of controls only was
		// never read).
		require.Equal(t, string(want), visible(string(r)), "U+%04X alone", r)
		require.Equal(t, strings.Repeat(string(want), 3), visible(strings.Repeat(string(r), 3)), "U+%04X thrice", r)
	}
}

// TestControlOnlyLineShownVisibly: an answer line made of control
// characters alone (an escape sequence's ESC, DEL, a C1 CSI) is quoted in
// the file's problem with their visible stand-ins, never raw, so a
// teacher's terminal shows what the student's file holds.
func TestControlOnlyLineShownVisibly(t *testing.T) {
	k := parseKey(t, "answer a variance d=2\n")
	for line, shown := range map[string]string{"\x1b\x1b": "␛␛", "\x7f": "␡", "\u009b\u0085": "\ufffd\ufffd"} {
		a := parseAnswersText(t, k, "a 2\n"+line+"\n")
		require.Len(t, a.Problems, 1, "%q", line)
		require.Contains(t, a.Problems[0].Error(), `s.answers:2: the key has no question "`+shown+`"`, "%q", line)
		require.Equal(t, "2", a.ByPart["a"].Text)
	}
}

// TestAnswerLineWithoutID: a line that starts with the colon or equals
// sign of "ID: ANSWER" and has no id is quoted whole in its problem, not
// as an empty id.
func TestAnswerLineWithoutID(t *testing.T) {
	k := parseKey(t, "answer a variance d=2\n")
	for _, line := range []string{":2", "=2"} {
		a := parseAnswersText(t, k, line+"\n")
		require.Len(t, a.Problems, 1, line)
		require.Contains(t, a.Problems[0].Error(), `s.answers:1: the key has no question "`+line+`"`)
		require.Empty(t, a.ByPart)
	}
	// With an id, either sign separates it from the answer.
	for _, line := range []string{"a:2", "a=2"} {
		require.Equal(t, "2", parseAnswersText(t, k, line+"\n").ByPart["a"].Text, line)
	}
}

// TestAnswersReadInPieces: an answer file read as a pipe or a network
// delivers it, one byte at a time, in halves of each read, or with the
// end of the file on the last data, gives the same answers, student and
// problems, line numbers included, as the file read whole: a line end
// at the start of a read ends the line before it (found by mutation
// testing: every file was read in one piece).
func TestAnswersReadInPieces(t *testing.T) {
	k := lessonKey(t)
	files := []struct {
		text  string
		lines []int // the lines of the file's problems
	}{
		{"student ada\n1.cases 65536\n1.raw 8.0\n\n\n1.sqrt 1.00\nzz 1\np4 4\n", []int{7}},
		{"\uFEFFstudent ada\r\n1 65536; 8.0; 1.00; 0.125\r\n\r\n\r\nzz 1\r\np4 4", []int{5}},
		{"student ada\r1.cases 65536\r\r1.raw 8.0\rzz 1\r\n\n1.raw 2.0\rp4 4\r", []int{5, 7}},
		{"\n\n\n1.cases 65536\n\n\nyy 2\n\n1.d 0.125 # one eighth\n\n", []int{7}},
	}
	readers := map[string]func(io.Reader) io.Reader{
		"one byte":  iotest.OneByteReader,
		"halves":    iotest.HalfReader,
		"EOF early": iotest.DataErrReader,
	}
	for _, f := range files {
		text := f.text
		whole := parseAnswersText(t, k, text)
		require.NotEmpty(t, whole.ByPart, "%q", text)
		var lines []int
		for _, p := range whole.Problems {
			lines = append(lines, p.Line)
		}
		require.Equal(t, f.lines, lines, "%q", text)
		for name, pieces := range readers {
			a, err := ParseAnswers("s.answers", pieces(strings.NewReader(text)), k)
			require.NoError(t, err, "%s: %q", name, text)
			require.Equal(t, whole.Student, a.Student, "%s: %q", name, text)
			require.Equal(t, whole.ByPart, a.ByPart, "%s: %q", name, text)
			require.Equal(t, fmt.Sprint(whole.Problems), fmt.Sprint(a.Problems), "%s: %q", name, text)
		}
	}
}

// TestShortListBound: n items are listed whole, n + 1 as n and "1 more".
func TestShortListBound(t *testing.T) {
	items := []string{"a", "b", "c"}
	require.Equal(t, "a, b, c", shortList(items, 3))
	require.Equal(t, "a, b and 1 more", shortList(items, 2))
}
