package grade

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// Describe returns what a part asks, in words: the key's ask line when it
// has one, else a description of its claim, such as "Var(q·k / √d_k) at
// d_k = 8". It never gives the answer away: a number question without an
// ask line is "the number question ID asks for".
func Describe(p *Part) string {
	if p.ask != "" {
		return p.ask
	}
	if p.claim.Kind == "number" {
		return "the number question " + p.Question.ID + " asks for"
	}
	return describeClaim(p.claim)
}

func describeClaim(q *claims.Question) string {
	d := q.Setting("d")
	at := " at d_k = " + d
	entries := ""
	if v := q.Setting("values"); v != "" {
		entries = " with entries " + v
		if k := q.Setting("k-values"); k != "" {
			entries = " with entries " + v + " in q and " + k + " in k"
		}
	} else if k := q.Setting("k-values"); k != "" {
		entries = " with entries " + k + " in k"
	}
	score := "q·k"
	if div := divisorName(q); div != "" {
		score = "q·k / " + div
		if strings.Contains(div, " ") {
			score = "q·k / (" + div + ")"
		}
	}
	quantity := func(which string) string {
		switch which {
		case "mean":
			return "E[" + score + "]"
		case "variance":
			return "Var(" + score + ")"
		case "std":
			return "std(" + score + ")"
		}
		return which + " of " + score
	}
	widths := func() string { return strings.ReplaceAll(d, ",", ", ") }
	scores := func() string {
		s := "softmax([" + strings.ReplaceAll(q.Setting("scores"), ",", ", ") + "]"
		if dk := q.Setting("dk"); dk != "" {
			s += " / √" + dk
		}
		s += ")"
		if r := q.Setting("rounded"); r != "" {
			n, _ := strconv.Atoi(r) // claims took it as a whole number
			s += " (scores printed to " + numwords.Places(n) + ")"
		}
		return s
	}
	switch q.Kind {
	case "cases":
		return "the number of pairs (q, k)" + at + entries
	case "count":
		return "the number of pairs with q·k = " + q.Setting("score") + at + entries
	case "share":
		return "the share of pairs with q·k = " + q.Setting("score") + at + entries
	case "distribution":
		return "the distribution of q·k" + at + entries + ", as [(score, count), …]"
	case "sum-of-squares":
		return "the sum of (q·k)² over all pairs" + at + entries
	case "mean", "variance", "std":
		return quantity(q.Kind) + at + entries
	case "law":
		return quantity(q.Setting("quantity")) + " as a formula in d (or one figure) for d_k = " + widths() + entries
	case "trend":
		return "does " + quantity(q.Setting("quantity")) + " grow, shrink or stay constant as d_k rises through " + widths() + entries + "?"
	case "ratio":
		return fmt.Sprintf("%s(q·k / %s) ÷ %s(q·k / %s)%s%s", q.Setting("quantity"), q.Setting("divide"), q.Setting("quantity"), q.Setting("versus"), at, entries)
	case "softmax":
		return scores()
	case "softmax-entry":
		return "output " + q.Setting("entry") + " of " + scores()
	case "jacobian-max":
		return "the largest |entry| of the Jacobian of " + scores()
	case "sample-variance":
		return "the sample variance (numpy's var) of " + q.Setting("samples") + " random scores " + score + at
	case "draw":
		return "one random score " + score + at
	}
	return q.Text
}
