package claims

import (
	_ "embed"
	"math/big"
	"strconv"
	"strings"
	"sync"

	"github.com/sqrtdk/sqrtdk/rational"
)

//go:embed lesson.claims
var lessonClaims string

// lessonAnswers starts the part of lesson.claims that holds the answers to
// the lesson's exercises, which the lesson does not print.
const lessonAnswers = "# --- Answers to"

var lessonPrinted = sync.OnceValue(func() map[string]bool {
	text, _, _ := strings.Cut(lessonClaims, lessonAnswers)
	f, err := Parse("lesson.claims", strings.NewReader(text))
	if err != nil {
		panic("claims: the embedded lesson.claims does not parse: " + err.Error())
	}
	out := map[string]bool{}
	for _, c := range f {
		out[canonical(c.Kind, c.Settings)] = true
	}
	return out
})

// LessonPrints reports whether the lesson prints the answer to q: whether
// q asks, in any spelling, for a figure of lesson.claims before its
// exercises' answers (the variance at d_k = 6, the share of zero scores at
// d_k = 2, …). Variants of a key avoid such questions, so that no student
// can copy an answer from the lesson.
func LessonPrints(q *Question) bool {
	return lessonPrinted()[canonical(q.Kind, q.settings)]
}

// canonical writes a question so that spellings of one question agree:
// alphabets in their canonical form (the default ±1 and k's equal to q's
// left out), scales as their total exponent, numbers by value; places,
// which say how a figure was printed, left out.
func canonical(kind string, settings map[string]string) string {
	s := map[string]string{}
	for k, v := range settings {
		s[k] = v
	}
	delete(s, "places")
	signs := rational.Signs().String()
	q, k := signs, ""
	if v, ok := s["values"]; ok {
		if a, err := rational.ParseAlphabet(v); err == nil {
			q = a.String()
		}
	}
	if v, ok := s["k-values"]; ok {
		if a, err := rational.ParseAlphabet(v); err == nil {
			k = a.String()
		}
	}
	delete(s, "values")
	delete(s, "k-values")
	if q != signs {
		s["values"] = q
	}
	if k != "" && k != q {
		s["k-values"] = k
	}
	if v, ok := s["scale"]; ok {
		total := new(big.Rat)
		for _, f := range strings.Split(v, ",") {
			if sc, err := rational.ParseScale(f); err == nil {
				total.Add(total, sc.P)
			}
		}
		delete(s, "scale")
		if total.Sign() != 0 {
			s["scale"] = total.RatString()
		}
	}
	for _, key := range []string{"divide", "versus", "value"} {
		if v, ok := s[key]; ok {
			if e, err := parseExpr(v, false); err == nil {
				if x, err := e.eval(0); err == nil {
					s[key] = x.String()
				}
			}
		}
	}
	for _, key := range []string{"score", "dk"} {
		if v, ok := s[key]; ok {
			if r, err := rational.ParseRat(v); err == nil {
				s[key] = r.RatString()
			}
		}
	}
	if v, ok := s["d"]; ok {
		if d, err := strconv.Atoi(v); err == nil {
			s["d"] = strconv.Itoa(d)
		}
	}
	words := []string{kind}
	for _, key := range sortedKeys(s) {
		words = append(words, key+"="+s[key])
	}
	return strings.Join(words, " ")
}
