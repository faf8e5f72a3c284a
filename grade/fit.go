package grade

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/internal/mistake"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// maxFitCombos bounds the combinations of draws tried for one part when
// looking for a variant that answers fit better.
const maxFitCombos = 2_000

// minFitGain is how many more parts must hold under another variant than
// fit the student's own before the answers are flagged: one unexplained
// answer may hold for some other variant by chance.
const minFitGain = 2

// checkFit looks for a variant of the template that the answers of a
// variant's result fit better than their own: for each part whose answer
// is wrong and names no mistake, the combinations of the draws it depends
// on under which it would hold; the most common value of each draw among
// those; and the answers judged again under that variant. A wrong answer
// that names a mistake is explained by it, so it counts as fitting the
// student's own variant (2^34 for 4^34 pairs is not a sign of the variant
// d_k = 17), unless the mistake is a neighbouring width. It flags the
// result when at least minFitGain more parts fit there.
func (g *Grader) checkFit(ctx context.Context, res *Result) error {
	v := res.Key
	t := v.template
	own := make([]int, len(t.Draws))
	for i, d := range t.Draws {
		for c, choice := range d.Choices {
			if choice == v.Values[d.Name] {
				own[i] = c
			}
		}
	}
	type partFit struct {
		dl    *drawnLine
		read  *claims.Answer
		holds map[string]bool // by combo key, the combos tried
		fits  [][]int
	}
	fits := make([]partFit, len(res.Parts))
	votes := make([]map[int]float64, len(t.Draws))
	for i := range votes {
		votes[i] = map[int]float64{}
	}
	for i, pr := range res.Parts {
		dl := t.variants.line(pr.Part.Line)
		if dl == nil || pr.Mark == Unanswered || pr.Answer.conflict != "" {
			continue
		}
		read, err := pr.Part.claim.Read(pr.Answer.Text, g.comma(pr.Part))
		if err != nil {
			continue
		}
		fits[i] = partFit{dl: dl, read: read, holds: map[string]bool{}}
		if pr.Mark != Wrong || explained(pr) {
			continue
		}
		combos := 1
		for _, d := range dl.draws {
			combos *= len(t.Draws[d].Choices)
		}
		if combos > maxFitCombos {
			continue
		}
		err = eachCombo(t.Draws, dl.draws, func(combo []int) error {
			ok, err := g.holdsAt(ctx, t, dl, own, combo, res.Answers.Name, pr.Answer.Line, read)
			if err != nil {
				return err
			}
			fits[i].holds[comboKey(combo)] = ok
			if ok {
				fits[i].fits = append(fits[i].fits, append([]int(nil), combo...))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, combo := range fits[i].fits {
			for j, d := range dl.draws {
				votes[d][combo[j]] += 1 / float64(len(fits[i].fits))
			}
		}
	}
	candidate := append([]int(nil), own...)
	changed := false
	for d, vs := range votes {
		best, bestVotes := own[d], vs[own[d]]
		for _, c := range sortedInts(vs) {
			if vs[c] > bestVotes {
				best, bestVotes = c, vs[c]
			}
		}
		if best != own[d] {
			candidate[d], changed = best, true
		}
	}
	if !changed {
		return nil
	}
	ownHolds, candHolds := 0, 0
	for i, pr := range res.Parts {
		if pr.Mark == Unanswered || pr.Mark == Unreadable {
			continue
		}
		ok := pr.Mark == Right || pr.Mark == Short || pr.Mark == Wrong && explained(pr)
		if ok {
			ownHolds++
		}
		f := fits[i]
		if f.dl == nil {
			if ok {
				candHolds++
			}
			continue
		}
		combo := make([]int, len(f.dl.draws))
		same := true
		for j, d := range f.dl.draws {
			combo[j] = candidate[d]
			same = same && candidate[d] == own[d]
		}
		switch h, tried := f.holds[comboKey(combo)]; {
		case same:
			if pr.Mark == Right || pr.Mark == Short {
				candHolds++
			}
		case tried:
			if h {
				candHolds++
			}
		default:
			h, err := g.holdsAt(ctx, t, f.dl, own, combo, res.Answers.Name, pr.Answer.Line, f.read)
			if err != nil {
				return err
			}
			if h {
				candHolds++
			}
		}
	}
	if candHolds-ownHolds < minFitGain {
		return nil
	}
	values := map[string]string{}
	for i, d := range t.Draws {
		values[d.Name] = d.Choices[candidate[i]]
	}
	res.Flags = append(res.Flags, Flag{Name: "other-variant", values: values,
		Says: fmt.Sprintf("These answers fit the variant %s better than student %s's own (%s): %s %s there, %d here (counting the wrong answers a named mistake explains). A wrong seed or student id, or answers copied from another sheet?",
			drawnWords(t.Draws, nil, values), v.Student, drawnWords(t.Draws, nil, v.Values), numwords.Count(candHolds, "part"), numwords.Agree(candHolds, "holds", "hold"), ownHolds)})
	return nil
}

// explained reports whether a wrong answer names a mistake that explains
// it within the student's own variant. A neighbouring width does not: the
// value at another d_k, part after part, is what another variant looks
// like.
func explained(pr PartResult) bool {
	for _, m := range pr.Mistakes {
		if m.Kind != mistake.NeighbouringWidth {
			return true
		}
	}
	return false
}

// holdsAt reports whether an answer holds for the part of one line of the
// template at a combination of its draws (the other draws as in own).
func (g *Grader) holdsAt(ctx context.Context, t *Key, dl *drawnLine, own, combo []int, file string, line int, read *claims.Answer) (bool, error) {
	key := fmt.Sprintf("%p|%d|%s", t, dl.line, comboKey(combo))
	p, ok := g.variantParts[key]
	if !ok {
		values := map[string]string{}
		for i, d := range t.Draws {
			values[d.Name] = d.Choices[own[i]]
		}
		for j, d := range dl.draws {
			values[t.Draws[d].Name] = t.Draws[d].Choices[combo[j]]
		}
		var err error
		if p, err = t.partAt(*dl, values); err != nil {
			p = nil
		}
		if len(g.variantParts) < 100_000 {
			g.variantParts[key] = p
		}
	}
	if p == nil {
		return false, nil
	}
	return g.holds(ctx, p.claim, file, line, read)
}

// line returns the template line that depends on draws at a line number.
func (r variantRules) line(n int) *drawnLine {
	for i := range r.lines {
		if r.lines[i].line == n {
			return &r.lines[i]
		}
	}
	return nil
}

func sortedInts(m map[int]float64) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

// maxNamedOthers bounds the other files a same-student flag names.
const maxNamedOthers = 5

// Compare flags what the answer files of a class show together: two files
// for one student, files that share two or more wrong answers word for
// word, and a file whose answers fit another variant that is a classmate's
// (naming the classmate). It changes only the results' flags.
func Compare(rs []*Result) {
	byStudent := map[string][]*Result{}
	byValues := map[string][]string{}
	for _, r := range rs {
		if r.Err != nil {
			continue
		}
		if r.Answers.Student != "" {
			byStudent[r.Answers.Student] = append(byStudent[r.Answers.Student], r)
		}
		if r.Key.Values != nil {
			k := valuesKey(r.Key.Values)
			byValues[k] = append(byValues[k], r.Student)
		}
	}
	for s, group := range byStudent {
		if len(group) < 2 {
			continue
		}
		for _, r := range group {
			// A flag names a few of the other files, not all: a class of
			// copies would otherwise hold a list of the whole class in
			// every row (memory growing as the square of the class).
			var others []string
			for _, o := range group {
				if o != r && len(others) < maxNamedOthers {
					others = append(others, o.Answers.Name)
				}
			}
			files := "the answer file " + strings.Join(others, ", ")
			if more := len(group) - 1 - len(others); more > 0 {
				files = fmt.Sprintf("%d other answer files (%s and %d more)", len(group)-1, strings.Join(others, ", "), more)
			}
			r.flag("same-student", fmt.Sprintf("Student %s also has %s: grade one of them.", s, files))
		}
	}
	for _, r := range rs {
		for i, f := range r.Flags {
			if f.Name != "other-variant" || f.values == nil {
				continue
			}
			var mates []string
			for _, s := range byValues[valuesKey(f.values)] {
				if s != r.Student {
					mates = append(mates, s)
				}
			}
			if len(mates) > 0 {
				sort.Strings(mates)
				r.Flags[i].Says += fmt.Sprintf(" That variant is %s's.", strings.Join(mates, ", "))
			}
		}
	}
	// Shared wrong answers, word for word.
	type wrong struct{ part, text string }
	seen := map[wrong][]int{}
	for i, r := range rs {
		if r.Err != nil {
			continue
		}
		for _, p := range r.Parts {
			if p.Mark == Wrong || p.Mark == Unreadable {
				w := wrong{p.Part.ID, strings.ToLower(strings.Join(strings.Fields(p.Answer.Text), " "))}
				seen[w] = append(seen[w], i)
			}
		}
	}
	shared := map[[2]int][]string{}
	for w, files := range seen {
		if len(files) < 2 || len(files) > 3 {
			continue // an answer many give is a common mistake, not a copy
		}
		for a, first := range files {
			for _, second := range files[a+1:] {
				pair := [2]int{first, second}
				shared[pair] = append(shared[pair], w.part)
			}
		}
	}
	var pairs [][2]int
	for pair, parts := range shared {
		if len(parts) >= 2 {
			pairs = append(pairs, pair)
		}
	}
	slices.SortFunc(pairs, func(a, b [2]int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	for _, pair := range pairs {
		parts := shared[pair]
		sort.Strings(parts)
		a, b := rs[pair[0]], rs[pair[1]]
		a.flag("shared-answers", fmt.Sprintf("The same wrong answers as %s (%s) on %s.", b.Student, b.Answers.Name, strings.Join(parts, ", ")))
		b.flag("shared-answers", fmt.Sprintf("The same wrong answers as %s (%s) on %s.", a.Student, a.Answers.Name, strings.Join(parts, ", ")))
	}
}

func valuesKey(values map[string]string) string {
	var parts []string
	for _, k := range sortedKeys(values) {
		parts = append(parts, k+"="+values[k])
	}
	return strings.Join(parts, "\x00")
}
