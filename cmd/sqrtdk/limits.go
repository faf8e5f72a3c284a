package main

import (
	"fmt"
	"math"
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

// closedSecondsPerWordOp and maxClosedSeconds bound the closed form's time:
// it computes D·span coefficients of about D·log2(|Q|·|K|) bits, each from
// span earlier ones, so about D²·span²·log2(|Q|·|K|)/64 word operations;
// measured here: ±1 at d_k = 10⁵ 1.4 s, {-1,0,1} at d_k = 10⁴ 0.11 s.
const (
	closedSecondsPerWordOp = 6e-9
	maxClosedSeconds       = 300
)

// checkClosedTime refuses a closed form that would run for many minutes.
func checkClosedTime(p enumerate.Problem, m enumerate.Method) error {
	if m == enumerate.BruteForce {
		return nil
	}
	span, _ := new(big.Float).SetInt(latticeSpan(p.Q, p.K)).Float64()
	d := float64(p.D)
	bits := math.Log2(float64(p.Q.Size()) * float64(p.K.Size()))
	seconds := d * d * span * span * max(bits, 1) / 64 * closedSecondsPerWordOp
	if seconds > maxClosedSeconds {
		return fmt.Errorf("the closed form at d_k = %d would take about %.0f minutes here; choose a smaller d_k", p.D, seconds/60)
	}
	return nil
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

// maxRootWork bounds places × root index for one decimal of an irrational
// value: printing p places of an r-th root takes an exact r-th root of an
// integer of about p·r digits, which costs about half a second at 10⁶ and
// grows faster than linearly beyond.
const maxRootWork = 1_000_000

// checkDigitsCost refuses --digits that would make an irrational cell of
// some scale take minutes: the value d^(−2P)·Var is at worst a root of
// index den(2P).
func checkDigitsCost(digits int, scales []rational.Scale) error {
	for _, s := range scales {
		if s.P == nil {
			continue
		}
		index := new(big.Rat).Mul(s.P, big.NewRat(2, 1)).Denom().Int64()
		if index > 1 && int64(digits)*index > maxRootWork {
			return fmt.Errorf("--digits %d with scale %s needs %d places of a root of index %d, too costly to compute exactly; use at most %d places with this scale",
				digits, s.Name(), digits, index, maxRootWork/index)
		}
	}
	return nil
}

// maxBrutePairBits bounds the pairs, as a power of 2, for which a brute-force
// refusal names the exact count; far beyond any machine, a power of ten is
// clearer than a number of thousands of digits.
const maxBrutePairBits = 100

// checkBruteReach refuses at once, without computing the exact number of
// pairs, a brute-force run over more than 2^maxBrutePairBits pairs.
func checkBruteReach(p enumerate.Problem) error {
	bits := float64(p.D) * math.Log2(float64(p.Q.Size())*float64(p.K.Size()))
	if bits <= maxBrutePairBits {
		return nil
	}
	return fmt.Errorf("brute force over about 10^%.0f pairs is beyond any machine; use --method closed for the exact distribution without enumerating",
		math.Floor(bits*math.Log10(2)))
}
