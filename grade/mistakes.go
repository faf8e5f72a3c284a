package grade

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A Mistake is a named mistake that a wrong answer matches exactly: the
// answer holds for the question the mistake turns the key's question into.
type Mistake struct {
	// Kind is the catalogue's kind of the mistake, or 0 for a key's own.
	Kind MistakeKind
	// Name is the mistake's stable name: Kind's (see MistakeKind.String)
	// or, for a key's own, the name the key gives it.
	Name string
	// Says is the feedback sentence, in the question's terms.
	Says string
}

// known returns the catalogue's mistake of kind k with feedback says.
func known(k MistakeKind, says string) Mistake { return Mistake{Kind: k, Name: k.String(), Says: says} }

// alternative is one mistaken version of a question: a question to check
// the answer against, or an exact value it would equal.
type alternative struct {
	kind  MistakeKind
	says  string
	claim *claims.Question
	value rational.Value
}

// scaleKinds are the kinds whose scale=… divides q·k.
var scaleKinds = map[string]bool{"mean": true, "variance": true, "std": true, "law": true, "trend": true,
	"sample-variance": true, "draw": true}

// alternatives returns the built-in mistaken versions of p's question, in
// catalogue order. Versions that cannot be made (a width out of range, a
// space too large) are left out.
func alternatives(p *Part) []alternative {
	q := p.Claim
	var out []alternative
	add := func(mistake MistakeKind, says, kind string, set map[string]string) {
		alt, err := q.Derive(kind, set)
		if err == nil {
			out = append(out, alternative{kind: mistake, says: says, claim: alt})
		}
	}
	quantity := q.Kind
	if q.Kind == "law" || q.Kind == "trend" {
		quantity = q.Setting("quantity")
	}
	swap := func(from, to string) (string, map[string]string) {
		if q.Kind == from {
			return to, nil
		}
		return "", map[string]string{"quantity": to}
	}
	switch quantity {
	case "variance":
		kind, set := swap("variance", "std")
		add(StdForVariance, "This is the standard deviation; the question asks for the variance, the square of the standard deviation.", kind, set)
	case "std":
		kind, set := swap("std", "variance")
		add(VarianceForStd, "This is the variance; the question asks for the standard deviation, the square root of the variance.", kind, set)
	}
	scale := q.Setting("scale")
	scaled := scale != "" && scale != "raw"
	if scaleKinds[q.Kind] && (scaled || q.Setting("divide") != "") {
		add(Unscaled, fmt.Sprintf("This is the value of q·k itself; the question divides q·k by %s first.", divisorName(q)), "", map[string]string{"scale": "", "divide": ""})
	}
	if q.Kind == "softmax" || q.Kind == "softmax-entry" || q.Kind == "jacobian-max" {
		if dk := q.Setting("dk"); dk != "" {
			add(Unscaled, fmt.Sprintf("This is softmax of the raw scores; the question divides them by √%s first.", dk), "", map[string]string{"dk": ""})
		}
	}
	if scaleKinds[q.Kind] && scale == "sqrt" {
		add(DividedByD, "This is q·k divided by d_k; the question divides by √d_k (dividing by d_k is the same as applying 1/√d_k twice).", "", map[string]string{"scale": "d"})
	}
	if scaleKinds[q.Kind] && scaled && scale != "sqrt" {
		add(UsualScale, fmt.Sprintf("This is q·k divided by √d_k, the usual scale; this question divides by %s.", divisorName(q)), "", map[string]string{"scale": "sqrt"})
	}
	if scaleKinds[q.Kind] && scaled && !strings.Contains(scale, ",") {
		add(ScaledTwice, fmt.Sprintf("This divides q·k by %s twice; the question divides once.", divisorName(q)), "", map[string]string{"scale": scale + "," + scale})
	}
	if p.DModel > 0 && scaleKinds[q.Kind] && scale == "sqrt" {
		add(ModelWidth, fmt.Sprintf("This divides q·k by √d_model = √%d, the width of the whole model; the question divides by √d_k, the width of one head.", p.DModel),
			"", map[string]string{"scale": "", "divide": fmt.Sprintf("sqrt(%d)", p.DModel)})
	}
	if q.Takes("values") && (q.Setting("values") != "" || q.Setting("k-values") != "") {
		if m2, ok := secondMoments(q); ok {
			add(UnitEntries, fmt.Sprintf("This is the value for entries ±1; here the entries have %s, so a term q_i·k_i has variance %s, not 1.", m2.words, m2.product),
				"", map[string]string{"values": "", "k-values": ""})
		}
	}
	if q.Kind == "cases" {
		out = append(out, vectorCounts(q)...)
	}
	switch q.Kind {
	case "share":
		add(CountForShare, "This is the number of pairs; the question asks for their share, the number divided by the number of all pairs.", "count", nil)
	case "count":
		add(ShareForCount, "This is the share of the pairs; the question asks for their number.", "share", nil)
	}
	if d, err := strconv.Atoi(q.Setting("d")); err == nil && q.Kind != "law" && q.Kind != "trend" {
		for _, n := range []int{d - 1, d + 1, d - 2, d + 2} {
			if n >= 1 {
				add(NeighbouringWidth, fmt.Sprintf("This is the value at d_k = %d; the question is about d_k = %d.", n, d), "", map[string]string{"d": strconv.Itoa(n)})
			}
		}
	}
	return out
}

