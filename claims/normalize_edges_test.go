package claims

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Pasted LaTeX and typographic signs read as the plain notation they
// stand for; a command cut short is refused as the text it is, never read
// as another number.
func TestNormalizeEdges(t *testing.T) {
	for _, c := range []struct{ text, reading, err string }{
		{"−5", "-5", ""},
		{"1÷8", "1/8", ""},
		{"1∕8", "1/8", ""},
		{"2∗3", "6", ""},
		{"2⋅3", "6", ""},
		{"2**3", "8", ""},
		{"2*", "", "ends too early"},
		{"2∗", "", "ends too early"},
		{"2¹⁶", "65536", ""},
		{"2½", "5/2", ""},
		{"½", "1/2", ""},
		{"``", "", "unexpected \"`\""},
		{"$2^{16}$", "65536", ""},
		{`$4096 \approx 4100$`, "4096 and 4100, to 2 significant digits", ""},
		{`\sqrt[3]{8}`, "2", ""},
		{`\sqrt4`, "2", ""},
		{`\sqrt 4`, "2", ""},
		{`\sqrt{4}`, "2", ""},
		{`\frac{1}{8}`, "1/8", ""},
		{`65536 \text{ pairs}`, "65536", ""},
		{`1\;000`, "1000, to 1 significant digit", ""},
		{`1\,000`, "1000, to 1 significant digit", ""},
		{`50\%`, "0.50, to 2 significant digits", ""},
		{`\zeta`, "", `"zeta" is not a number`},
		{`\Alpha`, "", `"Alpha" is not a number`},
		{`\Zeta`, "", `"Zeta" is not a number`},
		{`\alpha`, "", `"alpha" is not a number`},
		{`5\`, "5", ""},
		{`1 + \sqrt `, "", ``},
		{`\frac{1}`, "1", ""},
		{`\frac{1`, "", ``},
		{`\sqrt[3`, "", ``},
	} {
		a, err := readAnswer("count", c.text, 0, false, false)
		if c.reading == "" {
			if assert.Error(t, err, c.text) {
				assert.Contains(t, err.Error(), c.err, c.text)
			}
			continue
		}
		if assert.NoError(t, err, c.text) {
			assert.Equal(t, c.reading, a.Reading(), c.text)
		}
	}
}
