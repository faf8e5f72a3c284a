package shard

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/rational"
)

// maxPairBits bounds the number of pairs of one width, as a power of 2.
const maxPairBits = 128

// maxParts bounds the number of widths one shard file may hold.
const maxParts = 1000

// ReadFile reads and verifies the shard file at path; see Read.
func ReadFile(path string) (*Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("shard file %s: %v", path, unwrapPathError(err))
	}
	defer f.Close()
	return Read(f, path)
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Read reads one shard file and verifies it: the JSON must be exactly the
// format's, the checksum must match the contents, and the contents must be
// consistent (canonical alphabets, the q range of the stated slice, counts
// summing to the number of pairs in that range). name is used in messages.
func Read(r io.Reader, name string) (*Result, error) {
	res, err := read(r)
	if err != nil {
		return nil, fmt.Errorf("shard file %s: %v", name, err)
	}
	return res, nil
}

func read(r io.Reader) (*Result, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("is larger than %d MiB, more than any shard holds", MaxFileBytes>>20)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("is empty (was the shard run interrupted?)")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var doc document
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("is not a valid shard file (bad JSON: %v)", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("is not a valid shard file (data after the JSON document)")
	}
	if doc.Format != FormatName {
		return nil, fmt.Errorf("is not a %s file (format %.40q)", FormatName, doc.Format)
	}
	if doc.SHA256 == "" {
		return nil, fmt.Errorf("has no checksum")
	}
	if sum := doc.checksum(); sum != doc.SHA256 {
		return nil, fmt.Errorf("is corrupted: its contents do not match its checksum (stored %.16s…, computed %.16s…)", doc.SHA256, sum)
	}
	res, err := doc.result()
	if err != nil {
		return nil, fmt.Errorf("is inconsistent: %v", err)
	}
	return res, nil
}

// result checks the document's contents and converts them.
func (d *document) result() (*Result, error) {
	if d.Tool == "" || strings.IndexFunc(d.Tool, unicode.IsControl) >= 0 || len(d.Tool) > 200 {
		return nil, fmt.Errorf("tool %.40q is not a version string", d.Tool)
	}
	if d.Command != "table" && d.Command != "dist" {
		return nil, fmt.Errorf("command %.40q is neither table nor dist", d.Command)
	}
	if d.Method != enumerate.BruteForce.String() {
		return nil, fmt.Errorf("method %.40q is not brute", d.Method)
	}
	res := &Result{Tool: d.Tool, Command: d.Command, Method: enumerate.BruteForce, Index: d.Shard.Index, Count: d.Shard.Count}
	var err error
	if res.Q, err = canonicalAlphabet(d.Q); err != nil {
		return nil, fmt.Errorf("q: %v", err)
	}
	if res.K, err = canonicalAlphabet(d.K); err != nil {
		return nil, fmt.Errorf("k: %v", err)
	}
	if res.Count < 1 || res.Count > enumerate.MaxShards || res.Index < 0 || res.Index >= res.Count {
		return nil, fmt.Errorf("slice %d/%d is not one of 0/N … (N−1)/N with 1 ≤ N ≤ %d", res.Index, res.Count, enumerate.MaxShards)
	}
	if len(d.Parts) == 0 || len(d.Parts) > maxParts {
		return nil, fmt.Errorf("it has %d widths; 1 to %d are allowed", len(d.Parts), maxParts)
	}
	if d.Command == "dist" && len(d.Parts) != 1 {
		return nil, fmt.Errorf("a dist shard has one width, not %d", len(d.Parts))
	}
	// A width may repeat, as it may in table's --d: each part is a row.
	for _, pd := range d.Parts {
		p, err := res.part(pd)
		if err != nil {
			return nil, fmt.Errorf("d_k = %d: %v", pd.D, err)
		}
		res.Parts = append(res.Parts, p)
	}
	return res, nil
}

func canonicalAlphabet(tokens []string) (rational.Alphabet, error) {
	if len(tokens) == 0 {
		return rational.Alphabet{}, fmt.Errorf("empty alphabet")
	}
	a, err := rational.ParseAlphabet(strings.Join(tokens, ","))
	if err != nil {
		return a, err
	}
	if !slices.Equal(a.Tokens(), tokens) {
		return a, fmt.Errorf("alphabet %.60q is not in canonical form %.60q", strings.Join(tokens, ","), a.String())
	}
	return a, nil
}

