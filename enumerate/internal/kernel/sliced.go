package kernel

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"
)

// slicedKernel is the sliced-index kernel for alphabets of any size. A
// block is the vectors k that share their high coordinates h…D−1; its
// lanes are the nk^h choices of the low coordinates, padded to whole words
// (512 lanes on AVX-512, 256 on AVX2, 64 in plain Go). A pair's index is
// s + v: s, the low coordinates' share, depends on the lane and on q's low
// coordinates, and v, the high coordinates' share, is the same for every
// lane of a block. The shares are tabulated once for every value of q's low
// coordinates as threshold planes: plane m holds, lane by lane, whether
// s ≥ m (m = 1…hmax, hmax = h·max T). A block of value v then counts, for
// each m, the lanes of plane m (a popcount) into the counter of index
// threshold v+m: the pairs whose index is at least v+m. Every pair's index
// is at least v; the number of pairs with index ≥ k for k ≤ v is the
// block's lanes, which the kernel counts by the blocks of each value. The
// count of each index is the difference of two thresholds. Padding lanes
// are 0 in every plane, so they count nowhere. Every real pair is counted
// exactly once, in every block.
type slicedKernel struct {
	d, nq, nk int
	t         [][]int
	size      int
	impl      slicedImpl
	h         int // coordinates of k in the lanes
	lanes     int // nk^h
	nw        int // words per block
	nv        int // largest index
	hmax      int // largest share of the low coordinates
	nqLow     int // nq^h: the values of q's low coordinates
	nBlocks   int // nk^(D−h) blocks per q
	once      sync.Once
	planes    []uint64 // [nqLow][nw][hmax][wordWords]: the threshold planes of the shares
}

// A slicedImpl is an implementation of the sliced-index kernel.
type slicedImpl int

const (
	slicedAVX512 slicedImpl = iota
	slicedAVX2
	slicedPortable
)

// slicedImpls describes the implementations: the name, the lanes of a
// word, the uint64 words of one plane of a word, and the most words in a
// block. An AVX2 word holds its 256 lanes in the low nibbles of 64 bytes,
// four lanes a byte, so that a byte of a plane indexes VPSHUFB's table of
// nibble bit counts directly.
var slicedImpls = [...]struct {
	name                           string
	wordLanes, wordWords, maxWords int
}{
	slicedAVX512:   {"AVX-512", 512, 8, 4},
	slicedAVX2:     {"AVX2", 256, 8, 8},
	slicedPortable: {"portable", 64, 1, 32},
}

// Limits of the sliced-index kernel: indices below slicedMaxIndex (block
// values are bytes), a plane table of at most slicedMaxTable words, and at
// most slicedMaxBlocks blocks per q (a worker holds their values: widths
// beyond it have far too many pairs to enumerate anyway).
const (
	slicedMaxIndex  = 256
	slicedMaxTable  = 1 << 20
	slicedMaxBlocks = 1 << 24
)

// slicedImplForCPU returns the fastest implementation this CPU may run.
func slicedImplForCPU() slicedImpl {
	switch {
	case useAVX512():
		return slicedAVX512
	case useAVX2():
		return slicedAVX2
	}
	return slicedPortable
}

// planSliced returns the sliced-index kernel for s in the fastest
// implementation this CPU runs, or nil when s does not allow one.
func planSliced(s Spec) *slicedKernel {
	if s.D < 1 || len(s.T) < 1 || len(s.T[0]) < 2 {
		return nil
	}
	tMax := 0
	for _, row := range s.T {
		for _, v := range row {
			tMax = max(tMax, v)
		}
	}
	nv := s.D * tMax
	if nv >= slicedMaxIndex || nv >= s.Size || nv < 1 {
		return nil
	}
	impl := slicedImplForCPU()
	im := slicedImpls[impl]
	x := &slicedKernel{d: s.D, nq: len(s.T), nk: len(s.T[0]), t: s.T, size: s.Size, impl: impl, nv: nv}
	// The split of k: the fewest low coordinates that fill the words
	// best (more would add thresholds to every word; measured).
	best := 0.0
	lanes, nqLow := 1, 1
	for h := 1; h <= s.D; h++ {
		lanes *= x.nk
		nqLow *= x.nq
		nw := (lanes + im.wordLanes - 1) / im.wordLanes
		if nw > im.maxWords || nqLow*nw*h*tMax*im.wordWords > slicedMaxTable {
			break
		}
		if fill := float64(lanes) / float64(nw*im.wordLanes); fill > best {
			best = fill
			x.h, x.lanes, x.nw, x.nqLow, x.hmax = h, lanes, nw, nqLow, h*tMax
		}
	}
	if x.h == 0 || x.hmax == 0 {
		return nil
	}
	x.nBlocks = 1
	for range s.D - x.h {
		x.nBlocks *= x.nk
		if x.nBlocks > slicedMaxBlocks {
			return nil
		}
	}
	return x
}

