package softmax

import (
	"math/big"
	"sort"
)

// simplexLowerBound returns t with max_i g(p_i) ≥ t for every p with
// l ≤ p ≤ h componentwise and Σ p_i = 1, where g(x) = x(1 − x), computed
// at wp bits with every rounding towards a smaller t.
//
// Argument: let p be such a point with T = max_i g(p_i) < ¼ and ρ < ½ the
// root of g(ρ) = T. Then every p_i lies in [0, ρ] or in [1 − ρ, 1], and at most
// one lies in the upper part (two would sum to more than 1). For the case
// "all low" and each case "only k high", the constraints force ρ to be at
// least an explicit value (below); so ρ ≥ ρmin, the least of these values,
// and T = g(ρ) ≥ g(min(ρmin, ½)) as g increases on [0, ½]. The coupling
// Σ p_i = 1 is what makes the bound tight where several g(p_i) tie, e.g.
// along the line z + t·(1, …, 1) on which softmax is constant.
//
// Rounding: each value whose maximum forms a case's bound is computed
// rounded down (1 − h_k, Σ l_i) or exactly (max l_i), and the water level
// below is rounded down too, so every case's bound, ρmin and then g(ρmin)
// (g increasing on [0, ½]) are at most their exact values: the result is
// a valid lower bound at any precision. The work is O(n log n)
// operations on floating-point numbers, where exact rationals grew
// without bound.
func simplexLowerBound(l, h []*big.Float, wp uint) *big.Float {
	n := len(l)
	half := big.NewFloat(0.5)
	one := big.NewFloat(1)
	var rhoMin *big.Float // nil means +∞
	consider := func(r *big.Float) {
		if r != nil && (rhoMin == nil || r.Cmp(rhoMin) < 0) {
			rhoMin = r
		}
	}
	maxOf := func(rs ...*big.Float) *big.Float {
		var m *big.Float
		for _, r := range rs {
			if r == nil {
				return nil
			}
			if m == nil || r.Cmp(m) > 0 {
				m = r
			}
		}
		return m
	}
	// h sorted once, ascending; each case skips one index of it.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return h[order[a]].Cmp(h[order[b]]) < 0 })
	sorted := make([]*big.Float, n)
	for i, k := range order {
		sorted[i] = h[k]
	}
	water := newWaterTable(sorted, wp)
	position := make([]int, n) // position[k] is k's place in sorted
	for i, k := range order {
		position[k] = i
	}
	// All low: l_i ≤ p_i ≤ ρ and 1 = Σ p_i ≤ Σ min(h_i, ρ).
	zero := new(big.Float)
	maxL, second := zero, zero // the largest l and the next, at least 0
	for _, x := range l {
		switch {
		case x.Cmp(maxL) > 0:
			maxL, second = x, maxL
		case x.Cmp(second) > 0:
			second = x
		}
	}
	consider(maxOf(maxL, waterLevel(water, -1, one)))
	// Only k high: 1 − ρ ≤ p_k ≤ h_k; l_i ≤ p_i ≤ ρ (i ≠ k);
	// Σ_{i≠k} l_i ≤ 1 − p_k ≤ ρ; 1 − h_k ≤ 1 − p_k ≤ Σ_{i≠k} min(h_i, ρ).
	// Σ_{i≠k} l_i is a prefix plus a suffix sum, each rounded down.
	prefix := make([]*big.Float, n+1)
	suffix := make([]*big.Float, n+1)
	prefix[0], suffix[n] = newF(wp, down), newF(wp, down)
	for i := range n {
		prefix[i+1] = addR(down, wp, prefix[i], l[i])
		suffix[n-1-i] = addR(down, wp, suffix[n-i], l[n-1-i])
	}
	for k := range n {
		rest := subR(down, wp, one, h[k])
		maxLk := maxL
		if l[k] == maxL {
			maxLk = second
		}
		sumLk := addR(down, wp, prefix[k], suffix[k+1])
		consider(maxOf(rest, maxLk, sumLk, waterLevel(water, position[k], rest)))
	}
	if rhoMin == nil || rhoMin.Cmp(half) >= 0 {
		return big.NewFloat(0.25)
	}
	if rhoMin.Sign() <= 0 {
		return new(big.Float)
	}
	return mulR(down, wp, rhoMin, subR(down, wp, one, rhoMin))
}

// A waterTable answers water-level questions about one list of upper
// bounds: the least ρ ≥ 0 with Σ_i min(h_i, ρ) ≥ target, over all of the
// list or all but one entry, by binary search on its sorted entries and
// their prefix sums (rounded up), in O(log n) operations per question.
//
// On [hs_{j−1}, hs_j] the sum is P_j + (m − j)·ρ with P_j the sum of the j
// smallest; the sum is concave in ρ, so it lies below the line extending
// any one piece, and (target − P_j)/(m − j) is at most the least ρ for
// every j. Rounding P_j up and the quotient down keeps that so, whichever
// piece the search stops at; exactly, the pieces where that value falls
// inside the piece are the last ones, so the search stops at the first
// of them. There is no ρ when the last piece's value, at most the exact
// one, still exceeds the largest entry.
type waterTable struct {
	sorted []*big.Float // the entries, ascending
	prefix []*big.Float // prefix[j] ≥ sum of sorted[:j]
	wp     uint
}

func newWaterTable(sorted []*big.Float, wp uint) *waterTable {
	w := &waterTable{sorted: sorted, prefix: make([]*big.Float, len(sorted)+1), wp: wp}
	w.prefix[0] = newF(wp, up)
	for j, x := range sorted {
		w.prefix[j+1] = addR(up, wp, w.prefix[j], x)
	}
	return w
}

// waterLevel returns a lower bound of the least ρ ≥ 0 with
// Σ_{i≠skip} min(sorted_i, ρ) ≥ target (skip −1 for none), or nil if
// there is none.
func waterLevel(w *waterTable, skip int, target *big.Float) *big.Float {
	if target.Sign() <= 0 {
		return new(big.Float)
	}
	m := len(w.sorted)
	if skip >= 0 {
		m--
	}
	// entry and sum of the list without skip.
	entry := func(j int) *big.Float {
		if skip >= 0 && j >= skip {
			return w.sorted[j+1]
		}
		return w.sorted[j]
	}
	sum := func(j int) *big.Float {
		if skip >= 0 && j > skip {
			return subR(up, w.wp, w.prefix[j+1], w.sorted[skip])
		}
		return w.prefix[j]
	}
	level := func(j int) *big.Float {
		return quoR(down, w.wp, subR(down, w.wp, target, sum(j)), new(big.Float).SetInt64(int64(m-j)))
	}
	if m == 0 {
		return nil
	}
	if level(m-1).Cmp(entry(m-1)) > 0 {
		return nil
	}
	lo, hi := 0, m-1 // the last piece holds the level; find the first that does
	for lo < hi {
		mid := (lo + hi) / 2
		if level(mid).Cmp(entry(mid)) <= 0 {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return level(hi)
}
