package kernel

// Nominal rates: the pairs one core tallies per second with each
// implementation, fitted to what the benchmarks (go test -bench .
// ./enumerate, pairs/cpu-s) measured on this project's reference machine,
// 2 vCPUs of an AMD EPYC (Zen 5 class, AVX-512 with VPOPCNTDQ) whose clock
// a chain of dependent multiplies puts at refClockHz in the CPU time of
// its thread. They let a plan estimate a run's time without timing
// anything, so that a choice made from them (enumerate's Auto) is the same
// on every run.
const (
	refClockHz = 3.2e9

	scalarXorRate = 1e9

	portableBitPairRate = 2.4e9
	avx512BitPairRate   = 8.5e9

	// grayCyclesPerPair is the Gray-code kernel's cost: one add and one
	// histogram increment per pair.
	grayCyclesPerPair = 1.6
)

// An xorImpl is an implementation of the ±1 kernel, for its cost model.
type xorImpl int

const (
	avx512Xor xorImpl = iota
	avx2Xor
	portableXor
)

// xorCost is the ±1 kernels' cost in cycles: per block of lanes pairs
// (the update of the lanes' counts and the loop), per subset tallied (d
// of them per block), and per q (its first block's counts).
var xorCost = [...]struct{ lanes, block, subset, q float64 }{
	avx512Xor:   {512, 1.4, 1.0, 20},
	avx2Xor:     {256, 5, 2.0, 30},
	portableXor: {64, 4, 1.2, 60},
}

// xorRate is the ±1 kernel's rate at width d in implementation impl.
func xorRate(impl xorImpl, d int) float64 {
	c := xorCost[impl]
	blocks := float64(uint64(1)<<d) / c.lanes
	cycles := c.q + blocks*(c.block+c.subset*float64(d))
	return c.lanes * blocks * refClockHz / cycles
}

func grayRate() float64 { return refClockHz / grayCyclesPerPair }

// slicedCost is the sliced-index kernel's cost in cycles for one word of
// a block, in each implementation: per plane of the add of the block's
// value, per subset tallied, and per word beyond them.
var slicedCost = [...]struct{ plane, subset, word float64 }{
	slicedAVX512:   {1.0, 1.0, 3},
	slicedAVX2:     {2.7, 2.0, 4},
	slicedPortable: {1.2, 1.2, 3},
}

// cyclesPerPair estimates the sliced-index kernel's cycles per pair: per
// word of a block, the add of the block's value to nb planes and the
// subsets up to the largest index (rounded up to the tally's checks), and
// a fixed cost, spread over the block's real lanes.
func (x *slicedKernel) cyclesPerPair() float64 {
	c := slicedCost[x.impl]
	subsets := float64((x.nv + 3) / 4 * 4)
	perWord := float64(x.nb)*c.plane + subsets*c.subset + c.word
	return perWord * float64(x.nw) / float64(x.lanes)
}

func slicedRate(x *slicedKernel) float64 { return refClockHz / x.cyclesPerPair() }
