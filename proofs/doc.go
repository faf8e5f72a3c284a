// Package proofs checks the lesson's proof that Var(q·k) = d_k, step by
// step, as exact assertions on a finite sample space, and lets a teacher
// write proofs of their own the same way.
//
// # Sample spaces
//
// A Model says how the pairs (q, k) of vectors of width d_k are drawn:
//
//   - by default every q_i from the alphabet Q and every k_i from K, all
//     entries independently (the lesson's hypothesis);
//   - with Pairs, each coordinate pair (q_i, k_i) from a joint law of
//     weighted pairs, coordinates still independent: SamePairs (k = q),
//     OppositePairs (k = −q), ProductPairs or any table (ParsePairLaw);
//     this can break the independence of q_i and k_i;
//   - with Tie, every coordinate of q (TieQ), of k (TieK) or both
//     (TieBoth) equal to the first, each remaining entry drawn given the
//     entry it pairs with: a dependence across coordinates;
//   - with Joint, any finite joint law of (q, k) at one width, read from a
//     file by ReadJointLaw.
//
// A pair law holds at most rational.MaxLetters² distinct pairs, each of
// weight at most rational.MaxMultiplicity; a joint-law file at most 2²⁰
// outcomes of width at most 64, which keeps every check within seconds.
//
// A Space is a model at one width. Weights are integers: an outcome's
// probability is its weight over the total (for alphabets, the number of
// pairs counted with multiplicity, a letter of multiplicity m counting m
// times).
//
// # Where each number comes from
//
// Nothing is taken from the formula a step is about to test. Means,
// variances and covariances are sums over the outcomes of a law, exact in
// rational arithmetic; each is computed on the smallest law that knows the
// variables involved:
//
//   - the law of one coordinate pair (q_i, k_i), or of two, (q_i, k_i, q_j,
//     k_j): summed over the listed outcomes, or, for independent coordinates
//     too many to list, the coordinate law itself and the product of two
//     copies of it, which is what independent coordinates mean (their
//     independence is then true by construction); for every width, both
//     built from the model's definition;
//   - the law of q·k: from enumerate, the engine that prints the tables
//     (every pair enumerated when that takes seconds, the exact closed form
//     beyond); a tied space is a mixture of such problems, one per value of
//     the tied entry; only a joint law, which enumerate has no model of,
//     takes it from the listing;
//   - the whole space, listed outcome by outcome, when it is small (up to
//     2¹⁶ outcomes for independent coordinates) or dependent
//     (a tie or a joint law, refused with an *enumerate.LimitError when
//     listing would pass the time or memory limit of Options.Limits). A
//     listed space's law of q·k from
//     enumerate is compared with the listing's, count for count.
//
// Var(q·k) comes from the law of q·k, Σ Var(q_i·k_i) and the covariances
// from the laws of the terms, Var(q·k/√d_k) from the scaled values
// themselves.
//
// # Conventions
//
// Indices count from 1, as the lesson does. Values are rational.Values:
// exact rationals, or a rational multiple of a root such as 1/√d_k.
// Variances and covariances are population ones, E[(X − E[X])(Y − E[Y])].
// Random variables (RV) are identified by what they are, the expression
// they are built from, never by their names: two variables with one name
// are still two variables.
//
// Variables are independent when their joint law equals the product of
// their laws: every combination of values has P(together) = Π P(each),
// checked exactly. A failure names the first combination that breaks it
// (Independence.Witness). Being uncorrelated is a different, weaker
// statement, and the transcript keeps the two apart.
//
// # The proof
//
// Prove (or NewProof, then Run) checks the lesson's five steps for every
// width at once (Transcript.General) and at each width asked for
// (Transcript.Runs). Each step is a list of Assertions: two exact values
// that must be equal, with the verdict, the law they came from, the IDs
// of the assertions the step's reasoning rests on, and the identity that
// holds whatever the hypotheses (E[q·k] = E[q]·E[k] + Cov(q, k), Var(Σ) =
// Σ Var + 2·Σ Cov, …) with this space's values: the true reason for the
// verdict. Run.Assertion looks one up by its ID: the constants IDMeanQ to
// IDVarScaled list every ID, step by step, with the statement it checks.
// Steps 4 and 5 for every width compare Formulas in d_k, which Polynomial
// builds and Formula.Equal compares. An assertion the model
// makes true by how it draws the space (q_i and k_i drawn from their
// alphabets independently; coordinate pairs drawn independently, at a
// width too large to list) is computed all the same, but its
// ByConstruction says why it could not fail: it was not checked. When a
// step fails, the Diagnosis names the broken hypotheses as the lesson does
// (mean 0, variance 1, independent), says for each assertion why it fails
// or why it holds although something it rests on fails, and the
// Transcript's Conclusion says at which widths Var(q·k/√d_k) = 1 holds,
// and why.
//
// # For every width
//
// Every model but a joint law draws its coordinate pairs alike: the law of
// one pair (q_i, k_i) is the same for every i, and that of two, (q_i, k_i,
// q_j, k_j), the same for every i ≠ j, whatever d_k. So E[q·k] = d_k·m and
// Var(q·k) = d_k·v + d_k(d_k−1)·c, with m = E[q_i·k_i], v = Var(q_i·k_i)
// and c = Cov(q_i·k_i, q_j·k_j) computed exactly on those two laws, which
// are built from the model's definition (not from a Space). Steps 1 to 3
// are checked on them once for all widths, Steps 4 and 5 as equalities of
// Formulas in d_k, and the conclusion is a formula, such as
// Var(q·k/√d_k) = 1, = d_k with both vectors tied, or = 16 for entries ±2;
// a width where it equals 1 only by coincidence is named as such. The
// formula is compared with enumerate's law of q·k, computed from the
// space's components, at every width d_k = 1, 2, … whose closed form fits
// in Options.CheckTime (DefaultCheckTime), as enumerate's cost model
// estimates it, so the same widths on every machine. A joint law is one
// width: it has no proof for every width.
//
// # A proof of your own
//
// Build a Space, compute what your argument needs and assert it with
// Equal; every value is exact, so an assertion holds or fails, never
// "nearly". The package's Example (example_test.go; go test -run Example
// -v ./proofs runs it) checks that dividing by √d_k twice leaves a
// variance of 1/d_k, and that with q tied to a skewed alphabet the terms
// are dependent but uncorrelated:
//
//	s, _ := proofs.NewSpace(proofs.Model{Q: skewed, K: signs, Tie: proofs.TieQ}, d, proofs.Options{})
//	root := rational.NewSqrt(int64(d))
//	twice := proofs.DividedBy(proofs.DividedBy(proofs.Score(), root, "√d_k"), root, "√d_k")
//	v, _ := s.Var(ctx, twice)
//	cov, _ := s.Cov(ctx, proofs.Term(1), proofs.Term(2))
//	in, _ := s.Independent(ctx, proofs.Term(1), proofs.Term(2))
//	fmt.Println("  " + proofs.Equal("Var(q·k/√d_k/√d_k)", v, "1/d_k", rational.NewFrac(1, int64(d))).String())
//	fmt.Println("  " + proofs.Equal("Cov(q_1·k_1, q_2·k_2)", cov, "0", rational.NewInt(0)).String())
//	fmt.Println("  q_1·k_1 and q_2·k_2 independent:", in.Holds, in.Witness())
//
// which prints, for d_k = 2:
//
//	Var(q·k/√d_k/√d_k) = 1/d_k: both 1/2: holds
//	Cov(q_1·k_1, q_2·k_2) = 0: both 0: holds
//	q_1·k_1 and q_2·k_2 independent: false P(q_1·k_1 = -2, q_2·k_2 = -2) = 1/20 ≠ 1/100 = P(q_1·k_1 = -2)·P(q_2·k_2 = -2)
//
// A variable that is not a sum or product of entries and the score can be
// any function of the outcome (Func), on a listed space. Independence of
// groups of variables, such as (q_1, k_1) against (q_2, k_2), is
// IndependentGroups. Package prooftest wraps a Space for a Go test, so that
// values come without errors to handle; its lesson_test.go writes the
// lesson's whole proof for d_k = 4, 64 and every d_k in 40 lines.
package proofs
