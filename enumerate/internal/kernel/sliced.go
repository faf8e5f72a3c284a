package kernel

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"
)

// slicedKernel is the sliced-index kernel for alphabets of any size on
// AVX-512. A block is the vectors k that share their high coordinates
// h…D−1; its lanes are the nk^h choices of the low coordinates, padded to
// whole 512-lane words. For each q, the low coordinates' share of every
// lane's index is a constant of q's low coordinates (tabulated once, and
// kept bit-sliced: plane j holds bit j of every lane's share), and the
// high coordinates' share v is the same for every lane of a block, so a
// block's lane indices are the table plus v. Per q, the kernel adds each
// value v that a block can have to the table (a bit-sliced addition of a
// constant) once, and each block loads the lanes of its v. Each block
// then adds, for every nonzero set S of index bits,
// the number of lanes whose index has all bits of S (an AND of planes and
// VPOPCNTQ); the count of each index follows by Möbius inversion over the
// subsets (mobius.go). Padding lanes hold index v: the kernel counts the
// blocks by v and takes them out at the end. Every real pair is counted
// exactly once.
type slicedKernel struct {
	d, nq, nk int
	t         [][]int
	size      int
	h         int // coordinates of k in the lanes
	lanes     int // nk^h
	nw        int // 512-lane words per block
	nb        int // bits of an index
	nv        int // largest index
	tMax      int // largest entry of t
	nqLow     int // nq^h: the values of q's low coordinates
	nBlocks   int // nk^(D−h) blocks per q
	once      sync.Once
	planes    []uint64 // [nqLow][nw][nb][8]: the low coordinates' shares, bit-sliced
}

// Limits of the sliced-index kernel: index values of at most
// slicedMaxBits bits, blocks of at most slicedMaxWords words, and a lane
// table of at most slicedMaxTable words.
const (
	slicedMaxBits  = 8
	slicedMaxWords = 4
	slicedMaxTable = 1 << 20
)

// planSliced returns the sliced-index kernel for s with the split of k that
// fills its words best, or nil when this CPU or s does not allow one.
func planSliced(s Spec) *slicedKernel {
	if !useAVX512() || s.D < 1 || len(s.T) < 1 || len(s.T[0]) < 2 {
		return nil
	}
	tMax := 0
	for _, row := range s.T {
		for _, v := range row {
			tMax = max(tMax, v)
		}
	}
	nv := s.D * tMax
	if nv >= 1<<slicedMaxBits || nv >= s.Size || nv < 1 {
		return nil
	}
	nb := 0
	for 1<<nb <= nv {
		nb++
	}
	x := &slicedKernel{d: s.D, nq: len(s.T), nk: len(s.T[0]), t: s.T, size: s.Size, nb: nb, nv: nv, tMax: tMax}
	best := 0.0
	lanes, nqLow := 1, 1
	for h := 1; h <= s.D; h++ {
		lanes *= x.nk
		nqLow *= x.nq
		nw := (lanes + 511) / 512
		if nw > slicedMaxWords || nqLow*nw*nb*8 > slicedMaxTable {
			break
		}
		if fill := float64(lanes) / float64(nw*512); fill > best {
			best = fill
			x.h, x.lanes, x.nw, x.nqLow = h, lanes, nw, nqLow
		}
	}
	if x.h == 0 {
		return nil
	}
	// Every Tally holds a value per block, nk^(D−h) of them: beyond
	// maxTallyBytes (and long before the product overflows) another
	// kernel takes the problem.
	x.nBlocks = 1
	for range s.D - x.h {
		if x.nBlocks > maxTallyBytes/16/x.nk {
			return nil
		}
		x.nBlocks *= x.nk
	}
	return x
}

func (x *slicedKernel) Name() string {
	return fmt.Sprintf("sliced-index (%d of %d lanes, %d-bit indices, AVX-512)", x.lanes, x.nw*512, x.nb)
}

func (x *slicedKernel) Rate() float64 { return slicedRate(x) }

// Bytes counts the lane table (shared), and per Tally the value of every
// block (a byte and an int each), the lane values of up to 256 block
// values, the subset tallies and the histogram.
func (x *slicedKernel) Bytes() (shared, perTally int64) {
	shared = int64(x.nqLow*x.nw*x.nb*8+8) * 8
	perTally = int64(x.nBlocks)*9 + int64(2*256*x.nw*x.nb*8+8)*8 + int64(x.size)*8 + int64(1)<<x.nb*8 + scratchBytes
	return shared, perTally
}

// buildPlanes tabulates, for every value of q's low coordinates, each
// lane's share of the index, bit-sliced.
func (x *slicedKernel) buildPlanes() {
	x.planes = alignedWords(x.nqLow * x.nw * x.nb * 8)
	digits := make([]int, x.h)
	row := make([]int, 0, x.lanes)
	for qlo := range x.nqLow {
		for i, n := 0, qlo; i < x.h; i++ {
			digits[i], n = n%x.nq, n/x.nq
		}
		row = shares(row[:0], x.t, digits, x.nk)
		base := qlo * x.nw * x.nb * 8
		for lane, v := range row {
			word := base + lane/512*x.nb*8 + lane%512/64
			for j := range x.nb {
				if v>>j&1 == 1 {
					x.planes[word+j*8] |= 1 << (lane % 64)
				}
			}
		}
	}
}

