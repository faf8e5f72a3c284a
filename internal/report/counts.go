package report

import (
	"math/big"
	"strconv"
	"strings"
)

// MaxCountDigits is the most digits a count takes in text and Markdown
// output; longer counts are written compactly there (see compactCases and
// compactCount), while CSV, JSON and LaTeX keep every digit.
const MaxCountDigits = 20

// compactCases writes the number of cases, which is n^d for n the product
// of the alphabets' sizes: in full up to MaxCountDigits digits, else
// exactly as the power, such as 9^10000.
func compactCases(cases *big.Int, n int64, d int) string {
	s := cases.String()
	if len(s) <= MaxCountDigits {
		return s
	}
	if new(big.Int).Exp(big.NewInt(n), big.NewInt(int64(d)), nil).Cmp(cases) == 0 {
		return strconv.FormatInt(n, 10) + "^" + strconv.Itoa(d)
	}
	return compactCount(cases)
}

// compactCount writes a count of at most MaxCountDigits digits in full,
// and a longer one to three significant digits as m·10^e, correctly
// rounded with ties to even, such as 1.29·10^6020.
func compactCount(c *big.Int) string {
	s := c.String()
	if len(s) <= MaxCountDigits {
		return s
	}
	lead, _ := strconv.Atoi(s[:3])
	rest := strings.TrimRight(s[3:], "0")
	switch {
	case rest == "":
	case rest[0] > '5', rest[0] == '5' && len(rest) > 1, rest == "5" && lead%2 == 1:
		lead++
	}
	exp := len(s) - 1
	if lead == 1000 {
		lead, exp = 100, exp+1
	}
	m := strconv.Itoa(lead)
	return m[:1] + "." + m[1:] + "·10^" + strconv.Itoa(exp)
}
