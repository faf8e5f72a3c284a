package kernel

// Nominal rates: the pairs one core tallies per second with each
// implementation, from cost models in cycles fitted to what the kernel
// benchmarks (BenchmarkKernelRatios, pairs per CPU-second of the thread)
// measured on 2026-12-01 on this project's machine of that day: 2 vCPUs
// of an Intel Xeon (Emerald Rapids class, AVX-512 with VPOPCNTDQ) whose
// clock a chain of dependent multiplies puts at refClockHz in the CPU time
// of its thread, at load average 15–20 (other work shared its cores). They
// let a plan estimate a run's time without timing anything, so that a
// choice made from them (enumerate's Auto, For) is the same on every run.
const (
	refClockHz = 2.6e9

	scalarXorRate = 1e9

	portableBitPairRate = 1.2e9
	avx512BitPairRate   = 4.7e9

	// grayCyclesPerPair is the Gray-code kernel's cost: one add and one
	// histogram increment per pair.
	grayCyclesPerPair = 1.6
)

func grayRate() float64 { return refClockHz / grayCyclesPerPair }

// An xorImpl is an implementation of the ±1 kernel, for its cost model.
type xorImpl int

const (
	avx512Xor xorImpl = iota
	avx2Xor
	portableXor
)

// xorCost is the ±1 kernels' cost in cycles: per block of lanes pairs
// (the ±1 update of the lanes' counts and the loop), per subset tallied (d
// of them per block), and per q (its first block's counts).
var xorCost = [...]struct{ lanes, block, subset, q float64 }{
	avx512Xor:   {512, 4, 1.4, 40},
	avx2Xor:     {256, 0, 2.6, 30},
	portableXor: {64, 6, 2.0, 300},
}

// xorRate is the ±1 kernel's rate at width d in implementation impl.
func xorRate(impl xorImpl, d int) float64 {
	c := xorCost[impl]
	blocks := float64(uint64(1)<<d) / c.lanes
	cycles := c.q + blocks*(c.block+c.subset*float64(d))
	return c.lanes * blocks * refClockHz / cycles
}

// slicedCost is the sliced-index kernel's cost in cycles for one word of
// a block, in each implementation: per plane of the add of the block's
// value, per subset tallied, and per word beyond them.
var slicedCost = [...]struct{ plane, subset, word float64 }{
	slicedAVX512:   {1.0, 1.5, 2},
	slicedAVX2:     {3.0, 2.3, 4},
	slicedPortable: {1.2, 1.5, 3},
}

// cyclesPerPair estimates the sliced-index kernel's cycles per pair: per
// word of a block, the add of the block's value to nb planes, the subsets
// up to the largest index (rounded up to the tally's checks) and a fixed
// cost, spread over the block's real lanes.
func (x *slicedKernel) cyclesPerPair() float64 {
	c := slicedCost[x.impl]
	subsets := float64((x.nv + 3) / 4 * 4)
	perWord := float64(x.nb)*c.plane + subsets*c.subset + c.word
	return perWord * float64(x.nw) / float64(x.lanes)
}

func slicedRate(x *slicedKernel) float64 { return refClockHz / x.cyclesPerPair() }
