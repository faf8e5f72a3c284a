package grade

import (
	"context"
	"fmt"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/internal/mistake"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
	"github.com/sqrtdk/sqrtdk/rational"
)

// Plan estimates, before any answer is graded, everything grading against
// k computes (each part's question, the key's mistakes and the built-in
// ones), as the claims checker plans a claims file (for a template, the
// variant of its first choices); it returns the checker's refusal (a *claims.PlanError, or a *SyntaxError naming the
// key's line) when the whole is over its limits.
func (g *Grader) Plan(k *Key) error {
	if k.IsTemplate() {
		v, err := k.variantOf(firstChoices(k.Draws))
		if err != nil {
			return err
		}
		k = v
	}
	var cls []*claims.Claim
	add := func(q *claims.Question, line int) {
		a, err := q.Read(probeFigure(q), false)
		if err != nil {
			return
		}
		if c, err := q.Claim(k.Name, line, a); err == nil {
			cls = append(cls, c)
		}
	}
	for _, p := range k.Parts() {
		add(p.claim, p.Line)
		for _, m := range p.mistakes {
			add(m.Claim, m.Line)
		}
		for _, alt := range alternatives(p) {
			if alt.claim != nil {
				add(alt.claim, p.Line)
			}
		}
	}
	return g.ch.Plan(cls)
}

// Lint checks a key for what is legal but likely not meant, and returns
// one warning per finding, each naming its line: settings a with line
// carries past the question it was written for, alphabets of one value,
// parts whose answers have no precision rule although their value has no
// short decimal, number questions the sheet cannot word without giving
// the answer away, and mistakes that give the answer itself or each
// other's value at the key's numbers (so that a student who makes one is
// marked right, or named for the other). Errors are ParseKey's. For a
// template, the variant of its first choices is linted.
func (g *Grader) Lint(ctx context.Context, k *Key) ([]*SyntaxError, error) {
	if k.IsTemplate() {
		v, err := k.variantOf(firstChoices(k.Draws))
		if err != nil {
			return nil, err
		}
		k = v
	}
	var out []*SyntaxError
	warn := func(line int, format string, args ...any) {
		out = append(out, &SyntaxError{File: k.Name, Line: line, Msg: fmt.Sprintf(format, args...)})
	}
	for _, p := range k.Parts() {
		if p.with.spans != "" {
			warn(p.Line, "answer %s takes %s from the with line %d, written under question %s; if this question is not about that, end it with a bare with line",
				p.ID, p.with.settings, p.with.line, p.with.spans)
		}
		for _, key := range []string{"values", "k-values"} {
			if v := p.claim.Setting(key); v != "" {
				if a, err := rational.ParseAlphabet(v); err == nil && len(a.Letters()) == 1 {
					one := a.Letters()[0].Value.RatString()
					// 1.5 is likely 1,5 typed with a point; 2 likely ±2.
					such := strings.Replace(v, ".", ",", 1)
					if !strings.Contains(v, ".") {
						such = "-" + strings.TrimPrefix(one, "-") + "," + strings.TrimPrefix(one, "-")
					}
					warn(p.Line, "answer %s: %s=%s has one value, so every entry is %s and q·k never varies; did you mean two values, such as %s?",
						p.ID, key, v, one, such)
				}
			}
		}
		if p.claim.Kind == "number" && p.ask == "" && p.Question.Ask == "" {
			warn(p.Line, "answer %s asks a number without an ask or question line: the sheet can describe it only by its value; add ask %s WORDING", p.ID, p.ID)
		}
		x, single, err := g.value(ctx, p.claim)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			continue
		}
		if !p.precisionSet && (p.claim.Kind == "softmax" || single && !shortDecimal(x)) {
			what := "its outputs are decimals"
			if single {
				what = fmt.Sprintf("its value %s has no short decimal", x)
			}
			warn(p.Line, "answer %s sets no precision (decimals=N or digits=N): %s, so a decimal answer is held to %s", p.ID, what, numwords.SignificantDigits(MinDigits))
		}
		if !single {
			continue
		}
		if err := g.lintMistakes(ctx, p, x, warn); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// shortDecimal reports whether x is a decimal of at most three places.
func shortDecimal(x rational.Value) bool {
	r, ok := x.Rat()
	return ok && rational.HasPlaces(r, 3)
}

// lintMistakes warns of mistakes whose values at the key's numbers are the
// answer itself or another mistake's.
func (g *Grader) lintMistakes(ctx context.Context, p *Part, x rational.Value, warn func(int, string, ...any)) error {
	type named struct {
		name  string
		value rational.Value
		own   bool
	}
	var ms []named
	for _, m := range p.mistakes {
		v, ok, err := g.value(ctx, m.Claim)
		if err != nil && ctx.Err() != nil {
			return ctx.Err()
		}
		if err == nil && ok {
			ms = append(ms, named{m.Name, v, true})
		}
	}
	for _, alt := range alternatives(p) {
		if alt.kind == mistake.NeighbouringWidth {
			continue // equal values mean the answer does not depend on d_k
		}
		var v rational.Value
		var ok bool
		var err error
		switch {
		case alt.claim != nil:
			v, ok, err = g.value(ctx, alt.claim)
		case alt.compute != nil:
			v, ok, err = alt.compute(ctx, g)
		default:
			v, ok = alt.value, true
		}
		if err != nil && ctx.Err() != nil {
			return ctx.Err()
		}
		if err == nil && ok {
			ms = append(ms, named{alt.kind.String(), v, false})
		}
	}
	reported := map[string]bool{}
	for i, m := range ms {
		if p.coincide[m.name] {
			continue
		}
		if m.value.Cmp(x) == 0 {
			warn(p.Line, "answer %s: the mistake %s gives %s, the answer itself, at these numbers: a student who makes it is marked right; choose numbers where it shows", p.ID, m.name, x)
			continue
		}
		for _, o := range ms[i+1:] {
			if o.name == m.name || p.coincide[o.name] || !m.own && !o.own && identical(m.name, o.name) || reported[m.name+"|"+o.name] {
				continue
			}
			if m.value.Cmp(o.value) == 0 {
				reported[m.name+"|"+o.name] = true
				warn(p.Line, "answer %s: the mistakes %s and %s both give %s at these numbers, so an answer of %s is named as both", p.ID, m.name, o.name, m.value, m.value)
			}
		}
	}
	return nil
}

// identical reports whether two built-in mistakes give one value at every
// number: dividing by d_k is applying 1/√d_k twice.
func identical(a, b string) bool {
	pair := a + "|" + b
	return pair == "divided-by-d|scaled-twice" || pair == "scaled-twice|divided-by-d"
}