func (x *slicedKernel) Name() string {
	return fmt.Sprintf("sliced-index (%d of %d lanes, %d thresholds, %s)", x.lanes, x.nw*x.wordLanes(), x.hmax, slicedImpls[x.impl].name)
}

func (x *slicedKernel) Rate() float64 { return slicedRate(x) }

func (x *slicedKernel) wordLanes() int { return slicedImpls[x.impl].wordLanes }

// qStride is the uint64 words of one q's planes.
func (x *slicedKernel) qStride() int { return x.nw * x.hmax * slicedImpls[x.impl].wordWords }

// laneBit returns where lane l of a word lies in one of its planes: the
// uint64 word and the bit. On AVX2 lane l is bit l mod 4 of byte l/4.
func (x *slicedKernel) laneBit(l int) (word, bit int) {
	if x.impl == slicedAVX2 {
		return l / 32, l/4%8*8 + l%4
	}
	return l / 64, l % 64
}

// buildPlanes tabulates, for every value of q's low coordinates, the
// threshold planes of the lanes' shares.
func (x *slicedKernel) buildPlanes() {
	ww := slicedImpls[x.impl].wordWords
	x.planes = alignedWords(x.nqLow * x.qStride())
	digits := make([]int, x.h)
	row := make([]int, 0, x.lanes)
	for qlo := range x.nqLow {
		for i, n := 0, qlo; i < x.h; i++ {
			digits[i], n = n%x.nq, n/x.nq
		}
		row = shares(row[:0], x.t, digits, x.nk)
		base := qlo * x.qStride()
		for lane, s := range row {
			word, bit := x.laneBit(lane % x.wordLanes())
			word += base + lane/x.wordLanes()*x.hmax*ww
			for m := 1; m <= s; m++ {
				x.planes[word+(m-1)*ww] |= 1 << bit
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

// slicedScratch is one worker's counters.
type slicedScratch struct {
	// acc[k] counts, lane group by lane group, the pairs with index ≥ k
	// that the popcounts found (64-byte aligned).
	acc  *[256][8]uint64
	corr [256]uint64 // blocks by their value
	// bytes is the AVX2 kernel's byte counters, zero between calls.
	bytes *[256][4]uint64
	// counts is the portable kernel's counters, dense: counts[k] counts
	// the pairs with index ≥ k that the popcounts found.
	counts [slicedMaxIndex]uint64
}

func (x *slicedKernel) Tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	x.once.Do(x.buildPlanes)
	blockValues := make([]byte, x.nBlocks)
	highDigits := make([]int, x.d-x.h)
	row := make([]int, 0, x.nBlocks)
	chunk := max(chunkPairs/(x.nw*x.wordLanes()), 1) // blocks per call
	var pending uint64
	lastHigh := ^uint64(0)
	sc := &slicedScratch{acc: (*[256][8]uint64)(unsafe.Pointer(&alignedWords(256 * 8)[0]))}
	if x.impl == slicedAVX2 {
		sc.bytes = new([256][4]uint64)
	}
	for q := lo; q < hi && !stop.Load(); {
		qlo, qhi := q%uint64(x.nqLow), q/uint64(x.nqLow)
		if qhi != lastHigh {
			for i, n := 0, qhi; i < len(highDigits); i++ {
				highDigits[i], n = int(n%uint64(x.nq)), n/uint64(x.nq)
			}
			row = shares(row[:0], x.t, highDigits, x.nk)
			for i, v := range row {
				blockValues[i] = byte(v)
			}
			lastHigh = qhi
		}
		planes := int(qlo) * x.qStride()
		if x.nBlocks <= chunk {
			// Consecutive q that share their high coordinates (and so
			// their block values), as many as fit in a chunk.
			n := min(uint64(chunk/x.nBlocks), hi-q, uint64(x.nqLow)-qlo)
			x.blocks(planes, blockValues, sc, int(n))
			pending += n * uint64(x.nBlocks*x.lanes)
			q += n
		} else {
			for b := 0; b < x.nBlocks; b += chunk {
				if b > 0 && stop.Load() {
					break
				}
				e := min(b+chunk, x.nBlocks)
				x.blocks(planes, blockValues[b:e], sc, 1)
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
	return x.drain(sc)
}

// blocks counts, for each of nq consecutive q whose planes follow one
// another from x.planes[planes], the blocks whose values are blockValues:
// for a block of value v, the counter of v+m (sc.acc[v+m] in assembly,
// sc.counts[v+m] in Go) gains the lanes of plane m, for m = 1…hmax, and
// sc.corr[v] counts the block.
func (x *slicedKernel) blocks(planes int, blockValues []byte, sc *slicedScratch, nq int) {
	if x.impl != slicedPortable {
		slicedBlocksAsm(x, &x.planes[planes], blockValues, sc, nq)
		return
	}
	stride := x.nw * x.hmax
	for i := range nq {
		countBlocks(x.planes[planes+i*stride:planes+(i+1)*stride], x.hmax, blockValues, &sc.counts, &sc.corr)
	}
}

// countBlocks is the portable kernel's count of the blocks of one q, whose
// words of hmax planes are p: for each block value v, corr[v] gains one and
// counts[v+m] the bits of plane m of each word, for m = 1…hmax.
func countBlocks(p []uint64, hmax int, values []byte, counts *[slicedMaxIndex]uint64, corr *[256]uint64) {
	if len(p) == 0 || hmax == 0 {
		return
	}
	end := unsafe.Add(unsafe.Pointer(&p[0]), 8*len(p))
	for _, v := range values {
		corr[v]++
		// counts[v+1 … v+hmax] lie within counts: v+hmax ≤ nv < 256.
		c := unsafe.Pointer(&counts[int(v)+1])
		for w := unsafe.Pointer(&p[0]); w != end; w = unsafe.Add(w, 8*hmax) {
			countWord(c, w, hmax)
		}
	}
}

// countWord adds the bit count of each of the n planes at p to the
// counter at the same place from c. It is not inlined: with the default
// GOAMD64=v1 each bits.OnesCount64 checks for POPCNT and calls a function
// on its slow path, and inlined into countBlocks's loops it made them
// reload their registers after every count (measured: 1.3 times slower).
//
//go:noinline
func countWord(c, p unsafe.Pointer, n int) {
	for ; n >= 2; n -= 2 {
		a, b := (*[2]uint64)(c), (*[2]uint64)(p)
		a[0] += uint64(bits.OnesCount64(b[0]))
		a[1] += uint64(bits.OnesCount64(b[1]))
		c, p = unsafe.Add(c, 16), unsafe.Add(p, 16)
	}
	if n == 1 {
		*(*uint64)(c) += uint64(bits.OnesCount64(*(*uint64)(p)))
	}
}

// drain turns the threshold counts into the histogram of indices: the
// pairs with index ≥ k are the counted ones plus every pair of the blocks
// whose value is at least k; the pairs with index k are those with index
// ≥ k less those with index ≥ k+1.
func (x *slicedKernel) drain(sc *slicedScratch) []uint64 {
	atLeast := make([]uint64, x.nv+2)
	var blocksFrom uint64 // blocks of value ≥ k
	for k := x.nv; k >= 0; k-- {
		blocksFrom += sc.corr[k]
		atLeast[k] = blocksFrom*uint64(x.lanes) + sc.counts[k]
		for _, n := range sc.acc[k] {
			atLeast[k] += n
		}
	}
	hist := make([]uint64, x.size)
	for k := 0; k <= x.nv; k++ {
		hist[k] = atLeast[k] - atLeast[k+1]
	}
	return hist
}
