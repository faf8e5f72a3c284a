package enumerate

import "math/big"

// ScoreLattice returns the lattice every distribution of p lies on, the
// one each method's histograms use: the score of index t is base + step·t
// for t = 0, 1, …, size−1. Its error is why no method can compute p: a
// width out of range, an empty alphabet, or scores too far apart for a
// histogram.
func (p Problem) ScoreLattice() (base, step *big.Rat, size int, err error) {
	l, err := p.newLattice()
	if err != nil {
		return nil, nil, 0, err
	}
	return new(big.Rat).Set(l.base), new(big.Rat).Set(l.step), l.size(p.D), nil
}
