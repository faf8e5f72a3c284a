package main

import (
	"fmt"
	"math/big"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// maxClosedBytes bounds the memory the closed form may use for its exact
// counts; beyond it the output alone would be too large to print or read.
const maxClosedBytes = 512 << 20

// checkClosedSize refuses, before any work, a closed-form distribution
// whose exact counts would not fit in maxClosedBytes. The closed form keeps
// D·tMax+1 coefficients of up to log2(cases) bits each, so memory grows
// like D² and a wide d_k would otherwise run the machine out of memory.
func checkClosedSize(p enumerate.Problem, m enumerate.Method) error {
	if m == enumerate.BruteForce {
		return nil
	}
	bytes := closedBytes(p)
	if bytes.Cmp(big.NewInt(maxClosedBytes)) <= 0 {
		return nil
	}
	return fmt.Errorf("the closed form at d_k = %d would hold about %s of exact counts (at most %d MiB); choose a smaller d_k",
		p.D, humanBytes(bytes), maxClosedBytes>>20)
}

// closedBytes estimates the memory of the closed form's counts: one
// coefficient per lattice point, each at most the number of cases, plus a
// big.Int's fixed overhead.
func closedBytes(p enumerate.Problem) *big.Int {
	coefficients := new(big.Int).Mul(big.NewInt(int64(p.D)), latticeSpan(p.Q, p.K))
	coefficients.Add(coefficients, big.NewInt(1))
	perCount := int64(p.Cases().BitLen()/8 + 40)
	return coefficients.Mul(coefficients, big.NewInt(perCount))
}

// latticeSpan returns (max − min)/g over the products of a letter of q and
// a letter of k, where g is the largest rational dividing every difference:
// the number of lattice steps one coordinate spans.
func latticeSpan(q, k rational.Alphabet) *big.Int {
	var prods []*big.Rat
	for _, a := range q.Letters {
		for _, b := range k.Letters {
			prods = append(prods, new(big.Rat).Mul(a.Value, b.Value))
		}
	}
	lo, hi := prods[0], prods[0]
	for _, x := range prods {
		if x.Cmp(lo) < 0 {
			lo = x
		}
		if x.Cmp(hi) > 0 {
			hi = x
		}
	}
	// gcd(a/b, c/d) = gcd(a·d, c·b)/(b·d); keep it as num/den.
	num, den := big.NewInt(0), big.NewInt(1)
	for _, x := range prods {
		diff := new(big.Rat).Sub(x, lo)
		a, b := new(big.Int).Mul(num, diff.Denom()), new(big.Int).Mul(diff.Num(), den)
		g := new(big.Rat).SetFrac(new(big.Int).GCD(nil, nil, a, b), den.Mul(den, diff.Denom()))
		num, den = g.Num(), new(big.Int).Set(g.Denom())
	}
	if num.Sign() == 0 {
		return big.NewInt(0)
	}
	span := new(big.Rat).Sub(hi, lo)
	span.Quo(span, new(big.Rat).SetFrac(num, den))
	return new(big.Int).Quo(span.Num(), span.Denom())
}

func humanBytes(n *big.Int) string {
	f, _ := new(big.Float).SetInt(n).Float64()
	switch {
	case f >= 1e12:
		return fmt.Sprintf("%.3g TB", f/1e12)
	case f >= 1e9:
		return fmt.Sprintf("%.3g GB", f/1e9)
	}
	return fmt.Sprintf("%.3g MB", f/1e6)
}
