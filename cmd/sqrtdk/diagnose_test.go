package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDiagnoseExitStatus(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		words  string
	}{
		{[]string{"--measured-std", "1.02", "--d-k", "64"}, 0, "The scale looks right"},
		{[]string{"--measured-std", "7.9", "--d-k", "64"}, 1, "looks missing"},
		{[]string{"--measured-std", "0.13", "--d-k", "64"}, 1, "applied twice"},
		{[]string{"--measured-std", "0.35", "--d-k", "64", "--heads", "8"}, 1, "whole model width"},
		{[]string{"--measured-std", "0.18", "--d-k", "128", "--d-model", "4096"}, 1, "whole model width"},
		{[]string{"--measured-std", "4", "--d-k", "64", "--q-std", "2", "--k-std", "2"}, 1, "not unit-size"},
		{[]string{"--measured-std", "3", "--d-k", "64"}, 1, "None of the usual mistakes"},
	} {
		stdout, stderr, status := sqrtdk(append([]string{"diagnose"}, tc.args...)...)
		require.Equal(t, tc.status, status, "%v\nstdout:\n%s\nstderr:\n%s", tc.args, stdout, stderr)
		require.Contains(t, stdout, tc.words, "%v", tc.args)
	}
}

func TestDiagnoseBadInput(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--d-k", "64"},
		{"--measured-std", "1"},
		{"--measured-std", "0", "--d-k", "64"},
		{"--measured-std", "-2", "--d-k", "64"},
		{"--measured-std", "abc", "--d-k", "64"},
		{"--measured-std", "1e3", "--d-k", "64"},
		{"--measured-std", "1", "--d-k", "0"},
		{"--measured-std", "1", "--d-k", "sixty"},
		{"--measured-std", "1", "--d-k", "64", "--d-model", "32"},
		{"--measured-std", "1", "--d-k", "64", "--d-model", "500", "--heads", "8"},
		{"--measured-std", "1", "--d-k", "64", "--heads", "-1"},
		{"--measured-std", "1", "--d-k", "64", "--q-std", "0"},
		{"--measured-std", "1", "--d-k", "64", "--k-std", "x"},
		{"--measured-std", "1", "--d-k", "64", "--tolerance", "1"},
	} {
		stdout, stderr, status := sqrtdk(append([]string{"diagnose"}, args...)...)
		require.Equal(t, 2, status, "%v: stdout %q stderr %q", args, stdout, stderr)
		require.Empty(t, stdout, "%v", args)
		require.Equal(t, 1, strings.Count(stderr, "\n"), "%v: one line, got %q", args, stderr)
	}
}
