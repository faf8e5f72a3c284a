package nat

import (
	"fmt"
	"math/big"
)

// maxFullDigits is the most digits a count is written with in full.
const maxFullDigits = 15

// CountText writes a count in full up to 15 digits, and beyond as
// "about m.mm·10^e" (its first three digits, truncated), so that a refusal
// naming it stays one short line.
func CountText(n *big.Int) string {
	s := n.String()
	if len(s) <= maxFullDigits {
		return s
	}
	return fmt.Sprintf("about %s.%s·10^%d", s[:1], s[1:3], len(s)-1)
}