// divisorName writes what the question divides q·k by, e.g. "√d_k",
// "d_k^(1/4)", "√d_k twice" or "sqrt(4096)".
func divisorName(q *claims.Question) string {
	var parts []string
	if s := q.Setting("scale"); s != "" && s != "raw" {
		fields := strings.Split(s, ",")
		name := scaleName(fields[0])
		same := true
		for _, f := range fields[1:] {
			same = same && f == fields[0]
		}
		switch {
		case len(fields) == 1:
			parts = append(parts, name)
		case same && len(fields) == 2:
			parts = append(parts, name+" twice")
		default:
			var names []string
			for _, f := range fields {
				names = append(names, scaleName(f))
			}
			parts = append(parts, strings.Join(names, " and by "))
		}
	}
	if s := q.Setting("divide"); s != "" {
		parts = append(parts, s)
	}
	return strings.Join(parts, " and by ")
}

// scaleName writes one scale as a divisor: "√d_k", "d_k", "d_k^(1/4)".
func scaleName(s string) string {
	sc, err := rational.ParseScale(s)
	if err != nil {
		return s
	}
	switch p := sc.P; {
	case p == nil || p.Sign() == 0:
		return "raw"
	case p.Cmp(rational.Sqrt.P) == 0:
		return "√d_k"
	case p.Cmp(rational.ByD.P) == 0:
		return "d_k"
	case p.IsInt():
		return "d_k^" + p.RatString()
	}
	return "d_k^(" + sc.P.RatString() + ")"
}

type moments struct{ words, product string }

// secondMoments describes E[q_i²] and E[k_i²] when their product, the
// variance of one term for zero-mean entries, is not 1.
func secondMoments(q *claims.Question) (moments, bool) {
	qa, ka := rational.Signs(), rational.Signs()
	var err error
	if v := q.Setting("values"); v != "" {
		if qa, err = rational.ParseAlphabet(v); err != nil {
			return moments{}, false
		}
		ka = qa
	}
	if v := q.Setting("k-values"); v != "" {
		if ka, err = rational.ParseAlphabet(v); err != nil {
			return moments{}, false
		}
	}
	mq, mk := qa.Moment(2), ka.Moment(2)
	prod := new(big.Rat).Mul(mq, mk)
	if prod.Cmp(big.NewRat(1, 1)) == 0 {
		return moments{}, false
	}
	words := fmt.Sprintf("E[x²] = %s", mq.RatString())
	if mq.Cmp(mk) != 0 {
		words = fmt.Sprintf("E[q_i²] = %s and E[k_i²] = %s", mq.RatString(), mk.RatString())
	}
	return moments{words: words, product: prod.RatString()}, true
}

// vectorCounts returns the counts of q vectors and of k vectors alone, the
// usual miscount of the pairs.
func vectorCounts(q *claims.Question) []alternative {
	d, err := strconv.Atoi(q.Setting("d"))
	if err != nil {
		return nil
	}
	qa, ka := rational.Signs(), rational.Signs()
	if v := q.Setting("values"); v != "" {
		if qa, err = rational.ParseAlphabet(v); err != nil {
			return nil
		}
		ka = qa
	}
	if v := q.Setting("k-values"); v != "" {
		if ka, err = rational.ParseAlphabet(v); err != nil {
			return nil
		}
	}
	var out []alternative
	for i, a := range []rational.Alphabet{qa, ka} {
		if i == 1 && a.Size() == qa.Size() {
			break
		}
		n := a.Vectors(d)
		who := "q"
		if i == 1 {
			who = "k"
		}
		out = append(out, alternative{kind: VectorsNotPairs,
			says: fmt.Sprintf("This counts the vectors %s alone (%d^%d); the question counts pairs (q, k): %d^%d · %d^%d of them.",
				who, a.Size(), d, qa.Size(), d, ka.Size(), d),
			value: rational.NewRat(new(big.Rat).SetInt(n))})
	}
	return out
}

// roundingMistakes returns the mistakes in rounding that a decimal figure
// shows against the exact value x: cut off instead of rounded, or rounded
// to fewer places and padded with zeros.
func roundingMistakes(fig claims.Figure, x rational.Value) []Mistake {
	if !fig.IsDecimal() || fig.Matches(x) {
		return nil
	}
	places := fig.Places()
	got := fig.Decimal()
	var out []Mistake
	toward := rational.RoundFloor
	if x.Sign() < 0 {
		toward = rational.RoundCeiling
	}
	if cut, err := rational.ParseDecimal(x.Decimal(places, toward)); err == nil && cut.Cmp(got) == 0 {
		out = append(out, known(Truncated, fmt.Sprintf("This cuts the value off after %s instead of rounding it: rounded, the last digit changes.", placesWords(places))))
	}
	for p := places - 1; p >= 0; p-- {
		for _, mode := range []rational.RoundingMode{rational.RoundHalfEven, rational.RoundHalfUp} {
			r, err := rational.ParseDecimal(x.Decimal(p, mode))
			if err == nil && r.Cmp(got) == 0 {
				out = append(out, known(RoundedEarly, fmt.Sprintf("This is the value rounded to %s and then padded to %s; round the exact value once, to %s.",
					placesWords(p), placesWords(places), placesWords(places))))
				return out
			}
		}
	}
	return out
}

func placesWords(n int) string {
	if n == 1 {
		return "1 decimal place"
	}
	return fmt.Sprintf("%d decimal places", n)
}
