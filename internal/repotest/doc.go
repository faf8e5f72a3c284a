// Package repotest holds the checks of the repository as a whole, apart
// from any one package's tests and from the command's: the house's floors
// (which package may import which, and which rooms write text formats),
// the public packages' exported names and their docs, that the command
// links no C, that every command shown in README.md and docs/*.md prints
// what the text says it prints (and the library example builds from a
// module of its own), that the figures' data is current, and that nothing
// built is committed.
//
// It has no code of its own: only this doc and tests, which run the
// command as one binary built for them (without the race detector, which
// the library's own tests use). Run it with go test ./internal/repotest;
// -short leaves out docs/figures/make.sh, which builds and typesets.
package repotest
