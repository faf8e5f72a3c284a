package shard

import (
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A File is a verified shard result and the name it was read from.
type File struct {
	Name   string
	Result *Result
}

// Merge checks that files come from one run (same tool, command,
// alphabets, widths and method), are split the same way and cover every
// slice exactly once, then adds their histograms count by count. It
// returns the whole run as slice 0/1, or an error that names the problem
// and the files concerned.
func Merge(files []File) (*Result, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("no shard files given")
	}
	first := files[0]
	for _, f := range files[1:] {
		if err := sameRun(first, f); err != nil {
			return nil, err
		}
	}
	n := first.Result.Count
	for _, f := range files[1:] {
		if f.Result.Count != n {
			return nil, differentSplits(first, f)
		}
	}
	bySlice := make(map[int]File, len(files))
	for _, f := range files {
		if g, dup := bySlice[f.Result.Index]; dup {
			return nil, fmt.Errorf("shard files %s and %s are both %s: duplicated shard", g.Name, f.Name, f.Result.Name())
		}
		bySlice[f.Result.Index] = f
	}
	if len(bySlice) != n {
		var missing []int
		for i := range n {
			if _, ok := bySlice[i]; !ok {
				missing = append(missing, i)
			}
		}
		return nil, fmt.Errorf("%s of %d %s missing: %d shard %s given (%s)",
			describeSlices(missing), n, plural(len(missing), "is", "are"), len(files), plural(len(files), "file", "files"), listNames(files))
	}
	ordered := make([]File, n)
	for i := range n {
		ordered[i] = bySlice[i]
	}
	return sum(ordered)
}

// sameRun returns an error when f was not produced by the same run as first.
func sameRun(first, f File) error {
	a, b := first.Result, f.Result
	diff := func(what, x, y string) error {
		return fmt.Errorf("shard files %s and %s are from different runs: %s %s and %s", first.Name, f.Name, what, x, y)
	}
	switch {
	case a.Command != b.Command:
		return diff("command", a.Command, b.Command)
	case a.Q.String() != b.Q.String():
		return diff("q alphabet", a.Q.String(), b.Q.String())
	case a.K.String() != b.K.String():
		return diff("k alphabet", a.K.String(), b.K.String())
	case !slices.Equal(a.Widths(), b.Widths()):
		return diff("widths d_k =", joinInts(a.Widths()), joinInts(b.Widths()))
	case a.Method != b.Method:
		return diff("method", a.Method.String(), b.Method.String())
	case a.Tool != b.Tool:
		return diff("tool version", quote(a.Tool), quote(b.Tool))
	}
	return nil
}

func quote(s string) string { return fmt.Sprintf("%q", s) }

// differentSplits describes two shards of one run split into different
// numbers of slices, naming the q ranges they have in common if any.
func differentSplits(f, g File) error {
	a, b := f.Result, g.Result
	msg := fmt.Sprintf("shard files %s (%s) and %s (%s) split the run into different numbers of slices (%d and %d)",
		f.Name, a.Name(), g.Name, b.Name(), a.Count, b.Count)
	pa, pb := a.Parts[0], b.Parts[0]
	if lo, hi := max(pa.Lo, pb.Lo), min(pa.Hi, pb.Hi); lo < hi {
		msg += fmt.Sprintf("; both cover q indices [%d, %d) at d_k = %d, which would be counted twice", lo, hi, pa.D)
	}
	return fmt.Errorf("%s", msg)
}

// sum adds the histograms of the slices, given in slice order, after
// checking that they tile each width's q range and share its score lattice.
func sum(files []File) (*Result, error) {
	first := files[0].Result
	out := &Result{Tool: first.Tool, Command: first.Command, Q: first.Q, K: first.K, Method: first.Method, Index: 0, Count: 1}
	for w, p0 := range first.Parts {
		next := uint64(0)
		h := &rational.Histogram{Base: p0.Hist.Base, Step: p0.Hist.Step, Counts: make([]*big.Int, len(p0.Hist.Counts))}
		for i := range h.Counts {
			h.Counts[i] = new(big.Int)
		}
		for _, f := range files {
			p := f.Result.Parts[w]
			switch {
			case p.Lo > next:
				return nil, fmt.Errorf("q indices [%d, %d) at d_k = %d are in no shard file (gap before %s)", next, p.Lo, p.D, f.Name)
			case p.Lo < next:
				return nil, fmt.Errorf("shard file %s overlaps the shard before it on q indices [%d, %d) at d_k = %d", f.Name, p.Lo, next, p.D)
			}
			next = p.Hi
			if p.Hist.Base.Cmp(h.Base) != 0 || p.Hist.Step.Cmp(h.Step) != 0 || len(p.Hist.Counts) != len(h.Counts) {
				return nil, fmt.Errorf("shard files %s and %s use different score lattices at d_k = %d", files[0].Name, f.Name, p.D)
			}
			for i, c := range p.Hist.Counts {
				h.Counts[i].Add(h.Counts[i], c)
			}
		}
		if next != p0.QTotal {
			return nil, fmt.Errorf("q indices [%d, %d) at d_k = %d are in no shard file", next, p0.QTotal, p0.D)
		}
		f, err := newForced(enumerate.Problem{Q: out.Q, K: out.K, D: p0.D})
		if err == nil {
			err = f.checkWhole(h)
		}
		if err != nil {
			return nil, fmt.Errorf("the merged distribution at d_k = %d is not one these alphabets can give (%v): a shard was edited and its checksum recomputed, or computed by a faulty build", p0.D, err)
		}
		out.Parts = append(out.Parts, Part{D: p0.D, Lo: 0, Hi: p0.QTotal, QTotal: p0.QTotal, Hist: h})
	}
	return out, nil
}

// describeSlices writes slice indices as "slices 1/N, 4-7/N" compactly.
func describeSlices(idx []int) string {
	sort.Ints(idx)
	var parts []string
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && idx[j+1] == idx[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, fmt.Sprint(idx[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d–%d", idx[i], idx[j]))
		}
		i = j + 1
	}
	return plural(len(idx), "slice", "slices") + " " + strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// listNames lists up to eight file names.
func listNames(files []File) string {
	var names []string
	for i, f := range files {
		if i == 8 {
			names = append(names, fmt.Sprintf("and %d more", len(files)-8))
			break
		}
		names = append(names, f.Name)
	}
	return strings.Join(names, ", ")
}
