// Package guard is the one place through which every file a sqrtdk
// command reads or writes passes, so that nothing is lost and nothing
// blocks past a signal, by construction rather than by each command's
// care.
//
// A command run has one Files. Its inputs are declared (Declare) as soon
// as the flags name them and opened with Open; its outputs are created
// with Create, and standard output is written through Stdout. The rules:
//
//   - An output is refused, before any work, when it is one of the run's
//     inputs or another of its outputs: the same file by device and inode,
//     whatever the names, symbolic links, hard links or ".." that lead to
//     it. Standard output counts as an output when a result is written
//     to it (so "sqrtdk check c.claims >> c.claims" is refused, as cat
//     refuses "cat a >> a").
//   - A regular file is written to a temporary file beside it and renamed
//     into place only when the whole run succeeds (Finish), all outputs
//     together; a failed or stopped run removes every temporary file and
//     every output it created (Abort, which the signal watchdog calls too).
//     It removes only what it created: its temporary files are made with
//     exclusive creation and remembered; a temporary left by a killed run
//     is removed only when it carries the mark sqrtdk ends each one with
//     and is none of the run's inputs (a key named ".o.txt.1.partial" is
//     read and kept), and one named like a temporary without the mark is
//     reported (Warn) and left.
//   - /dev/stdout, /dev/stderr, /dev/fd/N and process substitutions are
//     written through the descriptor the shell opened, at its offset and
//     in its append mode (see atomicfile); devices and named pipes are
//     written in place.
//   - A standard descriptor that was closed when sqrtdk started (as in
//     "sqrtdk table >&-") is an error, not a silent /dev/null.
//   - An input's size is checked before it is read when the file system
//     knows it, and every input is read through a counting reader that
//     refuses it past its limit, naming the size and the limit; reads from
//     pipes, named pipes and terminals return as soon as the context is
//     cancelled, and so do writes to them.
package guard
