// Package k8s holds the test of the Kubernetes manifest beside it, in a
// module of its own so that the main module does not depend on the
// Kubernetes API types.
package k8s

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	sigsjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// The Kubernetes manifest, docs/k8s/sqrtdk-shards.yaml, checked without a
// cluster: decoded strictly into the API's own types (as the API server's
// strict field validation would: a misspelt or unknown field, a key given
// twice, a field in the wrong case or of the wrong type is an error), its
// objects checked against each other, and its two shell scripts run here
// with the built binary and /data in a temporary directory.

const manifestPath = "sqrtdk-shards.yaml"

// A k8sManifest is the manifest's objects, in the API's types.
type k8sManifest struct {
	config        *corev1.ConfigMap
	claim         *corev1.PersistentVolumeClaim
	shards, merge *batchv1.Job
}

var documentSeparator = regexp.MustCompile(`(?m)^---[ \t]*$`)

// decodeManifest decodes every document of a manifest strictly into its
// kind's type; it expects one ConfigMap, one PersistentVolumeClaim and the
// Jobs sqrtdk-shards and sqrtdk-merge.
func decodeManifest(text []byte) (*k8sManifest, error) {
	var m k8sManifest
	for n, doc := range documentSeparator.Split(string(text), -1) {
		// Duplicate keys are an error here.
		js, err := yaml.YAMLToJSONStrict([]byte(doc))
		if err != nil {
			return nil, fmt.Errorf("document %d: %v", n, err)
		}
		if string(js) == "null" {
			continue // comments only
		}
		var meta metav1.TypeMeta
		if err := json.Unmarshal(js, &meta); err != nil {
			return nil, fmt.Errorf("document %d: %v", n, err)
		}
		var obj any
		switch meta.APIVersion + " " + meta.Kind {
		case "v1 ConfigMap":
			m.config = &corev1.ConfigMap{}
			obj = m.config
		case "v1 PersistentVolumeClaim":
			m.claim = &corev1.PersistentVolumeClaim{}
			obj = m.claim
		case "batch/v1 Job":
			job := &batchv1.Job{}
			obj = job
			defer func() {
				switch job.Name {
				case "sqrtdk-shards":
					m.shards = job
				case "sqrtdk-merge":
					m.merge = job
				}
			}()
		default:
			return nil, fmt.Errorf("document %d: unexpected %q %q", n, meta.APIVersion, meta.Kind)
		}
		// Case-sensitive, like the API server; unknown and duplicate
		// fields are reported as strict errors, wrong types as err.
		strict, err := sigsjson.UnmarshalStrict(js, obj, sigsjson.DisallowUnknownFields, sigsjson.DisallowDuplicateFields)
		if err != nil {
			return nil, fmt.Errorf("document %d (%s): %v", n, meta.Kind, err)
		}
		if len(strict) > 0 {
			return nil, fmt.Errorf("document %d (%s): %v", n, meta.Kind, errors.Join(strict...))
		}
	}
	return &m, nil
}

func readManifest(t *testing.T) *k8sManifest {
	t.Helper()
	text, err := os.ReadFile(manifestPath)
	require.NoError(t, err)
	m, err := decodeManifest(text)
	require.NoError(t, err)
	require.NotNil(t, m.config, "no ConfigMap")
	require.NotNil(t, m.claim, "no PersistentVolumeClaim")
	require.NotNil(t, m.shards, "no Job sqrtdk-shards")
	require.NotNil(t, m.merge, "no Job sqrtdk-merge")
	return m
}

// TestKubernetesManifestObjects checks the objects against each other: the
// shard Job is Indexed with one completion per slice, both Jobs read the
// ConfigMap and mount the ReadWriteMany claim at /data.
func TestKubernetesManifestObjects(t *testing.T) {
	m := readManifest(t)
	shards, err := strconv.Atoi(m.config.Data["SHARDS"])
	require.NoError(t, err, "SHARDS in the ConfigMap")
	for _, key := range []string{"RUN", "SHARDS", "MERGE"} {
		assert.Contains(t, m.config.Data, key)
	}

	s := m.shards.Spec
	require.NotNil(t, s.CompletionMode)
	assert.Equal(t, batchv1.IndexedCompletion, *s.CompletionMode)
	require.NotNil(t, s.Completions)
	assert.Equal(t, shards, int(*s.Completions), "completions differs from SHARDS")
	require.NotNil(t, s.Parallelism)
	assert.LessOrEqual(t, int(*s.Parallelism), shards)
	require.NotNil(t, s.BackoffLimitPerIndex, "a failed slice should be retried alone")
	assert.Equal(t, corev1.RestartPolicyNever, s.Template.Spec.RestartPolicy, "backoffLimitPerIndex needs restartPolicy Never")
	assert.Equal(t, corev1.RestartPolicyNever, m.merge.Spec.Template.Spec.RestartPolicy)
	require.NotNil(t, m.merge.Spec.ActiveDeadlineSeconds, "the merge must not wait without end")

	assert.Contains(t, m.claim.Spec.AccessModes, corev1.ReadWriteMany, "every pod mounts the shard volume")
	for _, job := range []*batchv1.Job{m.shards, m.merge} {
		pod := job.Spec.Template.Spec
		require.Len(t, pod.Containers, 1, job.Name)
		c := pod.Containers[0]
		require.Len(t, c.EnvFrom, 1, job.Name)
		require.NotNil(t, c.EnvFrom[0].ConfigMapRef, job.Name)
		assert.Equal(t, m.config.Name, c.EnvFrom[0].ConfigMapRef.Name, job.Name)
		require.Len(t, c.Command, 3, job.Name)
		assert.Equal(t, []string{"sh", "-c"}, c.Command[:2], job.Name)
		require.Len(t, c.VolumeMounts, 1, job.Name)
		require.Len(t, pod.Volumes, 1, job.Name)
		assert.Equal(t, pod.Volumes[0].Name, c.VolumeMounts[0].Name, job.Name)
		assert.Equal(t, "/data", c.VolumeMounts[0].MountPath, job.Name)
		require.NotNil(t, pod.Volumes[0].PersistentVolumeClaim, job.Name)
		assert.Equal(t, m.claim.Name, pod.Volumes[0].PersistentVolumeClaim.ClaimName, job.Name)
	}
}

