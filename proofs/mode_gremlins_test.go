//go:build gremlins

package proofs

// mutationTesting is set when the tests run under mutation testing.
const mutationTesting = true
