package mathml

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestHTML(t *testing.T) {
	for in, want := range map[string]string{
		"d_k":        `<math display="inline"><mrow><msub><mi>d</mi><mi>k</mi></msub></mrow></math>`,
		"2*sqrt(2).": `<math display="inline"><mrow><mn>2</mn><mo>·</mo><msqrt><mn>2</mn></msqrt></mrow></math>.`,
		"d_k^(1/4)":  `<math display="inline"><mrow><msup><mrow><msub><mi>d</mi><mi>k</mi></msub></mrow><mrow><mn>1</mn><mo>/</mo><mn>4</mn></mrow></msup></mrow></math>`,
		"(2√2)":      `<math display="inline"><mrow><mo>(</mo><mn>2</mn><msqrt><mn>2</mn></msqrt><mo>)</mo></mrow></math>`,
		"√d_k)":      `<math display="inline"><mrow><msqrt><msub><mi>d</mi><mi>k</mi></msub></msqrt></mrow></math>)`,
		"q_i·k_i":    `<math display="inline"><mrow><msub><mi>q</mi><mi>i</mi></msub><mo>·</mo><msub><mi>k</mi><mi>i</mi></msub></mrow></math>`,
		"4^8":        `<math display="inline"><mrow><msup><mrow><mn>4</mn></mrow><mrow><mn>8</mn></mrow></msup></mrow></math>`,
		"Right.":     `Right.`,
		"1/8, 65536": `1/8, 65536`,
		"a<b_c":      `<math display="inline"><mrow><mi>a</mi><mo>&lt;</mo><msub><mi>b</mi><mi>c</mi></msub></mrow></math>`,
		"a&b_c":      `a&amp;b_c`, // not an expression: escaped text
		"<script>_x": `&lt;script&gt;_x`,
		"d_":         `d_`,
		"\"x^2\"":    `&#34;<math display="inline"><mrow><msup><mrow><mi>x</mi></mrow><mrow><mn>2</mn></mrow></msup></mrow></math>&#34;`,
	} {
		assert.Equal(t, want, HTML(in), in)
	}
}

// TestHTMLText: whatever the text, what HTML writes shows the same
// characters but for its markup (the operators it draws, the exponent's
// parentheses), and holds no tag but MathML's.
func TestHTMLText(t *testing.T) {
	tags := regexp.MustCompile(`<(/?)([a-z]+)[^>]*>`)
	for _, in := range []string{"Var(q·k / √d_k) at d_k = 8", "does Var(q·k / d_k^(1/4)) grow?", "x <b>bold</b> y_1", "a & b_c^(", "2*sqrt(2)", "E[x²] = 4, so q_i·k_i has variance 16"} {
		out := HTML(in)
		for _, m := range tags.FindAllStringSubmatch(out, -1) {
			assert.Contains(t, []string{"math", "mrow", "mi", "mn", "mo", "msub", "msup", "msqrt"}, m[2], "%q gives %s", in, out)
		}
	}
}
