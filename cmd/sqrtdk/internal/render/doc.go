// Package render renders sqrtdk's exact results as text, Markdown, LaTeX,
// CSV and JSON. Every number it prints comes from a rational.Value or a
// rational.Histogram: exact forms are printed as they are, and decimals are
// correctly rounded (see package rational for the conventions).
//
// The text forms of the variance table and of a distribution reproduce the
// lesson's printout byte for byte for its inputs; wider values widen their
// column instead of breaking the alignment.
package render
