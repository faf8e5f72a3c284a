package grade

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/internal/mistake"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
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
	// compute gives the value when it needs the checker.
	compute func(ctx context.Context, g *Grader) (rational.Value, bool, error)
}

// scaleKinds are the kinds whose scale=… divides q·k.
var scaleKinds = map[string]bool{"mean": true, "variance": true, "std": true, "law": true, "trend": true,
	"sample-variance": true, "draw": true}

// alternatives returns the built-in mistaken versions of p's question, in
// catalogue order. Versions that cannot be made (a width out of range, a
// space too large) are left out.
func alternatives(p *Part) []alternative {
	q := p.claim
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
		add(mistake.StdForVariance, "This is the standard deviation; the question asks for the variance, the square of the standard deviation.", kind, set)
	case "std":
		kind, set := swap("std", "variance")
		add(mistake.VarianceForStd, "This is the variance; the question asks for the standard deviation, the square root of the variance.", kind, set)
	}
	scale := q.Setting("scale")
	scaled := scale != "" && scale != "raw"
	if scaleKinds[q.Kind] && (scaled || q.Setting("divide") != "") {
		add(mistake.Unscaled, fmt.Sprintf("This is the value of q·k itself; the question divides q·k by %s first.", divisorName(q)), "", map[string]string{"scale": "", "divide": ""})
	}
	if q.Kind == "softmax" || q.Kind == "softmax-entry" || q.Kind == "jacobian-max" {
		if dk := q.Setting("dk"); dk != "" {
			add(mistake.Unscaled, fmt.Sprintf("This is softmax of the raw scores; the question divides them by √%s first.", dk), "", map[string]string{"dk": ""})
		}
	}
	if scaleKinds[q.Kind] && scale == "sqrt" {
		add(mistake.DividedByD, "This is q·k divided by d_k; the question divides by √d_k (dividing by d_k is the same as applying 1/√d_k twice).", "", map[string]string{"scale": "d"})
	}
	if scaleKinds[q.Kind] && scaled && scale != "sqrt" {
		add(mistake.UsualScale, fmt.Sprintf("This is q·k divided by √d_k, the usual scale; this question divides by %s.", divisorName(q)), "", map[string]string{"scale": "sqrt"})
	}
	if scaleKinds[q.Kind] && scaled && !strings.Contains(scale, ",") {
		add(mistake.ScaledTwice, fmt.Sprintf("This divides q·k by %s twice; the question divides once.", divisorName(q)), "", map[string]string{"scale": scale + "," + scale})
	}
	if p.dModel > 0 && scaleKinds[q.Kind] && scale == "sqrt" {
		add(mistake.ModelWidth, fmt.Sprintf("This divides q·k by √d_model = √%d, the width of the whole model; the question divides by √d_k, the width of one head.", p.dModel),
			"", map[string]string{"scale": "", "divide": fmt.Sprintf("sqrt(%d)", p.dModel)})
	}
	if d := q.Setting("d"); p.dModel > 0 && d != "" && !strings.Contains(d, ",") && d != strconv.Itoa(p.dModel) {
		add(mistake.ModelWidth, fmt.Sprintf("This is the value at d_k = %d, the width of the whole model; the question is about one head, d_k = %s.", p.dModel, d),
			"", map[string]string{"d": strconv.Itoa(p.dModel)})
	}
	if q.Kind == "variance" {
		if set, c, ok := overC(q); ok {
			add(mistake.VarianceOverC, fmt.Sprintf("This divides the variance of q·k by %s; dividing q·k by c divides its variance by c², here %s.", c, squared(c)), "", set)
		}
		if alt, ok := sumOfSquares(q); ok {
			out = append(out, alt)
		}
	}
	if (q.Kind == "softmax" || q.Kind == "softmax-entry" || q.Kind == "jacobian-max") && q.Setting("dk") != "" {
		if dk, err := rational.ParseRat(q.Setting("dk")); err == nil {
			sq := new(big.Rat).Mul(dk, dk)
			add(mistake.DividedByD, fmt.Sprintf("This is softmax of the scores divided by %s = d_k; the question divides them by √%s.", q.Setting("dk"), q.Setting("dk")),
				"", map[string]string{"dk": sq.RatString()})
		}
	}
	if q.Takes("values") && (q.Setting("values") != "" || q.Setting("k-values") != "") {
		if m2, ok := secondMoments(q); ok {
			add(mistake.UnitEntries, fmt.Sprintf("This is the value for entries ±1; here the entries have %s, so a term q_i·k_i has variance %s, not 1.", m2.words, m2.product),
				"", map[string]string{"values": "", "k-values": ""})
		}
	}
	if q.Kind == "cases" {
		out = append(out, vectorCounts(q)...)
	}
	switch q.Kind {
	case "share":
		add(mistake.CountForShare, "This is the number of pairs; the question asks for their share, the number divided by the number of all pairs.", "count", nil)
	case "count":
		add(mistake.ShareForCount, "This is the share of the pairs; the question asks for their number.", "share", nil)
	}
	if d, err := strconv.Atoi(q.Setting("d")); err == nil && q.Kind != "law" && q.Kind != "trend" {
		for _, n := range []int{d - 1, d + 1, d - 2, d + 2} {
			if n >= 1 {
				add(mistake.NeighbouringWidth, fmt.Sprintf("This is the value at d_k = %d; the question is about d_k = %d.", n, d), "", map[string]string{"d": strconv.Itoa(n)})
			}
		}
	}
	return out
}

