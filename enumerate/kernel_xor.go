package enumerate

import (
	"math/bits"
	"sync/atomic"
)

// xorKernel handles two-letter alphabets where a coordinate's lattice index
// depends only on whether q_i and k_i are the same letter (±a against ±b):
// a pair's index is d·same + (differ − same)·popcount(q ⊕ k).
type xorKernel struct {
	d            int
	same, differ int
	size         int
}

func (x *xorKernel) name() string { return "xor-popcount" }

func (x *xorKernel) tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	var pc [65]uint64
	nk := uint64(1) << x.d
	for q := lo; q < hi && !stop.Load(); q++ {
		for k := range nk {
			pc[bits.OnesCount64(q^k)]++
		}
		if progress != nil {
			progress.Add(nk)
		}
	}
	hist := make([]uint64, x.size)
	for n := 0; n <= x.d; n++ {
		hist[x.d*x.same+(x.differ-x.same)*n] += pc[n]
	}
	return hist
}

// bitPairKernel handles any two-letter alphabets: a pair's index depends
// on popcount(q), popcount(k) and popcount(q ∧ k).
type bitPairKernel struct {
	d    int
	t    [][]int // t[a][b] for letters a, b ∈ {0, 1}
	size int
}

func (x *bitPairKernel) name() string { return "bit-pair" }

func (x *bitPairKernel) tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	d1 := x.d + 1
	// byWeights[(|k|)·(d+1) + |q∧k|] for the current q.
	byWeights := make([]uint64, d1*d1)
	hist := make([]uint64, x.size)
	nk := uint64(1) << x.d
	for q := lo; q < hi && !stop.Load(); q++ {
		for k := range nk {
			byWeights[bits.OnesCount64(k)*d1+bits.OnesCount64(q&k)]++
		}
		wq := bits.OnesCount64(q)
		for wk := 0; wk <= x.d; wk++ {
			for n11 := 0; n11 <= min(wk, wq); n11++ {
				c := byWeights[wk*d1+n11]
				if c == 0 {
					continue
				}
				byWeights[wk*d1+n11] = 0
				n10, n01 := wq-n11, wk-n11
				n00 := x.d - wq - wk + n11
				hist[n00*x.t[0][0]+n01*x.t[0][1]+n10*x.t[1][0]+n11*x.t[1][1]] += c
			}
		}
		if progress != nil {
			progress.Add(nk)
		}
	}
	return hist
}
