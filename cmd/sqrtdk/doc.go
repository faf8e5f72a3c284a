// Command sqrtdk checks, exactly, why attention divides q·k by √d_k: it
// enumerates every pair of vectors over finite alphabets (or uses an exact
// closed form) and prints the exact distribution and variance of q·k.
//
// Usage:
//
//	sqrtdk table [flags]        exact variance of q·k under several scales
//	sqrtdk dist [flags]         exact distribution of q·k for one width
//	sqrtdk merge FILE...        verify shard results and print the merged table or dist
//	sqrtdk prove [flags]        the lesson's five-step proof as exact assertions
//	sqrtdk check FILE...        verify the figures of claims files (go doc ./claims)
//	sqrtdk grade --key KEY ANSWERS...  grade answer files, naming each mistake (sqrtdk help keys, help answers)
//	sqrtdk exercise --key KEY --student ID  a student's variant sheet, or its key
//	sqrtdk plot KIND -o FILE    a figure: dist, variance, softmax or saturation (SVG, PDF, EPS, PNG, or LaTeX with --format pgfplots)
//	sqrtdk diagnose [flags]     is the scale on q·k right? a verdict from a measured std
//	sqrtdk version              the build: module version, or devel and the VCS revision or a build hash
//	sqrtdk help [COMMAND | keys | answers]  the commands, one command's usage and flags, or a format grade reads
//
// "sqrtdk help COMMAND" (the same as "sqrtdk COMMAND -h") prints a
// command's usage and every flag it takes on standard output, with exit
// status 0; the flags of table and dist are described below. "sqrtdk
// version" (or "sqrtdk --version") prints the string that shard results
// record: "sqrtdk v1.2.0" for a tagged module version, "sqrtdk devel
// <revision>" for a clean git checkout, and "sqrtdk devel build <hash>"
// (after "<revision>+dirty" for uncommitted changes) otherwise, where the
// hash is of the executable, so that merge never mixes shards of two
// different builds.
//
// With no flags, "sqrtdk dist" and "sqrtdk table" print the lesson's
// practice output byte for byte:
//
//	d_k = 2 scores: [(-2, 4), (0, 8), (2, 4)]
//	d_k  cases   raw  /sqrt(d_k)   /d_k
//	1    4       1.0       1.00   1.000
//	...
//
// # The space of pairs
//
//	--values V      entries of q: exact rationals, comma-separated (default -1,1).
//	                A value is an integer (-3), a fraction (1/2) or a finite
//	                decimal (0.5, -1.25), read exactly; "v:m" repeats v m times
//	                (-1,0:2,1 is the multiset {-1,0,0,1}); ±a means -a,a.
//	                One entry is drawn uniformly from the multiset.
//	--k-values V    entries of k, same syntax (default: those of q).
//	--d LIST        widths d_k (table: comma list, default 1,2,4,6; dist: one, default 2).
//	--method M      auto (default): enumerate up to 2^32 pairs when that
//	                fits --max-time at 10^9 pairs a second (one core of the
//	                slowest kernel), else the closed form, or enumeration
//	                when only that fits: the same choice on every machine,
//	                whatever its cores or --workers; brute: enumerate every pair; closed:
//	                the exact d_k-th convolution power; both: run the two and
//	                fail with exit status 1 if a single count differs.
//	--max-time T    the longest estimated work to accept, a Go duration such
//	                as 90m or 12h (default 1h).
//	--max-memory S  the most estimated memory to hold at once, such as
//	                512MiB, 4GiB, 2G or a number of bytes (default 1GiB; K,
//	                M, G, T mean KiB, MiB, GiB, TiB; kB, MB, GB, TB are
//	                decimal). Every command that computes takes both limits:
//	                all it will compute (each width by either method, the
//	                rounding of irrational cells, listings, kept results)
//	                is estimated before any work starts, in time and in
//	                memory (near the time limit by timing the kernel on this
//	                machine for 40 ms), and a run over a limit is refused
//	                with the estimate and the flag to use instead. Brute
//	                force uses no more workers than fit in the memory
//	                limit, which is also the Go runtime's soft memory limit.
//	                Both limits also hold while the run works: the run
//	                stops at --max-time after it started (wall-clock time)
//	                or when the memory it holds reaches --max-memory, and
//	                ends as a refusal does: one line naming the flag and
//	                what it had done, exit status 2, no file written. Under
//	                an address-space limit (ulimit -v, prlimit --as) or a
//	                control group's memory limit the default --max-memory
//	                is at most 80% of what they leave the process (sqrtdk
//	                reserves about 733 MiB of address space at start, and
//	                its heap grows by 64 MiB), and a larger --max-memory
//	                is refused (see docs/budgets-and-files.md).
//	--workers N     parallel workers for enumeration (default GOMAXPROCS; at
//	                most 4 per core and as many as fit in --max-memory are
//	                started); the output is the same for any N.
//	--shard I/N     enumerate only slice I of N of the q vectors and write a
//	                checksummed shard result instead (see docs/cluster.md);
//	                "sqrtdk merge" verifies a full set and prints the usual output.
//	-o FILE         write the output to FILE, which appears only when the run
//	                succeeds (see "Files and signals" below).
//
// A long enumeration shows a progress bar on stderr when stderr is a
// terminal. Ctrl-C (SIGINT), SIGTERM (how Slurm, Kubernetes and service
// managers stop a job) and SIGHUP stop it promptly: one line on stderr
// naming the signal, no partial result printed, no -o file left, and exit
// status 128 + the signal's number (130, 143, 129). SIGINT or SIGHUP
// ignored when sqrtdk starts stays ignored: under nohup, or as a shell's
// background job, they do not stop it (SIGTERM always does).
//
// # Files and signals
//
// Every file a command reads or writes goes through one guard
// (cmd/sqrtdk/internal/guard), whatever the command:
//
//   - An output (-o, --class-report, --data) is refused before any work
//     when it is one of the command's inputs (a key, an answer file, a
//     claims file, a shard, a joint law) or another of its outputs: the
//     same file by device and inode, whatever symbolic links, hard links
//     or ".." lead to it ("-o r.csv --class-report r.csv" is refused).
//     Standard output counts too when a result is written to it, so
//     "sqrtdk check c.claims >> c.claims" is refused, as cat refuses it.
//   - A regular file is written as .FILE.<digits>.partial beside it and
//     renamed into place only when the whole run succeeds (exit status 0,
//     or 1 for a check that fails), all outputs together; a run that fails
//     or is stopped removes every temporary file and every output it
//     created ("grade -o /dev/full --class-report r.csv A B" leaves no
//     r.csv). A temporary file left by a run killed with SIGKILL is removed
//     by the next run writing FILE. A symbolic link is followed: the file
//     it points to is replaced and the link stays.
//   - /dev/stdout, /dev/stderr, /dev/fd/N (bash's >(…)) and /proc/self/fd/N
//     are written through the descriptor the shell opened, at its offset
//     and in its append mode: "sqrtdk table -o /dev/stdout >> log.txt"
//     appends to log.txt. A closed descriptor is refused. Other devices
//     and named pipes are written in place; a named pipe no process reads
//     is refused at once. A directory, a socket and a file you may not
//     write are refused.
//   - A standard output closed when sqrtdk starts ("sqrtdk table >&-") is
//     an error, exit status 2, not a result silently lost. (Go puts
//     /dev/null, opened for reading and writing, in place of a closed
//     standard descriptor; a parent that passes /dev/null opened that way,
//     as Python's subprocess.DEVNULL does, is taken for a closed one: to
//     discard a result, redirect with "> /dev/null" or give -o /dev/null.)
//   - An input's size is checked before it is read, when the file system
//     knows it, and again as it streams (standard input, pipes): a claims
//     file, a key or an answer file may hold 64 MiB (a key is refused past
//     1 MiB as it is read), a roster 4 MiB, a joint law 256 MiB, a shard
//     512 MiB; a larger one is refused with its size and the limit. LF, CRLF and a lone CR end a line alike. A named pipe no
//     one writes, and a pipe no one closes, wait only until a signal.
//   - Every error line is one line of at most 200 characters: control
//     characters, bidirectional controls and invalid bytes in a file name
//     or an answer are written as escapes (\n, \x1b, \u202e); a long name
//     or value is cut in its middle, keeping a file's own name; a line
//     still too long keeps its start and its end. A flag given twice is
//     refused, naming it.
//
// A watchdog backs the signals up: if a run has not ended one second
// after the first SIGINT, SIGTERM or SIGHUP (a loop that does not look at
// the signal, a write blocked on a full pipe), it removes the run's
// temporary files and created outputs, prints the signal's line and exits
// with the signal's status itself. Later signals are ignored while the
// run stops.
//
// These promises are tested by a hostile harness (cmd/sqrtdk/internal/hostiletest,
// run by TestHostile, part of "go test -short ./..."): 1000 seeded bad
// command lines over every command and flag, each run by the built binary
// under prlimit --as=1073741824 and a 3 s limit, with signals at random
// moments; each must exit 0, 1, 2, 129, 130 or 143 without a stack trace,
// leave its inputs byte for byte, leave nothing when it fails, print one
// error line of at most 200 characters naming what is wrong, and end
// within 2 s of a signal. SQRTDK_HOSTILE_SEED, SQRTDK_HOSTILE_CASES and
// SQRTDK_HOSTILE_CASE run other seeds, more cases, or one case again:
//
//	SQRTDK_HOSTILE_SEED=7 SQRTDK_HOSTILE_CASES=5000 go test -run 'TestHostile$' ./cmd/sqrtdk
//
// # Output
//
//	--format F      text (default), markdown, latex (booktabs only), csv or json.
//	--scales LIST   table only: raw, sqrt, d, or d^P for a rational P (d^1/4,
//	                d^0.25, d^3/2); the column is Var(q·k / d_k^P).
//	--digits N      table only: decimal places for every column (default: 1 for
//	                raw, 2 for sqrt, 3 for the others, as the lesson prints).
//	--round R       half-even (default) or half-up: how an exact tie rounds.
//	--latex-cells C table only: LaTeX cells show the exact value, the decimal, or both.
//	--caption TEXT  latex only: put the tabular in a centred table float with this
//	                caption above it (LaTeX, as given, in a small language that
//	                always compiles: text, groups, inline $ math, escaped
//	                \% \# \& \_ \{ \} \$, text styles such as \emph{...}, and in
//	                math \frac, \sqrt, \cdot, Greek letters and the like;
//	                \label, \ref, \pageref, \cite and \S; anything else is
//	                refused with what to write instead).
//	--label KEY     latex only, with --caption: the table's \label.
//	--columns LIST  latex only: the columns to print, in order; table: d_k, cases,
//	                scales (every column of --scales), method; dist: score, count,
//	                probability. Default: all, the method only when a row was not
//	                enumerated.
//
// LaTeX output needs nothing in the preamble but \usepackage{booktabs} and
// \usepackage{caption} (a first comment line says so): fractions are \frac
// in inline math. Every table is set with \arraystretch 1.3 (inside the
// table float, or a group around a bare tabular) so that fractions in
// neighbouring rows do not touch; a caption stands above with the caption
// package's spacing for a caption on top. Integers of five digits or more
// are grouped in threes with thin spaces (\,), on both sides of a decimal
// point, as siunitx does by default; when a number of cases is longer than
// 30 digits, every count of the column is written as the exact power
// n^{d_k} it is.
//
// Every decimal is the exact value correctly rounded; irrational values
// (a d^1/4 scale) are written exactly as c*sqrt(n) or c*n^(1/r) in csv and
// json and rounded from that form with exact integer roots. Text output
// adds a method column, and dist a note, whenever a result was not
// enumerated pair by pair. Text and Markdown write counts of more than 20
// digits compactly: cases as the exact power 9^10000, other counts to
// three significant digits rounded half-even (1.29·10^6020); csv, json and
// latex keep every digit.
//
// # The proof
//
// "sqrtdk prove" checks the lesson's five steps as exact assertions and
// prints a transcript: for every assertion its two values, the indices it
// covers, the law it was computed on and the verdict ("by construction",
// with the reason, for what the model makes true by how it draws the
// space); the conclusion, with the widths at which Var(q·k/√d_k) = 1 holds
// and why; and, when a step fails, the broken hypotheses (named as the
// lesson names them: mean 0, variance 1, independent), for each assertion
// that fails, or holds although something it rests on fails, the identity
// that holds whatever the hypotheses with this space's values, what holds
// instead, the smallest failing width and an outcome that shows the
// failure.
//
// Without --d the steps are checked for every width at once: every space
// but a joint law draws its coordinate pairs alike, so the exact laws of
// one pair (q_i, k_i) and of two, built from the space's definition, give
// E[q·k] = d_k·E[q_i·k_i] and Var(q·k) = d_k·Var(q_i·k_i) +
// d_k(d_k−1)·Cov(q_i·k_i, q_j·k_j), and the conclusion is a formula in d_k
// (a width where it holds only by coincidence is named as such). The
// formula is compared with the law of q·k that enumerate computes at every
// width from 1 that the closed form reaches within a quarter of a second,
// as its cost model estimates it (the same widths on every machine); the
// transcript says which. --d LIST adds the steps at each width listed.
//
// The sample space (by default q_i from --values and k_i from --k-values,
// every entry independent) can be changed to break each hypothesis:
//
//	--k-from q|-q   k_i = q_i, or k_i = −q_i, coordinate by coordinate.
//	--pairs P       the joint law of each coordinate pair (q_i, k_i): pairs
//	                "q k", each with an optional integer weight ":w",
//	                comma-separated, such as "-1 -1:2, 1 1:2, -1 1, 1 -1";
//	                coordinates stay independent. (--k-values, --k-from and
//	                --pairs each say how k is drawn: give one of them.)
//	--tie q|k|both  every coordinate of q, of k or of both equals the first;
//	                each remaining entry is drawn given the entry it pairs
//	                with (from k's alphabet, or the pair law). none (default)
//	                draws coordinates independently.
//	--joint FILE    any finite joint law of (q, k) at one width, the only
//	                width its transcript speaks of (--d may be left out, or
//	                must give that width; no other flag of the
//	                space may be given). One outcome per line: a weight (an
//	                exact non-negative rational), the vector q and the vector
//	                k, each a comma list, such as "1  -1,1  1,1"; blank lines
//	                and text after # are ignored; an outcome listed twice adds
//	                its weights; probabilities are weights over their total.
//	                At most 64 entries per vector and 2^20 outcomes.
//	--scale S       what Step 5 divides q·k by: sqrt (default, the lesson's
//	                √d_k), raw, d or d^P; any but sqrt shows Step 5 failing.
//	--format F      text (default), markdown, latex (a handout: a whole
//	                document for pdflatex) or json; html writes the proof
//	                lab into -o DIR (see Pages for students).
//	-o FILE         write the transcript to FILE, which appears only when complete.
//
// Where the numbers come from: means, variances, covariances and
// independence of entries and terms from the exact law of one coordinate
// pair (q_i, k_i), or of two, summed over the listed outcomes, or for
// independent coordinates too many to list, the coordinate law itself
// (one law for every i, said in the transcript); Var(q·k) from the law of
// q·k that enumerate computes (--method, --workers and the limits as for
// table: every pair enumerated when that takes seconds, the closed form
// beyond; a tied space is a mixture of enumerate problems, one per value
// of the tied entry; only a joint law takes it from its listing).
// Independent coordinates are listed outcome by outcome up to 65536
// outcomes, and the engine's law of q·k is then compared with the
// listing's count for count. A tie or a joint law is always listed, and
// refused before any work, with its number of outcomes and an estimate,
// when listing would pass --max-time or --max-memory; so is a proof whose
// assertions (every pair i < j of coordinates recorded, for every width,
// until the transcript is written) would pass --max-memory.
//
// Exit status: 0 when every step holds, 1 when one fails (even if the
// conclusion survives), 2 for bad input: a malformed --pairs or joint-law
// file (one line, "FILE:LINE: problem"), mixed flags, or a space refused.
//
// # Diagnose
//
// "sqrtdk diagnose" judges the factor a applied to q·k from the measured std
// s of the scores before softmax, using s = σ_q·σ_k·√d_k·a:
//
//	--measured-std S   std of the scores right before softmax (required; 0 allowed).
//	--d-k N            width of one head; may be left out when --d-model and
//	                   --heads give it as d_model/heads.
//	--d-model N        model width (also the fan-in for --init-std);
//	--heads H          number of heads; without --d-model the model width is
//	                   taken as heads × d_k. H must divide d_model.
//	--q-std S, --k-std S      measured entry stds, or
//	--init-std S[,S_k]        std of W_q's and W_k's entries at initialisation:
//	                   σ = input std · S · √d_model (--input-std, default 1), or
//	--qk-norm rms|l2   QK-norm: σ = 1 (RMS 1) or 1/√d_k (unit length).
//	--intended-scale F the factor the model means to apply to q·k: an
//	                   expression in d such as d^-1/2 (default), 1/d, 8/d,
//	                   d^-1/2/4, a number (1, 10, 144^-1/2), or each:F for F on
//	                   q and on k each (each:d^-1/4).
//	--tolerance T      a hypothesis fits when the measurement is within ×T of
//	                   its std (default 1.5).
//	--format F         text (default) or json.
//
// Stds are exact values: decimals, fractions, sqrt(...) and powers with
// exponents p/q, |p| and q at most 12 (1/sqrt(3*384), 1152^-1/2); the roots
// they leave must be square or fourth roots of numbers up to 2^64, which
// keeps every computation exact and quick. The hypotheses: scale right,
// missing (or after softmax), applied twice, divided by d_k, inverted, model
// width, d_model/heads instead of the head width, the usual 1/√d_k instead
// of or on top of the intended factor, on q or k only, and 0; rows with the
// same factor are merged. One rule decides, for every intended scale: the
// scale is as intended when its row fits and is clearly the nearest (any
// other row that fits is off by at least the square of its distance); a
// mistake is named when it is the only row that fits; two that fit give
// "cannot tell". An entry std not given is taken as 1, the lesson's
// assumption, for "as intended" only: that verdict then says it rests on
// unit entries (JSON: "rests_on": "unit_entries_assumed") and notes the
// entry size each other row would need; any other reading without the
// entry sizes is "cannot tell", since every factor fits some σ_q·σ_k.
//
// # Check
//
// "sqrtdk check FILE..." checks claims files ("-" reads one from standard
// input): one line per claim, a total per file when there are several, and
// the total of all. --format json prints every verdict (file, line, kind,
// claim, settings, printed, holds, exact) and the totals as one object.
//
// # Grade
//
// "sqrtdk grade --key KEY ANSWERS..." grades answer files against an answer
// key ("-" reads one answer file from standard input); "sqrtdk help keys"
// and "sqrtdk help answers" give both formats with examples, go doc
// ./grade the named mistakes. Each answer is read by one grammar (65,536,
// 6.5e4, 1/8, 12.5 %, 2√2, one half, 4^8 = 65536, grows like √d, …); one
// it cannot read is "could not read", scores 0 and is flagged for review,
// never marked wrong; a decimal needs 2 significant digits unless the key
// sets its own rule or it is the exact value itself.
//
//	--format F         text (default): one line per answer with points and
//	                   feedback, then the file's flags; json: the same as an
//	                   object with what each answer was read as (several
//	                   files: {"students": [...], "items": [...]}); csv: one
//	                   row per file (student, name, file, score, max_score,
//	                   error, flags, then each part's points, verdict and
//	                   mistake); gradescope: the results.json of one file
//	                   for a Gradescope autograder (--gradescope-zip);
//	                   canvas, moodle: the CSV their gradebooks import
//	                   (docs/class.md). A CSV cell that a spreadsheet
//	                   would run as a formula gets a leading apostrophe.
//	--class-report F   also write the csv rows to F; standard output then
//	                   gets the item analysis (per answer: share right, wrong,
//	                   could not read, mean points, most frequent named
//	                   mistake) in text, json or csv.
//	--seed S           for a key that draws values: the seed of the variants.
//	--student ID       the student of one answer file.
//	--roster F         the class: CSV lines id,name[,seed]; an answer file is
//	                   its student's by its name (ID.answers, ID/answers.txt),
//	                   a student line that disagrees is flagged, a seed on the
//	                   roster draws that student's variant, and every student
//	                   without a file gets a row.
//	--metadata F       Gradescope's submission_metadata.json: the submitter's
//	                   sid (or email) is the student.
//	--decimal-comma    read 1,5 as 1.5 in every answer (else it is refused as
//	                   ambiguous; a key can allow it per part).
//	--max-time T, --max-memory S   the limits of the key's questions and
//	                   mistakes together, as for table and check.
//	--gradescope-zip F write the zip of a Gradescope autograder for --key
//	                   (and --seed): setup.sh, run_autograder, the key and
//	                   this sqrtdk (--gradescope-binary names another, built
//	                   for Linux amd64); grade nothing (docs/class.md).
//	--lint KEY         check a key alone: one line per warning ("KEY:LINE:
//	                   warning: ..."), then the key's parts, points and
//	                   variants; exit status 1 when there are warnings.
//	-o FILE            write the result to FILE, which appears only when complete.
//
// Every grading plans its work before it starts (a key too costly is
// refused, with what to use instead) and lints the key (a one-line warning
// on stderr when the key has warnings). The class is planned too: from the
// files' sizes before they are read, then from their answers (each
// different answer's length, exponents and roots) before any is judged; a
// class over --max-memory or --max-time is refused in one line with the
// estimate (docs/budgets-and-files.md). Every file named gets its row, in
// every output: a file that cannot be read or graded is reported on stderr
// and the others are graded (exit status 3 at the end, every output
// written: rows to review); a roster's student with no file is a row
// flagged absent, with the roster's name (exit status 3); a line of a file
// that cannot be read is left out and flagged, the rest of the file graded;
// the same file named twice is graded once. A file's flags tell the
// teacher what to review: lines left out, a student line that disagrees
// with the roster or the metadata, a file not on the roster, answers that
// fit another student's variant better (a wrong seed, a copied sheet),
// wrong answers shared word for word with another file. With --format
// gradescope a file that cannot be read still gets a results.json, scoring
// 0 and saying why; what the student sees names no server path, no test
// name holds an answer, and hidden parts keep the total from the student
// until grades are published; the flags are in extra_data, for the teacher.
//
// "sqrtdk exercise --key KEY --student ID [--seed S]" prints the student's
// variant of the key as a sheet to fill in (--format markdown, the default,
// or latex, a document for pdflatex) with the answer file to hand in;
// --answer-key prints the variant's key with every solution (--format key,
// the default, a key that grades without a seed; or markdown or latex).
// A variant depends only on the seed and the student id; a key that draws
// nothing needs no --student (the sheet then names no student). With
// --roster FILE (the class, as grade reads it) instead of --student, every
// student gets a sheet of their own variant (the roster's seed, else
// --seed): -o DIR holds DIR/ID.md, DIR/ID.tex or DIR/ID.key; with
// --one-file they are one document (-o FILE or standard output), LaTeX
// with a \clearpage between students, Markdown with a rule.
//
// # Pages for students
//
// "sqrtdk exercise --key KEY [--student ID --seed S] --format html -o DIR"
// writes the student's sheet as a page, a directory of five files that
// works opened from disk (file://) or put on any static server: each
// answer is graded as it is typed, by the grade package itself compiled to
// WebAssembly, with the verdicts, points, named mistakes, hints and
// messages of "sqrtdk grade" (the page grades the line of the answer file
// it will write, at its line number), and the student downloads the answer
// file, which "sqrtdk grade" reads unchanged. A part whose visibility is
// not "visible" is only collected: its lines are not in the page. Such a
// practice page contains the key's visible parts, so a student who reads
// its files can find their answers; --no-feedback writes a page for graded
// work that only collects answers and holds no part of the key (nor the
// WebAssembly module). The page keeps the answers in the browser's storage
// across reloads.
//
// "sqrtdk prove --format html -o DIR" writes the proof lab: a form for the
// entries (with weights v:m), how k is drawn (independently, k = q or
// k = −q), ties, the scale and the widths, set from prove's flags when they
// are given; it shows the equivalent command line, each step's verdict at
// each width, why a failing step fails, and the transcript, the last line
// and the exit status of that command, refusals included (the same limits,
// computed by the same code). A long proof can be stopped; the page never
// waits on it. --pairs, --joint and the engine's flags have no field in
// the form and are refused with html.
//
// With --roster FILE, "sqrtdk exercise --format html -o DIR" writes a
// page per student, DIR/ID/index.html, each of the student's own variant,
// and DIR/index.html listing the students by id and name; the style, the
// script and the module are written once, in DIR.
//
// -o DIR (or DIR/) is made, or replaced only when it is empty or holds
// exactly what sqrtdk wrote there before: the files its .sqrtdk-manifest
// lists (with their SHA-256), unchanged, and nothing else. A person's own
// file there, a page edited since, or an input of the run inside DIR is
// refused before any work, through a symbolic link too. The files appear
// only when all were written.
//
// # Exit status
//
// 0 on success (help that was asked for included); 1 when a check fails
// (--method both disagreeing, a proof step or a claim failing, a diagnosis
// that does not find the scale right: a mistake, an unexplained factor or
// "cannot tell"; an answer that is not right, or not given); 2 for bad
// input, and for a result that could not be written in full (a full disk,
// a closed pipe: whatever it would have been, a truncated result never
// exits 0 or 1; a reader that exits early, as in "sqrtdk grade … | head",
// leaves one line, "standard output was closed before the whole result
// was written", and status 2, not a silent death by SIGPIPE's 141, and no
// -o file); 3 when grade wrote every result but a class has rows a
// teacher must review (a roster's student absent, a file that could not
// be graded); 130, 143 or 129 when stopped by SIGINT, SIGTERM or
// SIGHUP. A failure is one line on stderr, "sqrtdk COMMAND: what is wrong"
// ("sqrtdk plot KIND: ..." for a figure, "sqrtdk: ..." when no command
// applies); unknown flags, missing values and unknown commands also print
// the usage after it, and a mistyped command, figure kind or flag gets a
// "did you mean" suggestion.
package main
