package kernel

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"
)

// slicedKernel is the sliced-index kernel for alphabets of any size whose
// indices stay below 256. It forms every pair's index and counts the pairs
// by index, 64 to 512 pairs per instruction:
//
//   - A block is the vectors k that share their high coordinates h…D−1;
//     its lanes are the nk^h choices of the low coordinates, padded to
//     whole words (512 lanes on AVX-512, 256 on AVX2, 64 in plain Go).
//   - A pair's index is s + v: s, the low coordinates' share, depends on
//     the lane and on q's low coordinates, and is tabulated once for every
//     value of them, bit-sliced (plane j of a word holds bit j of every
//     lane's s); v, the high coordinates' share, is one number per block.
//   - For every block, every word's lanes get s + v by a bit-sliced add of
//     the constant v (two VPTERNLOGQ a plane on AVX-512, four logic
//     instructions a plane on AVX2 and in Go): nb planes holding each
//     lane's pair index, nb = bits.Len(largest index).
//   - Those indices are counted by subsets: for S = 1…nv, f(S) gains the
//     lanes whose index has every bit of S (the AND of the planes of S's
//     bits, one popcount; VPOPCNTQ on AVX-512, VPSHUFB nibble counts on
//     AVX2, math/bits in Go). When the kernel drains, superset Möbius
//     inversion turns f into the number of lanes with each index, and the
//     padding lanes (index v in a block of value v) are taken off by the
//     blocks of each value.
//
// So every pair (q, k) with q in the range gets its index formed in its
// lane and counted once, in every block: a block of value v is worked
// through like any other, whether or not another block had the same v.
type slicedKernel struct {
	d, nq, nk int
	t         [][]int
	size      int
	impl      slicedImpl
	h         int // coordinates of k in the lanes
	lanes     int // nk^h
	nw        int // words per block
	nv        int // largest index
	nb        int // bits of an index
	nqLow     int // nq^h: the values of q's low coordinates
	nBlocks   int // nk^(D−h) blocks per q
	once      sync.Once
	shares    []uint64 // [nqLow][nw][nb][wordWords]: the low coordinates' shares, bit-sliced
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
// four lanes a byte, so that a byte of a mask indexes VPSHUFB's table of
// nibble bit counts directly.
var slicedImpls = [...]struct {
	name                           string
	wordLanes, wordWords, maxWords int
}{
	slicedAVX512:   {"AVX-512", 512, 8, 5},
	slicedAVX2:     {"AVX2", 256, 8, 8},
	slicedPortable: {"portable", 64, 1, 32},
}

// Limits of the sliced-index kernel: indices below 1<<slicedMaxBits
// (block values are bytes), a share table of at most slicedMaxTable words,
// and at most slicedMaxBlocks blocks per q (a worker holds their values:
// widths beyond it have far too many pairs to enumerate anyway).
const (
	slicedMaxBits   = 8
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
	if nv >= 1<<slicedMaxBits || nv >= s.Size || nv < 1 {
		return nil
	}
	impl := slicedImplForCPU()
	im := slicedImpls[impl]
	x := &slicedKernel{d: s.D, nq: len(s.T), nk: len(s.T[0]), t: s.T, size: s.Size, impl: impl, nv: nv, nb: bits.Len(uint(nv))}
	// The split of k: the fewest low coordinates that fill the words
	// best.
	best := 0.0
	lanes, nqLow := 1, 1
	for h := 1; h <= s.D; h++ {
		lanes *= x.nk
		nqLow *= x.nq
		nw := (lanes + im.wordLanes - 1) / im.wordLanes
		if nw > im.maxWords || nqLow*nw*x.nb*im.wordWords > slicedMaxTable {
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
		if x.nBlocks > slicedMaxBlocks {
			return nil
		}
	}
	return x
}

func (x *slicedKernel) Name() string {
	return fmt.Sprintf("sliced-index (%d of %d lanes, %d index bits, %s)", x.lanes, x.nw*x.wordLanes(), x.nb, slicedImpls[x.impl].name)
}

func (x *slicedKernel) Rate() float64 { return slicedRate(x) }

// Bytes counts the threshold planes (shared), and per Tally the value of
// every block (a byte and an int each, at most slicedMaxBlocks), the
// counters, the threshold counts and the histogram.
func (x *slicedKernel) Bytes() (shared, perTally int64) {
	shared = int64(x.nqLow*x.qStride()+8) * 8
	perTally = int64(x.nBlocks)*9 + int64(x.size+x.nv+2)*8 + scratchBytes
	return shared, perTally
}

func (x *slicedKernel) wordLanes() int { return slicedImpls[x.impl].wordLanes }

// qStride is the uint64 words of the shares of one value of q's low
// coordinates.
func (x *slicedKernel) qStride() int { return x.nw * x.nb * slicedImpls[x.impl].wordWords }

// laneBit returns where lane l of a word lies in one of its planes: the
// uint64 word and the bit. On AVX2 lane l is bit l mod 4 of byte l/4.
func (x *slicedKernel) laneBit(l int) (word, bit int) {
	if x.impl == slicedAVX2 {
		return l / 32, l/4%8*8 + l%4
	}
	return l / 64, l % 64
}

// buildShares tabulates, for every value of q's low coordinates, the
// lanes' shares, bit-sliced; padding lanes have share 0. It walks those
// values in reflected Gray order: from one to the next a single
// coordinate's letter changes, so every lane's share changes by a number
// that depends only on the lane's letter there, and the kernel adds those
// changes bit-sliced (modulo 2^nb: the shares themselves never leave
// 0…nv) instead of packing every lane's share bit by bit.
func (x *slicedKernel) buildShares() {
	stride := x.qStride()
	x.shares = alignedWords(x.nqLow * stride)
	digits := make([]int, x.h)
	row := shares(make([]int, 0, x.lanes), x.t, digits, x.nk)
	x.pack(x.shares[:stride], row)
	if x.nq < 2 {
		return
	}
	cur := append([]uint64(nil), x.shares[:stride]...)
	moves := map[int][]uint64{} // by the walk's move code: the change, bit-sliced
	place := make([]int, x.h)   // nq^i
	for i := range place {
		place[i] = 1
		if i > 0 {
			place[i] = place[i-1] * x.nq
		}
	}
	mod := 1 << x.nb
	w, idx := newGrayWalk(x.h, x.nq), 0
	for {
		code, ok := w.next()
		if !ok {
			break
		}
		c := code / 2
		j, from, to := c/(x.nq-1), c%(x.nq-1), c%(x.nq-1)+1
		if code%2 == 1 {
			from, to = to, from
		}
		d, ok := moves[code]
		if !ok {
			// The lanes' change: t[to][k_j] − t[from][k_j] modulo 2^nb.
			for l := range row {
				kj := l / pow(x.nk, j) % x.nk
				row[l] = ((x.t[to][kj]-x.t[from][kj])%mod + mod) % mod
			}
			d = make([]uint64, stride)
			x.pack(d, row)
			moves[code] = d
		}
		addSliced(cur, d, x.nb, slicedImpls[x.impl].wordWords)
		idx += (to - from) * place[j]
		copy(x.shares[idx*stride:(idx+1)*stride], cur)
	}
}

// pow returns b^e.
func pow(b, e int) int {
	n := 1
	for range e {
		n *= b
	}
	return n
}

// pack sets the planes of one value of q's low coordinates (nw words of
// nb planes) to the lane values row, bit by bit.
func (x *slicedKernel) pack(planes []uint64, row []int) {
	ww, wl := slicedImpls[x.impl].wordWords, x.wordLanes()
	for lane, s := range row {
		word, bit := x.laneBit(lane % wl)
		word += lane / wl * x.nb * ww
		for j := range x.nb {
			planes[word+j*ww] |= uint64(s>>j&1) << bit
		}
	}
}

// addSliced adds the bit-sliced lane values d to p, both words of nb
// planes of ww uint64 each, modulo 2^nb lane by lane.
func addSliced(p, d []uint64, nb, ww int) {
	for w := 0; w < len(p); w += nb * ww {
		for u := range ww {
			var carry uint64
			for j := range nb {
				a, b := p[w+j*ww+u], d[w+j*ww+u]
				p[w+j*ww+u] = a ^ b ^ carry
				carry = a&b | carry&(a^b)
			}
		}
	}
}

// shares sets row, of capacity nk^len(digits) at least, to Σ_i
// t[digits[i]][k_i] for every vector k over nk letters with len(digits)
// coordinates in index order: the share of those coordinates in the index
// against the q letters digits.
func shares(row []int, t [][]int, digits []int, nk int) []int {
	row = append(row[:0], 0)
	for i := len(digits) - 1; i >= 0; i-- {
		// Coordinate i becomes the lowest digit of the vectors so far.
		n := len(row)
		tr := t[digits[i]]
		row = row[:n*nk]
		for idx := n - 1; idx >= 0; idx-- {
			v := row[idx]
			for b := nk - 1; b >= 0; b-- {
				row[idx*nk+b] = v + tr[b]
			}
		}
	}
	return row
}

// slicedScratch is one worker's tallies: f(S) by lane group, and the
// blocks of each value.
type slicedScratch struct {
	sub512 *[256][8]uint64 // AVX-512: f(S) by 64-lane group (64-byte aligned)
	sub2   *[256][4]uint64 // AVX2: f(S) by 64-lane group
	bytes  *[256][4]uint64 // AVX2: byte counters, zero between calls
	subGo  [256]uint64     // plain Go: f(S)
	corr   [256]uint64     // blocks by their value
}

func (x *slicedKernel) newScratch() *slicedScratch {
	sc := &slicedScratch{}
	switch x.impl {
	case slicedAVX512:
		sc.sub512 = (*[256][8]uint64)(unsafe.Pointer(&alignedWords(256 * 8)[0]))
	case slicedAVX2:
		sc.sub2 = new([256][4]uint64)
		sc.bytes = new([256][4]uint64)
	}
	return sc
}

func (x *slicedKernel) Tally(lo, hi uint64, stop *atomic.Bool, progress *atomic.Uint64) []uint64 {
	x.once.Do(x.buildShares)
	blockValues := make([]byte, x.nBlocks)
	highDigits := make([]int, x.d-x.h)
	row := make([]int, 0, x.nBlocks)
	chunk := max(chunkPairs/(x.nw*x.wordLanes()), 1) // blocks per call
	var pending uint64
	lastHigh := ^uint64(0)
	sc := x.newScratch()
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
		shares := int(qlo) * x.qStride()
		if x.nBlocks <= chunk {
			// Consecutive q that share their high coordinates (and so
			// their block values), as many as fit in a chunk.
			n := min(uint64(chunk/x.nBlocks), hi-q, uint64(x.nqLow)-qlo)
			x.blocks(shares, blockValues, sc, int(n))
			pending += n * uint64(x.nBlocks*x.lanes)
			q += n
		} else {
			for b := 0; b < x.nBlocks; b += chunk {
				if b > 0 && stop.Load() {
					break
				}
				e := min(b+chunk, x.nBlocks)
				x.blocks(shares, blockValues[b:e], sc, 1)
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

// blocks tallies, for each of nq consecutive q whose shares follow one
// another from x.shares[shares], the blocks whose values are blockValues
// (see slicedKernel): per block of value v, sc.corr[v] gains one and every
// word's lanes s + v are tallied by subsets.
func (x *slicedKernel) blocks(shares int, blockValues []byte, sc *slicedScratch, nq int) {
	if x.impl != slicedPortable {
		slicedBlocksAsm(x, &x.shares[shares], blockValues, sc, nq)
		return
	}
	n := nq * x.qStride()
	slicedPortableFuncs[x.nb](x.shares[shares:shares+n], x.nw, blockValues, x.nv, nq, &sc.subGo, &sc.corr, kdPortable)
}

// drain turns the subset tallies into the histogram of indices: f(0) is
// every lane of every block, superset Möbius inversion gives the lanes of
// each index, and a block of value v has its padding lanes at index v.
func (x *slicedKernel) drain(sc *slicedScratch) []uint64 {
	f := make([]uint64, 1<<x.nb)
	for v := range sc.corr {
		f[0] += sc.corr[v] * uint64(x.nw*x.wordLanes())
	}
	for set := 1; set < len(f); set++ {
		f[set] = sc.subGo[set]
		if sc.sub512 != nil {
			for _, n := range sc.sub512[set] {
				f[set] += n
			}
		}
		if sc.sub2 != nil {
			for _, n := range sc.sub2[set] {
				f[set] += n
			}
		}
	}
	supersetMobius(f)
	pad := uint64(x.nw*x.wordLanes() - x.lanes)
	hist := make([]uint64, x.size)
	for v := 0; v <= x.nv; v++ {
		hist[v] = f[v] - sc.corr[v]*pad
	}
	return hist
}

// kbits512[v][j] is all ones where bit j of v is 1: the words the AVX-512
// kernels broadcast to add v to every lane.
var kbits512 = func() *[256][8]uint64 {
	var k [256][8]uint64
	for v := range k {
		for j := range k[v] {
			k[v][j] = -(uint64(v) >> j & 1)
		}
	}
	return &k
}()

// nibbleOnes is an AVX2 word's plane with every lane 1 (lanes lie in the
// low nibbles).
const nibbleOnes = 0x0F0F0F0F0F0F0F0F

// kdPortable[v] and kdAVX2[v] are the words the plain-Go and AVX2 kernels
// use to add v to every lane of a word (see addConstAVX2 in _asm): word 2j
// is K_j, a plane with every lane 1 where bit j of v is 1 and 0 otherwise;
// word 1 is K_1 and word 2j+1 for j ≥ 1 is K_j ⊕ K_(j+1).
var kdPortable, kdAVX2 = kdTable(^uint64(0)), kdTable(nibbleOnes)

func kdTable(ones uint64) *[256][16]uint64 {
	var kd [256][16]uint64
	for v := range kd {
		k := func(j int) uint64 { return ones * (uint64(v) >> j & 1) }
		for j := range 8 {
			kd[v][2*j] = k(j)
			kd[v][2*j+1] = k(j) ^ k(j+1)
		}
		kd[v][1] = k(1)
	}
	return &kd
}
