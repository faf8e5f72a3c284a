// Package hostiletest is the hostile harness of sqrtdk: a seeded generator of
// bad command lines (gen.go) and a runner that holds the built binary to
// the promises of issue 22 (run.go), with the allow-list of known findings
// that belong to work still under way (known.go). TestHostile in
// cmd/sqrtdk drives it.
//
// Each case starts from a valid, quick command line of one command and
// applies up to three mutations: flag values at and past each limit,
// overflowing numbers, every kind of -o target (inputs, links to them,
// devices, descriptors, pipes no one reads, folders), inputs that are
// huge, malformed, resealed, hostile in content, pipes, named pipes or
// closed, closed and full standard streams, flags given twice, and signals
// at random moments; and, since issue 32, page directories that hold an
// input or a person's own files (through a link too), inputs named like a
// temporary file of the output, standard output a pipe whose reader has
// exited, lower address-space limits, long answers, a class of 3000
// answer files under --max-time, nested surds, softmax at d_k near 10^9
// and the closed form near d_k = 10^4. Every run goes under prlimit --as
// and a time limit, and must give:
//
//   - an exit status of 0, 1, 2, 129, 130 or 143;
//   - no Go stack trace ("goroutine ", "panic:", "fatal error:");
//   - every file in the case's folder that the run was not asked to write
//     byte for byte what it was, and no file left by a failed run;
//   - error lines of at most the limit's characters that name the flag or
//     file at fault, repeat no prefix and name no line 0;
//   - an end within the limit's time of a signal: the case's own, or the
//     SIGTERM sent when the time limit is up;
//   - an end within the limit's stop time of its own --max-time;
//   - a refusal (exit status 2) of a page directory sqrtdk did not write.
//
// The same seed and index give the same case on every machine (the
// moment a signal lands in the run is the machine's).
package hostiletest
