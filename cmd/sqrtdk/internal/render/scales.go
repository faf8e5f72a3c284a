package render

import "github.com/sqrtdk/sqrtdk/rational"

// The titles of the named scales (see rational.ParseScale): any other
// scale d^P is titled from its exponent.
var scaleTitles = map[string]struct{ header, latex string }{
	"raw":  {"raw", "raw"},
	"sqrt": {"/sqrt(d_k)", `$/\sqrt{d_k}$`},
	"d":    {"/d_k", "$/d_k$"},
}

// scaleExponent returns P of the scale d^P.
func scaleExponent(s rational.Scale) string {
	if s.P == nil {
		return "0"
	}
	return s.P.RatString()
}

// scaleHeader returns the plain-text column title of a scale: "raw",
// "/sqrt(d_k)", "/d_k", "/d_k^2" or "/d_k^(1/4)".
func scaleHeader(s rational.Scale) string {
	if t, ok := scaleTitles[s.Name()]; ok {
		return t.header
	}
	if s.P.IsInt() {
		return "/d_k^" + scaleExponent(s)
	}
	return "/d_k^(" + scaleExponent(s) + ")"
}

// scaleLaTeXHeader returns the LaTeX column title of a scale: "raw",
// "$/\sqrt{d_k}$", "$/d_k$" or "$/d_k^{P}$".
func scaleLaTeXHeader(s rational.Scale) string {
	if t, ok := scaleTitles[s.Name()]; ok {
		return t.latex
	}
	return "$/d_k^{" + scaleExponent(s) + "}$"
}
