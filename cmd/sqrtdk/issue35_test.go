package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestIssue35Overflows runs the issue's three commands, whose weights'
// products passed 2⁶³: the verdicts and the covariance of two terms for
// every d_k are those of the laws' smallest forms.
func TestIssue35Overflows(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		cov    string
	}{
		{[]string{"prove", "--values", "-2:10000,0:60000,2:10000"}, 0, "0"},
		{[]string{"prove", "--values", "-1:1000000,1:999999", "--d", "1,2"}, 1, "0"},
		{[]string{"prove", "--values", "-1:100000,1:100000", "--k-values", "-1:40000,1:50000", "--tie", "q"}, 1, "1/81"},
	} {
		out, stderr, status := runCLI(t, append(c.args, "--format", "json")...)
		require.Equal(t, c.status, status, "%v: %s", c.args, stderr)
		var tr struct {
			EveryDk struct {
				Steps []struct {
					Assertions []struct {
						ID        string `json:"id"`
						LeftValue string `json:"left_value"`
						Holds     bool   `json:"holds"`
					}
				}
			} `json:"every_d_k"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &tr))
		found := map[string]bool{}
		for _, st := range tr.EveryDk.Steps {
			for _, a := range st.Assertions {
				switch a.ID {
				case "indep-coords", "indep-terms-pair":
					require.Equal(t, c.cov == "0", a.Holds, "%v: %s", c.args, a.ID)
				case "cov-terms":
					require.Equal(t, c.cov, a.LeftValue, "%v", c.args)
				}
				found[a.ID] = true
			}
		}
		require.True(t, found["cov-terms"] && found["indep-coords"], "%v", c.args)
	}
}
