//go:build !unix

package main

// addressSpaceLimit: no address-space limit is read on this system.
func addressSpaceLimit() (int64, bool) { return 0, false }
