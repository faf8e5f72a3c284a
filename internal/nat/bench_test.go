package nat

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// The three ways a moment sum or a recurrence step can go, on numbers of
// 1600 words (100,000 bits, the largest counts at d_k = 10⁵).

func BenchmarkMulAddWord(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	x, z := random(rng, 1600), random(rng, 1601)
	for b.Loop() {
		MulAddWord(z, x, 99991)
	}
}

func BenchmarkMulThenAdd(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	x, z, tmp := random(rng, 1600), random(rng, 1601), new(big.Int)
	m := big.NewInt(99991)
	for b.Loop() {
		tmp.Mul(x, m)
		z.Add(z, tmp)
	}
}

func BenchmarkDivExactWord(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	q := random(rng, 1600)
	x := new(big.Int).Mul(q, big.NewInt(99991))
	z := new(big.Int)
	for b.Loop() {
		z.Set(x)
		DivExactWord(z, 99991)
	}
}

func BenchmarkQuo(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	q := random(rng, 1600)
	x := new(big.Int).Mul(q, big.NewInt(99991))
	z, m := new(big.Int), big.NewInt(99991)
	for b.Loop() {
		z.Quo(x, m)
	}
}
