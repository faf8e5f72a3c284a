// Package app is the Go side of sqrtdk's student pages: what their
// WebAssembly module (./wasm) runs in the browser. An exercise page grades
// each answer typed into it with the grade package, as "sqrtdk grade"
// grades the line of the answer file the page writes; the proof lab runs
// the proofs package as "sqrtdk prove" does. Pages talk to it through
// Session.Handle, one JSON request and answer at a time.
package app
