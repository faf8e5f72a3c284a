package kernel

import "sync/atomic"

// grayKernel handles any alphabets. It walks k in reflected mixed-radix
// Gray order, where consecutive vectors differ in one coordinate by one
// letter, so each pair's lattice index is the previous one plus a table
// entry: one add and one increment per pair.
//
// The order is split so that memory stays small whatever d is: the low
// coordinates' moves are tabulated once (at most maxLowSteps of them) and
// swept forward and backward alternately, and between two sweeps one high
// coordinate moves, chosen on the fly by a loopless Gray walk over the high
// coordinates; together that is the reflected Gray order of all of k.
type grayKernel struct {
	d, nq, nk int
	t         [][]int // t[a][b] for expanded letters a of q and b of k
	size      int
	// low is the number of tabulated low coordinates; moves[s] encodes the
	// s-th move of their Gray walk, coordinate i from letter a to a+1 as
	// (i·(nk−1)+a)·2, and from a+1 to a as that code + 1.
	low   int
	moves []uint16
}

// maxLowSteps bounds the tabulated low walk: its moves are turned into
// lattice steps once per q, which must stay cheap next to the nk^d pairs
// of that q, and both tables stay in the L1 cache.
const maxLowSteps = 1 << 10

// histCopies is the number of interleaved histograms the Gray kernel
// updates in turn, so that two nearby pairs with the same index do not
// wait on each other's store.
const histCopies = 4

func (g *grayKernel) Name() string { return "gray-code" }

func (g *grayKernel) Rate() float64 { return grayRate() }

func (g *grayKernel) Bytes() (shared, perTally int64) {
	return int64(len(g.moves)) * 2, (histCopies+1)*int64(g.size)*8 + scratchBytes
}

func newGrayKernel(d int, t [][]int, size int) *grayKernel {
	return newGrayKernelSplit(d, t, size, maxLowSteps)
}

// newGrayKernelSplit tabulates the low walk up to maxSteps moves.
func newGrayKernelSplit(d int, t [][]int, size, maxSteps int) *grayKernel {
	nk := len(t[0])
	g := &grayKernel{d: d, nq: len(t), nk: nk, t: t, size: size}
	if nk < 2 {
		return g
	}
	n := 1
	for g.low < d && n*nk <= maxSteps && 2*(g.low+1)*(nk-1) <= 1<<16 {
		n *= nk
		g.low++
	}
	g.moves = make([]uint16, 0, n-1)
	w := newGrayWalk(g.low, nk)
	for {
		code, ok := w.next()
		if !ok {
			break
		}
		g.moves = append(g.moves, uint16(code))
	}
	return g
}

// grayWalk is Knuth's loopless reflected mixed-radix Gray code (TAOCP
// 7.2.1.1, Algorithm H) over n coordinates of radix m.
type grayWalk struct {
	n, m    int
	a, o, f []int
}

func newGrayWalk(n, m int) *grayWalk {
	w := &grayWalk{n: n, m: m, a: make([]int, n), o: make([]int, n), f: make([]int, n+1)}
	w.reset()
	return w
}

func (w *grayWalk) reset() {
	for j := range w.n {
		w.a[j], w.o[j], w.f[j] = 0, 1, j
	}
	w.f[w.n] = w.n
}

// next makes the next move and returns its code, (j·(m−1)+from)·2 for
// coordinate j going up from letter from, (j·(m−1)+to)·2+1 going down to
// letter to; ok is false once the walk is over.
func (w *grayWalk) next() (code int, ok bool) {
	j := w.f[0]
	w.f[0] = 0
	if j == w.n {
		return 0, false
	}
	from := w.a[j]
	w.a[j] += w.o[j]
	if w.o[j] > 0 {
		code = (j*(w.m-1) + from) * 2
	} else {
		code = (j*(w.m-1)+w.a[j])*2 + 1
	}
	if w.a[j] == 0 || w.a[j] == w.m-1 {
		w.o[j] = -w.o[j]
		w.f[j] = w.f[j+1]
		w.f[j+1] = j + 1
	}
	return code, true
}

