package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// The Kubernetes manifest in docs/ is checked here: its shell scripts run
// with the built binary and /data in a temporary directory, and their
// merged result must be byte for byte the single run's. The Slurm recipe
// runs on a real Slurm: see slurm_test.go.

const docsRun = "table --d 1,2,4,6 --values -1,0,1"

func TestKubernetesManifest(t *testing.T) {
	dir := t.TempDir()
	bin := buildSqrtdk(t, dir)
	data := filepath.Join(dir, "data")
	require.NoError(t, os.Mkdir(data, 0o755))
	f, err := os.Open("../../docs/k8s/sqrtdk-shards.yaml")
	require.NoError(t, err)
	defer f.Close()
	type job struct {
		Kind     string
		Metadata struct{ Name string }
		Spec     struct {
			Completions    int
			CompletionMode string `yaml:"completionMode"`
			Template       struct {
				Spec struct {
					Containers []struct{ Command []string }
				}
			}
		}
		Data map[string]string
	}
	var shardJob, mergeJob job
	var config map[string]string
	dec := yaml.NewDecoder(f)
	for {
		var j job
		if dec.Decode(&j) != nil {
			break
		}
		switch {
		case j.Kind == "ConfigMap":
			config = j.Data
		case j.Kind == "Job" && j.Spec.CompletionMode == "Indexed":
			shardJob = j
		case j.Kind == "Job":
			mergeJob = j
		}
	}
	require.Equal(t, config["SHARDS"], fmt.Sprint(shardJob.Spec.Completions), "SHARDS and completions differ")
	n := shardJob.Spec.Completions
	env := append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"), "RUN="+docsRun, fmt.Sprintf("SHARDS=%d", n), "MERGE="+config["MERGE"])
	script := func(j job) (string, []string) {
		c := j.Spec.Template.Spec.Containers[0].Command
		require.Equal(t, []string{"sh", "-c"}, c[:2])
		return strings.ReplaceAll(c[2], "/data", data), env
	}
	shardScript, _ := script(shardJob)
	for i := range n {
		cmd := exec.Command("sh", "-c", shardScript)
		cmd.Env = append(env, fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
		log, err := cmd.CombinedOutput()
		require.NoError(t, err, "index %d: %s", i, log)
	}
	mergeScript, _ := script(mergeJob)
	cmd := exec.Command("sh", "-c", mergeScript)
	cmd.Env = env
	got, err := cmd.Output()
	require.NoError(t, err)
	code, single, stderr := execSqrtdk(t, bin, strings.Fields(docsRun)...)
	require.Equal(t, 0, code, stderr)
	require.Equal(t, single, string(got))
}
