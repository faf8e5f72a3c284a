package proofs

import (
	"context"
	"fmt"

	"github.com/sqrtdk/sqrtdk/rational"
)

// lawFor returns the smallest law that knows every variable: the law of
// q·k for variables of the score alone, the law of the coordinates they
// read for variables of entries, and the whole listed space otherwise.
func (s *Space) lawFor(ctx context.Context, xs ...RV) (*law, error) {
	r, coords := readsOf(xs...)
	for _, c := range coords {
		if c < 1 || c > s.d {
			return nil, fmt.Errorf("coordinate %d is outside 1..%d", c, s.d)
		}
	}
	if r.whole || (r.score && len(coords) > 0) {
		return s.wholeLaw(ctx)
	}
	if r.score {
		sl, err := s.scoreLaw(ctx)
		if err != nil {
			return nil, err
		}
		return sl.law(), nil
	}
	return s.marginal(ctx, coords)
}

// E returns the exact mean of x over the space.
func (s *Space) E(ctx context.Context, x RV) (rational.Value, error) {
	l, err := s.lawFor(ctx, x)
	if err != nil {
		return rational.Value{}, err
	}
	return l.mean(x), nil
}

// Var returns the exact variance E[(x − E[x])²] of x, from the squared
// deviations of every outcome of its law.
func (s *Space) Var(ctx context.Context, x RV) (rational.Value, error) {
	return s.Cov(ctx, x, x)
}

// Cov returns the exact covariance E[(x − E[x])·(y − E[y])].
func (s *Space) Cov(ctx context.Context, x, y RV) (rational.Value, error) {
	l, err := s.lawFor(ctx, x, y)
	if err != nil {
		return rational.Value{}, err
	}
	return l.cov(x, y), nil
}

// Independent judges whether the variables are independent, on their
// values: every combination of values must have the product of the values'
// probabilities.
func (s *Space) Independent(ctx context.Context, xs ...RV) (Independence, error) {
	groups := make([][]RV, len(xs))
	for i, x := range xs {
		groups[i] = []RV{x}
	}
	return s.IndependentGroups(ctx, groups...)
}

// IndependentGroups judges whether groups of variables are independent of
// each other, each group one variable whose value is the tuple of its
// members' values, such as (q_1, k_1) against (q_2, k_2): every combination
// of the groups' values must have the product of their probabilities.
// Variables within a group may depend on each other.
func (s *Space) IndependentGroups(ctx context.Context, groups ...[]RV) (Independence, error) {
	if len(groups) == 0 {
		return Independence{}, fmt.Errorf("no variables to judge independent")
	}
	var all []RV
	for _, g := range groups {
		if len(g) == 0 {
			return Independence{}, fmt.Errorf("a group of variables is empty")
		}
		all = append(all, g...)
	}
	l, err := s.lawFor(ctx, all...)
	if err != nil {
		return Independence{}, err
	}
	return l.independent(groups...), nil
}
