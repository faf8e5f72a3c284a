// Package grade grades students' answers against a teacher's answer key,
// exactly, and names the mistake behind a wrong answer.
//
// A key holds the questions; an answer file holds only ids and answers, so
// a student cannot change what is asked. Every answer is read once, by the
// answer grammar of package claims (claims.Question.Read: the notations
// people write, from 65,536 and 6.5e4 to 2√2, "one half", shown work and
// "grows like √d"), into typed figures; it is then judged exactly against
// the question's value (computed once per Grader), and a wrong one is
// compared, exactly in the same way, with what each known mistake gives.
// An answer the grammar cannot read is "could not read": it scores 0 and
// is flagged for review, never marked wrong. `sqrtdk help keys` and
// `sqrtdk help answers` give both formats with examples.
//
// # Keys
//
// A key is a plain text file, one instruction per line; a # starts a
// comment (at the start of a line or after a space):
//
//	title TEXT                     the sheet's title (once)
//	question ID TEXT               a question and its wording
//	answer ID CLAIM [OPTION ...]   one answer the key asks for
//	ask ID TEXT                    the wording of one answer (default: the claim in words)
//	hint ID TEXT                   shown with the feedback on a wrong answer
//	mistake ID [name=NAME] [credit=F] CLAIM => TEXT
//	                               a mistake of the key's own: answers that
//	                               CLAIM accepts get TEXT as feedback, under
//	                               NAME (default ID-mistake-N), and F of the points
//	with key=value ...             defaults for the answer lines after it
//	draw NAME from CHOICES         a value each student's variant draws
//	variants min=N lesson-values=allow|avoid
//	range KEY=A..B ...             the values a setting may take
//
// An answer id is a question id (letters, digits, - and _) or, for a
// question of several parts, QUESTION.PART: "1.raw", "1.sqrt". CLAIM is a
// claim of a claims file without " is FIGURE" ("variance d=8 scale=sqrt";
// go doc ./claims lists the kinds); the student's answer is its figure.
// Plan estimates, before any answer is graded, everything grading against
// a key computes, with the claims checker's planner.
//
// The options of an answer line, which may also stand on a with line:
//
//	points=N          points for a right answer, a decimal (default 1)
//	decimals=N        a decimal answer must show at least N decimal places
//	digits=N          a decimal answer must show at least N significant digits
//	partial=F         the share (0 to 1) of the points for a right value shown
//	                  with too few places or digits (default 0)
//	credit=NAME:F,…   the share of the points for a wrong answer that makes
//	                  the named mistake (the best share among its mistakes)
//	coincide=NAME,…   mistakes the key knows give the answer's value here
//	                  (Lint does not warn of them)
//	show=yes|no       whether feedback on a wrong answer shows the exact value
//	                  (default no; a right answer always shows it)
//	visibility=V      the Gradescope visibility of the part: visible (default),
//	                  hidden, after_due_date or after_published
//	d-model=N         the model width, for the "model width" mistake
//	decimal-comma=yes read a comma between digits as the decimal point
//
// An answer is judged by its value, whatever its spelling. A written value
// that is the exact value is exact, whatever digits it shows (0.2, 0.200,
// 20% and 1/5 for 1/5, under any rule). The precision rule applies only to
// a value that differs from the exact one, alike for every spelling
// (66000, 66,000, 6.6e4, 6.6×10^4): the key's decimals or digits, or, where
// it sets neither, MinDigits significant digits, so that the answer pins
// the value down: 0., 1. and 0.1 are "too few places" for 1/8. An exact
// answer (65536, 1/8, 2*sqrt(2)) is as precise as any decimal. A part that
// asks for a formula (a mean, variance or std without d=) is right when the
// formula equals the key's as a function of d.
//
// A with line sets claim keys (values, k-values, samples, moments,
// rounded, dk, places) and options for every later answer line; the next
// with line replaces them all, a bare "with" clears them; a key may not
// set one twice. A range line bounds the values of d, values, k-values,
// score, dk, d-model or points in every part (a typo such as d=80 for d=8
// is then an error); Lint warns of what is legal but likely not meant.
//
// # Limits
//
// A key holds at most 1 000 answers of at most 1 000 000 points each, in at
// most 1 MiB; a line of a key or an answer file is at most
// claims.MaxLineBytes bytes, as in a claims file. A key beyond a limit is
// refused with the limit, before any work.
//
// # Answer files
//
//	student ID          who answers (needed for a variant)
//	ID ANSWER           an answer; "ID: ANSWER" and "ID = ANSWER" also do
//	QUESTION A; B; …    every part of a question, in key order, separated by
//	                    ; or | (or by spaces and commas when no answer has one)
//
// ParseAnswers reads a file as a stream, in memory bounded by the key
// whatever its size; lines end in LF, CRLF or CR. A line it cannot read
// (an id the key does not have, a row of the wrong length, text that is
// not UTF-8) is one of the file's Problems and the rest is graded; a part
// answered twice keeps its first answer when both agree and could not be
// read when they do not. Control characters are made visible when read,
// so that no answer reaches a terminal raw. An id with no answer, or a
// part left out, scores 0 with the feedback "No answer."
//
// # Named mistakes
//
// Catalogue lists the known mistakes (MistakeKind), one list that grading
// and the command's diagnosis of a measured score std share: the standard
// deviation for the variance and the reverse; the unscaled value (for
// softmax, of the undivided scores); /d_k instead of /√d_k (for softmax,
// scores divided by d_k); √d_k where another scale is asked; the scale
// applied twice; the model width instead of the head width (the divisor
// √d_model, or the quantity at d_model); the entry size ignored; the q
// vectors counted instead of the pairs; a count for a share and the
// reverse; a variance divided by c instead of c²; the sum of the squared
// scores for their average; a neighbouring d_k; a decimal cut off instead
// of rounded (also each softmax output), or rounded to fewer places and
// padded; a right value with too few places; a trend's wrong rate; shown
// work whose sides disagree. Each is a changed question (checked like the
// key's own) or an exact value; a key's own mistakes are tried first, a
// neighbouring width after the rounding mistakes. A mistake keeps its name
// everywhere: the catalogue's, such as "divided-by-d", or the one the key
// gives. An answer that matches none is "wrong, and it matches none of the
// known mistakes"; no mistake is named on a guess.
//
// # Variants
//
// A key with draw lines is a template. CHOICES are integers A..B (both
// included) or a list a,b,c, at most 10 000, counted without
// overflow; every {NAME} in the key is replaced by the drawn value. Every
// answer and mistake line is checked, when the key is read, at every
// combination of the draws it uses (directly or through its with line),
// so that no student's variant can fail. A variant never asks a question
// whose figure the lesson prints (claims.LessonPrints) unless the key says
// lesson-values=allow, and the variants left must number at least
// 200 (or the key's min=N). The variant of a student is fixed by a
// seed and the student id (see Pick and Key.Variant), so printing a
// student's sheet and grading the student's answers need only the id;
// Key.Lines gives the variant as a key file and Grader.Solutions its
// solutions. Grading a variant that is not all right also tries the other
// variants: answers that fit another one better (a wrong seed or id, a
// copied sheet) are flagged, naming it.
//
// # Results
//
// A Result holds each part's mark (right, too few places, wrong, could not
// read, no answer), points, named mistakes, feedback and what was read, as
// data, with the file's Flags for the teacher; Rejected gives a file that
// could not be graded its row. Compare flags what a class shows together
// (shared wrong answers, one student twice); Analyse gives the item
// analysis: per part the share right, the answers wrong and those that
// could not be read (apart), the points scored and the most frequent named
// mistake. Points are exact decimals throughout. The sqrtdk command writes
// them as text, JSON, CSV or a Gradescope results.json.
package grade
