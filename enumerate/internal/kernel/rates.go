package kernel

// Nominal rates: the pairs one core tallies per second with each
// implementation, as the benchmarks (go test -bench . ./enumerate) measured
// on this project's reference machine, 2 vCPUs of an AMD EPYC (Zen 5
// class, AVX-512 with VPOPCNTDQ) at about refClockHz. They let a plan
// estimate a run's time without timing anything, so that a choice made
// from them (enumerate's Auto) is the same on every run.
const (
	refClockHz = 4.1e9

	scalarXorRate   = 1e9
	portableXorRate = 2.9e9
	avx2XorRate     = 9e9
	// avx512XorBlockCycles is the AVX-512 ±1 kernel's cycles per block of
	// 512 pairs beyond its subset tallies, and avx512XorSubsetCycles the
	// cycles of one subset tally (d of them per block).
	avx512XorBlockCycles  = 3.0
	avx512XorSubsetCycles = 0.75

	portableBitPairRate = 1.4e9
	avx512BitPairRate   = 5.6e9

	// grayCyclesPerPair is the Gray-code kernel's cost: one add and one
	// histogram increment per pair.
	grayCyclesPerPair = 1.6

	// slicedOpsPerCycle is the vector instructions the sliced-index kernel
	// retires per cycle, and slicedSpillCycles the extra cycles of a
	// subset tally kept in memory rather than in a register.
	slicedOpsPerCycle = 3.6
	slicedSpillCycles = 0.5
)

// avx512XorRate is the AVX-512 ±1 kernel's rate at width d: its cost per
// block grows with the d subset tallies.
func avx512XorRate(d int) float64 {
	return 512 * refClockHz / (avx512XorBlockCycles + avx512XorSubsetCycles*float64(d))
}

func grayRate() float64 { return refClockHz / grayCyclesPerPair }

// cyclesPerPair estimates the sliced-index kernel's cycles per pair from
// its instructions: per word, the addition of the block value (two per
// bit) and, per subset S of index bits up to the largest index, an AND
// (none for one bit), a VPOPCNTQ and an add, spread over the word's real
// lanes; subsets beyond the registers add a load and a store.
func (x *slicedKernel) cyclesPerPair() float64 {
	ops := 2*x.nb - 1
	for s := 1; s <= x.nv; s++ {
		ops += 3
		if s&(s-1) == 0 {
			ops--
		}
	}
	inRegisters := 32 - 2*x.nb - 1
	spills := max(x.nv-inRegisters, 0)
	perWord := float64(ops)/slicedOpsPerCycle + float64(spills)*slicedSpillCycles
	return perWord * float64(x.nw) / float64(x.lanes)
}

func slicedRate(x *slicedKernel) float64 { return refClockHz / x.cyclesPerPair() }
