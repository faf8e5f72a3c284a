package kernel

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"
)

// slicedKernel is the sliced-index kernel for alphabets of any size. A
// block is the vectors k that share their high coordinates h…D−1; its
// lanes are the nk^h choices of the low coordinates, padded to whole words
// (512 lanes on AVX-512, 256 on AVX2, 64 in plain Go). For each q, the low
// coordinates' share of every lane's index is a constant of q's low
// coordinates (tabulated once, and kept bit-sliced: plane j holds bit j of
// every lane's share), and the high coordinates' share v is the same for
// every lane of a block, so a block's lane indices are the table plus v.
// Per q, the kernel adds each value v that a block can have to the table (a
// bit-sliced addition of a constant) once, and each block loads the lanes
// of its v. Each block then adds, for every nonzero set S of index bits,
// the number of lanes whose index has all bits of S (an AND of planes and a
// popcount); the count of each index follows by Möbius inversion over the
// subsets (mobius.go). Padding lanes hold index v: the kernel counts the
// blocks by v and takes them out at the end. Every real pair is counted
// exactly once.
type slicedKernel struct {
	d, nq, nk int
	t         [][]int
	size      int
	impl      slicedImpl
	h         int // coordinates of k in the lanes
	lanes     int // nk^h
	nw        int // words per block
	nb        int // bits of an index
	nv        int // largest index
	tMax      int // largest entry of t
	nqLow     int // nq^h: the values of q's low coordinates
	nBlocks   int // nk^(D−h) blocks per q
	once      sync.Once
	planes    []uint64 // [nqLow][nw][nb][wordWords]: the low coordinates' shares, bit-sliced
}

// A slicedImpl is an implementation of the sliced-index kernel.
type slicedImpl int

const (
	slicedAVX512 slicedImpl = iota
	slicedAVX2
	slicedPortable
)

// slicedImpls describes the implementations: the name, the lanes of a word,
// the uint64 words of one plane of a word, and the most words in a block.
// An AVX2 word holds its 256 lanes in the low nibbles of 64 bytes, four
// lanes a byte, so that a byte of a mask indexes VPSHUFB's table of nibble
// bit counts directly.
var slicedImpls = [...]struct {
	name                          string
	wordLanes, wordWords, maxWords int
}{
	slicedAVX512:   {"AVX-512", 512, 8, 4},
	slicedAVX2:     {"AVX2", 256, 8, 8},
	slicedPortable: {"portable", 64, 1, 32},
}

// Limits of the sliced-index kernel: index values of at most
// slicedMaxBits bits, and a lane table of at most slicedMaxTable words.
const (
	slicedMaxBits  = 8
	slicedMaxTable = 1 << 20
)

//go:generate go run gen_portable.go -out sliced_portable.go

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

// planSliced returns the sliced-index kernel for s with the split of k that
// fills its words best, in the fastest implementation this CPU runs, or nil
// when s does not allow one.
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
	if nv >= 1<<slicedMaxBits || nv >= s.Size || nv < 1 {
		return nil
	}
	nb := 0
	for 1<<nb <= nv {
		nb++
	}
	impl := slicedImplForCPU()
	im := slicedImpls[impl]
	x := &slicedKernel{d: s.D, nq: len(s.T), nk: len(s.T[0]), t: s.T, size: s.Size, impl: impl, nb: nb, nv: nv, tMax: tMax}
	best := 0.0
	lanes, nqLow := 1, 1
	for h := 1; h <= s.D; h++ {
		lanes *= x.nk
		nqLow *= x.nq
		nw := (lanes + im.wordLanes - 1) / im.wordLanes
		if nw > im.maxWords || nqLow*nw*nb*im.wordWords > slicedMaxTable {
			break
		}
		if fill := float64(lanes) / float64(nw*im.wordLanes); fill > best {
			best = fill
			x.h, x.lanes, x.nw, x.nqLow = h, lanes, nw, nqLow
		}
	}
	if x.h == 0 {
		return nil
	}
	x.nBlocks = 1
	for range s.D - x.h {
		x.nBlocks *= x.nk
	}
	return x
}

func (x *slicedKernel) Name() string {
	return fmt.Sprintf("sliced-index (%d of %d lanes, %d-bit indices, %s)", x.lanes, x.nw*x.wordLanes(), x.nb, slicedImpls[x.impl].name)
}

func (x *slicedKernel) Rate() float64 { return slicedRate(x) }

func (x *slicedKernel) wordLanes() int { return slicedImpls[x.impl].wordLanes }

// wordStride is the uint64 words of one word's nb planes.
func (x *slicedKernel) wordStride() int { return x.nb * slicedImpls[x.impl].wordWords }

// laneBit returns where lane l of a word lies in one of its planes: the
// uint64 word and the bit. On AVX2 lane l is bit l mod 4 of byte l/4.
func (x *slicedKernel) laneBit(l int) (word, bit int) {
	if x.impl == slicedAVX2 {
		return l / 32, l / 4 % 8 * 8 + l%4
	}
	return l / 64, l % 64
}