// overC returns the settings of the variance of q·k divided by the square
// root of the question's divisor, which is Var(q·k)/c for the divisor c,
// and c in words.
func overC(q *claims.Question) (map[string]string, string, bool) {
	total := new(big.Rat)
	if s := q.Setting("scale"); s != "" {
		for _, f := range strings.Split(s, ",") {
			sc, err := rational.ParseScale(f)
			if err != nil {
				return nil, "", false
			}
			if sc.P != nil {
				total.Add(total, sc.P)
			}
		}
	}
	divide := q.Setting("divide")
	if total.Sign() == 0 && divide == "" {
		return nil, "", false
	}
	set := map[string]string{"scale": "", "divide": ""}
	if total.Sign() != 0 {
		half := new(big.Rat).Quo(total, big.NewRat(2, 1))
		set["scale"] = "d^" + half.RatString()
	}
	if divide != "" {
		set["divide"] = "sqrt(" + divide + ")"
	}
	return set, divisorName(q), true
}

// squared writes c² for a divisor in words.
func squared(c string) string {
	switch c {
	case "√d_k":
		return "d_k"
	case "d_k":
		return "d_k²"
	}
	if strings.ContainsAny(c, " ") {
		return "(" + c + ")²"
	}
	return c + "²"
}

// sumOfSquares returns the mistake of summing the squared (scaled) scores
// over the pairs instead of averaging them: N·E[(q·k/c)²] = N·(Var + E²)
// for the N pairs.
func sumOfSquares(q *claims.Question) (alternative, bool) {
	mean, err1 := q.Derive("mean", nil)
	cases, err2 := q.Derive("cases", map[string]string{"scale": "", "divide": ""})
	if err1 != nil || err2 != nil {
		return alternative{}, false
	}
	return alternative{kind: mistake.SumNotMean,
		says: "This sums the squared scores over every pair; the variance averages them (divide by the number of pairs, and subtract the squared mean, here 0).",
		compute: func(ctx context.Context, g *Grader) (rational.Value, bool, error) {
			x, ok, err := g.value(ctx, q)
			if err != nil || !ok {
				return x, false, err
			}
			m, ok, err := g.value(ctx, mean)
			if err != nil || !ok {
				return m, false, err
			}
			n, ok, err := g.value(ctx, cases)
			if err != nil || !ok {
				return n, false, err
			}
			second, ok := rational.Sum(x, m.Mul(m))
			if !ok {
				return x, false, nil
			}
			return second.Mul(n), true, nil
		}}, true
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
		out = append(out, alternative{kind: mistake.VectorsNotPairs,
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
	if !fig.IsDecimal() || fig.Matches(x) || fig.Places() < 0 {
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
		out = append(out, known(mistake.Truncated, fmt.Sprintf("This cuts the value off after %s instead of rounding it: rounded, the last digit changes.", placesWords(places))))
	}
	// A value rounded to p places and padded shows no more than p places
	// of its own: only p from places-1 down to the places the figure
	// really has (those of its value, its padding left out) can give it,
	// so the work is the padding's length, not the places' (issue 32: an
	// answer 1000e-999 tried all 999 roundings, 35 ms an answer).
	for p := places - 1; p >= ownPlaces(got); p-- {
		for _, mode := range []rational.RoundingMode{rational.RoundHalfEven, rational.RoundHalfUp} {
			r, err := rational.ParseDecimal(x.Decimal(p, mode))
			if err == nil && r.Cmp(got) == 0 {
				out = append(out, known(mistake.RoundedEarly, fmt.Sprintf("This is the value rounded to %s and then padded to %s; round the exact value once, to %s.",
					placesWords(p), placesWords(places), placesWords(places))))
				return out
			}
		}
	}
	return out
}

// ownPlaces returns the fewest decimal places that write the decimal r
// exactly: the larger power of 2 or 5 in its reduced denominator.
func ownPlaces(r *big.Rat) int {
	d := new(big.Int).Set(r.Denom())
	twos := int(d.TrailingZeroBits())
	d.Rsh(d, uint(twos))
	// What is left is 5^b: b is its length in bits over log2(5), checked.
	b := int(float64(d.BitLen()-1) / math.Log2(5))
	for b > 0 && new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(b)), nil).Cmp(d) > 0 {
		b--
	}
	for new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(b)), nil).Cmp(d) < 0 {
		b++
	}
	return max(twos, b)
}

