package main

import (
	"archive/zip"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unzipInto unpacks a zip as Gradescope does into dir, keeping each
// entry's mode, and returns the entries' names.
func unzipInto(t *testing.T, zipPath, dir string) []string {
	t.Helper()
	z, err := zip.OpenReader(zipPath)
	require.NoError(t, err)
	defer z.Close()
	var names []string
	for _, f := range z.File {
		names = append(names, f.Name)
		require.NotContains(t, f.Name, "/", "every file at the zip's top, as Gradescope's layout wants")
		r, err := f.Open()
		require.NoError(t, err)
		data, err := io.ReadAll(r)
		r.Close()
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, f.Name), data, f.Mode().Perm()))
	}
	return names
}

// TestGradescopeZip builds the autograder's zip with sqrtdk grade
// --gradescope-zip, lays out a directory as Gradescope does (the zip
// unpacked in source/, the student's file in submission/, the metadata
// beside them), runs setup.sh and then run_autograder from the zip itself
// (the sqrtdk in it grading with the key in it), and reads results.json.
func TestGradescopeZip(t *testing.T) {
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("the zip holds this sqrtdk only on Linux amd64")
	}
	dir := t.TempDir()
	bin := buildSqrtdk(t, dir)
	for _, c := range []struct {
		name, key, seed, answers, metadata string
		want                               []string
	}{
		{"lesson", "../../exercises/lesson.key", "", "../../exercises/right.answers", `{"users": [{"email": "ada@example.org", "sid": "ada"}]}`,
			[]string{`"score": 15`, `"student": "ada"`, "lesson.key"}},
		{"variants", "../../exercises/variants.key", "2026", "", `{"users": [{"email": "ada@example.org", "sid": "ada"}]}`,
			[]string{`"score": 8`, `"student": "ada"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := filepath.Join(dir, c.name, "autograder")
			for _, d := range []string{"source", "submission", "results"} {
				require.NoError(t, os.MkdirAll(filepath.Join(root, d), 0o755))
			}
			zipPath := filepath.Join(dir, c.name+".zip")
			args := []string{"grade", "--gradescope-zip", zipPath, "--key", c.key}
			if c.seed != "" {
				args = append(args, "--seed", c.seed)
			}
			status, _, stderr := execSqrtdk(t, bin, args...)
			require.Equal(t, 0, status, stderr)
			names := unzipInto(t, zipPath, filepath.Join(root, "source"))
			assert.Subset(t, names, []string{"setup.sh", "run_autograder", "sqrtdk", filepath.Base(c.key)})
			if c.seed != "" {
				assert.Contains(t, names, "seed.txt")
			}
			answers := "student ada\n1 1024 5.0 1.00 0.200\n2 4802.0 2401.00\n3 shrinks\n"
			if c.answers != "" {
				data, err := os.ReadFile(c.answers)
				require.NoError(t, err)
				answers = string(data)
			}
			require.NoError(t, os.WriteFile(filepath.Join(root, "submission", "my answers.txt"), []byte(answers), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(root, "submission_metadata.json"), []byte(c.metadata), 0o644))
			env := append(os.Environ(), "AUTOGRADER_ROOT="+root)
			for _, script := range []string{"setup.sh", "run_autograder"} {
				cmd := exec.Command(filepath.Join(root, "source", script))
				cmd.Env = env
				out, err := cmd.CombinedOutput()
				require.NoError(t, err, "%s: %s", script, out)
			}
			got, err := os.ReadFile(filepath.Join(root, "results", "results.json"))
			require.NoError(t, err)
			var parsed struct {
				Score json.Number `json:"score"`
				Tests []struct {
					Name string `json:"name"`
				} `json:"tests"`
			}
			require.NoError(t, json.Unmarshal(got, &parsed), "%s", got)
			assert.NotEmpty(t, parsed.Tests)
			for _, w := range c.want {
				assert.Contains(t, string(got), w)
			}
			assert.NotContains(t, string(got), root, "no server path")
		})
	}
	// Refusals: a template key without its seed, a binary that is not
	// for Linux amd64, answer files given too.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--key", "../../exercises/variants.key"}, "give the seed"},
		{[]string{"--key", "../../exercises/lesson.key", "--gradescope-binary", "../../exercises/lesson.key"}, "not a program for Linux amd64"},
		{[]string{"--key", "../../exercises/lesson.key", "../../exercises/right.answers"}, "give no answer files"},
	} {
		out := filepath.Join(dir, "refused.zip")
		status, _, stderr := execSqrtdk(t, bin, append([]string{"grade", "--gradescope-zip", out}, c.args...)...)
		assert.Equal(t, 2, status, stderr)
		assert.Contains(t, stderr, c.want)
		assert.NoFileExists(t, out)
	}
}