// TestKubernetesManifestIsStrict shows that the decoding above refuses what
// the API server refuses: each edit of the manifest must fail, naming the
// field.
func TestKubernetesManifestIsStrict(t *testing.T) {
	text, err := os.ReadFile(manifestPath)
	require.NoError(t, err)
	for _, c := range []struct {
		name, from, to, want string
	}{
		{"misspelt field", "backoffLimitPerIndex:", "backofLimitPerIndex:", `unknown field "spec.backofLimitPerIndex"`},
		{"field in the wrong case", "completionMode:", "completionmode:", `unknown field "spec.completionmode"`},
		{"field in the wrong place", "      restartPolicy: Never\n      containers:\n        - name: shard",
			"      restartPolicy: Never\n      completions: 16\n      containers:\n        - name: shard", `unknown field "spec.template.spec.completions"`},
		{"wrong type", "parallelism: 16", `parallelism: "16"`, "parallelism"},
		{"unknown container field", "envFrom:", "envfrom:", `unknown field "spec.template.spec.containers[0].envfrom"`},
		{"duplicate key", "  name: sqrtdk-run\n", "  name: sqrtdk-run\n  name: other\n", `key "name" already set`},
		{"unknown kind", "kind: PersistentVolumeClaim", "kind: PersistentVolume", `unexpected`},
	} {
		t.Run(c.name, func(t *testing.T) {
			edited := strings.Replace(string(text), c.from, c.to, 1)
			require.NotEqual(t, string(text), edited, "%q is not in the manifest", c.from)
			_, err := decodeManifest([]byte(edited))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestKubernetesManifestScripts runs the shard Job's script for every
// index and the merge Job's script, and compares the merged result with the
// single run. The merge is started first, with one slice missing: it must
// wait for every index, and finish once the last file appears.
func TestKubernetesManifestScripts(t *testing.T) {
	m := readManifest(t)
	dir := t.TempDir()
	bin := buildSqrtdk(t, dir)
	data := filepath.Join(dir, "data")
	require.NoError(t, os.Mkdir(data, 0o755))
	const run, shards = "table --d 1,2,4,6 --values -1,0,1", 5
	env := append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"), "RUN="+run,
		fmt.Sprintf("SHARDS=%d", shards), "MERGE="+m.config.Data["MERGE"])
	script := func(job *batchv1.Job) string {
		s := job.Spec.Template.Spec.Containers[0].Command[2]
		return strings.ReplaceAll(s, "/data", data)
	}
	runShard := func(i int) {
		cmd := exec.Command("sh", "-c", script(m.shards))
		cmd.Env = append(env, fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "index %d: %s", i, out)
	}
	for i := range shards - 1 {
		runShard(i)
	}

	// The merge polls every few seconds; here every 50 ms.
	mergeScript := script(m.merge)
	require.Contains(t, mergeScript, "sleep 10")
	cmd := exec.Command("sh", "-c", strings.ReplaceAll(mergeScript, "sleep 10", "sleep 0.05"))
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		t.Fatalf("the merge did not wait for the last slice: %v, %s%s", err, stdout.String(), stderr.String())
	case <-time.After(time.Second):
	}
	runShard(shards - 1)
	select {
	case err := <-done:
		require.NoError(t, err, "%s", stderr.String())
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the merge did not finish after the last slice appeared")
	}
	single, err := exec.Command(bin, strings.Fields(run)...).Output()
	require.NoError(t, err, "the single run")
	require.Equal(t, string(single), stdout.String())
	got, err := os.ReadFile(filepath.Join(data, "result.txt"))
	require.NoError(t, err)
	require.Equal(t, string(single), string(got))

	// A retried pod whose slice is done skips it.
	cmd = exec.Command("sh", "-c", script(m.shards))
	cmd.Env = append(env, "JOB_COMPLETION_INDEX=2")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err)
	assert.Contains(t, string(out), "done already")
}

// buildSqrtdk builds the command from the main module (two levels up) into
// dir and returns the binary's path.
func buildSqrtdk(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "sqrtdk")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/sqrtdk")
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}