func placesWords(n int) string { return numwords.Places(n) }

// mistakes returns the named mistakes a wrong answer matches: sides of
// shown work that disagree, a trend's wrong rate, the key's own mistakes,
// then the built-in ones, each checked exactly with the answer as read. A
// mistaken question that cannot be decided is skipped: no mistake is
// named on a guess.
func (g *Grader) mistakes(ctx context.Context, p *Part, file string, line int, j judged) ([]Mistake, error) {
	var out []Mistake
	seen := map[string]bool{}
	addOnce := func(m Mistake) {
		if !seen[m.Name+"\x00"+m.Says] {
			seen[m.Name+"\x00"+m.Says] = true
			out = append(out, m)
		}
	}
	read := j.read
	// Shown work: a side that is right beside one that is not.
	reads := []*claims.Answer{read}
	if sides := read.Sides(); len(sides) > 1 {
		var right, wrong []string
		for _, s := range sides {
			ok, err := g.holds(ctx, p.claim, file, line, s)
			if err != nil {
				return nil, err
			}
			if ok {
				right = append(right, quote(s.Text()))
			} else {
				wrong = append(wrong, quote(s.Text()))
			}
		}
		switch {
		case len(right) > 0:
			addOnce(known(mistake.WorkDisagrees, fmt.Sprintf("The sides of this answer disagree: %s is right, but %s is not.", strings.Join(right, " and "), strings.Join(wrong, " and "))))
		case !read.Consistent():
			addOnce(known(mistake.WorkDisagrees, fmt.Sprintf("The sides of this answer are not the same number: %s.", strings.Join(wrong, ", "))))
		}
		if !read.Consistent() {
			reads = sides
		}
	}
	// A trend's rate: the direction right, the rate not.
	if read.Rate() != "" {
		ok, err := g.holds(ctx, p.claim, file, line, read.WithoutRate())
		if err != nil {
			return nil, err
		}
		if ok {
			addOnce(known(mistake.WrongRate, fmt.Sprintf("The direction is right, but the values are not proportional to %s: %s.", read.Rate(), j.exact)))
		}
	}
	alts, ok := g.alternatives[p]
	if !ok {
		alts = alternatives(p)
		g.alternatives[p] = alts
	}
	for _, r := range reads {
		for _, m := range p.mistakes {
			ok, err := g.holds(ctx, m.Claim, file, line, r)
			if err != nil {
				return nil, err
			}
			if ok {
				addOnce(Mistake{Name: m.Name, Says: m.Says})
			}
		}
		figs := r.Figures()
		// A digit cut off or rounded early is a likelier mistake than
		// another width whose value happens to print the same: the
		// neighbouring widths are tried after the rounding mistakes.
		var neighbours []alternative
		for _, alt := range alts {
			if alt.kind == mistake.NeighbouringWidth {
				neighbours = append(neighbours, alt)
				continue
			}
			var ok bool
			switch {
			case alt.claim != nil:
				var err error
				if ok, err = g.holds(ctx, alt.claim, file, line, r); err != nil {
					return nil, err
				}
			case alt.compute != nil:
				x, known, err := alt.compute(ctx, g)
				if err != nil {
					if ctx.Err() != nil {
						return nil, ctx.Err()
					}
					continue
				}
				ok = known && allMatch(figs, x)
			default:
				ok = allMatch(figs, alt.value)
			}
			if ok {
				addOnce(known(alt.kind, alt.says))
			}
		}
		if j.single && len(figs) == 1 {
			for _, m := range roundingMistakes(figs[0], j.value) {
				addOnce(m)
			}
		}
		for _, alt := range neighbours {
			ok, err := g.holds(ctx, alt.claim, file, line, r)
			if err != nil {
				return nil, err
			}
			if ok {
				addOnce(known(alt.kind, alt.says))
			}
		}
		if cut := r.Truncated(); cut != nil && isList(p) {
			ok, err := g.holds(ctx, p.claim, file, line, cut)
			if err != nil {
				return nil, err
			}
			if ok {
				addOnce(known(mistake.Truncated, "These outputs are cut off instead of rounded: rounded, some last digits change."))
			}
		}
	}
	return out, nil
}

// allMatch reports whether every figure is x (or x correctly rounded).
func allMatch(figs []claims.Figure, x rational.Value) bool {
	if len(figs) == 0 {
		return false
	}
	for _, f := range figs {
		if !f.Matches(x) {
			return false
		}
	}
	return true
}
