package proofs

// The IDs of the proof's assertions, for Run.Assertion and package
// prooftest, in the order the proof checks them. Step 1 checks the
// lesson's hypotheses (an assertion whose Hypothesis is set) and two
// consequences; Steps 2 to 5 its reasoning. The proof for every width
// (Transcript.General) has those marked "every width", a run at one
// width (Transcript.Runs) those marked "one width"; statements are
// written for coordinates i and j, one assertion standing for every i or
// every i < j.
const (
	// Step 1: the hypotheses, and E[q_i²] = E[k_i²] = 1, which follow.
	IDMeanQ       = "mean-q"       // E[q_i] = 0: mean 0
	IDMeanK       = "mean-k"       // E[k_i] = 0: mean 0
	IDVarQ        = "var-q"        // Var(q_i) = 1: variance 1
	IDVarK        = "var-k"        // Var(k_i) = 1: variance 1
	IDSquareQ     = "square-q"     // E[q_i²] = 1, from the two above
	IDSquareK     = "square-k"     // E[k_i²] = 1, from the two above
	IDIndepQK     = "indep-qk"     // q_i and k_i independent
	IDIndepCoords = "indep-coords" // (q_i, k_i) and (q_j, k_j) independent
	IDIndepAll    = "indep-all"    // all 2·d_k entries independent (one width, listed)

	// Step 2: the mean of one term.
	IDMeanTermProduct = "mean-term-product" // E[q_i·k_i] = E[q_i]·E[k_i]
	IDMeanTerm        = "mean-term"         // E[q_i·k_i] = 0

	// Step 3: the variance of one term.
	IDVarTermSquare     = "var-term-square"     // Var(q_i·k_i) = E[(q_i·k_i)²]
	IDSquareTermProduct = "square-term-product" // E[(q_i·k_i)²] = E[q_i²]·E[k_i²]
	IDVarTerm           = "var-term"            // Var(q_i·k_i) = 1

	// Step 4: d_k terms added.
	IDIndepTermsPair = "indep-terms-pair" // q_i·k_i and q_j·k_j independent
	IDIndepTerms     = "indep-terms"      // all d_k terms independent (one width, listed, d_k ≥ 3)
	IDCovTerms       = "cov-terms"        // Cov(q_i·k_i, q_j·k_j) = 0
	IDEngine         = "engine"           // enumerate's law of q·k = the listing's (one width, listed)
	IDFormula        = "formula"          // enumerate agrees with the formula in d_k at every width checked (every width)
	IDVarSum         = "var-sum"          // Var(q·k) = Σ Var(q_i·k_i) (one width)
	IDVarScore       = "var-score"        // Var(q·k) = d_k (every width: as Formulas)

	// Step 5: scaled by 1/√d_k (or the divisor Options.Scale gives).
	IDDivisor   = "divisor"    // (√d_k)² = d_k: a hypothesis on the divisor
	IDScaling   = "scaling"    // Var(q·k/√d_k) = Var(q·k)/d_k (one width)
	IDVarScaled = "var-scaled" // Var(q·k/√d_k) = 1 (every width: as Formulas)
)
