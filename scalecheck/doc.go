// Package scalecheck turns a measured standard deviation of attention scores
// into a finding on the scale applied to q·k: right, one named mistake,
// unexplained, or "cannot tell" with the reason. The mistakes are those of
// grade's catalogue (grade.MistakeKind), the one list of mistakes that
// grading answers names too.
//
// # The model of a measurement
//
// The scores right before softmax are a·(q·k), where a is the factor the
// code applies. With query and key entries of std σ_q and σ_k and width d_k,
// q·k has std σ_q·σ_k·√d_k (the lesson's Var(q·k) = d_k, scaled by the entry
// sizes), so the scores have std
//
//	s = b·√d_k·a,   b = σ_q·σ_k.
//
// Entry sizes come from a measurement, from the initialisation (weights of
// std S and fan-in n on inputs of std x give σ = x·S·√n), or from QK-norm
// (σ = 1 for RMS-normalised q and k, 1/√d_k for unit-length ones). An entry
// std that is not given is taken as 1, the lesson's assumption, and the
// expected stds are what such entries would give; the verdict then says it
// rests on that assumption, and the Needs of each hypothesis is the b under
// which it would predict the measurement exactly.
//
// # The catalogue
//
// With a₀ the intended factor at d_k (1/√d_k unless told otherwise) and w
// the intended formula, the hypotheses (ScaleRight, then the catalogue's
// kinds that apply to a measurement) and the factor each applies are
//
//	scale right                          a₀
//	scale missing (or after softmax)     1
//	scale applied twice                  a₀²
//	divided by d_k, not √d_k             1/d_k
//	scale inverted                       1/a₀
//	model width instead of head width    w(d_model)
//	d_model/heads instead of head width  w(d_model/heads)
//	1/√d_k instead of the intended       1/√d_k
//	1/√d_k on top of the intended        a₀/√d_k
//	scale on q or k only (each:F)        F(d_k)
//	scale 0                              0
//
// Mistakes that apply the same factor are one row with several names (at
// the usual scale, "twice" and "divided by d_k" both give 1/d_k: only the
// code can tell them apart); one that applies the intended factor itself is
// no mistake for that input and is left out.
//
// # Distance and verdict
//
// The distance of a measurement m from an expectation e is the factor
// max(m/e, e/m) ≥ 1 ("off by ×1.02"), compared exactly: every mistake
// multiplies the std by a factor, so four times too big and four times too
// small are equally far. It is infinite when exactly one of m and e is 0.
// A hypothesis fits when its distance is at most the tolerance.
//
// One rule decides, on the entry sizes given or assumed. The scale is as
// intended when the intended factor fits and is clearly the nearest: every
// other hypothesis that fits is off by at least the square of its distance
// (on a log scale, twice as far), as when a head width set on its own
// predicts a std only ×1.06 away from the right scale's. A mistake is named
// when it is the only hypothesis that fits; several that fit give "cannot
// tell", none gives "unexplained". These are the lesson's steps in its
// order: near the intended std first, then the mistakes.
//
// Only "as intended" may rest on assumed entries (Result.RestsOn says which):
// with an entry std not given, any other verdict is "cannot tell", because
// entries smaller than 1, normal at initialisation (GPT-2's have std about
// 0.55), make a right scale look like a mistake. The assumption has a cost
// the report states: every factor fits some entry size, so a mistake with
// small entries can land on the intended row (the notes name each factor
// and the entry size it needs; the entry stds or the initialisation decide).
package scalecheck
