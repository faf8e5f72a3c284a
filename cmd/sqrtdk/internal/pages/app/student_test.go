package app

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestForStudent(t *testing.T) {
	for in, want := range map[string]string{
		"Could not read \"x\". Write a number such as 65536, 0.125, 1/8, 2√2, 6.5e4 or 12.5%; sqrtdk help answers has the rest.":                           "Could not read \"x\". Write a number such as 65536, 0.125, 1/8, 2√2, 6.5e4 or 12.5%.",
		"sqrtdk grade: answers-ada.txt:5: line 5 is longer than 4096 bytes":                                                                                "Line 5 is longer than 4096 bytes.",
		"sqrtdk prove: the assertions at d_k = 5000 would hold about 1.12 GiB (limit 1 GiB); choose a smaller d_k, or allow more memory with --max-memory": "The assertions at d_k = 5000 would hold about 1.12 GiB (limit 1 GiB); choose a smaller d_k.",
		"the proof fails for this space (smallest counterexample: d_k = 1, Step 1) (exit status 1)":                                                        "The proof fails for this space (smallest counterexample: d_k = 1, Step 1).",
		"Right.":                  "Right.",
		"Wrong. The answer is 2.": "Wrong. The answer is 2.",
	} {
		got := ForStudent(in)
		assert.Equal(t, want, got, in)
		assert.True(t, SpeaksToStudent(got), got)
	}
}

// TestLabRefusals: a form the prover refuses says which field to change
// and how, in the student's words, and names no flag.
func TestLabRefusals(t *testing.T) {
	for _, c := range []struct {
		lab   Lab
		field string
	}{
		{Lab{Values: "1,x", D: "1,2"}, "values"},
		{Lab{Values: "-1,1", D: "0"}, "d"},
		{Lab{Values: "-1,1", Scale: "d^x", D: "2"}, "scale"},
		{Lab{Values: "-1,1", Tie: "z", D: "2"}, "tie"},
		{Lab{Values: "-2,-1,0,1,2", D: "30000"}, "d"},
	} {
		res := c.lab.Prove(context.Background())
		assert.Equal(t, 2, res.Exit, res.Command)
		assert.Equal(t, c.field, res.Field, "%s: %s", res.Command, res.Message)
		assert.True(t, strings.HasPrefix(res.Message, "Change “"), res.Message)
		assert.True(t, SpeaksToStudent(res.Message), res.Message)
		assert.Empty(t, res.Transcript)
	}
}
