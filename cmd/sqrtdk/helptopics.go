package main

// helpTopics are the formats 'sqrtdk help TOPIC' explains: what a teacher
// writes (keys) and what a student writes (answers).
var helpTopics = map[string]string{
	"keys":    helpKeys,
	"answers": helpAnswers,
}

const helpKeys = `An answer key: what 'sqrtdk grade --key KEY' grades against and
'sqrtdk exercise --key KEY' prints a sheet from. One instruction per line;
# starts a comment (at the start of a line or after a space).

  title TEXT                     the sheet's title (once)
  question ID TEXT               a question and its wording
  answer ID CLAIM [OPTION ...]   one answer the key asks for
  ask ID TEXT                    the wording of one answer (default: the claim in words)
  hint ID TEXT                   shown with the feedback on a wrong answer
  mistake ID [name=NAME] [credit=F] CLAIM => TEXT
                                 a mistake of the key's own: an answer that CLAIM
                                 accepts gets TEXT as feedback under NAME, and
                                 F (0 to 1) of the points
  with key=value ...             defaults for the answer lines after it; the next
                                 with line replaces them, a bare "with" clears them
  draw NAME from A..B | a,b,c    a value each student's variant draws; {NAME} in
                                 any line is replaced by it
  variants min=N lesson-values=allow|avoid
                                 the least number of variants (default 200) and
                                 whether a variant may ask a figure the lesson
                                 prints (default avoid)
  range KEY=A..B ...             the values d, values, k-values, score, dk,
                                 d-model or points may take; a part outside is
                                 an error (catches d=80 for d=8)

An answer ID is a question id (letters, digits, - and _) or QUESTION.PART
("1.raw"). CLAIM is a line of a claims file without " is FIGURE":
"variance d=8 scale=sqrt", "share d=2 score=0", "trend quantity=variance
scale=d^1/4 d=1,2,4,6,8" (go doc ./claims lists the kinds). The student's
answer is its figure, so no answer file can change what is asked.

Options of an answer line (also on a with line):
  points=N            points for a right answer, a decimal (default 1)
  decimals=N          a decimal answer must show at least N decimal places
  digits=N            a decimal answer must show at least N significant digits
                      (with neither, 2 significant digits, unless the decimal is
                      the exact value itself: 0.5 for 1/2)
  partial=F           the share (0 to 1) of the points for a right value shown
                      with too few places or digits (default 0)
  credit=NAME:F,...   the share of the points an answer gets for a named mistake,
                      such as credit=wrong-rate:0.5,work-disagrees:0.5
  show=yes|no         whether feedback on a wrong answer shows the exact value
  visibility=V        Gradescope: visible, hidden, after_due_date, after_published
  coincide=NAME,...   mistakes known to give the answer's own value at this part's
                      numbers (the std of a variance of 1 is 1): lint is quiet
  d-model=N           the model width, for the model-width mistake
  decimal-comma=yes   read 1,5 as 1.5 in this part's answers (else refused as
                      ambiguous); --decimal-comma sets it for every part

Every grading first checks the key ('sqrtdk grade --lint KEY' lists the
warnings): settings a with line carries past the question it was written
for, alphabets of one value (values=-2.2 for -2,2), parts without a
precision rule whose value has no short decimal, number questions without
wording, and mistakes that give the answer itself or each other's value at
the key's numbers. A template key is checked at every choice of its draws.

Example:

  title Lesson 4.10
  with show=yes
  question 1 Add d_k = 8 to the table.
  answer 1.cases  cases d=8
  answer 1.sqrt   variance d=8 scale=sqrt decimals=2
  hint 1.cases Count the vectors q, then the vectors k.
  question 3 Divide by d_k^(1/4): does the column grow, shrink or stay?
  answer 3 trend quantity=variance scale=d^1/4 d=1,2,4,6,8 points=2 credit=wrong-rate:0.5
  mistake 3 name=fourth-root credit=0.25 trend quantity=std scale=d^1/4 d=1,2,4,6,8 => That is the std's trend.
`

