package softmax

import (
	"context"
	"math/big"
	"strconv"
	"strings"
	"sync"
)

// A Cache keeps the enclosures Check computes, by box and precision, and
// the verdicts of its cross-checks, so that checking another figure of the
// same scores (a page grading answer after answer to one question) does
// not compute them again. A nil *Cache keeps nothing; a Cache is safe for
// concurrent use.
type Cache struct {
	mu     sync.Mutex
	ranges map[string][]Range
	cross  map[string]error
}

// maxCached bounds each map of a Cache; past it the map starts afresh.
const maxCached = 256

// rangesOf returns ranges(ctx, b, prec), computed once per box and
// precision; the caller gets its own copy.
func (c *Cache) rangesOf(ctx context.Context, b Box, prec uint) ([]Range, error) {
	if c == nil {
		return ranges(ctx, b, prec)
	}
	key := boxKey(b) + "|" + strconv.FormatUint(uint64(prec), 10)
	c.mu.Lock()
	rs, ok := c.ranges[key]
	c.mu.Unlock()
	if !ok {
		var err error
		if rs, err = ranges(ctx, b, prec); err != nil {
			return nil, err
		}
		c.mu.Lock()
		if c.ranges == nil || len(c.ranges) >= maxCached {
			c.ranges = map[string][]Range{}
		}
		c.ranges[key] = copyRanges(rs)
		c.mu.Unlock()
	}
	return copyRanges(rs), nil
}

// crossCheck returns CrossCheck(b.Lo, b.DK, ivs, prec), decided once per
// point, enclosures and precision.
func (c *Cache) crossCheck(b Box, ivs []Interval, prec uint) error {
	if c == nil {
		return CrossCheck(b.Lo, b.DK, ivs, prec)
	}
	var k strings.Builder
	k.WriteString(boxKey(b))
	for _, iv := range ivs {
		k.WriteString("|" + iv.Lo.RatString() + "," + iv.Hi.RatString())
	}
	k.WriteString("|" + strconv.FormatUint(uint64(prec), 10))
	key := k.String()
	c.mu.Lock()
	err, ok := c.cross[key]
	c.mu.Unlock()
	if ok {
		return err
	}
	err = CrossCheck(b.Lo, b.DK, ivs, prec)
	c.mu.Lock()
	if c.cross == nil || len(c.cross) >= maxCached {
		c.cross = map[string]error{}
	}
	c.cross[key] = err
	c.mu.Unlock()
	return err
}

// boxKey writes a box exactly.
func boxKey(b Box) string {
	var k strings.Builder
	for i := range b.Lo {
		k.WriteString(b.Lo[i].RatString() + ":" + b.Hi[i].RatString() + ";")
	}
	if b.DK != nil {
		k.WriteString("/" + b.DK.RatString())
	}
	return k.String()
}

func copyRanges(rs []Range) []Range {
	out := make([]Range, len(rs))
	cp := func(x *big.Rat) *big.Rat { return new(big.Rat).Set(x) }
	for i, r := range rs {
		out[i] = Range{Min: Interval{cp(r.Min.Lo), cp(r.Min.Hi)}, Max: Interval{cp(r.Max.Lo), cp(r.Max.Hi)}}
	}
	return out
}
