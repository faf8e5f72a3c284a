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
//   - Text is drawn as glyph outlines of Liberation Sans (see outlineText), so a
//     figure looks the same in SVG, PDF, EPS and PNG, needs no font on the
//     reader's machine, and can use any glyph the font has (√, −, σ).
//   - The same input gives the same bytes: Write removes the dates and other
//     variable parts that the PDF and EPS writers would embed.
package figures
