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
	avx2XorRate     = 9.5e9
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

	// slicedOpsPerCycle is the instructions the sliced-index kernel
	// retires per cycle, and slicedSpillCycles the extra cycles of a
	// subset tally kept in memory rather than in a register.
	slicedOpsPerCycle = 3.0
	slicedSpillCycles = 0.4
	// slicedQCycles is the sliced-index kernel's cost per q beyond its
	// blocks and the additions of each block value to the lanes.
	slicedQCycles = 30
)

// avx512XorRate is the AVX-512 ±1 kernel's rate at width d.
func avx512XorRate(d int) float64 {
	blocks := float64(uint64(1) << (d - 9))
	cycles := avx512XorQCycles + blocks*(avx512XorBlockCycles+avx512XorSubsetCycles*float64(d))
	return 512 * blocks * refClockHz / cycles
}

func grayRate() float64 { return refClockHz / grayCyclesPerPair }

// cyclesPerPair estimates the sliced-index kernel's cycles per pair from
// its instructions: per word, for each subset S of index bits up to the
// largest index, an AND (none for one bit), a VPOPCNTQ and an add, spread
// over the word's real lanes; subsets beyond the registers add a load and
// a store. (Adding a block's value to the lanes is done once per value,
// not per block.)
func (x *slicedKernel) cyclesPerPair() float64 {
	ops := 0
	for s := 1; s <= x.nv; s++ {
		ops += 3
		if s&(s-1) == 0 {
			ops--
		}
	}
	inRegisters := 32 - 2*x.nb - 1
	spills := max(x.nv-inRegisters, 0)
	perWord := float64(ops)/slicedOpsPerCycle + float64(spills)*slicedSpillCycles
	values := (x.d-x.h)*x.tMax + 1 // at most, per q
	perQ := slicedQCycles + float64(values*x.nw*x.nb)
	return (perWord*float64(x.nw*x.nBlocks) + perQ) / float64(x.lanes*x.nBlocks)
}

func slicedRate(x *slicedKernel) float64 { return refClockHz / x.cyclesPerPair() }
