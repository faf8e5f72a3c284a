package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/version"
)

// A helpRequest is -h or --help: run prints its text on standard output
// and exits 0, so that 'sqrtdk table -h | less' shows it.
type helpRequest struct {
	text      string
	described bool // the text already has its summary
}

func (h *helpRequest) Error() string { return "help requested" }

// runHelp prints the general usage, or the usage and flags of the command
// named, as 'sqrtdk CMD -h' does: 'sqrtdk help plot dist' is 'sqrtdk plot
// dist -h'.
func runHelp(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return writeHelp(guard.New(stdin, stdout), "help", usageText())
	}
	if text, ok := helpTopics[args[0]]; ok && len(args) == 1 {
		return writeHelp(guard.New(stdin, stdout), "help", text)
	}
	const usage = "usage: sqrtdk help [COMMAND [KIND] | keys | answers]\n\nPrints the usage and flags of a command (and, for plot, of a figure kind), or the format of answer keys or answer files.\n"
	if args[0] == "help" {
		return writeHelp(guard.New(stdin, stdout), "help", usage)
	}
	// A command, and for plot a figure kind: anything more is not a
	// topic (and "-h" after a flag would be taken as its value).
	if most := map[bool]int{true: 2, false: 1}[args[0] == "plot"]; len(args) > most {
		return inCommand("help", &usageError{msg: fmt.Sprintf("unexpected argument %q", args[most]), usage: usage})
	}
	return run(ctx, append(append([]string{}, args...), "-h"), stdout, stderr)
}

func runVersion(_ context.Context, _ *guard.Files, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", "", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	_, err := fmt.Fprintln(stdout, version.String())
	return err
}

// commandNames returns the commands in alphabetical order, help included.
func commandNames() []string {
	names := []string{"help"}
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// didYouMean returns "; did you mean X?" for the candidate nearest to s,
// or "" when none is near: a unique prefix, or at most two edits
// (insertions, deletions, substitutions, swaps of neighbours) and fewer
// than half of s's letters. quote writes a candidate as the user would type it.
func didYouMean(s string, candidates []string, quote func(string) string) string {
	var prefixed []string
	for _, c := range candidates {
		if len(s) >= 2 && strings.HasPrefix(c, s) {
			prefixed = append(prefixed, c)
		}
	}
	if len(prefixed) == 1 {
		return "; did you mean " + quote(prefixed[0]) + "?"
	}
	best, bestDist := "", 3
	for _, c := range candidates {
		if d := editDistance(s, c); d < bestDist && 2*d < len([]rune(s)) {
			best, bestDist = c, d
		}
	}
	if best == "" {
		return ""
	}
	return "; did you mean " + quote(best) + "?"
}

// editDistance is the optimal-string-alignment distance between a and b:
// the fewest insertions, deletions, substitutions and swaps of adjacent
// letters that turn one into the other, no letter edited twice.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

func quoted(s string) string { return fmt.Sprintf("%q", s) }
