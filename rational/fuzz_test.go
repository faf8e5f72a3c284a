package rational

import (
	"math/big"
	"strings"
	"testing"
)

// The fuzz targets below check that every parser of user input either
// refuses with an error or returns a value whose canonical spelling parses
// back to the same value; none may panic. Their seed corpora run in the
// normal test run; `go test -fuzz FuzzParseRat ./rational` explores further.

func FuzzParseRat(f *testing.F) {
	for _, s := range []string{"0", "-3", "+7", "1/2", "-7/4", "0.5", "-1.25", ".5", "1.", "1/0", "", " ", "1e3",
		"--1", "+-1", "1/-2", "0x10", "٣", "1_000", strings.Repeat("9", 201), "00012.3400", "-0", "-.0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRat(s)
		if err != nil {
			if r != nil {
				t.Fatalf("ParseRat(%q) returned %v with error %v", s, r, err)
			}
			return
		}
		back, err := ParseRat(r.RatString())
		if err != nil {
			t.Fatalf("ParseRat(%q) = %s, whose spelling does not parse back: %v", s, r.RatString(), err)
		}
		if back.Cmp(r) != 0 {
			t.Fatalf("ParseRat(%q) = %s, parsed back as %s", s, r.RatString(), back.RatString())
		}
	})
}

func FuzzParseAlphabet(f *testing.F) {
	for _, s := range []string{"-1,1", "±1", "+-2", "±0", "-1,0:2,1", "1/2,-3/4:3", "0.5,-1.25", "1,1,1", "1:1000000,1", "±0:1000000", "±0:500000", "±0:500001",
		"", ",", "1,", "1:0", "1:-1", "1:x", "±-1", "±", "1:2:3", "a,b", " -1 , 1 ", "1:+5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAlphabet(s)
		if err != nil {
			return
		}
		if a.Distinct() == 0 || a.Distinct() > MaxLetters {
			t.Fatalf("ParseAlphabet(%q) has %d letters", s, a.Distinct())
		}
		letters := a.Letters()
		for i, l := range letters {
			if l.Mult < 1 || l.Mult > MaxMultiplicity {
				t.Fatalf("ParseAlphabet(%q): letter %s has multiplicity %d", s, l.Value.RatString(), l.Mult)
			}
			if i > 0 && letters[i-1].Value.Cmp(l.Value) >= 0 {
				t.Fatalf("ParseAlphabet(%q): letters %v are not distinct and ascending", s, a.Tokens())
			}
		}
		b, err := ParseAlphabet(a.String())
		if err != nil {
			t.Fatalf("ParseAlphabet(%q) = %s, which does not parse back: %v", s, a, err)
		}
		if b.String() != a.String() {
			t.Fatalf("ParseAlphabet(%q) = %s, parsed back as %s", s, a, b)
		}
	})
}

func FuzzParseScale(f *testing.F) {
	for _, s := range []string{"raw", "sqrt", "d", "d^1/4", "d^0.25", "d^(3/2)", "d^-1/2", "d^1000", "d^1/1000", "d^1001",
		"d^", "d^()", "d^1/0", "x", "", "d^^2", "d^((1))", " d "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sc, err := ParseScale(s)
		if err != nil {
			return
		}
		back, err := ParseScale(sc.Name())
		if err != nil {
			t.Fatalf("ParseScale(%q) named %q, which does not parse back: %v", s, sc.Name(), err)
		}
		if back.exponent().Cmp(sc.exponent()) != 0 {
			t.Fatalf("ParseScale(%q) = d^%s, parsed back as d^%s", s, sc.exponent().RatString(), back.exponent().RatString())
		}
	})
}

// FuzzRootFloor checks y = RootFloor(x, k) by its definition,
// y^k ≤ x < (y+1)^k, for any x and k.
func FuzzRootFloor(f *testing.F) {
	for _, c := range []struct {
		x string
		k uint16
	}{{"0", 3}, {"1", 999}, {"7", 2}, {"1000000", 3}, {"999999", 3}, {strings.Repeat("9", 300), 999}, {strings.Repeat("12", 200), 7}, {"18446744073709551616", 64}} {
		f.Add([]byte(c.x), c.k)
	}
	f.Fuzz(func(t *testing.T, digits []byte, k16 uint16) {
		k := int(k16%1000) + 1
		x, ok := new(big.Int).SetString(string(digits), 10)
		if !ok || x.Sign() < 0 || len(digits) > 2000 {
			return
		}
		y := RootFloor(x, k)
		lo := new(big.Int).Exp(y, big.NewInt(int64(k)), nil)
		hi := new(big.Int).Exp(new(big.Int).Add(y, big.NewInt(1)), big.NewInt(int64(k)), nil)
		if lo.Cmp(x) > 0 || hi.Cmp(x) <= 0 {
			t.Fatalf("RootFloor(%s, %d) = %s is not the floor of the root", x, k, y)
		}
	})
}

// FuzzParseDecimal checks that a decimal either is refused or agrees with
// math/big's own reading, and that FormatRat at the places it needs writes
// a decimal that reads back to the same number.
func FuzzParseDecimal(f *testing.F) {
	for _, s := range []string{"0.2446", "0.", "-0.", ".5", "+.5", "1.5e-3", "2.5E+2", "1e6", "1e-999999", "1e", "e5", ".", "-",
		"1.2.3", "1e+-3", "0x10", "1_0", "inf", " 7 ", "٣", strings.Repeat("9", 201)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseDecimal(s)
		if err != nil {
			if r != nil {
				t.Fatalf("ParseDecimal(%q) returned %v with error %v", s, r, err)
			}
			return
		}
		if want, ok := new(big.Rat).SetString(strings.TrimSpace(s)); !ok || want.Cmp(r) != 0 {
			t.Fatalf("ParseDecimal(%q) = %s, math/big reads %v", s, r.RatString(), want)
		}
		for places := 0; places <= 60; places++ {
			if HasPlaces(r, places) {
				back, err := ParseDecimal(FormatRat(r, places, RoundHalfEven))
				if err != nil || back.Cmp(r) != 0 {
					t.Fatalf("ParseDecimal(%q) = %s, written %s at %d places, read back as %v (%v)", s, r.RatString(), FormatRat(r, places, RoundHalfEven), places, back, err)
				}
				break
			}
		}
	})
}
