// Package enumerate computes the exact distribution of the dot product q·k
// over every pair (q, k) of vectors of width d_k whose entries come from
// finite alphabets, by two independent methods:
//
//   - BruteForce enumerates every pair one by one, in parallel: the q index
//     range is cut into contiguous slices, each worker tallies its own
//     histogram and the histograms are added in slice order, so the result
//     does not depend on the number of workers.
//   - ClosedForm raises the one-coordinate distribution of q_i·k_i to the
//     d_k-th power with exact big-integer counts (J. C. P. Miller's
//     recurrence for the coefficients of a power of a polynomial); for
//     Plan.Moments it streams the counts, holding only a few at a time.
//
// A Plan made with either method (or Both, or Auto to choose) computes
// with Plan.Distribution and Plan.Moments; Plan.BruteShard enumerates one
// slice of a run cut into shards.
//
// Brute force picks a kernel from the alphabets.
// Wherever the lattice indices stay below 256 it is "sliced-index": a
// block of 64 to 2560 vectors k sharing their high coordinates lies in the
// bits of machine words (512 lanes per AVX-512 register, 256 per AVX2 one,
// 64 per word in plain Go, chosen at run time); every block adds its high
// coordinates' share to each lane's low share, bit-sliced, so that each
// lane holds its pair's index, and counts the lanes by subsets of index
// bits with popcounts. For ±a ("xor-popcount") each lane's popcount(q ⊕ k)
// moves by ±1 from block to block, counted the same way; other two-letter
// alphabets have "bit-pair". Larger indices walk k in Gray order, one add
// and one histogram increment per pair ("gray-code"). Every pair's index
// is formed and counted in every kernel;
// the kernels are tested against a pair-by-pair oracle, against each other
// and against the closed form.
//
// Brute force visits every pair of vectors over the alphabets' distinct
// letters once, and counts it as many pairs as the product of its letters'
// multiplicities: the same exact histogram as listing every element of the
// multisets, in far fewer visits (Plan.Visits). Its q indices, by which
// Plan.BruteShard slices a run, are those vectors: the letters' positions
// among the distinct values are the digits of the index in base (number of
// distinct values), coordinate 0 least significant.
//
// Scores live on an integer lattice: the alphabets are scaled to a common
// denominator, and the product of two letters is m + g·t for the smallest
// product m, the gcd g of the products' distances from m and an integer
// t ≥ 0. A pair's score is then d·m + g·Σt_i, so every kernel adds small
// integers and the result is a rational.Histogram over that lattice.
//
// # The cost model
//
// This package is the one home of sqrtdk's cost model. A computation is
// estimated before any work as a Cost, its time on this machine's cores
// at nominal rates and the memory it holds at once (Plan.Cost for either
// method, RoundingCost for correctly rounded irrational decimals); a run
// adds its computations in a Budget, held to Limits (MaxTime, default an
// hour, and MaxMemory, default 1 GiB, for every kind of work); whatever
// passes them is refused, before any work, with a *LimitError that carries
// the numbers, names what was refused and says whether memory or time is
// over. Every entry point of a Plan checks its own limits too. Brute force
// uses no more workers than fit in the memory limit, and times its kernel
// on this machine (a 40 ms probe) only near the time limit and only once
// the memory is known to fit.
package enumerate
