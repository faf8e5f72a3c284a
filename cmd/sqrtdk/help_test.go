package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/version"
	"github.com/sqrtdk/sqrtdk/grade"
)

// TestHelpGoesToStdout checks that help that is asked for is printed on
// standard output with exit status 0 and nothing on stderr, so that
// 'sqrtdk table -h | less' shows it.
func TestHelpGoesToStdout(t *testing.T) {
	for _, line := range []string{
		"-h", "--help", "help", "help help",
		"table -h", "merge --help", "check -h", "version -h",
		"plot -h", "plot dist -h", "help plot", "help plot softmax",
	} {
		stdout, stderr, code := runCLI(t, strings.Fields(line)...)
		require.Equal(t, 0, code, "sqrtdk %s: %s", line, stderr)
		require.Empty(t, stderr, "sqrtdk %s", line)
		require.True(t, strings.HasPrefix(stdout, "usage: sqrtdk"), "sqrtdk %s:\n%s", line, stdout)
	}
}

// TestHelpCommand checks that 'sqrtdk help CMD' prints exactly what
// 'sqrtdk CMD -h' prints, for every command and plot kind, and that each
// usage names its command, says what it does and lists every flag it
// has, with no empty "flags:" section.
func TestHelpCommand(t *testing.T) {
	lines := [][]string{}
	for n := range commands {
		lines = append(lines, []string{n})
	}
	for k := range plotKinds {
		lines = append(lines, []string{"plot", k})
	}
	for _, cmd := range lines {
		name := strings.Join(cmd, " ")
		viaHelp, stderr, code := runCLI(t, append([]string{"help"}, cmd...)...)
		require.Equal(t, 0, code, "help %s: %s", name, stderr)
		viaFlag, _, _ := runCLI(t, append(cmd, "-h")...)
		require.Equal(t, viaFlag, viaHelp, "help %s", name)
		require.True(t, strings.HasPrefix(viaHelp, "usage: sqrtdk "+name), viaHelp)
		require.Contains(t, viaHelp, "\n\n", "a summary follows the usage line:\n%s", viaHelp)
		_, listed, hasFlags := strings.Cut(viaHelp, "\nflags:\n")
		if hasFlags {
			require.True(t, strings.HasPrefix(listed, "  -"), "help %s: an empty flags section:\n%s", name, viaHelp)
			require.Contains(t, strings.SplitN(viaHelp, "\n", 2)[0], "[flags]", name)
		} else if name != "plot" { // plot's flags are its kinds'
			require.NotContains(t, viaHelp, "[flags]", name)
		}
	}
	// version takes nothing: no flags section at all.
	out, _, _ := runCLI(t, "help", "version")
	assert.Equal(t, "usage: sqrtdk version\n\nPrint sqrtdk's version (the string shard results record).\n", out)
	// The LaTeX group is listed wherever LaTeX is printed, and flags are
	// written --name as the manual writes them; -o keeps its one dash.
	for _, cmd := range []string{"table", "dist", "merge"} {
		out, _, _ := runCLI(t, cmd, "-h")
		for _, f := range []string{"\n  --caption ", "\n  --label ", "\n  --columns ", "\n  --format ", "\n  -o FILE\n"} {
			assert.Contains(t, out, f, "%s -h", cmd)
		}
	}
	// --digits has no sentinel default that a user could type.
	out, _, _ = runCLI(t, "table", "-h")
	assert.NotContains(t, out, "(default -1)")
	assert.Contains(t, out, "  --digits N\n")
}

// TestVersion checks that 'sqrtdk version' and '--version' print the
// string that shard results record.
func TestVersion(t *testing.T) {
	want := version.String() + "\n"
	for _, line := range [][]string{{"version"}, {"--version"}} {
		out, stderr, code := runCLI(t, line...)
		require.Equal(t, 0, code, stderr)
		assert.Equal(t, want, out, "%v", line)
	}
	path := filepath.Join(t.TempDir(), "s.json")
	_, stderr, code := runCLI(t, "dist", "--d", "2", "--shard", "0/1", "-o", path)
	require.Equal(t, 0, code, stderr)
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var shard struct{ Tool string }
	require.NoError(t, json.Unmarshal(raw, &shard))
	assert.Equal(t, want, shard.Tool+"\n")
}

func TestDidYouMean(t *testing.T) {
	names := commandNames()
	for _, c := range []struct{ typed, want string }{
		{"tabel", "table"},      // a swap of neighbours is one edit
		{"tabl", "table"},       // a unique prefix
		{"dist", "dist"},        // exact
		{"dsit", "dist"},        // a swap
		{"mrege", "merge"},      // a swap
		{"prove", "prove"},      // exact
		{"diagnos", "diagnose"}, // a prefix
		{"verison", "version"},
		{"chekc", "check"},
		{"d", ""},     // one letter says nothing
		{"xyzzy", ""}, // nothing near
		{"plots", "plot"},
		{"tables", "table"},
		{"ab", ""}, // two edits of a two-letter word is no suggestion
	} {
		got := didYouMean(c.typed, names, quoted)
		if c.want == "" {
			assert.Empty(t, got, c.typed)
			continue
		}
		assert.Equal(t, `; did you mean "`+c.want+`"?`, got, c.typed)
	}
	assert.Equal(t, 0, editDistance("table", "table"))
	assert.Equal(t, 1, editDistance("tabel", "table"))
	assert.Equal(t, 1, editDistance("tbale", "tale"))
	assert.Equal(t, 3, editDistance("ca", "abc")) // no letter is edited twice
	assert.Equal(t, 5, editDistance("", "table"))
}

// TestHelpTopics: 'sqrtdk help keys' and 'help answers' print the formats
// grade reads; every line kind and option of a key is in the first, and
// its example is a key that parses and grades.
func TestHelpTopics(t *testing.T) {
	keys, _, status := runCLI(t, "help", "keys")
	require.Equal(t, 0, status)
	for _, w := range []string{"title", "question", "answer", "ask", "hint", "mistake", "with", "draw", "variants", "range",
		"points=", "decimals=", "digits=", "partial=", "credit=", "show=", "visibility=", "d-model=", "decimal-comma=", "coincide="} {
		assert.Contains(t, keys, w)
	}
	_, example, ok := strings.Cut(keys, "Example:\n\n")
	require.True(t, ok)
	var lines []string
	for _, l := range strings.Split(example, "\n") {
		lines = append(lines, strings.TrimPrefix(l, "  "))
	}
	k, err := grade.ParseKey("example.key", strings.NewReader(strings.Join(lines, "\n")))
	require.NoError(t, err)
	assert.Len(t, k.Parts(), 3)
	answers, _, status := runCLI(t, "help", "answers")
	require.Equal(t, 0, status)
	for _, w := range []string{"65,536", "6.5536e4", "12.5 %", "2√2", "≈ 4096", "65536 pairs", "0.125 (=1/8)", `$\frac{1}{8}$`, "one half", "grows like sqrt(d)", "could not read"} {
		assert.Contains(t, answers, w)
	}
}
