// Package enumerate computes the exact distribution of the dot product q·k
// over every pair (q, k) of vectors of width d_k whose entries come from
// finite alphabets, by two independent methods:
//
//   - Brute enumerates every pair one by one, in parallel: the q index range
//     is cut into contiguous slices, each worker tallies its own histogram
//     and the histograms are added in slice order, so the result does not
//     depend on the number of workers.
//   - Closed raises the one-coordinate distribution of q_i·k_i to the d_k-th
//     power with exact big-integer counts (J. C. P. Miller's recurrence for
//     the coefficients of a power of a polynomial). ClosedEach streams the
//     counts and ClosedMoments the exact mean and variance, holding only a
//     few counts at a time.
//
// Brute picks a kernel from the alphabets (Plan.Kernel, Plan.KernelName).
// Wherever the lattice indices stay below 256 it is "sliced-index": a
// block of 64 to 2048 vectors k sharing their high coordinates lies in the
// bits of machine words (512 lanes per AVX-512 register, 256 per AVX2 one,
// 64 per word in plain Go, chosen at run time), and each block counts, with
// popcounts, the lanes whose low coordinates' share reaches each threshold
// into the counter of that threshold plus the block's own share. Larger
// indices walk k in Gray order, one add and one histogram increment per
// pair ("gray-code"); for ±a ("xor-popcount") and other two-letter
// alphabets ("bit-pair") bit-sliced counters of popcount(q ⊕ k) remain as
// independent kernels. Every pair is counted in every kernel;
// the kernels are tested against a pair-by-pair oracle, against each other
// and against the closed form.
//
// Brute force visits every pair of vectors over the alphabets' distinct
// letters once, and counts it as many pairs as the product of its letters'
// multiplicities: the same exact histogram as listing every element of the
// multisets, in far fewer visits (Problem.Visits). Its q indices
// (Problem.QCount, ShardRange) are those vectors: the letters' positions
// among the distinct values are the digits of the index in base (number of
// distinct values), coordinate 0 least significant. VectorAt and IndexOf
// number the vectors of the multiplicity-expanded alphabet the same way.
//
// Scores live on an integer lattice: the alphabets are scaled to a common
// denominator, and the product of two letters is m + g·t for the smallest
// product m, the gcd g of the products' distances from m and an integer
// t ≥ 0. A pair's score is then d·m + g·Σt_i, so every kernel adds small
// integers and the result is a rational.Histogram over that lattice.
package enumerate