// shares appends to row, for every vector k over nk letters with
// len(digits) coordinates in index order, Σ_i t[digits[i]][k_i]: the
// share of those coordinates in the index against the q letters digits.
func shares(row []int, t [][]int, digits []int, nk int) []int {
	row = append(row, 0)
	for i := len(digits) - 1; i >= 0; i-- {
		// Coordinate i becomes the lowest digit of the vectors so far.
		n := len(row)
		tr := t[digits[i]]
		row = append(row, make([]int, n*(nk-1))...)
		for idx := n - 1; idx >= 0; idx-- {
			v := row[idx]
			for b := nk - 1; b >= 0; b-- {
				row[idx*nk+b] = v + tr[b]
			}
		}
	}
	return row
}

// slicedScratch is one worker's tallies and lane values.
type slicedScratch struct {
	sub   *[256][8]uint64 // subset tallies by lane group (64-byte aligned)
	corr  [256]uint64     // blocks by their value
	words uint64          // words tallied, padding lanes included
	// values holds, in two halves, two q's lane values for each block
	// value (64-byte aligned), filled by each call of the assembly.
	values []uint64
}

func (x *slicedKernel) Tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	x.once.Do(x.buildPlanes)
	blockValues := make([]byte, x.nBlocks)
	highDigits := make([]int, x.d-x.h)
	row := make([]int, 0, x.nBlocks)
	chunk := max(chunkPairs/(x.nw*512), 1) // blocks per call
	var pending uint64
	lastHigh := ^uint64(0)
	nvals := 0
	var sc *slicedScratch
	for q := lo; q < hi && !stop.Load(); {
		qlo, qhi := q%uint64(x.nqLow), q/uint64(x.nqLow)
		if qhi != lastHigh {
			for i, n := 0, qhi; i < len(highDigits); i++ {
				highDigits[i], n = int(n%uint64(x.nq)), n/uint64(x.nq)
			}
			row = shares(row[:0], x.t, highDigits, x.nk)
			nvals = 0
			for i, v := range row {
				blockValues[i] = byte(v)
				nvals = max(nvals, v+1)
			}
			lastHigh = qhi
			if sc == nil || len(sc.values) < 2*nvals*x.nw*x.nb*8 {
				sc = x.newScratch(sc, nvals)
			}
		}
		planes := &x.planes[int(qlo)*x.nw*x.nb*8]
		if x.nBlocks <= chunk {
			// Consecutive q that share their high coordinates (and so
			// their block values), as many as fit in a chunk.
			n := min(uint64(chunk/x.nBlocks), hi-q, uint64(x.nqLow)-qlo)
			slicedBlocks(x.nb, planes, x.nw, &blockValues[0], x.nBlocks, sc, x.nv, nvals, int(n))
			sc.words += n * uint64(x.nBlocks*x.nw)
			pending += n * uint64(x.nBlocks*x.lanes)
			q += n
		} else {
			for b := 0; b < x.nBlocks; b += chunk {
				if b > 0 && stop.Load() {
					break
				}
				e := min(b+chunk, x.nBlocks)
				slicedBlocks(x.nb, planes, x.nw, &blockValues[b], e-b, sc, x.nv, nvals, 1)
				sc.words += uint64((e - b) * x.nw)
				pending += uint64((e - b) * x.lanes)
			}
			q++
		}
		if progress != nil && pending >= 1<<16 {
			progress.Add(pending)
			pending = 0
		}
	}
	if progress != nil && pending > 0 {
		progress.Add(pending)
	}
	if sc == nil {
		sc = x.newScratch(nil, 0)
	}
	return x.drain(sc)
}

// newScratch returns scratch with room for the lane values of nvals block
// values, keeping the tallies of old when it is not nil.
func (x *slicedKernel) newScratch(old *slicedScratch, nvals int) *slicedScratch {
	sc := old
	if sc == nil {
		sc = &slicedScratch{sub: (*[256][8]uint64)(unsafe.Pointer(&alignedWords(256 * 8)[0]))}
	}
	sc.values = alignedWords(2 * max(nvals, 1) * x.nw * x.nb * 8)
	return sc
}

// drain turns the subset tallies into the histogram of indices.
func (x *slicedKernel) drain(sc *slicedScratch) []uint64 {
	f := make([]uint64, 1<<x.nb)
	f[0] = sc.words * 512
	for set := 1; set < len(f); set++ {
		for _, n := range sc.sub[set] {
			f[set] += n
		}
	}
	supersetMobius(f)
	pad := uint64(x.nw*512 - x.lanes)
	hist := make([]uint64, x.size)
	for v := 0; v <= x.nv; v++ {
		hist[v] = f[v] - pad*sc.corr[v]
	}
	return hist
}

// kbits[v][j] is all ones when bit j of v is 1 and 0 otherwise: the
// broadcast words of a block value's bits.
var kbits = func() *[256][8]uint64 {
	k := (*[256][8]uint64)(unsafe.Pointer(&alignedWords(256 * 8)[0]))
	for v := range k {
		for j := range k[v] {
			k[v][j] = -(uint64(v) >> j & 1)
		}
	}
	return k
}()
