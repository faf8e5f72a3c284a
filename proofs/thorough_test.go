//go:build !quick

package proofs

// quickOnly is set by the quick build tag (see quick_test.go).
const quickOnly = false
