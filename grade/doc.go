// Package grade grades answers to answer keys exactly.
package grade
