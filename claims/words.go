package claims

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
)

// Small numbers in words, as people write a share or a count: "one half",
// "a quarter", "three eighths", "sixty-four", "3 out of 8", "one in four".

var cardinals = map[string]int64{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
	"forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}

// ordinals are the denominators of fractions in words, singular and plural.
var ordinals = map[string]int64{
	"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4, "fourths": 4,
	"fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "seventh": 7, "sevenths": 7, "eighth": 8, "eighths": 8,
	"ninth": 9, "ninths": 9, "tenth": 10, "tenths": 10, "sixteenth": 16, "sixteenths": 16,
	"hundredth": 100, "hundredths": 100, "thousandth": 1000, "thousandths": 1000,
}

// isWordNumber reports whether s, lowercased, is made of letters, spaces
// and hyphens only, so that it can only be a number in words.
func isWordNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r == ' ' || r == '-') {
			return false
		}
	}
	return true
}

// cardinal reads a whole number in words up to 999,999: "sixty-four",
// "two hundred and fifty-six", "four thousand ninety six".
func cardinal(words []string) (int64, bool) {
	if len(words) == 0 {
		return 0, false
	}
	var total, group int64
	seen := false
	for i, w := range words {
		switch {
		case w == "and" && i > 0 && i < len(words)-1:
			continue
		case w == "hundred" && seen:
			// Once in a group, after 1 to 99 ("nineteen hundred"): so a
			// group stays below 10⁴ and no repetition wraps an int64.
			if group < 1 || group > 99 {
				return 0, false
			}
			group *= 100
		case w == "thousand" && seen:
			// Once, after a group: the total stays below 10⁷.
			if total != 0 || group < 1 {
				return 0, false
			}
			total = group * 1000
			group = 0
		default:
			n, ok := cardinals[w]
			if !ok {
				return 0, false
			}
			group += n
			seen = true
		}
	}
	return total + group, seen
}

// wordNumber reads a number in words: a cardinal, a fraction ("one half",
// "a quarter", "three eighths", "half") or "N out of M" / "N in M" with
// each side in digits or words.
var wordHyphen = regexp.MustCompile(`(\pL)-(\pL)`)

func wordNumber(s string) (*big.Rat, bool, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	// A hyphen joins words ("twenty-five", "three-eighths"); anywhere
	// else it is a minus sign and stays ("-3 out of 4" is no share).
	t = wordHyphen.ReplaceAllString(t, "$1 $2")
	words := strings.Fields(t)
	if len(words) == 0 {
		return nil, false, nil
	}
	for _, sep := range []string{"out of", "in", "of"} {
		sw := strings.Fields(sep)
		for i := 1; i+len(sw) < len(words); i++ {
			if strings.Join(words[i:i+len(sw)], " ") != sep {
				continue
			}
			num, ok1 := wholeNumber(words[:i])
			den, ok2 := wholeNumber(words[i+len(sw):])
			if ok1 && ok2 {
				if num < 0 || den < 0 {
					return nil, true, fmt.Errorf("%q: a count out of a count is not negative", s)
				}
				if den == 0 {
					return nil, true, fmt.Errorf("%q divides by zero", s)
				}
				if num > den {
					return nil, true, fmt.Errorf("%q: more than all of them", s)
				}
				return big.NewRat(num, den), true, nil
			}
		}
	}
	last := words[len(words)-1]
	if den, ok := ordinals[last]; ok {
		num := int64(1)
		if len(words) > 1 {
			if len(words) == 2 && (words[0] == "a" || words[0] == "an") {
				num = 1
			} else if n, ok := cardinal(words[:len(words)-1]); ok {
				num = n
			} else {
				return nil, false, nil
			}
		}
		return big.NewRat(num, den), true, nil
	}
	if n, ok := cardinal(words); ok {
		return big.NewRat(n, 1), true, nil
	}
	return nil, false, nil
}

// wholeNumber reads a whole number in digits or words. Its words have no
// hyphen (wordNumber reads one as a space), so no digits are negative.
func wholeNumber(words []string) (int64, bool) {
	if len(words) == 1 {
		var n int64
		if _, err := fmt.Sscanf(words[0], "%d", &n); err == nil && fmt.Sprint(n) == words[0] {
			return n, true
		}
	}
	return cardinal(words)
}
