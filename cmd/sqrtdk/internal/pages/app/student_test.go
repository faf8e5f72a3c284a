package app

import (
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
