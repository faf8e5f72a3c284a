package grade

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/enumerate"
)

// The plan of grading a class. ClassCost estimates, before any answer is
// judged, the time and memory of grading answer files against a key, so
// that a class too large for the run's limits is refused before work
// rather than stopped during it. Profiling long and costly answers
// (issue 32) showed where the time goes:
//
//   - every file costs its opening and reading, its result and its
//     analysis (fileSeconds, and partSeconds for each part of the key);
//   - each different answer to a part is judged once per Grader (the
//     Grader keeps judged answers by their text), and judging it compares
//     its value with the key's and with every mistaken value of the part:
//     answerSeconds, and evalSeconds per comparison;
//   - an exact figure is evaluated again for each comparison, so its
//     length costs sizeSeconds a byte per comparison, the places an
//     exponent asks for (1e-999 has 999) as many bytes, and each digit
//     after a decimal point placeSeconds more (the rounding mistakes are
//     looked for at its places);
//   - a root of a number (sqrt(…), √…, …^(1/3)) is simplified by trial
//     division by the primes below 100,000: rootSeconds and
//     rootWordSeconds for each 64-bit word of the number, once (claims
//     computes an answer's exact value once, not per comparison, since
//     commit dcb47ff: 7-11x less for root answers), for a number of
//     rootDigits digits or more (the division stops early below them); a sum
//     of like roots factors each root once (rational.Value.MulRat keeps
//     a canonical radicand). Refitted on one P (costtest.Measure, load 1):
//     one root of a 190-digit number 0.6-1 ms, a sum of eight 5-7 ms;
//   - an answer the grammar cannot read (an integer of a fraction or a
//     root longer than maxLiteralDigits) costs unreadSeconds a byte.
//
// The memory is what the run holds at once: the Grader's own caches
// (graderBytes), every file's result (its answers' text, a part result
// per part of the key) kept for the report, the judged answers the Grader
// keeps, and the roots of the answer being judged. Fitted on 2026-12-03 to
// the least CPU time of three runs and the peak live heap (load 3-9) of
// lesson.key's parts answered in six notations (digits, decimals,
// e-notation, fractions, powers, sums of roots) of 10 to 20,000 bytes, and
// classes of 10 to 3,000 files read from disk; TestClassCostCalibrated
// holds it within 2x. Before the fit a same-student flag listed the whole
// class (memory growing as its square) and a decimal's rounding mistakes
// were looked for at every place below its own (time growing as the
// square of its places): both were made linear first (see Compare and
// roundingMistakes).
const (
	fileSeconds     = 30e-6
	partSeconds     = 2e-6
	answerSeconds   = 40e-6
	evalSeconds     = 12e-6
	sizeSeconds     = 0.06e-6
	placeSeconds    = 0.06e-6
	unreadSeconds   = 0.15e-6
	rootSeconds     = 0.15e-3
	rootWordSeconds = 0.06e-3

	graderBytes   = 2 << 20 // its caches, as measured (least of three peaks, 2026-12-03): 4.4-6.4 MiB for 1000 files with their results
	fileBytes     = 1500
	partBytes     = 250
	textBytes     = 1.5 // an answer's text is held by the answers and, in part, its result
	distinctBytes = 700
	rootBytes     = 256 << 10 // while one root is simplified: its trial division's garbage (8 roots: 4.5 MiB live with the grader's, least of three, since the value is computed once)
)

// rootDigits are the digits from which a root's trial division tries
// every prime below its limit; below them the division stops early, as a
// square of the primes tried passes the number (the time falls as the
// cube of the digits, measured from 4 to 20).
const rootDigits = 20

// maxLiteralDigits are the most digits the grammar reads in one integer
// of a fraction or a root (rational.ParseRat): an answer with a longer
// one cannot be read and is judged at no cost beyond its scan.
const maxLiteralDigits = 200

