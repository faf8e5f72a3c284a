package claims

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestNormalizeWritesNotationsOut: superscripts become a bracketed power
// and the next character is kept, a vulgar fraction after a digit is
// added to it and at the start of the text stands alone.
func TestNormalizeWritesNotationsOut(t *testing.T) {
	for in, want := range map[string]string{
		"d²":    "d^(2)",
		"d²x":   "d^(2)x",
		"2¹⁰+1": "2^(10)+1",
		"½":     "(1/2)",
		"2½":    "2+(1/2)",
		"x ½":   "x (1/2)",
		" x":    "x",
	} {
		assert.Equal(t, want, normalize(in), in)
	}
}

// TestNormalizeEverySign writes out each superscript character and each
// LaTeX command normalize knows, one per case, so that a sign mapped to
// the wrong character is seen.
func TestNormalizeEverySign(t *testing.T) {
	for in, want := range map[string]string{
		"d⁰":   "d^(0)",
		"d¹":   "d^(1)",
		"d³":   "d^(3)",
		"d⁴⁵⁶": "d^(456)",
		"d⁷⁸⁹": "d^(789)",
		"d⁻¹":  "d^(-1)",
		"d⁺¹":  "d^(+1)",
		"d¹⁄²": "d^(1/2)",
		"2{3}": "2(3)",

		`$a \cdot b$`:       "a · b",
		`$a \times b$`:      "a · b",
		`$a \div b$`:        "a / b",
		`$a \approx b$`:     "a ≈ b",
		`$a \simeq b$`:      "a ≈ b",
		`$a \sim b$`:        "a ~ b",
		`$a \propto b$`:     "a ∝ b",
		`$\pm 1$`:           "± 1",
		`$\sigma$`:          "σ",
		`$\infty$`:          "∞",
		`$\left(d\right)$`:  "(d)",
		`$\quad d$`:         "d",
		`$\alpha$`:          "alpha",
		`$\{d\}$`:           "(d)",
		`$50\%$`:            "50%",
		`$d^{2}$`:           "d^(2)",
		`$\frac{1}{d}$`:     "((1)/(d))",
		`$\sqrt{d}$`:        "sqrt(d)",
		`$\sqrt[4]{d}$`:     "((d)^(1/4))",
		`$\sqrt2$`:          "sqrt(2)",
		`$\text{about} 8$`:  "about 8",
		`$\displaystyle 8$`: "8",
	} {
		assert.Equal(t, want, normalize(in), in)
	}
}
