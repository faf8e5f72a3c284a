package softmax

import (
	"math/big"
	"sort"
)

// simplexLowerBoundExact is the bound of simplexLowerBound in exact
// rationals, the oracle its floating-point form is tested against: it returns a rational t with max_i g(p_i) ≥ t for every p
// with l ≤ p ≤ h componentwise and Σ p_i = 1, where g(x) = x(1 − x).
//
// Argument: let p be such a point with T = max_i g(p_i) < ¼ and ρ < ½ the
// root of g(ρ) = T. Then every p_i lies in [0, ρ] or in [1 − ρ, 1], and at most
// one lies in the upper part (two would sum to more than 1). For the case
// "all low" and each case "only k high", the constraints force ρ to be at
// least an explicit value (below); so ρ ≥ ρmin, the least of these values,
// and T = g(ρ) ≥ g(min(ρmin, ½)) as g increases on [0, ½]. The coupling
// Σ p_i = 1 is what makes the bound tight where several g(p_i) tie, e.g.
// along the line z + t·(1, …, 1) on which softmax is constant.
func simplexLowerBoundExact(l, h []*big.Rat) *big.Rat {
	n := len(l)
	half := big.NewRat(1, 2)
	one := big.NewRat(1, 1)
	var rhoMin *big.Rat // nil means +∞
	consider := func(r *big.Rat) {
		if r != nil && (rhoMin == nil || r.Cmp(rhoMin) < 0) {
			rhoMin = r
		}
	}
	maxOf := func(rs ...*big.Rat) *big.Rat {
		var m *big.Rat
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
	// All low: l_i ≤ p_i ≤ ρ and 1 = Σ p_i ≤ Σ min(h_i, ρ).
	maxL := new(big.Rat)
	for _, x := range l {
		if x.Cmp(maxL) > 0 {
			maxL = x
		}
	}
	consider(maxOf(maxL, waterLevelExact(h, -1, one)))
	// Only k high: 1 − ρ ≤ p_k ≤ h_k; l_i ≤ p_i ≤ ρ (i ≠ k);
	// Σ_{i≠k} l_i ≤ 1 − p_k ≤ ρ; 1 − h_k ≤ 1 − p_k ≤ Σ_{i≠k} min(h_i, ρ).
	for k := 0; k < n; k++ {
		rest := new(big.Rat).Sub(one, h[k])
		maxLk, sumLk := new(big.Rat), new(big.Rat)
		for i, x := range l {
			if i == k {
				continue
			}
			if x.Cmp(maxLk) > 0 {
				maxLk = x
			}
			sumLk.Add(sumLk, x)
		}
		consider(maxOf(rest, maxLk, sumLk, waterLevelExact(h, k, rest)))
	}
	if rhoMin == nil || rhoMin.Cmp(half) >= 0 {
		return big.NewRat(1, 4)
	}
	if rhoMin.Sign() <= 0 {
		return new(big.Rat)
	}
	return new(big.Rat).Mul(rhoMin, new(big.Rat).Sub(one, rhoMin))
}

// waterLevelExact returns the least ρ ≥ 0 with Σ_{i≠skip} min(h_i, ρ) ≥ target, or nil if there is none.
func waterLevelExact(h []*big.Rat, skip int, target *big.Rat) *big.Rat {
	if target.Sign() <= 0 {
		return new(big.Rat)
	}
	hs := make([]*big.Rat, 0, len(h))
	for i, x := range h {
		if i != skip {
			hs = append(hs, x)
		}
	}
	sort.Slice(hs, func(i, j int) bool { return hs[i].Cmp(hs[j]) < 0 })
	prefix := new(big.Rat)
	for j, x := range hs {
		// On [hs[j−1], hs[j]] the sum is prefix + (m − j)·ρ.
		rho := new(big.Rat).Sub(target, prefix)
		rho.Quo(rho, big.NewRat(int64(len(hs)-j), 1))
		if rho.Cmp(x) <= 0 {
			return rho
		}
		prefix.Add(prefix, x)
	}
	return nil
}