// ClassCost estimates, before any answer is judged, grading answer files
// of the given sizes in bytes against k; read holds the files' answers
// once read (ParseAnswers, which does not judge them), or is nil before
// the files are read, when only their reading and the memory of their
// results are counted.
func ClassCost(k *Key, sizes []int64, read []*Answers) enumerate.Cost {
	parts := k.planParts()
	var c enumerate.Cost
	n := float64(max(len(sizes), len(read)))
	c.Seconds = n * (fileSeconds + float64(len(parts))*partSeconds)
	c.Bytes = graderBytes + n*(fileBytes+float64(len(parts))*partBytes)
	for i := range max(len(sizes), len(read)) {
		// Before reading, a file's size bounds the text it holds; once
		// read, the answers kept are counted (a line past the limit is not).
		var size float64
		switch {
		case i < len(read) && read[i] != nil:
			size = float64(read[i].textBytes())
		case i < len(sizes):
			// A file keeps one answer a part, each at most a line.
			size = math.Min(float64(sizes[i]), float64(len(parts)*claims.MaxLineBytes))
		}
		c.Bytes += textBytes * size
	}
	var judging float64 // the largest answer being judged, beyond what is held
	type judgedText struct{ part, text string }
	seen := map[judgedText]bool{}
	for _, a := range read {
		if a == nil {
			continue
		}
		for id, ans := range a.ByPart {
			evals, ok := parts[id]
			if !ok || ans.conflict != "" {
				continue
			}
			// A template's variants differ student by student: each
			// answer is judged against its own variant.
			if !k.IsTemplate() {
				if seen[judgedText{id, ans.Text}] {
					continue
				}
				seen[judgedText{id, ans.Text}] = true
			}
			seconds, held, bytes := answerCost(ans.Text, evals)
			c.Seconds += seconds
			c.Bytes += held
			judging = math.Max(judging, bytes)
		}
	}
	c.Bytes += judging
	return c
}

// planParts returns the number of comparisons judging an answer to each
// part of k makes, by part id: the key's value, its own mistakes and the
// catalogue's. For a template, those of its first variant.
func (k *Key) planParts() map[string]float64 {
	if k.IsTemplate() {
		if v, err := k.variantOf(firstChoices(k.Draws)); err == nil {
			k = v
		}
	}
	out := map[string]float64{}
	for _, p := range k.Parts() {
		out[p.ID] = float64(1 + len(p.mistakes) + len(alternatives(p)))
	}
	return out
}

// textBytes returns the length of a's answers.
func (a *Answers) textBytes() int {
	n := 0
	for _, ans := range a.ByPart {
		n += len(ans.Text)
	}
	return n
}

// answerCost estimates judging one answer with evals comparisons, from a
// scan of its text (answerLoad): its time, the memory its judgement keeps
// (the Grader's copy, with what it was read as when it could be read), and
// the memory judging it takes while it is judged.
func answerCost(text string, evals float64) (seconds, held, judging float64) {
	l := scanAnswer(text)
	if l.unreadable {
		return answerSeconds + l.size*unreadSeconds, distinctBytes, 0
	}
	s := answerSeconds + evals*(evalSeconds+l.size*sizeSeconds+l.places*placeSeconds)
	for _, digits := range l.roots {
		words := math.Max(1, float64(digits)/19.3)
		share := math.Min(1, math.Pow(float64(digits)/rootDigits, 3))
		s += share * (rootSeconds + rootWordSeconds*words)
	}
	return s, distinctBytes + float64(len(text)), float64(len(l.roots)) * rootBytes
}

// An answerLoad is what the plan reads from an answer's text without
// parsing it.
type answerLoad struct {
	// size is the text's length in bytes plus the places its exponents
	// ask for (1e-999 is written in 6 bytes and has 999 places).
	size float64
	// places are the digits after a decimal point.
	places float64
	// roots are, for each root the text takes, the digits of the number
	// it is taken of (the longest run of digits after it).
	roots []int
	// unreadable says the text holds an integer longer than the grammar
	// reads in a fraction or a root.
	unreadable bool
}

