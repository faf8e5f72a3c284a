package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBadInput walks kinds of bad input through the CLI. Each must exit
// with status 2, print nothing on stdout, and print exactly one line on
// stderr, "sqrtdk COMMAND: <message>" ("sqrtdk: <message>" when no command
// applies); flag syntax errors and unknown commands
// print the command's usage after that line, separated by a blank line.
// No panic or goroutine dump may appear.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.json")
	require.NoError(t, os.WriteFile(junk, []byte("d_k = 2 scores: [(-2, 4)]\n"), 0o644))
	empty := filepath.Join(dir, "empty.json")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	var manyLetters []string
	for i := range 65 {
		manyLetters = append(manyLetters, strings.Repeat("1", 1)+strings.Repeat("0", i%3)+"/"+string(rune('1'+i%9))+strings.Repeat("7", i/9))
	}
	cases := []struct {
		name      string
		args      []string
		want      string
		withUsage bool
	}{
		{"no command", nil, "no command given", true},
		{"unknown command", []string{"tabel"}, `unknown command "tabel"; did you mean "table"?`, true},
		{"unknown command, nothing near", []string{"xyzzy"}, `unknown command "xyzzy"`, true},
		{"flag before the command", []string{"--d", "3"}, `name a command before the flags, not "--d"`, true},
		{"unknown flag, one near", []string{"table", "--captoin", "x"}, "flag provided but not defined: --captoin; did you mean --caption?", true},
		{"help for an unknown command", []string{"help", "tabel"}, `unknown command "tabel"; did you mean "table"?`, true},
		{"help with a flag after the command", []string{"help", "grade", "--key"}, `help: unexpected argument "--key"`, true},
		{"help with two kinds", []string{"help", "plot", "dist", "variance"}, `help: unexpected argument "variance"`, true},
		{"version with an argument", []string{"version", "now"}, `unexpected argument "now"`, true},
		{"caption without LaTeX", []string{"table", "--caption", "Variance"}, "--caption applies to --format latex only", false},
		{"columns without LaTeX", []string{"dist", "--columns", "score", "--format", "markdown"}, "--columns applies to --format latex only", false},
		{"label without caption", []string{"table", "--format", "latex", "--label", "tab:v"}, "--label: a label needs a caption", false},
		{"label with a space", []string{"table", "--format", "latex", "--caption", "Variance", "--label", "tab v"}, `--label: label "tab v": use letters`, false},
		{"caption and label both wrong", []string{"dist", "--format", "latex", "--caption", "50%", "--label", "tab v"}, `--caption: the caption's % must be written \%`, false},
		{"caption that would not compile", []string{"table", "--format", "latex", "--caption", "50% of d_k"}, `--caption: the caption's % must be written \%`, false},
		{"unknown table column", []string{"table", "--format", "latex", "--columns", "d_k,score"}, `--columns: unknown column "score" (use d_k, cases, scales, method)`, false},
		{"unknown dist column", []string{"dist", "--format", "latex", "--columns", "scales"}, `--columns: unknown column "scales" (use score, count, probability)`, false},
		{"column twice", []string{"table", "--format", "latex", "--columns", "d_k,d_k"}, `--columns: column "d_k" is named twice`, false},
		{"caption on a shard run", []string{"table", "--shard", "0/2", "--caption", "x"}, "--caption shapes the merged result: give it to 'sqrtdk merge'", false},
		{"unknown flag", []string{"table", "--bogus"}, "table: flag provided but not defined: --bogus", true},
		{"missing value", []string{"table", "--d"}, "table: flag needs an argument: --d", true},
		{"non-integer flag", []string{"table", "--digits", "two"}, `table: invalid value "two" for flag --digits`, true},
		{"stray argument", []string{"dist", "4"}, `dist: unexpected argument "4"`, true},
		{"width given twice", []string{"table", "--d", "2", "--d", "3"}, `--d is given twice ("2", then "3"); give it once`, true},
		{"output given twice", []string{"dist", "-o", "a", "-o=b"}, `-o is given twice ("a", then "b"); give it once`, true},
		{"boolean given twice", []string{"exercise", "--answer-key", "--answer-key"}, `--answer-key is given twice; give it once`, true},
		{"key given twice around a file", []string{"grade", "--key", "a", "x.answers", "--key", "b"}, `--key is given twice ("a", then "b"); give it once`, true},
		{"zero width", []string{"table", "--d", "0"}, `--d: d_k must be a positive integer, not "0"`, false},
		{"negative width", []string{"dist", "--d", "-3"}, `--d: d_k must be a positive integer, not "-3"`, false},
		{"empty width", []string{"table", "--d", "1,,2"}, `--d: d_k must be a positive integer, not ""`, false},
		{"width too large", []string{"table", "--d", "2000000"}, "--d: d_k = 2000000 is larger than the supported 1000000", false},
		{"empty alphabet", []string{"table", "--values", ""}, "--values: empty alphabet", false},
		{"division by zero", []string{"table", "--values", "1/0"}, `--values: alphabet entry "1/0": bad fraction "1/0": division by zero`, false},
		{"zero multiplicity", []string{"table", "--values", "1:0"}, `--values: multiplicity "0" in "1:0" must be an integer from 1 to 1000000`, false},
		{"negative ±", []string{"table", "--values", "±-1"}, "write ±a with a ≥ 0", false},
		{"exponent notation", []string{"table", "--values", "1e3"}, `"1e3" is not a number`, false},
		{"bad k alphabet", []string{"dist", "--k-values", "abc"}, `--k-values: alphabet entry "abc"`, false},
		{"huge literal", []string{"table", "--values", strings.Repeat("9", 1000)}, "is longer than 402 characters", false},
		{"too many letters", []string{"table", "--values", strings.Join(manyLetters, ",")}, "distinct values; at most 64 are supported", false},
		{"lattice too wide", []string{"dist", "--values", "1,100000000/3", "--method", "closed"}, "too far apart for a dense histogram", false},
		{"unknown scale", []string{"table", "--scales", "cube"}, `--scales: unknown scale "cube"`, false},
		{"scale division by zero", []string{"table", "--scales", "d^1/0"}, `--scales: scale "d^1/0": exponent: bad fraction "1/0": division by zero`, false},
		{"huge exponent", []string{"table", "--scales", "d^1001/2"}, "is too complex (numerator and denominator at most 1000)", false},
		{"unknown format", []string{"table", "--format", "yaml"}, `--format: unknown format "yaml"`, false},
		{"huge digits", []string{"table", "--digits", "100000"}, "--digits must be from 0 to 10000, not 100000", false},
		{"digits -1 given", []string{"table", "--digits=-1"}, "--digits must be from 0 to 10000, not -1", false},
		{"digits -2 given", []string{"table", "--digits", "-2"}, "--digits must be from 0 to 10000, not -2", false},
		{"digits -1 to merge", []string{"merge", "--digits=-1", "x.json"}, "--digits must be from 0 to 10000, not -1", false},
		{"unknown rounding", []string{"table", "--round", "ceiling"}, `--round: unknown rounding "ceiling"`, false},
		{"unknown LaTeX cells", []string{"table", "--latex-cells", "maybe"}, "--latex-cells:", false},
		{"unknown method", []string{"table", "--method", "fast"}, `--method: unknown method "fast"`, false},
		{"negative workers", []string{"table", "--workers", "-1"}, "--workers must be from 1 to 1024, not -1", false},
		{"too many workers", []string{"table", "--workers", "5000"}, "--workers must be from 1 to 1024, not 5000", false},
		{"digits too costly for a root", []string{"table", "--scales", "d^999/1000", "--digits", "10000"}, "at most 2000 places with this scale", false},
		{"brute force beyond any machine", []string{"dist", "--d", "999983", "--method", "brute"}, "brute force over about 10^602050 pairs is beyond any machine", false},
		{"brute force too large", []string{"dist", "--d", "30", "--method", "brute"}, "use --method closed", false},
		{"multiplicities too many to weigh", []string{"dist", "--values", "-3:2,-1:3,1:5,3:7", "--d", "6", "--method", "brute"}, "would keep 1570855 counts per worker to weigh these multiplicities (at most 1048576); use --method closed", false},
		{"closed form too large", []string{"dist", "--d", "200000", "--method", "closed"}, "the closed form at d_k = 200000 would hold about", false},
		{"closed form too slow in table", []string{"table", "--max-time", "5m", "--d", "2,1000000", "--values", "-1,0,1"}, "the closed form at d_k = 1000000 would take about 8.3 minutes here (limit 5 minutes); choose a smaller d_k, or allow more time with --max-time", false},
		{"bad slice", []string{"table", "--shard", "x"}, `--shard: want I/N with 0 ≤ I < N, such as 0/4, not "x"`, false},
		{"slice out of range", []string{"dist", "--shard", "4/4"}, `--shard: want I/N with 0 ≤ I < N ≤ 1048576, not "4/4"`, false},
		{"shard of the closed form", []string{"dist", "--shard", "0/2", "--method", "closed"}, "--shard enumerates by brute force; --method closed cannot be split", false},
		{"format on a shard run", []string{"dist", "--shard", "0/2", "--format", "json"}, "--format shapes the merged result: give it to 'sqrtdk merge'", false},
		{"unwritable output", []string{"table", "-o", filepath.Join(dir, "no", "such", "dir", "t.txt")}, "-o: cannot write beside", false},
		{"output is a directory", []string{"table", "-o", dir}, "is a directory", false},
		{"merge without files", []string{"merge"}, "merge: no shard files given", true},
		{"merge missing file", []string{"merge", filepath.Join(dir, "nope.json")}, "nope.json: no such file or directory", false},
		{"merge junk file", []string{"merge", junk}, "junk.json: is not a valid shard file (bad JSON:", false},
		{"merge empty file", []string{"merge", empty}, "empty.json: is empty (was the shard run interrupted?)", false},
	}
	require.GreaterOrEqual(t, len(cases), 20)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, code := runCLI(t, c.args...)
			t.Logf("sqrtdk %s\n%s", strings.Join(shorten(c.args), " "), firstLine(stderr))
			require.Equal(t, 2, code, "exit status; stderr:\n%s", stderr)
			require.Empty(t, stdout)
			require.NotContains(t, stderr, "panic")
			require.NotContains(t, stderr, "goroutine")
			message, usage, _ := strings.Cut(stderr, "\n")
			prefix := "sqrtdk: "
			if len(c.args) > 0 && (commands[c.args[0]].run != nil || c.args[0] == "help" && strings.Contains(c.want, "help: ")) {
				prefix = "sqrtdk " + c.args[0] + ": "
			}
			require.True(t, strings.HasPrefix(message, prefix), "first line %q, want the prefix %q", message, prefix)
			require.Contains(t, message, c.want)
			if c.withUsage {
				require.True(t, strings.HasPrefix(usage, "\nusage: sqrtdk "), "after the message, want a blank line and the usage; got:\n%s", usage)
				require.NotContains(t, usage, "sqrtdk: ", "the message appears twice:\n%s", stderr)
			} else {
				require.Empty(t, usage, "want one line on stderr, got:\n%s", stderr)
			}
		})
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func shorten(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if len(a) > 40 {
			a = a[:20] + "…"
		}
		out[i] = a
	}
	return out
}