const helpAnswers = `An answer file: what a student hands in to 'sqrtdk grade'.

  student ID          who answers (letters, digits and _ . @ + -)
  ID ANSWER           one answer; "ID: ANSWER" and "ID = ANSWER" also do
  QUESTION A; B; ...  every part of a question in key order, separated by ;
                      or | (or by spaces and commas when no answer has one)

A line that cannot be read (an id the key does not have, a row of the wrong
length) is reported and the rest of the file is graded; a part answered twice
differently is marked "could not read".

An answer is read once, by one grammar (the one claims files and keys use),
into a value, then judged by that value:
  65536  65,536  65 536  65_536        thousands grouped in threes
  6.5536e4  6.5536 × 10^4  6.5·10⁴     rounded to the digits shown
  0.125  .125  1/8  12.5%  12.5 %      decimals, fractions, percentages
  21 1/3                               a mixed number
  4^8  4**8  2¹⁶  sqrt(128)  √2  2√2   powers and roots, exact: 64^0.5 is 8,
  2^(2*8)  2^-3  128**0.5  2 sqrt 2    2^(1/2) is √2, square root of 128
  (1+1)/16  2^10/4*256  2(3)  2 x 2    + - * / ^, brackets at any depth, the
                                       usual precedence (2^10/4 is 256)
  −2 (the unicode minus)               a sign
  ≈ 4096  ~4100  about 4100            approximately: ≈ 4100 is 4096 to 2 digits
  65536 pairs  std 2  Var = 8          words the question uses (a label
                                       naming another quantity, std 2 for a
                                       variance, is not read, and says so)
  0.125 (=1/8)  4^8 = 65536  2 x 2 = 4 a restatement or shown work: every side
  sqrt(128) ≈ 11.31                    must be right, a side that is not is a
                                       mistake (work-disagrees)
  $\frac{1}{8}$  $8\sqrt{2}$           LaTeX as pasted
  one half  a quarter  3 out of 8      small numbers in words
  0.09, 0.24, 0.67  [0.09 0.24 0.67]   a list (softmax), in round or square
  (0.09; 0.24; 0.67)  ≈ 0.09, 0.24     brackets or none, after ≈ or not
  1/d  1/d_k  d^-1  $\frac{1}{d_k}$    a formula in d, where a part asks for
  Var = 1/d  d_k/d_k^2 = 1/d_k         one (a mean, variance or std for every
  1 for every d                        width): right when it equals the key's
                                       as a function of d, exactly
  grows  increases  rises  goes up     a trend; shrinks, decreases, falls;
  stays at 1  constant  flat           stays, constant, flat
  grows like sqrt(d)  grows ∝ √d_k     with a rate, checked exactly: a wrong
  grows linearly (with d_k)  O(d)      rate is a mistake (wrong-rate)
  proportional to d_k  ∝ d  like d     a rate alone says its direction
  doubles when d doubles               like d (halves when d doubles: 1/d)
  linear growth  shrinks (1/d)
  grows exponentially                  values b^d for some b

Every spelling of a number is judged alike, by its value. A written value
that equals the exact one is exact, whatever digits it shows (0.2, 0.200,
20% and 1/5 are all 1/5). One that differs stands for the exact value
rounded to the digits it shows: 66000, 66,000, 6.6e4 and 6.6 × 10^4 are
65536 to 2 significant digits, 16 is 9√3 ≈ 15.59 to 2 (but 10 is not 5
rounded, nor 1 a half). Such an answer must pin the value down: unless the
key sets its own rule, it needs at least 2 significant digits (0.13 for 1/8,
not 0.1 or 0.); with fewer it is "too few places", as is a whole number
within half of the value where the key asks for decimal places (1 for
11/12 under decimals=2). "1,5" is ambiguous and not
read: write 1.5 (or ask for decimal commas: key option decimal-comma=yes, or
grade --decimal-comma). An answer that cannot be read is marked "could not
read", scores 0 and is flagged for the teacher; it is never marked wrong. A
wrong formula or rate is wrong, with the mistake named where one explains it
(1/√d for the variance of q·k/d_k: the standard deviation).
`
