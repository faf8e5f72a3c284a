package claims

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A number as an answer writes it, at the edges of the number grammar: a
// sign apart from its digits, zero, the power of ten's range, a mantissa
// starting at its point, groups of thousands after a sign or a bracket,
// and a decimal comma at the ends of a number.
func TestNumberGrammarEdges(t *testing.T) {
	for _, c := range []struct {
		text    string
		comma   bool
		reading string // "" with err
		places  int
		err     string
	}{
		{"- 0.5", false, "-0.5, to 1 significant digit", 1, ""},
		{"+ 0.5", false, "0.5, to 1 significant digit", 1, ""},
		{"0", false, "0", 0, ""},
		{"00", false, "0", 0, ""},
		{"-0", false, "0", 0, ""},
		{"1e1000", false, "", -1000, ""},
		{"1e-1000", false, "", 1000, ""},
		{"1E+1000", false, "", -1000, ""},
		{"1e1001", false, "", 0, `"1e1001": the power of ten must be from -1000 to 1000`},
		{"1e-1001", false, "", 0, `"1e-1001": the power of ten must be from -1000 to 1000`},
		{".5e3", false, "500, to 1 significant digit", -2, ""},
		{"0.5e3", false, "500, to 1 significant digit", -2, ""},
		{"5.e3", false, "5000, to 1 significant digit", -3, ""},
		{"1.25e0", false, "1.25, to 3 significant digits", 2, ""},
		{"2 + 65 536", false, "65538", 0, ""},
		{"(65 536)", false, "65536", 0, ""},
		{"2*1 000", false, "2000", 0, ""},
		{"0.500 000", false, "", 0, `unexpected "000"`},
		{"1 000.5", false, "1000.5, to 5 significant digits", 1, ""},
		{"123 456", false, "123456", 0, ""},
		{"1 000", false, "1000, to 1 significant digit", -3, ""},
		{"1_000_000", false, "1000000, to 1 significant digit", -6, ""},
		{"1234 567", false, "", 0, `unexpected "567"`},
		{"1 00", false, "", 0, `unexpected "00"`},
		{"12 3456", false, "", 0, `unexpected "3456"`},
		{"012 345", false, "", 0, `unexpected "345"`},
		{"1,5", true, "1.5, to 2 significant digits", 1, ""},
		{"1,0", true, "1.0, to 2 significant digits", 1, ""},
		{",5", true, "", 0, `unexpected ","`},
		{"5,", true, "", 0, `unexpected ","`},
		{"5,a", true, "", 0, `unexpected ",a"`},
		{",", true, "", 0, `unexpected ","`},
		{",5", false, "", 0, `unexpected ","`},
		{"5,", false, "", 0, `unexpected ","`},
	} {
		a, err := readAnswer("count", c.text, 0, c.comma, false)
		if c.err != "" {
			if assert.Error(t, err, c.text) {
				assert.Contains(t, err.Error(), c.err, c.text)
			}
			continue
		}
		if !assert.NoError(t, err, c.text) {
			continue
		}
		if c.reading != "" {
			assert.Equal(t, c.reading, a.Reading(), c.text)
		}
		if f := a.Figures(); assert.Len(t, f, 1, c.text) && f[0].IsDecimal() {
			assert.Equal(t, c.places, f[0].Places(), c.text)
		}
	}
}

// A decimal shorter than the places a question sets had its trailing
// zeros dropped by the printer: they are shown digits. A decimal read as
// cut off stands for the numbers from it away from 0, a negative zero
// below 0.
func TestPrintedDecimalEdges(t *testing.T) {
	for answer, want := range map[string]string{"0.12": "0.120, to 3 significant digits", "0.1": "0.100, to 3 significant digits",
		"0.125": "0.125, to 3 significant digits", "0.": "0.000, to 3 significant digits"} {
		a, err := readFor(t, "variance d=8 scale=d places=3", answer, false)
		if assert.NoError(t, err, answer) {
			assert.Equal(t, want, a.Reading(), answer)
		}
	}
	for text, want := range map[string][2]bool{"0.0": {true, false}, "-0.0": {false, true}, "0.1": {false, false}} {
		a, err := readAnswer("count", text, 0, false, false)
		if assert.NoError(t, err, text) {
			f := a.Truncated().Figures()[0]
			assert.Equal(t, want, [2]bool{f.Matches(rational.NewFrac(1, 20)), f.Matches(rational.NewFrac(-1, 20))}, text)
		}
	}
}
