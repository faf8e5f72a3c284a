// Package diagnose turns a measured standard deviation of attention scores
// into the likeliest scaling mistake.
//
// Each hypothesis predicts the std of the scores right before softmax
// exactly, as a surd, from what the user knows: d_k, optionally d_model or
// the number of heads, and optionally the std of the query and key entries
// (σ_q, σ_k; 1 when not given). With b = σ_q·σ_k:
//
//	scale right, unit entries      1
//	scale missing                  b·√d_k
//	scale applied twice            b/√d_k
//	model width in the root        b·√(d_k/d_model) = b/√heads
//	entries not unit-size          b   (only when σ_q·σ_k ≠ 1 is given)
//
// The distance of a measurement m from an expectation e is |ln(m/e)|: every
// mistake multiplies the std by a factor, so a distance on the log scale
// treats "four times too big" and "four times too small" alike, while a
// difference m − e would always favour the smallest expectation. It is
// reported as the factor e^|ln(m/e)| = max(m/e, e/m) ≥ 1 ("off by ×1.02"),
// which ranks the hypotheses identically and is compared exactly.
package diagnose
