// Package spec reads what a command is asked, as its flags spell it, into
// the library's terms, with the command line's words for every problem
// and refusal: the one home of that wording, shared by the command line
// and the student pages (the proof lab refuses what "sqrtdk prove"
// refuses, in its words, because both ask this package).
package spec
