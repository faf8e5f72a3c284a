package claims

import (
	"math/big"

	"github.com/sqrtdk/sqrtdk/internal/softmax"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A printed softmax vector is judged as a whole: some one input in the box
// must give every printed output at once. Outputs judged one by one can
// each be attainable while no input gives them together (0.7 and 0.7 cannot
// both be outputs of one softmax: they would sum to more than 1).
//
// The joint question has an exact structure. Write w = z/√d_k and
// u_i = log p_i. An output vector p comes from some w in the box
// [lo', hi'] exactly when one shift c puts u + c in the box, that is when
// u_j − u_i ≤ D_ji = hi'_j − lo'_i for all i, j; p lies in the printed
// cells exactly when a_i ≤ u_i ≤ b_i (the logs of the cell's ends).
// These difference constraints are closed under the triangle inequality
// (D_ji ≤ D_jk + D_ki because hi'_k ≥ lo'_k), so their solutions form a
// lattice with a least element u⁻ and a greatest element u⁺:
//
//	u⁺_j = min(b_j, min_i b_i + D_ji),   u⁻_j = max(a_j, max_i a_i − D_ij),
//
// the set is non-empty exactly when u⁻ ≤ u⁺, and on it Σ e^u, increasing
// in every u_i and continuous on a connected set, takes every value from
// Σ e^{u⁻} to Σ e^{u⁺}. So the printed vector is jointly attainable exactly
// when p⁻ = e^{u⁻} ≤ p⁺ = e^{u⁺} and Σ p⁻ ≤ 1 ≤ Σ p⁺. The exponentials are
// enclosed rigorously (softmax.ExpNegEnclosure) and the three conditions
// decided on the enclosures, at rising precision, or left undecided.

// jointly decides whether one input in box gives every output in its cell.
func jointly(box softmax.Box, cells []softmax.Interval) softmax.Consistency {
	for prec := uint(64); prec <= 2048; prec *= 2 {
		if v := jointlyAt(box, cells, prec); v != softmax.Undecided {
			return v
		}
	}
	return softmax.Undecided
}

func jointlyAt(box softmax.Box, cells []softmax.Interval, prec uint) softmax.Consistency {
	n := len(cells)
	clo, chi := inverseRootBounds(box.DK, prec)
	// diff(j, i) encloses D_ji = (hi_j − lo_i)/√d_k.
	diff := func(j, i int) (lo, hi *big.Rat) {
		x := new(big.Rat).Sub(box.Hi[j], box.Lo[i])
		lo, hi = new(big.Rat).Mul(x, clo), new(big.Rat).Mul(x, chi)
		if x.Sign() < 0 {
			lo, hi = hi, lo
		}
		return lo, hi
	}
	zero := new(big.Rat)
	// Upper and lower enclosures of p⁺ and p⁻.
	maxLo, maxHi := make([]*big.Rat, n), make([]*big.Rat, n)
	minLo, minHi := make([]*big.Rat, n), make([]*big.Rat, n)
	for j := range n {
		maxLo[j], maxHi[j] = cells[j].Hi, cells[j].Hi
		minLo[j], minHi[j] = ratMax(cells[j].Lo, zero), ratMax(cells[j].Lo, zero)
		for i := range n {
			if i == j {
				continue
			}
			dlo, dhi := diff(j, i)
			elo, _ := expBounds(dlo, prec)
			_, ehi := expBounds(dhi, prec)
			maxLo[j] = ratMin(maxLo[j], new(big.Rat).Mul(cells[i].Hi, elo))
			maxHi[j] = ratMin(maxHi[j], new(big.Rat).Mul(cells[i].Hi, ehi))
			if cells[i].Lo.Sign() > 0 {
				// p_j ≥ p_i·e^{−D_ij}.
				dlo, dhi := diff(i, j)
				flo, _ := expBounds(new(big.Rat).Neg(dhi), prec)
				_, fhi := expBounds(new(big.Rat).Neg(dlo), prec)
				minLo[j] = ratMax(minLo[j], new(big.Rat).Mul(cells[i].Lo, flo))
				minHi[j] = ratMax(minHi[j], new(big.Rat).Mul(cells[i].Lo, fhi))
			}
		}
	}
	one := big.NewRat(1, 1)
	sumMinLo, sumMinHi, sumMaxLo, sumMaxHi := new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)
	surelyEmpty, surelyNonEmpty := false, true
	for j := range n {
		sumMinLo.Add(sumMinLo, minLo[j])
		sumMinHi.Add(sumMinHi, minHi[j])
		sumMaxLo.Add(sumMaxLo, maxLo[j])
		sumMaxHi.Add(sumMaxHi, maxHi[j])
		if minLo[j].Cmp(maxHi[j]) > 0 {
			surelyEmpty = true
		}
		if minHi[j].Cmp(maxLo[j]) > 0 {
			surelyNonEmpty = false
		}
	}
	switch {
	case surelyEmpty || sumMinLo.Cmp(one) > 0 || sumMaxHi.Cmp(one) < 0:
		return softmax.Inconsistent
	case surelyNonEmpty && sumMinHi.Cmp(one) <= 0 && sumMaxLo.Cmp(one) >= 0:
		return softmax.Consistent
	}
	return softmax.Undecided
}

// expBounds returns rationals lo ≤ e^x ≤ hi, about prec bits tight.
func expBounds(x *big.Rat, prec uint) (lo, hi *big.Rat) {
	if x.Sign() <= 0 {
		t := new(big.Rat).Neg(x)
		iv := softmax.ExpNegEnclosure(softmax.Interval{Lo: t, Hi: t}, prec)
		return iv.Lo, iv.Hi
	}
	iv := softmax.ExpNegEnclosure(softmax.Interval{Lo: x, Hi: x}, prec)
	return new(big.Rat).Inv(iv.Hi), new(big.Rat).Inv(iv.Lo)
}

// inverseRootBounds returns rationals lo ≤ 1/√dk ≤ hi (both 1 for nil).
func inverseRootBounds(dk *big.Rat, prec uint) (lo, hi *big.Rat) {
	if dk == nil {
		return big.NewRat(1, 1), big.NewRat(1, 1)
	}
	v := rational.NewRat(dk).Root(2).Inv()
	if r, ok := v.Rat(); ok {
		return r, r
	}
	places := int(prec)/3 + 2
	lo, _ = rational.ParseDecimal(v.Decimal(places, rational.RoundFloor))
	hi, _ = rational.ParseDecimal(v.Decimal(places, rational.RoundCeiling))
	return lo, hi
}

func ratMin(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

func ratMax(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}
