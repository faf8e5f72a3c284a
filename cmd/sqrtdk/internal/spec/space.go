package spec

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// ParseAlphabets reads --values and --k-values (empty: k like q).
func ParseAlphabets(values, kValues string) (q, k rational.Alphabet, err error) {
	if q, err = rational.ParseAlphabet(values); err != nil {
		return q, k, fmt.Errorf("--values: %v", err)
	}
	k = q
	if kValues != "" {
		if k, err = rational.ParseAlphabet(kValues); err != nil {
			return q, k, fmt.Errorf("--k-values: %v", err)
		}
	}
	return q, k, nil
}

// ParseWidth reads one d_k, a positive integer; the engine judges its size.
func ParseWidth(s string) (int, error) {
	d, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || d < 1 {
		return 0, fmt.Errorf("d_k must be a positive integer, not %q", s)
	}
	if d > enumerate.MaxD {
		return 0, fmt.Errorf("d_k = %d is larger than the supported %d", d, enumerate.MaxD)
	}
	return d, nil
}

// ParseWidths reads a comma list of widths.
func ParseWidths(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		d, err := ParseWidth(f)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}
