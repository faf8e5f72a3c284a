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

	scalarXorRate   = 1e9
	portableXorRate = 3.5e9
	// The AVX-512 ±1 kernel: per block of 512 pairs, avx512XorBlockCycles
	// plus avx512XorSubsetCycles per subset tally (d of them); per q,
	// avx512XorQCycles to set up its lanes.
	avx512XorBlockCycles  = 1.4
	avx512XorSubsetCycles = 1.0
	avx512XorQCycles      = 20

	portableBitPairRate = 2.4e9
	avx512BitPairRate   = 8.5e9

	// grayCyclesPerPair is the Gray-code kernel's cost: one add and one
	// histogram increment per pair.
	grayCyclesPerPair = 1.6
)

// avx512XorRate is the AVX-512 ±1 kernel's rate at width d.
func avx512XorRate(d int) float64 {
	blocks := float64(uint64(1) << (d - 9))
	cycles := avx512XorQCycles + blocks*(avx512XorBlockCycles+avx512XorSubsetCycles*float64(d))
	return 512 * blocks * refClockHz / cycles
}

func grayRate() float64 { return refClockHz / grayCyclesPerPair }

// slicedStepCycles is the sliced-index kernel's cycles per plane of a
// word (a popcount and an add into a counter in memory) in each
// implementation, and slicedBlockCycles its cost per block beyond them.
// The AVX-512 step keeps the rates of the kernel before it on the reference
// machine (it measured faster than that one side by side); the AVX2 and
// portable steps make the ratios to it per pair what bench/paths.py
// measured on an Intel Xeon of the Sapphire Rapids class (2026-12-01):
// about 2.4 and 10 for ±1 at d = 16.
var (
	slicedStepCycles  = [...]float64{slicedAVX512: 1.2, slicedAVX2: 1.7, slicedPortable: 2.3}
	slicedBlockCycles = [...]float64{slicedAVX512: 3, slicedAVX2: 3, slicedPortable: 3}
)

// cyclesPerPair estimates the sliced-index kernel's cycles per pair: per
// block, one step for each threshold plane of each word and a fixed cost,
// spread over the block's real lanes.
func (x *slicedKernel) cyclesPerPair() float64 {
	perBlock := float64(x.nw*x.hmax)*slicedStepCycles[x.impl] + slicedBlockCycles[x.impl]
	return perBlock / float64(x.lanes)
}

func slicedRate(x *slicedKernel) float64 { return refClockHz / x.cyclesPerPair() }
