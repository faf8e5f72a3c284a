package grade

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/sqrtdk/sqrtdk/claims"
)

// pick returns the index, from 0 to n−1, that a variant draws for one
// value: the SHA-256 digest of "sqrtdk-variant-v1", seed, student and name
// (each followed by a zero byte), read as a 256-bit big-endian integer,
// modulo n. It depends on nothing else, so a variant is the same on every
// machine and in every release; the modulo's bias is below n/2^256.
func pick(seed, student, name string, n int) int {
	h := sha256.New()
	for _, s := range []string{"sqrtdk-variant-v1", seed, student, name} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	x := new(big.Int).SetBytes(h.Sum(nil))
	return int(x.Mod(x, big.NewInt(int64(n))).Int64())
}

// maxPicks bounds the draws of a variant before Variant takes the next
// combination in order.
const maxPicks = 64

// Variant returns the key drawn from a template for one student: each
// draw takes its choice Pick(seed, student, name, len(choices)). When the
// combination asks a question the lesson prints (and the key does not
// allow it), every draw is picked again with the name followed by a zero
// byte and the attempt's number ("d\x001", "d\x002", …); after maxPicks
// attempts the next allowed combination in mixed-radix order (the first
// draw slowest) is taken. A key without draws is its own variant for
// every student.
func (k *Key) Variant(seed, student string) (*Key, error) {
	if !studentPattern.MatchString(student) {
		return nil, &StudentIDError{id: student}
	}
	if len(k.Draws) == 0 {
		v := *k
		v.Student = student
		return &v, nil
	}
	if seed == "" {
		return nil, fmt.Errorf("%s draws values (line %d): give the seed the variants were made with", k.Name, k.Draws[0].line)
	}
	choice := k.pick(seed, student)
	values := map[string]string{}
	for i, d := range k.Draws {
		values[d.Name] = d.Choices[choice[i]]
	}
	v, err := k.variantOf(values)
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) {
			se.Msg += fmt.Sprintf(" (in the variant for student %s: %s)", student, drawnWords(k.Draws, nil, values))
		}
		return nil, err
	}
	v.Student, v.seed = student, seed
	return v, nil
}

// variantOf parses the template with the drawn values.
func (k *Key) variantOf(values map[string]string) (*Key, error) {
	v, err := parseKeyLines(k.Name, k.lines, k.Draws, values)
	if err != nil {
		return nil, err
	}
	v.template = k
	return v, nil
}

// pick returns the choice of each draw for a student (see Variant).
func (k *Key) pick(seed, student string) []int {
	choice := make([]int, len(k.Draws))
	byIndex := map[int]int{}
	for attempt := 0; attempt < maxPicks; attempt++ {
		for i, d := range k.Draws {
			name := d.Name
			if attempt > 0 {
				name += "\x00" + strconv.Itoa(attempt)
			}
			choice[i] = pick(seed, student, name, len(d.Choices))
			byIndex[i] = choice[i]
		}
		if !k.variants.forbids(byIndex) {
			return choice
		}
	}
	// The next allowed combination in order; countVariants made sure
	// there is one.
	for {
		i := len(choice) - 1
		for ; i >= 0; i-- {
			choice[i]++
			if choice[i] < len(k.Draws[i].Choices) {
				break
			}
			choice[i] = 0
		}
		for j := range choice {
			byIndex[j] = choice[j]
		}
		if !k.variants.forbids(byIndex) {
			return choice
		}
	}
}

// A StudentIDError refuses a student id that is not one: ids are letters,
// digits and _ . @ + -, without spaces.
type StudentIDError struct {
	id string // the id refused
}

// Error quotes the id and says what an id is.
func (e *StudentIDError) Error() string {
	return fmt.Sprintf("%s is not a student id (letters, digits and _ . @ + -, no spaces)", quote(e.id))
}

// probeFigure returns a figure the question can read, to learn what the
// checker computes for a question that is not about one value.
func probeFigure(q *claims.Question) string {
	switch q.Kind {
	case "trend":
		return "grows"
	case "distribution":
		return "[(0, 0)]"
	case "softmax":
		n := len(strings.Split(q.Setting("scores"), ","))
		return strings.TrimSuffix(strings.Repeat("0.0, ", n), ", ")
	case "softmax-entry", "jacobian-max":
		return "0.0"
	}
	return "0"
}

// Solutions returns the answer to every part of k in key order: the exact
// value (with its decimal, half-even, at the places the key asks for), or
// for a question not about one value what the checker computes (a trend's
// direction and values, softmax ranges, a sample's expectation).
func (g *Grader) Solutions(ctx context.Context, k *Key) ([]string, error) {
	var out []string
	for _, p := range k.Parts() {
		read, err := p.claim.Read(probeFigure(p.claim), false)
		if err != nil {
			return nil, err
		}
		j, err := g.judgeRead(ctx, p, p.claim, k.Name, p.Line, read)
		if err != nil {
			return nil, err
		}
		out = append(out, j.exact)
	}
	return out, nil
}

// Lines returns k as the lines of a key file that grades without a seed,
// one per line it was read from: the drawn values in place, and each draw
// line a comment that names the value drawn, "# draw d from 5..9: d = 6".
func (k *Key) Lines() ([]string, error) {
	out := make([]string, len(k.lines))
	for i, raw := range k.lines {
		if words := strings.Fields(raw); len(words) > 1 && words[0] == "draw" && k.Values != nil {
			out[i] = "# " + strings.TrimSpace(raw) + ": " + words[1] + " = " + k.Values[words[1]]
			continue
		}
		line, err := substitute(raw, k.Values)
		if err != nil {
			return nil, err
		}
		out[i] = line
	}
	return out, nil
}
