package grade

import (
	"math/big"

	"github.com/sqrtdk/sqrtdk/internal/mistake"
)

// An Item is the analysis of one part over a class.
type Item struct {
	ID        string   // the part's id
	MaxPoints *big.Rat // what a right answer scores
	// Students is the number of answer files graded, and Marks how many
	// of them got each mark on the part (Unanswered included), so that an
	// answer that could not be read is counted apart from a wrong one.
	Students int
	Marks    map[Mark]int // the number of files with each mark on the part
	// Points is the sum of the points scored on the part.
	Points *big.Rat
	// Mistakes counts each named mistake, by the first one each wrong
	// answer matches; Unmatched counts wrong answers that match none.
	Mistakes  map[string]int
	Unmatched int // wrong answers that match no mistake

	rank map[string]int // each mistake's place in TopMistake's order
}

// TopMistake returns the most frequent named mistake and its count; ties
// go to the key's own mistakes in the key's order, then to the
// catalogue's in its order.
func (it Item) TopMistake() (string, int) {
	best, n := "", 0
	for name, c := range it.Mistakes {
		if c > n || (c == n && it.rank[name] < it.rank[best]) {
			best, n = name, c
		}
	}
	return best, n
}

// mistakeRank orders the mistakes of part p: the key's own in the key's
// order, then the catalogue's in its order.
func mistakeRank(p *Part, m Mistake) int {
	if m.Kind != 0 {
		return len(p.mistakes) + int(m.Kind)
	}
	for i, km := range p.mistakes {
		if km.Name == m.Name {
			return i
		}
	}
	return len(p.mistakes) + int(mistake.NumKinds)
}

// Analyse returns the item analysis of a class, one Item per part in key
// order (parts are matched by id, so variants of one template key are
// analysed together); files that could not be graded are left out.
func Analyse(rs []*Result) []Item {
	var items []Item
	index := map[string]int{}
	for _, r := range rs {
		if r.Err != nil {
			continue
		}
		for _, p := range r.Parts {
			i, ok := index[p.Part.ID]
			if !ok {
				i = len(items)
				index[p.Part.ID] = i
				items = append(items, Item{ID: p.Part.ID, MaxPoints: p.Part.Points, Points: new(big.Rat), Marks: map[Mark]int{}, Mistakes: map[string]int{}, rank: map[string]int{}})
			}
			it := &items[i]
			it.Students++
			it.Points.Add(it.Points, p.Points)
			it.Marks[p.Mark]++
			if p.Mark == Unanswered {
				continue
			}
			if p.Mark == Wrong || p.Mark == Short {
				if len(p.Mistakes) > 0 {
					m := p.Mistakes[0]
					it.Mistakes[m.Name]++
					it.rank[m.Name] = mistakeRank(p.Part, m)
				} else {
					it.Unmatched++
				}
			}
		}
	}
	return items
}
