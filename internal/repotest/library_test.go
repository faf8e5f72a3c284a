package repotest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLibrarySection builds the "Using sqrtdk as a Go library" program
// of the manual (README.md or docs/) the way the section says, in a scratch module outside
// the repository with a replace line, runs it and compares its output with
// the README's; it also sees an internal package refused to that module.
func TestLibrarySection(t *testing.T) {
	root, err := filepath.Abs(root)
	require.NoError(t, err)
	section := docSection(t, "Using sqrtdk as a Go library")
	shell, program, want := codeBlock(t, section, "sh"), codeBlock(t, section, "go"), codeBlock(t, section, "text")
	require.Contains(t, shell, "go mod edit -replace github.com/sqrtdk/sqrtdk=")
	require.Contains(t, shell, "go mod tidy && go run .")

	dir := t.TempDir()
	goCmd := func(args ...string) (string, error) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, args := range [][]string{
		{"mod", "init", "example.com/myproof"},
		{"mod", "edit", "-replace", "github.com/sqrtdk/sqrtdk=" + root},
	} {
		out, err := goCmd(args...)
		require.NoError(t, err, "go %s: %s", strings.Join(args, " "), out)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(program), 0o644))
	out, err := goCmd("mod", "tidy")
	require.NoError(t, err, "go mod tidy: %s", out)
	out, err = goCmd("run", ".")
	require.NoError(t, err, "go run: %s", out)
	require.Equal(t, want, out)

	// internal/ is the command's, not the library's.
	bad := filepath.Join(dir, "bad")
	require.NoError(t, os.Mkdir(bad, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(bad, "main.go"), []byte("package main\n\nimport _ \"github.com/sqrtdk/sqrtdk/internal/softmax\"\n\nfunc main() {}\n"), 0o644))
	out, err = goCmd("build", "./bad")
	require.Error(t, err)
	require.Contains(t, out, "use of internal package github.com/sqrtdk/sqrtdk/internal/softmax not allowed")
}

// codeBlock returns the body of the first fenced block of the given language.
func codeBlock(t *testing.T, text, lang string) string {
	t.Helper()
	_, rest, found := strings.Cut(text, "```"+lang+"\n")
	require.True(t, found, "no ```%s block", lang)
	body, _, found := strings.Cut(rest, "```")
	require.True(t, found, "unterminated ```%s block", lang)
	return body
}

// docSection returns the text under the first heading (of any level)
// that begins with title in README.md or docs/*.md, up to the next heading
// of its level or higher outside code blocks.
func docSection(t *testing.T, title string) string {
	t.Helper()
	for _, path := range docFiles(t) {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		level, fenced := 0, false
		var out []string
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "```") {
				fenced = !fenced
			}
			hashes := len(line) - len(strings.TrimLeft(line, "#"))
			heading := !fenced && hashes > 0 && strings.HasPrefix(line[hashes:], " ")
			switch {
			case level == 0 && heading && strings.HasPrefix(line[hashes+1:], title):
				level = hashes
				continue
			case level > 0 && heading && hashes <= level:
				return strings.Join(out, "\n") + "\n"
			}
			if level > 0 {
				out = append(out, line)
			}
		}
		if level > 0 {
			return strings.Join(out, "\n") + "\n"
		}
	}
	t.Fatalf("no section %q in README.md or docs/*.md", title)
	return ""
}
