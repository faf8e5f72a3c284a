package enumerate

import "sync/atomic"

// grayKernel handles any alphabets. It walks k in reflected mixed-radix
// Gray order, where consecutive vectors differ in one coordinate by one
// letter, so each pair's lattice index is the previous one plus a table
// entry: one add and one increment per pair.
type grayKernel struct {
	d, nq, nk int
	t         [][]int // t[a][b] for expanded letters a of q and b of k
	size      int
	// steps[s] encodes the s-th move of k: coordinate i from letter a to
	// a+1 (code (i·(nk−1)+a)·2) or from a+1 to a (that code + 1).
	steps []uint32
}

func (g *grayKernel) name() string { return "gray-code" }

func newGrayKernel(d int, t [][]int, size int) *grayKernel {
	nk := len(t[0])
	g := &grayKernel{d: d, nq: len(t), nk: nk, t: t, size: size}
	if nk < 2 {
		return g
	}
	// Knuth's loopless reflected mixed-radix Gray code (TAOCP 7.2.1.1, Algorithm H).
	a := make([]int, d)
	o := make([]int, d)
	f := make([]int, d+1)
	for j := range d {
		o[j] = 1
		f[j] = j
	}
	f[d] = d
	for {
		j := f[0]
		f[0] = 0
		if j == d {
			break
		}
		from := a[j]
		a[j] += o[j]
		if o[j] > 0 {
			g.steps = append(g.steps, uint32((j*(nk-1)+from)*2))
		} else {
			g.steps = append(g.steps, uint32((j*(nk-1)+a[j])*2+1))
		}
		if a[j] == 0 || a[j] == nk-1 {
			o[j] = -o[j]
			f[j] = f[j+1]
			f[j+1] = j + 1
		}
	}
	return g
}

func (g *grayKernel) tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	hist := make([]uint64, g.size)
	digits := make([]int, g.d)
	inc := make([]int, 2*g.d*max(g.nk-1, 1))
	// digits of lo in base nq
	x := lo
	for i := range g.d {
		digits[i] = int(x % uint64(g.nq))
		x /= uint64(g.nq)
	}
	pairs := uint64(len(g.steps) + 1)
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
		hist[cur]++
		for _, s := range g.steps {
			cur += inc[s]
			hist[cur]++
		}
		if progress != nil {
			progress.Add(pairs)
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
	return hist
}
