package render

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/rational"
)

func TestScaleTitles(t *testing.T) {
	for _, c := range []struct{ in, header, latex string }{
		{"raw", "raw", "raw"},
		{"sqrt", "/sqrt(d_k)", `$/\sqrt{d_k}$`},
		{"d", "/d_k", "$/d_k$"},
		{"d^1/2", "/sqrt(d_k)", `$/\sqrt{d_k}$`},
		{"d^0.25", "/d_k^(1/4)", "$/d_k^{1/4}$"},
		{"d^2/8", "/d_k^(1/4)", "$/d_k^{1/4}$"},
		{"d^3/2", "/d_k^(3/2)", "$/d_k^{3/2}$"},
		{"d^2", "/d_k^2", "$/d_k^{2}$"},
		{"d^-1/2", "/d_k^(-1/2)", "$/d_k^{-1/2}$"},
		{"d^0", "raw", "raw"},
		{"d^1", "/d_k", "$/d_k$"},
	} {
		s, err := rational.ParseScale(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.header, scaleHeader(s), c.in)
		assert.Equal(t, c.latex, scaleLaTeXHeader(s), c.in)
	}
}
