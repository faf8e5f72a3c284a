package enumerate

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/sqrtdk/sqrtdk/rational"
)

// A Method chooses how a distribution is computed.
type Method int

const (
	// Auto enumerates when that takes a few seconds at most and uses the
	// closed form otherwise.
	Auto Method = iota
	// BruteForce enumerates every pair.
	BruteForce
	// ClosedForm uses the exact convolution power.
	ClosedForm
	// Both runs the two and fails with a *MismatchError if they differ.
	Both
)

var methodNames = [...]string{"auto", "brute", "closed", "both"}

// String returns "auto", "brute", "closed" or "both".
func (m Method) String() string { return methodNames[m] }

// ParseMethod reads a method name.
func ParseMethod(s string) (Method, error) {
	for i, n := range methodNames {
		if s == n {
			return Method(i), nil
		}
	}
	return 0, fmt.Errorf("unknown method %q (use auto, brute, closed or both)", s)
}

// Estimated brute-force throughput on two cores, in pairs per second, per
// kernel; conservative figures from the benchmarks in this package (about
// half the medians measured on a shared 2-core Xeon with AVX-512, see
// bench_test.go). They decide only what Auto picks and what brute force
// refuses.
var estimatedRate = map[string]float64{
	"xor-popcount": xorRate(),
	"bit-pair":     bitPairRate(),
	"gray-code":    1e9,
}

// xorRate is the ±a kernel's estimated rate; per core-second the AVX-512
// kernel measured 2–2.4·10¹⁰ pairs, the AVX2 one 9·10⁹, the portable one
// 3·10⁹.
func xorRate() float64 {
	switch k := newXorKernel(16, 0, 1, 17, useFastKernels).name(); {
	case strings.Contains(k, "AVX-512"):
		return 1e10
	case strings.Contains(k, "AVX2"):
		return 5e9
	}
	return 2e9
}

// bitPairRate is the other two-letter kernels' estimated rate; per
// core-second they measured 5.7·10⁹ pairs with AVX-512, 1.4–1.8·10⁹ without.
func bitPairRate() float64 {
	if fastBitPair(16) {
		return 5e9
	}
	return 1e9
}

const (
	// autoSeconds is the longest enumeration Auto chooses.
	autoSeconds = 3
	// refuseSeconds is the longest enumeration brute force accepts.
	refuseSeconds = 3600
)

// BruteSeconds estimates how long brute force takes for p, in seconds.
func (p Problem) BruteSeconds() float64 {
	pairs, _ := new(big.Float).SetInt(p.Cases()).Float64()
	return pairs / estimatedRate[p.KernelName()]
}

// CheckBruteSize returns a *TooLargeError when brute force would take hours.
func (p Problem) CheckBruteSize() error {
	if s := p.BruteSeconds(); s > refuseSeconds {
		return &TooLargeError{Pairs: p.Cases(), Seconds: s}
	}
	return nil
}

// Distribution computes the distribution of q·k for p with method m and
// returns the method that actually produced it (never Auto).
func Distribution(ctx context.Context, p Problem, m Method, opt Options) (*rational.Histogram, Method, error) {
	if err := p.Validate(); err != nil {
		return nil, m, err
	}
	m = p.Resolve(m)
	switch m {
	case BruteForce:
		h, err := Brute(ctx, p, opt)
		return h, m, err
	case ClosedForm:
		h, err := Closed(ctx, p)
		return h, m, err
	}
	brute, err := Brute(ctx, p, opt)
	if err != nil {
		return nil, m, err
	}
	closed, err := Closed(ctx, p)
	if err != nil {
		return nil, m, err
	}
	if err := Compare(p.D, brute, closed); err != nil {
		return nil, m, err
	}
	return brute, Both, nil
}

// Resolve returns the method that m stands for on p: Auto becomes
// BruteForce when enumeration takes a few seconds at most, else ClosedForm.
func (p Problem) Resolve(m Method) Method {
	if m != Auto {
		return m
	}
	if p.BruteSeconds() <= autoSeconds {
		return BruteForce
	}
	return ClosedForm
}

// Variance returns the number of pairs and the exact mean and variance of
// q·k with method m, and the method that produced them. The closed form
// streams its counts (ClosedMoments), so it holds one count at a time.
func Variance(ctx context.Context, p Problem, m Method, opt Options) (*Moments, Method, error) {
	if err := p.Validate(); err != nil {
		return nil, m, err
	}
	if m = p.Resolve(m); m == ClosedForm {
		mo, err := ClosedMoments(ctx, p)
		return mo, m, err
	}
	h, used, err := Distribution(ctx, p, m, opt)
	if err != nil {
		return nil, used, err
	}
	return &Moments{Pairs: h.Total(), Mean: h.Mean(), Variance: h.Variance()}, used, nil
}

// Compare returns a *MismatchError for the first score where the brute
// force histogram b and the closed form c differ, or nil.
func Compare(d int, b, c *rational.Histogram) error {
	n := max(len(b.Counts), len(c.Counts))
	zero := new(big.Int)
	at := func(h *rational.Histogram, i int) *big.Int {
		if i < len(h.Counts) {
			return h.Counts[i]
		}
		return zero
	}
	if b.Base.Cmp(c.Base) != 0 || b.Step.Cmp(c.Step) != 0 {
		return fmt.Errorf("brute force and closed form use different score lattices at d_k = %d", d)
	}
	for i := range n {
		if at(b, i).Cmp(at(c, i)) != 0 {
			return &MismatchError{D: d, Index: i, Brute: at(b, i), Close: at(c, i), Score: b.Score(i).RatString()}
		}
	}
	return nil
}
