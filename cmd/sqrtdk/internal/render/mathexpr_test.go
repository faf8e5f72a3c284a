package render

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMathLineExamples(t *testing.T) {
	for in, want := range map[string]string{
		"E[q_i] = 0": `$\mathrm{E}[q_{i}] = 0$`,
		"Var(q·k/√d_k) = 1, as Var(x·X) = x²·Var(X)":                    `$\mathrm{Var}(q \cdot k/\sqrt{d_{k}}) = 1$, as $\mathrm{Var}(x \cdot X) = x^{2} \cdot \mathrm{Var}(X)$`,
		"d_k·Var(q_i·k_i) + d_k(d_k−1)·Cov(q_i·k_i, q_j·k_j) = d_k":     `$d_{k} \cdot \mathrm{Var}(q_{i} \cdot k_{i}) + d_{k} (d_{k} - 1) \cdot \mathrm{Cov}(q_{i} \cdot k_{i}, q_{j} \cdot k_{j}) = d_{k}$`,
		"q_i from {-1 -1, -1 1, 1 -1, 1 1}, weight 1/4":                 `$q_{i}$ from $\{-1\;-1, -1\;1, 1\;-1, 1\;1\}$, weight $\frac{1}{4}$`,
		"Var(q·k / d^3/4) at d_k = 1..1542 (at least 2 decimal places)": `$\mathrm{Var}(q \cdot k/d^{3/4})$ at $d_{k} = 1, \dots, 1542$ (at least $2$ decimal places)`,
		"P(together) = Π P(each)":                                       `$P(\mathrm{together}) = \prod P(\mathrm{each})$`,
		"the k-values and q's":                                          `the k-values and q's`,
		"grows like √d, 2√2, sqrt(8), 12.5%, 65536":                     `grows like $\sqrt{d}$, $2 \sqrt{2}$, $\sqrt{8}$, $12.5\%$, $65536$`,
		"Σ_i Var(q_i·k_i) = d_k":                                        `$\sum_{i} \mathrm{Var}(q_{i} \cdot k_{i}) = d_{k}$`,
		"(the next width, d_k = 3)":                                     `(the next width, $d_{k} = 3$)`,
		"entries ±7 and -7, d_k^(1/2)":                                  `entries $\pm 7$ and $-7$, $d_{k}^{1/2}$`,
	} {
		l := parseMathLine(in)
		assert.Equal(t, in, l.Text(), "round trip")
		assert.Equal(t, want, l.LaTeX(), in)
	}
}

func TestMathLineSubscriptGroup(t *testing.T) {
	in := "Var(q·k) = Σ Var(q_i·k_i) + 2·Σ_{i<j} Cov(q_i·k_i, q_j·k_j) = (17/21·d_k + 1/147·d_k²)/(d_k)"
	l := parseMathLine(in)
	assert.Equal(t, in, l.Text())
	assert.Len(t, l, 1, "one expression")
	assert.Contains(t, l.LaTeX(), `\sum_{i < j} \mathrm{Cov}`)
}

func TestMathLineFigureLabels(t *testing.T) {
	for in, want := range map[string]string{
		"mean slope E[p(1 − p)]":              `mean slope $\mathrm{E}[p (1 - p)]$`,
		"p = σ(s / √d_k)":                     `$p = \sigma(s/\sqrt{d_{k}})$`,
		"q·k / d_k^{1/4}":                     `$q \cdot k/d_{k}^{1/4}$`,
		"head width d_k (entries per vector)": `head width $d_{k}$ (entries per vector)`,
	} {
		l := parseMathLine(in)
		assert.Equal(t, in, l.Text(), "round trip")
		assert.Equal(t, want, l.LaTeX(), in)
	}
}
