package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"
	"github.com/sqrtdk/sqrtdk/internal/split"

	"github.com/sqrtdk/sqrtdk/enumerate"
)

// FuzzParseWidths checks the --d list parser: it refuses or returns widths
// in 1..MaxClosedD whose canonical spelling parses back to the same list.
func FuzzParseWidths(f *testing.F) {
	for _, s := range []string{"1,2,4,6", "2", " 3 , 5", "0", "-1", "1,,2", "", ",", "1000000", "1000001", "+4", "4.0", "1e3", "99999999999999999999", "0x10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ds, err := spec.ParseWidths(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("spec.ParseWidths(%q): message spans lines: %q", s, err)
			}
			return
		}
		parts := make([]string, len(ds))
		for i, d := range ds {
			if d < 1 || d > enumerate.MaxD {
				t.Fatalf("spec.ParseWidths(%q) = %v: width %d out of range", s, ds, d)
			}
			parts[i] = strconv.Itoa(d)
		}
		back, err := spec.ParseWidths(strings.Join(parts, ","))
		if err != nil || len(back) != len(ds) {
			t.Fatalf("spec.ParseWidths(%q) = %v, which does not parse back: %v %v", s, ds, back, err)
		}
	})
}

// FuzzParseSlice checks the --shard parser: it refuses or returns
// 0 ≤ I < N ≤ split.MaxSlices spelt exactly as given.
func FuzzParseSlice(f *testing.F) {
	for _, s := range []string{"0/1", "3/4", "4/4", "-1/4", "1/0", "01/4", "1/04", "x", "", "/", "1/", "/2", "0/1048576", "0/1048577", "1 /2", "999999999/999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := destinationFlags{slice: s}
		i, n, ok, err := r.parseSlice()
		if err != nil || !ok {
			return
		}
		if i < 0 || i >= n || n > split.MaxSlices {
			t.Fatalf("parseSlice(%q) = %d/%d", s, i, n)
		}
		if got := strconv.Itoa(i) + "/" + strconv.Itoa(n); got != s {
			t.Fatalf("parseSlice(%q) = %s, spelt differently", s, got)
		}
	})
}
