// Package figures draws the book's figures from exact values with
// gonum.org/v1/plot and keeps, next to each figure, the table of exact
// numbers it was drawn from.
//
// Conventions, written once here:
//
//   - A Figure is built from exact quantities (rationals, surds, or
//     transcendental numbers held between rigorous rational bounds). Only the
//     float64 handed to the plotting library is rounded; the Data table keeps
//     the exact values as strings and decimals correctly rounded from them.
//   - Text is text in Liberation Sans, or the font UseFont gives (see
//     outlineText): an SVG names the family (one <text> per line, scripts as
//     tspans), a PDF embeds the TrueType font and draws as outlines only the
//     characters its code page 1252 lacks (√, −, σ); EPS and PNG draw glyph
//     outlines. The layout is measured with the font's own metrics.
//   - The same input gives the same bytes: Write removes the dates and other
//     variable parts that the PDF and EPS writers would embed.
package figures
