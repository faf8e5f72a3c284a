//go:build quick

package proofs

// quickOnly is set by the quick build tag, with which the tests take only
// their quick cases whatever -short says: mutation testing
// (scripts/mutation.sh) runs the tests once per mutant and passes tags,
// not -short.
const quickOnly = true