func (r *Result) part(pd partDoc) (Part, error) {
	if pd.D < 1 || pd.D > enumerate.MaxD {
		return Part{}, fmt.Errorf("width out of range 1..%d", enumerate.MaxD)
	}
	// No enumeration covers 2^128 pairs; refusing them here also keeps
	// the exact arithmetic below small for any file.
	if float64(pd.D)*math.Log2(float64(r.Q.Size())*float64(r.K.Size())) > maxPairBits {
		return Part{}, fmt.Errorf("more than 2^%d pairs, far beyond any enumeration", maxPairBits)
	}
	prob := enumerate.Problem{Q: r.Q, K: r.K, D: pd.D}
	if err := prob.Validate(); err != nil {
		return Part{}, err
	}
	p := Part{D: pd.D}
	var err error
	if p.Lo, err = canonicalUint(pd.QLo); err != nil {
		return p, fmt.Errorf("q_lo: %v", err)
	}
	if p.Hi, err = canonicalUint(pd.QHi); err != nil {
		return p, fmt.Errorf("q_hi: %v", err)
	}
	if p.QTotal, err = canonicalUint(pd.QTotal); err != nil {
		return p, fmt.Errorf("q_total: %v", err)
	}
	if nq, ok := prob.QCount(); !ok || nq != p.QTotal {
		return p, fmt.Errorf("q_total %d is not the number of q vectors, %s", p.QTotal, new(big.Int).Exp(big.NewInt(r.Q.Size()), big.NewInt(int64(pd.D)), nil))
	}
	lo, hi, err := prob.ShardRange(r.Index, r.Count)
	if err != nil {
		return p, err
	}
	if lo != p.Lo || hi != p.Hi {
		return p, fmt.Errorf("it claims q indices [%d, %d), but %s covers [%d, %d)", p.Lo, p.Hi, r.Name(), lo, hi)
	}
	h := &rational.Histogram{}
	if h.Base, err = canonicalRat(pd.Base); err != nil {
		return p, fmt.Errorf("base: %v", err)
	}
	if h.Step, err = canonicalRat(pd.Step); err != nil {
		return p, fmt.Errorf("step: %v", err)
	}
	if h.Step.Sign() <= 0 {
		return p, fmt.Errorf("step %s is not positive", pd.Step)
	}
	if len(pd.Counts) == 0 || len(pd.Counts) > enumerate.MaxLattice {
		return p, fmt.Errorf("%d counts; 1 to %d are allowed", len(pd.Counts), enumerate.MaxLattice)
	}
	want := prob.ShardPairs(p.Lo, p.Hi)
	maxDigits := len(want.String())
	h.Counts = make([]*big.Int, len(pd.Counts))
	total := new(big.Int)
	for i, s := range pd.Counts {
		if h.Counts[i], err = canonicalCount(s, maxDigits); err != nil {
			return p, fmt.Errorf("count %d: %v", i, err)
		}
		total.Add(total, h.Counts[i])
	}
	if total.Cmp(want) != 0 {
		return p, fmt.Errorf("the counts add up to %s, but the slice has %s pairs", total, want)
	}
	p.Hist = h
	return p, nil
}

func canonicalUint(s string) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || strconv.FormatUint(n, 10) != s {
		return 0, fmt.Errorf("%.30q is not a non-negative integer below 2^64 in canonical form", s)
	}
	return n, nil
}

func canonicalRat(s string) (*big.Rat, error) {
	r, err := rational.ParseRat(s)
	if err != nil || r.RatString() != s {
		return nil, fmt.Errorf("%.40q is not an exact rational in canonical form", s)
	}
	return r, nil
}

func canonicalCount(s string, maxDigits int) (*big.Int, error) {
	if s == "" || len(s) > maxDigits || (len(s) > 1 && s[0] == '0') || strings.Trim(s, "0123456789") != "" {
		return nil, fmt.Errorf("%.30q is not a count in canonical form", s)
	}
	n, _ := new(big.Int).SetString(s, 10)
	return n, nil
}