// buildPlanes tabulates, for every value of q's low coordinates, each
// lane's share of the index, bit-sliced.
func (x *slicedKernel) buildPlanes() {
	ww := slicedImpls[x.impl].wordWords
	x.planes = alignedWords(x.nqLow * x.nw * x.wordStride())
	digits := make([]int, x.h)
	row := make([]int, 0, x.lanes)
	for qlo := range x.nqLow {
		for i, n := 0, qlo; i < x.h; i++ {
			digits[i], n = n%x.nq, n/x.nq
		}
		row = shares(row[:0], x.t, digits, x.nk)
		base := qlo * x.nw * x.wordStride()
		for lane, v := range row {
			word, bit := x.laneBit(lane % x.wordLanes())
			word += base + lane/x.wordLanes()*x.wordStride()
			for j := range x.nb {
				if v>>j&1 == 1 {
					x.planes[word+j*ww] |= 1 << bit
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
	// value (64-byte aligned), filled by each call of the kernel.
	values []uint64
	// bytes is the AVX2 kernel's byte counters, zero between calls.
	bytes *[256][4]uint64
}

func (x *slicedKernel) Tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	x.once.Do(x.buildPlanes)
	blockValues := make([]byte, x.nBlocks)
	highDigits := make([]int, x.d-x.h)
	row := make([]int, 0, x.nBlocks)
	chunk := max(chunkPairs/(x.nw*x.wordLanes()), 1) // blocks per call
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
			if sc == nil || len(sc.values) < 2*nvals*x.nw*x.wordStride() {
				sc = x.newScratch(sc, nvals)
			}
		}
		planes := int(qlo) * x.nw * x.wordStride()
		if x.nBlocks <= chunk {
			// Consecutive q that share their high coordinates (and so
			// their block values), as many as fit in a chunk.
			n := min(uint64(chunk/x.nBlocks), hi-q, uint64(x.nqLow)-qlo)
			x.blocks(planes, blockValues, sc, nvals, int(n))
			sc.words += n * uint64(x.nBlocks*x.nw)
			pending += n * uint64(x.nBlocks*x.lanes)
			q += n
		} else {
			for b := 0; b < x.nBlocks; b += chunk {
				if b > 0 && stop.Load() {
					break
				}
				e := min(b+chunk, x.nBlocks)
				x.blocks(planes, blockValues[b:e], sc, nvals, 1)
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

// blocks runs, for each of nq consecutive q whose lane shares follow one
// another from x.planes[planes], the blocks whose values are blockValues,
// all below nvals: it adds the subset tallies of S = 1…nv to sc.sub and
// counts each block in sc.corr by its value.
func (x *slicedKernel) blocks(planes int, blockValues []byte, sc *slicedScratch, nvals, nq int) {
	if x.impl != slicedPortable {
		slicedBlocksAsm(x, &x.planes[planes], blockValues, sc, nvals, nq)
		return
	}
	stride := x.nw * x.nb
	for i := range nq {
		shares := x.planes[planes+i*stride : planes+(i+1)*stride]
		for v := range nvals {
			addBitSliced(sc.values[v*stride:(v+1)*stride], shares, x.nb, uint64(v))
		}
		slicedTallies[x.nb](sc.values, stride, blockValues, x.nv, sc.sub, &sc.corr)
	}
}

// addBitSliced sets dst to the words of src (nb planes each) with v added
// lane by lane.
func addBitSliced(dst, src []uint64, nb int, v uint64) {
	for w := 0; w+nb <= len(src); w += nb {
		var carry uint64
		for j := range nb {
			a, k := src[w+j], -(v >> j & 1)
			dst[w+j] = a ^ k ^ carry
			carry = a&k | carry&(a^k)
		}
	}
}

// newScratch returns scratch with room for the lane values of nvals block
// values, keeping the tallies of old when it is not nil.
func (x *slicedKernel) newScratch(old *slicedScratch, nvals int) *slicedScratch {
	sc := old
	if sc == nil {
		sc = &slicedScratch{sub: (*[256][8]uint64)(unsafe.Pointer(&alignedWords(256 * 8)[0]))}
		if x.impl == slicedAVX2 {
			sc.bytes = new([256][4]uint64)
		}
	}
	sc.values = alignedWords(2 * max(nvals, 1) * x.nw * x.wordStride())
	return sc
}

// drain turns the subset tallies into the histogram of indices.
func (x *slicedKernel) drain(sc *slicedScratch) []uint64 {
	f := make([]uint64, 1<<x.nb)
	f[0] = sc.words * uint64(x.wordLanes())
	for set := 1; set < len(f); set++ {
		for _, n := range sc.sub[set] {
			f[set] += n
		}
	}
	supersetMobius(f)
	pad := uint64(x.nw*x.wordLanes() - x.lanes)
	hist := make([]uint64, x.size)
	for v := 0; v <= x.nv; v++ {
		hist[v] = f[v] - pad*sc.corr[v]
	}
	return hist
}