// maxPlanExponent bounds the places one exponent adds to an answer's
// size: the grammar refuses powers of ten beyond a thousand.
const maxPlanExponent = 1200

// scanAnswer reads an answer's load in one pass over its text: its
// length, the exponents of its powers of ten, and its roots with the
// digits of what they are taken of.
func scanAnswer(text string) answerLoad {
	l := answerLoad{size: float64(len(text))}
	lower := strings.ToLower(text)
	digitsAfter := func(i int) int {
		// The longest run of digits in the next parenthesised or plain
		// operand: up to the first character that ends an operand.
		best, run, depth := 0, 0, 0
		for j := i; j < len(lower); j++ {
			switch ch := lower[j]; {
			case ch >= '0' && ch <= '9':
				run++
				best = max(best, run)
				continue
			case ch == '(':
				depth++
			case ch == ')':
				depth--
				if depth <= 0 {
					return best
				}
			case depth == 0 && (ch == '+' || ch == '-' || ch == '*' || ch == '/' || ch == ' ' || ch == ','):
				if run > 0 || j > i {
					return best
				}
			}
			run = 0
		}
		return best
	}
	run, point, longest, afterSlash := 0, false, 0, false
	for i := 0; i < len(lower); {
		r, w := utf8.DecodeRuneInString(lower[i:])
		if isDigit(lower[i]) {
			run++
			if afterSlash && run > maxLiteralDigits {
				l.unreadable = true
			}
			if point {
				l.places++
			} else {
				longest = max(longest, run)
			}
			i++
			continue
		}
		point = r == '.' // the digits that follow it, if any, are places
		afterSlash = r == '/'
		run = 0
		switch {
		case strings.HasPrefix(lower[i:], "sqrt") || strings.HasPrefix(lower[i:], "root"):
			l.roots = append(l.roots, digitsAfter(i+4))
			i += 4
			continue
		case r == '√':
			l.roots = append(l.roots, digitsAfter(i+w))
		case r == '/' && longest > maxLiteralDigits:
			l.unreadable = true
		case r == '^':
			if e, root := powerAfter(lower[i+1:]); root {
				l.roots = append(l.roots, digitsBefore(lower[:i]))
			} else if i >= 2 && strings.HasSuffix(lower[:i], "10") {
				l.size += math.Min(math.Abs(e), maxPlanExponent)
			}
		case r == 'e' && i > 0 && isDigit(lower[i-1]):
			e, _ := powerAfter(lower[i+1:])
			l.size += math.Min(math.Abs(e), maxPlanExponent)
		}
		if r != '.' {
			longest = 0
		}
		i += w
	}
	for _, d := range l.roots {
		if d > maxLiteralDigits {
			l.unreadable = true
		}
	}
	return l
}

// powerAfter reads the exponent at the start of s (after ^ or e): its
// value when it is a whole number, and whether it is a fraction or a
// decimal, which takes a root.
func powerAfter(s string) (float64, bool) {
	s = strings.TrimLeft(s, "( ")
	s = strings.TrimLeft(s, "+-")
	j := 0
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j < len(s) && (s[j] == '/' || s[j] == '.') {
		return 0, true
	}
	e := 0.0
	for _, ch := range s[:min(j, 6)] {
		e = 10*e + float64(ch-'0')
	}
	return e, false
}

// digitsBefore returns the digits of the operand that ends s: its longest
// run of digits, back to the start of the operand.
func digitsBefore(s string) int {
	best, run, depth := 0, 0, 0
	for j := len(s) - 1; j >= 0; j-- {
		switch ch := s[j]; {
		case isDigit(ch):
			run++
			best = max(best, run)
			continue
		case ch == ')':
			depth++
		case ch == '(':
			depth--
			if depth <= 0 {
				return best
			}
		case depth == 0 && (ch == '+' || ch == '-' || ch == '*' || ch == '/' || ch == ' '):
			return best
		}
		run = 0
	}
	return best
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
