// Package grade grades students' answers against a teacher's answer key,
// exactly, and names the mistake behind a wrong answer.
//
// A key holds the questions; an answer file holds only ids and answers, so
// a student cannot change what is asked. Every answer is checked by the
// claims checker (package claims) as if it were the figure of the key's
// claim: it is right when it is the exact value, or the exact value
// correctly rounded to the places it shows, and it shows at least the
// places the key asks for. A wrong answer is compared, exactly in the same
// way, with what each known mistake gives for the question, and the
// feedback names the ones it matches.
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
//	mistake ID [name=NAME] CLAIM => TEXT
//	                               a mistake of the key's own: answers that
//	                               CLAIM accepts get TEXT as feedback, under
//	                               NAME (default ID-mistake-N, the N-th of ID)
//	with key=value ...             defaults for the answer lines after it
//	draw NAME from CHOICES         a value each student's variant draws
//
// An answer id is a question id (letters, digits, - and _) or, for a
// question of several parts, QUESTION.PART: "1.raw", "1.sqrt". CLAIM is a
// claim of a claims file without " is FIGURE" ("variance d=8 scale=sqrt";
// go doc ./claims lists the kinds); the student's answer is its figure. A
// key question whose space the engine would refuse (too many pairs to
// enumerate, a closed form too slow) is refused when the key is read.
//
// The options of an answer line, which may also stand on a with line:
//
//	points=N        points for a right answer, a decimal (default 1)
//	decimals=N      a decimal answer must show at least N decimal places
//	digits=N        a decimal answer must show at least N significant digits
//	partial=F       the share (0 to 1) of the points for a right value shown
//	                with too few places or digits (default 0)
//	show=yes|no     whether feedback on a wrong answer shows the exact value
//	                (default no; a right answer always shows it)
//	visibility=V    the Gradescope visibility of the part: visible (default),
//	                hidden, after_due_date or after_published
//	d-model=N       the model width, for the "model width" mistake
//
// A with line sets claim keys (values, k-values, samples, moments,
// rounded, dk, places) and options for every later answer line; the next
// with line replaces them all, a bare "with" clears them.
//
// # Answer files
//
//	student ID          who answers (needed for a variant)
//	ID ANSWER           an answer; "ID: ANSWER" and "ID = ANSWER" also do
//	QUESTION A; B; …    every part of a question, in key order, separated by
//	                    ; or | (or by spaces and commas when no answer has one)
//
// An answer is written as a claims file writes a figure: an integer, a
// fraction, a finite decimal, a percentage (99.97%), an expression such as
// 2*sqrt(2), a list "0.33, 0.33, 0.34" for a softmax, a word for a trend
// (grows, shrinks, constant, "stays at 1"). An exact answer (65536, 1/8,
// 2*sqrt(2)) is as precise as any decimal. An id with no answer, or a part
// left out, scores 0 with the feedback "No answer."; an id the key does not
// have, an answer given twice or a row of the wrong length is an error
// (file:line: what is wrong), and so is a malformed key.
//
// # Named mistakes
//
// Catalogue lists the known mistakes (MistakeKind), one list that grading
// and the command's diagnosis of a measured score std share, in the order
// grading tries them: the standard deviation for the variance and the
// reverse; the unscaled value; /d_k instead of /√d_k; √d_k where another
// scale is asked; the scale applied twice; the model width instead of the
// head width; the entry size ignored; the q vectors counted instead of the
// pairs (2^d_k for 4^d_k); a count for a share and the reverse; a
// neighbouring d_k; a decimal cut off instead of rounded, or rounded to
// fewer places and padded; and a right value with too few places. (The
// kinds marked measured only, such as a scale inverted, are named by the
// diagnosis alone.) Each is a changed question (checked like the key's own)
// or an exact value; a key's own mistakes are tried first. A mistake keeps
// its name everywhere: the catalogue's, such as "divided-by-d", or the one
// the key gives. An answer that matches none is "wrong, and it matches
// none of the known mistakes"; no mistake is named on a guess.
//
// # Variants
//
// A key with draw lines is a template. CHOICES are integers A..B (both
// included) or a list a,b,c; every {NAME} in the key is replaced by the
// drawn value. The variant of a student is fixed by a seed and the student
// id (see Pick), so printing a student's sheet and grading the student's
// answers need only the id; Key.Lines gives the variant as a key file and
// Grader.Solutions its solutions.
//
// # Results
//
// A Result holds each part's mark (right, too few places, wrong,
// unreadable, no answer), points, named mistakes and feedback, as data;
// Analyse gives the item analysis of a class: per part the share right,
// the points scored and the most frequent named mistake. Points are exact
// decimals throughout. The sqrtdk command writes them as text, JSON, CSV or
// a Gradescope results.json.
package grade