func (g *grayKernel) Tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	// hist[t·histCopies + c] is copy c of the count of index t.
	hist := make([]uint64, histCopies*g.size)
	digits := make([]int, g.d)
	inc := make([]int, 2*g.d*max(g.nk-1, 1))
	delta := make([]int, len(g.moves))
	x := lo // digits of lo in base nq
	for i := range g.d {
		digits[i] = int(x % uint64(g.nq))
		x /= uint64(g.nq)
	}
	high := newGrayWalk(g.d-g.low, g.nk)
	highCode := 2 * g.low * (g.nk - 1) // code offset of the first high coordinate
	sweepPairs := uint64(len(g.moves) + 1)
	const sweepsPerCheck = 64
	var pending uint64 // pairs tallied but not yet added to progress
	for q := lo; q < hi && !stop.Load(); q++ {
		cur := 0
		for i, a := range digits {
			row := g.t[a]
			cur += row[0]
			for b := 0; b+1 < g.nk; b++ {
				up := row[b+1] - row[b]
				inc[(i*(g.nk-1)+b)*2] = up
				inc[(i*(g.nk-1)+b)*2+1] = -up
			}
		}
		for s, m := range g.moves {
			delta[s] = inc[m] * histCopies // in histogram slots
		}
		if g.nk < 2 {
			hist[cur*histCopies]++
			pending++
		} else {
			high.reset()
			for sweeps := 1; ; sweeps++ {
				if sweeps%2 == 1 {
					cur = graySweepForward(delta, cur*histCopies, hist) / histCopies
				} else {
					cur = graySweepBackward(delta, cur*histCopies, hist) / histCopies
				}
				pending += sweepPairs
				code, ok := high.next()
				if !ok {
					break
				}
				cur += inc[highCode+code]
				if sweeps%sweepsPerCheck == 0 {
					if stop.Load() {
						break
					}
					if progress != nil {
						progress.Add(pending)
						pending = 0
					}
				}
			}
		}
		if progress != nil && pending >= 1<<16 {
			progress.Add(pending)
			pending = 0
		}
		// next q: odometer increment
		for i := range digits {
			digits[i]++
			if digits[i] < g.nq {
				break
			}
			digits[i] = 0
		}
	}
	if progress != nil && pending > 0 {
		progress.Add(pending)
	}
	out := make([]uint64, g.size)
	for t := range out {
		for c := range histCopies {
			out[t] += hist[t*histCopies+c]
		}
	}
	return out
}

// graySweepForward tallies the pair at histogram slot cur (lattice index
// times histCopies) and those the low walk reaches from it, whose steps
// delta are in slots too, updating the histogram copies in turn, and
// returns the last slot.
func graySweepForward(delta []int, cur int, hist []uint64) int {
	hist[cur]++
	s := 0
	for ; s+4 <= len(delta); s += 4 {
		d := delta[s : s+4 : s+4]
		cur += d[0]
		hist[cur]++
		cur += d[1]
		hist[cur+1]++
		cur += d[2]
		hist[cur+2]++
		cur += d[3]
		hist[cur+3]++
	}
	for ; s < len(delta); s++ {
		cur += delta[s]
		hist[cur]++
	}
	return cur
}

// graySweepBackward is graySweepForward along the low walk run backwards.
func graySweepBackward(delta []int, cur int, hist []uint64) int {
	hist[cur]++
	s := len(delta)
	for ; s >= 4; s -= 4 {
		d := delta[s-4 : s : s]
		cur -= d[3]
		hist[cur]++
		cur -= d[2]
		hist[cur+1]++
		cur -= d[1]
		hist[cur+2]++
		cur -= d[0]
		hist[cur+3]++
	}
	for ; s > 0; s-- {
		cur -= delta[s-1]
		hist[cur]++
	}
	return cur
}
