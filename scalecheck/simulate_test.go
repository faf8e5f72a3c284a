package scalecheck

import (
	"math"
	"math/rand/v2"
)

// This file simulates, in float64 with a seeded generator, the score std that
// a real model's code produces at initialisation, for the catalogue cases
// whose measurement no exact formula gives (a std measured on one batch with
// one draw of the weights). The diagnosis itself never uses it.

// An inputKind is how the tokens entering W_q and W_k are normalised.
type inputKind int

const (
	layerNormed inputKind = iota // mean 0 and root-mean-square 1 per token (LayerNorm, unit gain)
	rmsNormed                    // root-mean-square 1 per token (RMSNorm, unit gain)
	gaussian                     // independent N(0, 1) entries, not normalised
)

// A weights is how one of W_q, W_k is initialised.
type weights struct {
	normalStd    float64 // N(0, normalStd²) entries, when uniformBound is 0
	uniformBound float64 // U(−b, b) entries, when > 0
}

func normal(std float64) weights { return weights{normalStd: std} }

// torchDefault is PyTorch's nn.Linear/Conv default (kaiming_uniform with
// a = √5): U(−1/√fan_in, 1/√fan_in), of std 1/√(3·fan_in).
func torchDefault(fanIn int) weights { return weights{uniformBound: 1 / math.Sqrt(float64(fanIn))} }

// xavierUniform is U(−b, b) with b = √(6/(fan_in+fan_out)).
func xavierUniform(fanIn, fanOut int) weights {
	return weights{uniformBound: math.Sqrt(6 / float64(fanIn+fanOut))}
}

func (w weights) draw(rng *rand.Rand) float64 {
	if w.uniformBound > 0 {
		return (2*rng.Float64() - 1) * w.uniformBound
	}
	return rng.NormFloat64() * w.normalStd
}

// A qkNorm is the per-head normalisation of q and k, if any.
type qkNorm int

const (
	noQKNorm qkNorm = iota
	qkRMS           // root-mean-square 1 (RMSNorm with unit gain)
	qkLayer         // mean 0 and root-mean-square 1 (LayerNorm without affine)
	qkL2            // unit length (cosine attention)
)

// A simulation draws one head of one model: tokens inputs of width dModel,
// q = x·W_q and k = x·W_k of width dk, optional QK-norm, and the scores
// factor·q·k for every pair of tokens. With dModel 0 the q and k entries
// are drawn directly with std wq.normalStd and wk.normalStd.
type simulation struct {
	dModel, dk int
	input      inputKind
	wq, wk     weights
	norm       qkNorm
	factor     float64 // what the code multiplies q·k by
	tokens     int
	seed       uint64
}

// scoreStd returns the population std of the tokens² scores.
func (s simulation) scoreStd() float64 {
	rng := rand.New(rand.NewPCG(s.seed, 0x5eed))
	q, k := s.project(rng)
	var sum, sumSq float64
	for i := range s.tokens {
		for j := range s.tokens {
			var dot float64
			for c := range s.dk {
				dot += q[i*s.dk+c] * k[j*s.dk+c]
			}
			v := s.factor * dot
			sum += v
			sumSq += v * v
		}
	}
	n := float64(s.tokens * s.tokens)
	mean := sum / n
	return math.Sqrt(math.Max(sumSq/n-mean*mean, 0))
}

// project returns the tokens×dk matrices q and k, row-major.
func (s simulation) project(rng *rand.Rand) (q, k []float64) {
	q, k = make([]float64, s.tokens*s.dk), make([]float64, s.tokens*s.dk)
	if s.dModel == 0 {
		for i := range q {
			q[i] = rng.NormFloat64() * s.wq.normalStd
		}
		for i := range k {
			k[i] = rng.NormFloat64() * s.wk.normalStd
		}
	} else {
		x := make([]float64, s.tokens*s.dModel)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		for t := range s.tokens {
			normalise(x[t*s.dModel:(t+1)*s.dModel], s.input == layerNormed, s.input != gaussian)
		}
		wq, wk := make([]float64, s.dModel*s.dk), make([]float64, s.dModel*s.dk)
		for i := range wq {
			wq[i] = s.wq.draw(rng)
		}
		for i := range wk {
			wk[i] = s.wk.draw(rng)
		}
		matmul(q, x, wq, s.tokens, s.dModel, s.dk)
		matmul(k, x, wk, s.tokens, s.dModel, s.dk)
	}
	if s.norm != noQKNorm {
		for t := range s.tokens {
			for _, v := range [][]float64{q[t*s.dk : (t+1)*s.dk], k[t*s.dk : (t+1)*s.dk]} {
				normalise(v, s.norm == qkLayer, true)
				if s.norm == qkL2 {
					for c := range v {
						v[c] /= math.Sqrt(float64(s.dk))
					}
				}
			}
		}
	}
	return q, k
}

// normalise centres v when centre is set and scales it to root-mean-square
// 1 when scale is set.
func normalise(v []float64, centre, scale bool) {
	if centre {
		var mean float64
		for _, x := range v {
			mean += x
		}
		mean /= float64(len(v))
		for i := range v {
			v[i] -= mean
		}
	}
	if scale {
		var ss float64
		for _, x := range v {
			ss += x * x
		}
		rms := math.Sqrt(ss / float64(len(v)))
		for i := range v {
			v[i] /= rms
		}
	}
}

// matmul sets out (r×c) to a (r×n) times b (n×c), all row-major.
func matmul(out, a, b []float64, r, n, c int) {
	for i := range r {
		row := out[i*c : (i+1)*c]
		for m := range n {
			x := a[i*n+m]
			for j, y := range b[m*c : (m+1)*c] {
				row[j] += x * y
			}
		}
	}
}
