package kernel

import (
	"math/bits"
	"sync/atomic"
)

// bitPairKernel handles any two-letter alphabets. With letters as bits, a
// coordinate contributes t00 + (t10−t00)·q_i + (t01−t00)·k_i + c·q_i·k_i
// (c = t11−t10−t01+t00), so a pair's index is
// cq + b·popcount(k) + c·popcount(q ∧ k) with cq fixed by q. Splitting k
// into a low part (the low bits, tabulated once per q) and a high part (one
// base index per value), each pair costs one add and one increment.
type bitPairKernel struct {
	d    int
	t    [][]int // t[a][b] for letters a, b ∈ {0, 1}
	size int
	fast bool // the AVX-512 kernel runs
}

func newBitPairKernel(d int, t [][]int, size int) *bitPairKernel {
	return &bitPairKernel{d: d, t: t, size: size, fast: fastBitPair(d)}
}

func (x *bitPairKernel) Name() string {
	if x.fast {
		return "bit-pair (bit-sliced, 512 lanes, AVX-512)"
	}
	return "bit-pair (portable)"
}

func (x *bitPairKernel) Bytes() (shared, perTally int64) {
	return 0, (histCopies+1)*int64(x.size)*8 + scratchBytes
}

func (x *bitPairKernel) Rate() float64 {
	if x.fast {
		return avx512BitPairRate
	}
	return portableBitPairRate
}

func (x *bitPairKernel) Tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	if x.fast {
		return x.tallyFast(lo, hi, stop, progress)
	}
	t00, t01, t10, t11 := x.t[0][0], x.t[0][1], x.t[1][0], x.t[1][1]
	b, c := t01-t00, t11-t10-t01+t00
	// lowBits keeps the per-q table small next to the 2^d pairs of q.
	lowBits := x.d
	if x.d > 4 {
		lowBits = min(x.d-2, 10)
	}
	lowMask := uint64(1)<<lowBits - 1
	low := make([]int, 1<<lowBits) // in histogram slots: index·histCopies
	hist := make([]uint64, histCopies*x.size)
	nk := uint64(1) << x.d
	for q := lo; q < hi && !stop.Load(); q++ {
		cq := x.d*t00 + (t10-t00)*bits.OnesCount64(q)
		qlo, qhi := q&lowMask, q>>lowBits
		for k := range low {
			low[k] = (b*bits.OnesCount64(uint64(k)) + c*bits.OnesCount64(qlo&uint64(k))) * histCopies
		}
		// One q meets 2^d vectors k: the stop flag is checked every
		// chunkPairs of them.
		perCheck := max(uint64(chunkPairs)>>lowBits, 1)
		added, khi := uint64(0), uint64(0)
		for ; khi < nk>>lowBits; khi++ {
			if khi > 0 && khi%perCheck == 0 {
				if progress != nil {
					progress.Add(khi<<lowBits - added)
					added = khi << lowBits
				}
				if stop.Load() {
					break
				}
			}
			base := cq + b*bits.OnesCount64(khi) + c*bits.OnesCount64(qhi&khi)
			tallyShifted(low, base*histCopies, hist)
		}
		if progress != nil {
			progress.Add(khi<<lowBits - added)
		}
	}
	out := make([]uint64, x.size)
	for t := range out {
		for c := range histCopies {
			out[t] += hist[t*histCopies+c]
		}
	}
	return out
}

// tallyShifted counts slot base+v for every v in low (slots are lattice
// indices times histCopies), spreading the increments over the copies.
func tallyShifted(low []int, base int, hist []uint64) {
	s := 0
	for ; s+4 <= len(low); s += 4 {
		v := low[s : s+4 : s+4]
		hist[base+v[0]]++
		hist[base+v[1]+1]++
		hist[base+v[2]+2]++
		hist[base+v[3]+3]++
	}
	for ; s < len(low); s++ {
		hist[base+low[s]]++
	}
}
