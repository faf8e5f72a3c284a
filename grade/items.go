package grade

import (
	"fmt"
	"math/big"
	"sort"
)

// An Item is the analysis of one part over a class.
type Item struct {
	ID        string
	MaxPoints *big.Rat
	// Students is the number of answer files; Answered of them answer
	// the part; Right answer it right, Short right with too few places.
	Students, Answered, Right, Short int
	// Points is the sum of the points scored on the part.
	Points *big.Rat
	// Mistakes counts each named mistake, by the first one each wrong
	// answer matches; Unmatched counts wrong or unreadable answers that
	// match none.
	Mistakes  map[string]int
	Unmatched int
}

// ShareRight returns Right/Students exactly.
func (it Item) ShareRight() *big.Rat {
	if it.Students == 0 {
		return new(big.Rat)
	}
	return big.NewRat(int64(it.Right), int64(it.Students))
}

// TopMistake returns the most frequent named mistake and its count; ties
// go to the earlier in the catalogue (a key's own mistakes first).
func (it Item) TopMistake() (string, int) {
	names := make([]string, 0, len(it.Mistakes))
	for name := range it.Mistakes {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return mistakeRank(names[i]) < mistakeRank(names[j]) })
	best, n := "", 0
	for _, name := range names {
		if c := it.Mistakes[name]; c > n {
			best, n = name, c
		}
	}
	return best, n
}

// mistakeRank orders mistake names: a key's own by line, then the
// catalogue's in order.
func mistakeRank(name string) int {
	var line int
	if _, err := fmt.Sscanf(name, "key-line-%d", &line); err == nil {
		return line
	}
	for i, m := range Catalogue {
		if m.Name == name {
			return 1<<30 + i
		}
	}
	return 1 << 31
}

// Analyse returns the item analysis of a class, one Item per part in key
// order (parts are matched by id, so variants of one template key are
// analysed together).
func Analyse(rs []*Result) []Item {
	var items []Item
	index := map[string]int{}
	for _, r := range rs {
		for _, p := range r.Parts {
			i, ok := index[p.Part.ID]
			if !ok {
				i = len(items)
				index[p.Part.ID] = i
				items = append(items, Item{ID: p.Part.ID, MaxPoints: p.Part.Points, Points: new(big.Rat), Mistakes: map[string]int{}})
			}
			it := &items[i]
			it.Students++
			it.Points.Add(it.Points, p.Points)
			switch p.Verdict {
			case Unanswered:
				continue
			case Right:
				it.Right++
			case Short:
				it.Short++
			}
			it.Answered++
			if p.Verdict == Wrong || p.Verdict == Unreadable || p.Verdict == Short {
				if m := p.Mistake(); m != "" {
					it.Mistakes[m]++
				} else {
					it.Unmatched++
				}
			}
		}
	}
	return items
}
