package textline

import (
	"bufio"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
)

func lines(t *testing.T, text string, oneByte bool) []string {
	t.Helper()
	r := strings.NewReader(text)
	sc := bufio.NewScanner(r)
	if oneByte {
		sc = bufio.NewScanner(iotest.OneByteReader(strings.NewReader(text)))
	}
	sc.Split(ScanLines)
	var out []string
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	assert.NoError(t, sc.Err())
	return out
}

// Every line end reads the same, also when the reader hands over one byte
// at a time (a CR and its LF in different reads).
func TestScanLines(t *testing.T) {
	for text, want := range map[string][]string{
		"a\nb\n":        {"a", "b"},
		"a\r\nb\r\n":    {"a", "b"},
		"a\rb\r":        {"a", "b"},
		"a\rb":          {"a", "b"},
		"a\r\rb":        {"a", "", "b"},
		"a\n\r\nb\r":    {"a", "", "b"},
		"a\r\n\nb":      {"a", "", "b"},
		"\r":            {""},
		"":              nil,
		"no end":        {"no end"},
		"# c\rx is 1\r": {"# c", "x is 1"},
	} {
		for _, oneByte := range []bool{false, true} {
			assert.Equal(t, want, lines(t, text, oneByte), "%q (one byte at a time: %v)", text, oneByte)
		}
	}
}
